package io.ccrj.mpi;

/**
 * Thrown by {@link SpmdWorld#run(Kernel)} when a rank's kernel threw: the world was ended and
 * this exception carries the first failure as its {@link #getCause() cause}. Failures of other
 * ranks that happened before the world ended are attached as suppressed exceptions; the
 * {@link MpiException.ErrorClass#ABORTED} failures that ending the world caused in the other
 * ranks are not.
 */
public final class RankFailedException extends MpiException {
    private static final long serialVersionUID = 1L;

    /** The rank whose body failed. */
    private final int rank;

    /**
     * Creates an exception.
     *
     * @param worldName the world's name
     * @param rank the rank whose kernel threw first
     * @param cause what it threw
     */
    public RankFailedException(String worldName, int rank, Throwable cause) {
        super(ErrorClass.ABORTED, "world '" + worldName + "': rank " + rank + " failed: " + cause, cause);
        this.rank = rank;
    }

    /**
     * The rank whose kernel failed first.
     *
     * @return the rank in the world communicator
     */
    public int rank() {
        return rank;
    }
}
