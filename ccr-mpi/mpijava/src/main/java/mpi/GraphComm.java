package mpi;

/**
 * A communicator with a graph topology, as Open MPI's {@code mpi.GraphComm} (mpiJava's is
 * {@link Graphcomm}; both view ccr-mpi's {@link io.ccrj.mpi.GraphComm}). Made by
 * {@link Intracomm#createGraph}. Open MPI also returns this class for a distributed graph
 * ({@code createDistGraph}), which is not in this package yet.
 */
public class GraphComm extends Intracomm {
    /** mpiJava's view of the same communicator, which the calls below pass on to. */
    private final Graphcomm graph;

    GraphComm(io.ccrj.mpi.GraphComm impl) {
        super(impl);
        this.graph = new Graphcomm(impl);
    }

    /**
     * A duplicate ({@code MPI_Comm_dup}).
     *
     * @return the duplicate, with the same topology
     * @throws MPIException if the communicator was freed
     */
    @Override
    public GraphComm clone() throws MPIException {
        return dup();
    }

    /**
     * A duplicate ({@code MPI_Comm_dup}).
     *
     * @return the duplicate, with the same topology
     * @throws MPIException if the communicator was freed
     */
    @Override
    public GraphComm dup() throws MPIException {
        return (GraphComm) super.dup();
    }

    @Override
    GraphComm dupSameKind() {
        return inherit(new GraphComm((io.ccrj.mpi.GraphComm) impl.dup()));
    }

    /**
     * A duplicate with info hints ({@code MPI_Comm_dup_with_info}).
     *
     * @param info the hints
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    @Override
    public GraphComm dupWithInfo(Info info) throws MPIException {
        GraphComm g = dup();
        g.setInfo(info);
        return g;
    }

    /**
     * The graph ({@code MPI_Graph_get}).
     *
     * @return the cumulative degrees and the edges
     * @throws MPIException never
     */
    public GraphParms getDims() throws MPIException {
        return errorHandled(graph::Get);
    }

    /**
     * The neighbours of a rank ({@code MPI_Graph_neighbors}).
     *
     * @param rank the rank
     * @return its neighbours
     * @throws MPIException for a bad rank
     */
    public int[] getNeighbors(int rank) throws MPIException {
        return errorHandled(() -> graph.Neighbours(rank));
    }

    /**
     * This process's rank in a graph of this shape ({@code MPI_Graph_map}).
     *
     * @param index cumulative degrees
     * @param edges the edges
     * @return the rank, or {@link MPI#UNDEFINED} beyond the graph
     * @throws MPIException for a malformed graph
     */
    public int map(int[] index, int[] edges) throws MPIException {
        return errorHandled(() -> graph.Map(index, edges));
    }
}
