package io.ccrj.mpi;

import java.time.Duration;
import java.util.List;

/**
 * Something that runs an SPMD {@link Kernel} on a world of ranks: ccr-mpi's {@link SpmdWorld},
 * or another MPI implementation behind the same {@link Comm} (the MPJ Express backend's
 * {@code MpjExpressWorld}). Code written against this interface (tests, benchmarks, tools) runs
 * one kernel on either backend without naming them.
 *
 * <p>Implementations are immutable configurations: each {@link #run} starts fresh ranks.
 */
public interface SpmdRuntime {

    /**
     * Runs {@code kernel} on fresh ranks and waits for all of them.
     *
     * @param kernel the SPMD program
     * @param <R> the type of each rank's result
     * @return each rank's result, in rank order (an unmodifiable list that may hold {@code null}s)
     * @throws RankFailedException if a rank threw
     * @throws DeadlockException if the ranks deadlocked
     */
    <R> List<R> run(Kernel<R> kernel);

    /**
     * The number of ranks each run starts.
     *
     * @return the size, {@code >= 1}
     */
    int size();

    /**
     * The world's name, used in thread names and diagnostics.
     *
     * @return the name
     */
    String name();

    /**
     * How long every live rank may stay blocked with no progress before the run ends with a
     * {@link DeadlockException}.
     *
     * @return the deadlock timeout
     */
    Duration deadlockTimeout();
}
