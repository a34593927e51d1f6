package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Barrier and allreduce called back to back, as solvers do: the message-based allreduce combines
 * in scratch arrays its communicator keeps, the shared-memory one reuses its result array and
 * records calls without building strings. Results must stay exact while sizes and types change
 * from call to call, and a steady stream of calls allocates no per-call bookkeeping.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SteadyCollectivesTest {

    @ParameterizedTest
    @EnumSource(value = Collectives.class, names = {"MESSAGES", "SHARED_MEMORY"})
    void allreducesOfChangingSizesAndTypesStayExact(Collectives collectives) {
        for (int size : new int[] {2, 3, 4}) {
            List<String> results = SpmdWorld.builder().size(size).collectives(collectives).build().run(comm -> {
                int r = comm.rank();
                StringBuilder sb = new StringBuilder();
                // sizes grow, shrink and grow again, so scratch arrays are reused, outgrown and
                // longer than the call; types alternate, so an array of the wrong class is refused
                for (int count : new int[] {1, 5, 2, 1, 1500, 3, 7}) {
                    double[] d = new double[count];
                    long[] l = new long[count + 1];
                    for (int i = 0; i < count; i++) {
                        d[i] = r + i * 0.5;
                    }
                    for (int i = 0; i <= count; i++) {
                        l[i] = (long) r << i % 20;
                    }
                    double[] dsum = new double[count + 2];
                    long[] lmax = new long[count + 1];
                    comm.allreduce(d, 0, dsum, 1, count, Datatype.DOUBLE, Op.SUM);
                    comm.allreduce(l, 0, lmax, 0, count + 1, Datatype.LONG, Op.MAX);
                    comm.barrier();
                    sb.append(dsum[0]).append(',').append(dsum[1]).append(',').append(dsum[count])
                            .append(',').append(dsum[count + 1]).append(',').append(lmax[count]).append(' ');
                }
                return sb.toString().trim();
            });
            StringBuilder want = new StringBuilder();
            int ranks = size * (size - 1) / 2;
            for (int count : new int[] {1, 5, 2, 1, 1500, 3, 7}) {
                double last = ranks + size * (count - 1) * 0.5;
                want.append(0.0).append(',').append((double) ranks).append(',').append(last).append(',').append(0.0)
                        .append(',').append((long) (size - 1) << count % 20).append(' ');
            }
            assertThat(results).as("%s at %d ranks", collectives, size).containsOnly(want.toString().trim());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Collectives.class, names = {"MESSAGES", "SHARED_MEMORY"})
    void steadyBarriersAndAllreducesAllocateAtMostTheirMessages(Collectives collectives) {
        AllocationCounter counter = AllocationCounter.orNull();
        if (counter == null) {
            return;     // no allocation counter on this JVM: nothing to measure
        }
        int warmup = 20_000;
        int measured = 20_000;
        List<Long> perCall = SpmdWorld.builder().size(2).rankThreads(RankThreads.PLATFORM).collectives(collectives)
                .build().run(comm -> {
                    double[] in = {comm.rank() + 1};
                    double[] out = new double[1];
                    long before = 0;
                    for (int i = 0; i < warmup + measured; i++) {
                        if (i == warmup) {
                            before = counter.bytes();
                        }
                        comm.barrier();
                        comm.allreduce(in, 0, out, 0, 1, Datatype.DOUBLE, Op.SUM);
                    }
                    if (out[0] != 3) {
                        throw new AssertionError("allreduce gave " + Arrays.toString(out));
                    }
                    return (counter.bytes() - before) / measured;
                });
        // messages: one eager message each (56 bytes with compressed oops); a request, a status and
        // (allreduce) two arrays per call came on top before. Shared memory: nothing per call; a
        // call string, a completion lambda, a wait and a result array came before.
        long bound = collectives == Collectives.MESSAGES ? 160 : 16;
        assertThat(perCall).allSatisfy(b -> assertThat(b).isLessThan(bound));
    }
}
