package io.ccrj.mpi.mpjexpress.conformance;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.provider.Arguments;

/** The conformance kernels and the world sizes they run at. */
final class Kernels {

    /** The world sizes every kernel runs at: 2, 3, 4 and 8 ranks (8 ranks on a 2-core machine included). */
    static final List<Integer> SIZES = List.of(2, 3, 4, 8);

    static final List<ConformanceKernel> ALL = List.of(
            new RingShiftKernel(),
            new ExchangeKernel(),
            new PipelineReductionKernel(),
            new BcastKernel(),
            new ReduceKernel(),
            new AllreduceKernel(),
            new GatherKernel(),
            new ScatterKernel(),
            new AllgatherKernel(),
            new AlltoallKernel(),
            new BarrierOrderingKernel(),
            new AnySourceKernel(),
            new NonOvertakingKernel(),
            new IsendIrecvWaitAllKernel(),
            new SplitKernel(),
            new DupSelfKernel(),
            new GroupCreateKernel(),
            new TopologyKernel(),
            new ProbeKernel(),
            new ProcNullKernel(),
            new PaperPatternsKernel(),
            new DatatypesKernel(),
            new OpsKernel(),
            new SendModesKernel(),
            new CancelKernel(),
            new VCollectivesKernel(),
            new InPlaceKernel(),
            new InPlaceUserFunctionKernel(),
            new BoundsKernel(),
            new PackKernel(),
            new IntercommKernel(),
            new ThreadLevelKernel());

    private Kernels() {
    }

    /** Every (kernel, size) pair, for {@code @MethodSource}. */
    static Stream<Arguments> cases() {
        return ALL.stream().flatMap(k -> SIZES.stream().map(n -> Arguments.of(Named.of(k.name(), k), n)));
    }
}
