package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressWorld;
import java.time.Duration;
import java.util.List;

/** A way to run a kernel on a world of N ranks: ccr-mpi or MPJ Express. */
interface Backend {

    /** Deadlock timeout for the suite: long enough for 8 ranks on a loaded 2-core machine, short enough to fail fast. */
    Duration DEADLOCK_TIMEOUT = Duration.ofSeconds(20);

    Backend CCR_MPI = new Backend() {
        @Override
        public <R> List<R> run(int size, Kernel<R> kernel) {
            return SpmdWorld.builder().size(size).name("ccr-mpi-conformance").deadlockTimeout(DEADLOCK_TIMEOUT).build()
                    .run(kernel);
        }

        @Override
        public String toString() {
            return "ccr-mpi";
        }
    };

    Backend MPJ_EXPRESS = new Backend() {
        @Override
        public <R> List<R> run(int size, Kernel<R> kernel) {
            return MpjExpressWorld.builder().size(size).name("mpj-conformance").deadlockTimeout(DEADLOCK_TIMEOUT).build()
                    .run(kernel);
        }

        @Override
        public String toString() {
            return "MPJ Express";
        }
    };

    <R> List<R> run(int size, Kernel<R> kernel);
}
