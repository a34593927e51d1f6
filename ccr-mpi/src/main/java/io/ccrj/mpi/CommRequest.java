package io.ccrj.mpi;

/** The request of {@link Comm#idup}: a {@link Request} whose result is a new communicator. */
public interface CommRequest extends Request {
    /**
     * The duplicated communicator.
     *
     * @return the new communicator
     * @throws MpiException of class {@link MpiException.ErrorClass#REQUEST} if the request has not completed
     */
    Comm comm();
}
