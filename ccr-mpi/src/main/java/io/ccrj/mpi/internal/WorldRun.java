package io.ccrj.mpi.internal;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;
import java.util.List;

/** Runs one world: starts the ranks, watches for failures and deadlocks, collects results. */
public final class WorldRun {
    private WorldRun() {
    }

    /**
     * Runs {@code kernel} on a fresh instance of {@code world}.
     *
     * @param world the configuration
     * @param kernel the SPMD program
     * @param <R> result type
     * @return results in rank order
     */
    public static <R> List<R> run(SpmdWorld world, Kernel<R> kernel) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
