package io.ccrj.mpi;

/**
 * A persistent communication request, as mpiJava's {@code mpi.Prequest}: made once by
 * {@link Comm#sendInit}, {@link Comm#ssendInit}, {@link Comm#bsendInit}, {@link Comm#rsendInit}
 * or {@link Comm#recvInit} with the arguments of one operation, then started any number of times
 * ({@link #start()}, {@link Request#startAll}), each start completed by {@link #waitFor()},
 * {@link #test()} or one of the static {@link Request} methods.
 *
 * <p>Between a completion and the next start the request is inactive: {@link #waitFor()} and
 * {@link #test()} return at once with an empty status (source {@link Comm#ANY_SOURCE}, tag
 * {@link Comm#ANY_TAG}, count 0), as MPI specifies. Thread safety as {@link Request}.
 */
public interface PersistentRequest extends Request {

    /**
     * Starts the operation with the arguments given at creation ({@code Start}); the buffer is
     * read (send) or written (receive) as by the corresponding non-blocking call.
     *
     * @throws MpiException of class {@link MpiException.ErrorClass#REQUEST} if the request is
     *     still active (started and not completed)
     */
    void start();

    /**
     * Whether the request has been started and not yet completed by a wait or test.
     *
     * @return {@code true} while active
     */
    boolean isActive();
}
