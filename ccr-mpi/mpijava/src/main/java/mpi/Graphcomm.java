package mpi;

import io.ccrj.mpi.MpiException;

/**
 * A communicator with a graph topology, as mpiJava's {@code mpi.Graphcomm}; a thin view of
 * ccr-mpi's {@link io.ccrj.mpi.GraphComm}. {@code Map} is not offered (ccr-mpi's topology API has no placement query).
 */
public class Graphcomm extends Intracomm {
    private final io.ccrj.mpi.GraphComm graph;

    Graphcomm(io.ccrj.mpi.GraphComm impl) {
        super(impl);
        this.graph = impl;
    }

    /**
     * The adjacency lists ({@code Get}).
     *
     * @return the parameters
     * @throws MPIException never
     */
    public GraphParms Get() throws MPIException {
        GraphParms p = new GraphParms();
        p.index = graph.index();
        p.edges = graph.edges();
        return p;
    }

    /**
     * The neighbours of a rank ({@code Neighbours}).
     *
     * @param rank a rank of this communicator
     * @return its neighbours
     * @throws MPIException for a bad rank
     */
    public int[] Neighbours(int rank) throws MPIException {
        try {
            return graph.neighbours(rank);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * An optimal placement ({@code Map}); not supported: ccr-mpi's topology API has no placement
     * query, so this throws.
     *
     * @param index the graph's index
     * @param edges the graph's edges
     * @return never
     * @throws MPIException always, naming the operation
     */
    public int Map(int[] index, int[] edges) throws MPIException {
        throw Bridge.unsupported("Graphcomm.Map", "ccr-mpi's topology API has no placement query");
    }

    /**
     * The topology ({@code Topo_test}).
     *
     * @return {@link MPI#GRAPH}
     * @throws MPIException never
     */
    @Override
    public int Topo_test() throws MPIException {
        return MPI.GRAPH;
    }
}
