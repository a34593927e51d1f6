package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import io.ccrj.mpi.Comm;

/**
 * Hands each rank's world communicator, and the place where its failed MPI calls are recorded,
 * from the launcher to {@code mpi.MPI.Init}: the launcher binds them to the rank's thread before
 * calling the program's {@code main}, and {@code Init} (called on that thread) reads them. This
 * class is loaded once, by the launcher's class loader; each rank's copy of package {@code mpi}
 * reaches it through that loader.
 *
 * <p>Thread safety: a thread-local; each rank thread sees only its own binding.
 */
@Internal
public final class RankBinding {
    /**
     * What the launcher gives one rank.
     *
     * @param world the rank's world communicator
     * @param report where the rank's failed MPI calls are recorded
     */
    public record Rank(Comm world, RunReport report) {
    }

    private static final ThreadLocal<Rank> RANK = new ThreadLocal<>();

    private RankBinding() {
    }

    /**
     * Binds {@code rank} to the calling thread.
     *
     * @param rank the rank's communicator and report
     */
    public static void bind(Rank rank) {
        RANK.set(rank);
    }

    /** Removes the calling thread's binding. */
    public static void unbind() {
        RANK.remove();
    }

    /**
     * The calling thread's binding.
     *
     * @return the binding, or {@code null} if the thread is not a rank started by the launcher
     */
    public static Rank current() {
        return RANK.get();
    }
}
