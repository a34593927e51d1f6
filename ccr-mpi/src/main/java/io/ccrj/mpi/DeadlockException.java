package io.ccrj.mpi;

import java.util.List;

/**
 * Thrown by {@link SpmdWorld#run(Kernel)} when every live rank of a world stayed blocked in a
 * communicator operation, with no message in flight that could release any of them, for the
 * world's {@linkplain SpmdWorld.Builder#deadlockTimeout deadlock timeout}. The message lists each
 * rank's pending operation (for example {@code rank 0: recv(source=1, tag=7, DOUBLE x 1)}), as
 * does {@link #pendingOperations()}.
 */
public final class DeadlockException extends MpiException {
    private static final long serialVersionUID = 1L;

    /** The operations the ranks were blocked in, one description each. */
    private final List<String> pendingOperations;

    /**
     * Creates an exception.
     *
     * @param worldName the world's name
     * @param timeoutMillis how long the ranks were seen blocked
     * @param pendingOperations one line per blocked rank, in rank order
     */
    public DeadlockException(String worldName, long timeoutMillis, List<String> pendingOperations) {
        super(ErrorClass.ABORTED, "world '" + worldName + "' deadlocked: every rank blocked for "
                + timeoutMillis + " ms with no message that could release one; pending operations:\n  "
                + String.join("\n  ", pendingOperations));
        this.pendingOperations = List.copyOf(pendingOperations);
    }

    /**
     * Each blocked rank's pending operation, in rank order, as in the message.
     *
     * @return an unmodifiable list of descriptions
     */
    public List<String> pendingOperations() {
        return pendingOperations;
    }
}
