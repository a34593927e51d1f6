package mpi;

/**
 * A persistent request ({@code Send_init}, {@code Recv_init} ...), as mpiJava's
 * {@code mpi.Prequest}. Persistent requests are not yet supported: the methods that would make one
 * throw {@link MPIException}, so no instance exists yet.
 */
public class Prequest extends Request {

    private Prequest() {
        super(null);
    }

    /**
     * Starts the operation ({@code Start}); not yet supported.
     *
     * @throws MPIException always, naming the operation
     */
    public void Start() throws MPIException {
        throw Bridge.notYet("Prequest.Start");
    }

    /**
     * Starts every request ({@code Startall}); not yet supported.
     *
     * @param requests the requests
     * @throws MPIException always, naming the operation
     */
    public static void Startall(Prequest[] requests) throws MPIException {
        throw Bridge.notYet("Prequest.Startall");
    }
}
