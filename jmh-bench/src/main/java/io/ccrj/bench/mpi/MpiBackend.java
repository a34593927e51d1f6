package io.ccrj.bench.mpi;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressWorld;
import java.util.List;

/**
 * The two backends a kernel runs on, side by side in one benchmark run: ccr-mpi's
 * {@link SpmdWorld} (default options) and MPJ Express 0.44's multicore device through
 * {@link MpjExpressWorld}. The MPJ Express side needs the JVM set up as
 * {@link MpjExpressWorld} says (benchmarks.jar's manifest puts MPJ Express's launching jars on the
 * class path; {@code bin/ccrj bench} sets {@code MPJ_HOME}).
 */
public enum MpiBackend {
    /** ccr-mpi: ranks on CCR ports in this JVM. */
    CCR_MPI {
        @Override
        public <R> List<R> run(int size, Kernel<R> kernel) {
            return SpmdWorld.builder().size(size).name("bench-ccr-mpi").build().run(kernel);
        }
    },
    /** MPJ Express 0.44, multicore device (ranks as threads of this JVM, each with its own class loader). */
    MPJ_EXPRESS {
        @Override
        public <R> List<R> run(int size, Kernel<R> kernel) {
            return MpjExpressWorld.builder().size(size).name("bench-mpj-express").build().run(kernel);
        }
    };

    /**
     * Runs {@code kernel} on a world of {@code size} ranks of this backend.
     *
     * @param size the number of ranks
     * @param kernel the SPMD program
     * @param <R> the result type
     * @return the ranks' results
     */
    public abstract <R> List<R> run(int size, Kernel<R> kernel);
}
