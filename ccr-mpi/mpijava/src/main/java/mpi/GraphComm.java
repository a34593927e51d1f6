package mpi;

/**
 * A communicator with a graph topology, as Open MPI's {@code mpi.GraphComm} (mpiJava's is
 * {@link Graphcomm}; both view ccr-mpi's {@link io.ccrj.mpi.GraphComm}). Made by
 * {@link Intracomm#createGraph}, and, as in Open MPI, for a distributed graph by
 * {@link Intracomm#createDistGraph} and {@link Intracomm#createDistGraphAdjacent} (ccr-mpi's
 * {@link io.ccrj.mpi.DistGraphComm}): then {@link #getDistGraphNeighbors()} applies and the
 * graph calls ({@link #getDims()} ...) fail with {@link MPI#ERR_TOPOLOGY}, as in MPI.
 */
public class GraphComm extends Intracomm {
    /** mpiJava's view of a graph communicator, which the graph calls pass on to; null for a distributed graph. */
    private final Graphcomm graph;
    /** The distributed graph; null for a graph communicator. */
    private final io.ccrj.mpi.DistGraphComm dist;

    GraphComm(io.ccrj.mpi.GraphComm impl) {
        super(impl);
        this.graph = new Graphcomm(impl);
        this.dist = null;
    }

    GraphComm(io.ccrj.mpi.DistGraphComm impl) {
        super(impl);
        this.graph = null;
        this.dist = impl;
    }

    private Graphcomm graph(String operation) {
        if (graph == null) {
            throw new MPIException(MPI.ERR_TOPOLOGY, "GraphComm." + operation + ": a distributed graph communicator"
                    + " has no MPI_Graph topology (use getDistGraphNeighbors)");
        }
        return graph;
    }

    /**
     * The adjacency of this process in a distributed graph ({@code MPI_Dist_graph_neighbors}).
     *
     * @return its in- and out-neighbours and their weights
     * @throws MPIException for a graph communicator that is not distributed ({@link MPI#ERR_TOPOLOGY})
     */
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        return errorHandled(() -> {
            if (dist == null) {
                throw new MPIException(MPI.ERR_TOPOLOGY, "GraphComm.getDistGraphNeighbors: not a distributed graph"
                        + " communicator (createDistGraph or createDistGraphAdjacent makes one)");
            }
            return new DistGraphNeighbors(dist.sources(), dist.sourceWeights(), dist.destinations(),
                    dist.destinationWeights(), dist.isWeighted());
        });
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
        return sameKind(impl.dup());
    }

    @Override
    GraphComm sameKind(io.ccrj.mpi.Comm d) {
        return inherit(d instanceof io.ccrj.mpi.DistGraphComm dg ? new GraphComm(dg)
                : new GraphComm((io.ccrj.mpi.GraphComm) d));
    }

    /**
     * A duplicate by a nonblocking collective ({@code MPI_Comm_idup}), with the same topology.
     *
     * @return the new communicator (its {@link #getRequest()} is complete)
     * @throws MPIException if the communicator was freed
     */
    @Override
    public GraphComm iDup() throws MPIException {
        return (GraphComm) super.iDup();
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
        return errorHandled(() -> graph("getDims").Get());
    }

    /**
     * The neighbours of a rank ({@code MPI_Graph_neighbors}).
     *
     * @param rank the rank
     * @return its neighbours
     * @throws MPIException for a bad rank
     */
    public int[] getNeighbors(int rank) throws MPIException {
        return errorHandled(() -> graph("getNeighbors").Neighbours(rank));
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
        return errorHandled(() -> graph("map").Map(index, edges));
    }
}
