package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.Comm;

/**
 * Hands each rank's world communicator from the launcher to {@code mpi.MPI.Init}: the launcher
 * binds it to the rank's thread before calling the program's {@code main}, and {@code Init}
 * (called on that thread) reads it. This class is loaded once, by the launcher's class loader;
 * each rank's copy of package {@code mpi} reaches it through that loader.
 *
 * <p>Thread safety: a thread-local; each rank thread sees only its own binding.
 */
public final class RankBinding {
    private static final ThreadLocal<Comm> WORLD = new ThreadLocal<>();

    private RankBinding() {
    }

    /**
     * Binds {@code world} to the calling thread.
     *
     * @param world the rank's world communicator
     */
    public static void bind(Comm world) {
        WORLD.set(world);
    }

    /** Removes the calling thread's binding. */
    public static void unbind() {
        WORLD.remove();
    }

    /**
     * The calling thread's world communicator.
     *
     * @return the communicator, or {@code null} if the thread is not a rank started by the launcher
     */
    public static Comm current() {
        return WORLD.get();
    }
}
