package io.ccrj.bench.mpi;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdRuntime;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressWorld;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The two {@link SpmdRuntime}s a kernel runs on, side by side in one benchmark run, as a JMH
 * {@code @Param} (which takes enum constants): ccr-mpi's {@link SpmdWorld} (default options) and
 * MPJ Express 0.44's multicore device through {@link MpjExpressWorld}. The MPJ Express side needs
 * the JVM set up as {@link MpjExpressWorld} says (benchmarks.jar's manifest puts MPJ Express's
 * launching jars on the class path; {@code bin/ccrj bench} sets {@code MPJ_HOME}).
 */
public enum MpiBackend {
    /** ccr-mpi: ranks on CCR ports in this JVM. */
    CCR_MPI("ccr-mpi", size -> SpmdWorld.builder().size(size).name("bench-ccr-mpi").build()),
    /** MPJ Express 0.44, multicore device (ranks as threads of this JVM, each with its own class loader). */
    MPJ_EXPRESS("mpj-express", size -> MpjExpressWorld.builder().size(size).name("bench-mpj-express").build());

    /** Its name on the {@code bin/ccrj mpi} command line and in the tables and {@code mpi.csv}. */
    public final String id;
    private final IntFunction<SpmdRuntime> world;

    MpiBackend(String id, IntFunction<SpmdRuntime> world) {
        this.id = id;
        this.world = world;
    }

    /**
     * Runs {@code kernel} on a new world of {@code size} ranks of this backend.
     *
     * @param size the number of ranks
     * @param kernel the SPMD program
     * @param <R> the result type
     * @return the ranks' results
     */
    public <R> List<R> run(int size, Kernel<R> kernel) {
        return world.apply(size).run(kernel);
    }
}
