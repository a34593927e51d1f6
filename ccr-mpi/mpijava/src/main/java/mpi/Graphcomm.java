package mpi;

import io.ccrj.mpi.MpiException;

/**
 * A communicator with a graph topology, as mpiJava's {@code mpi.Graphcomm}; a thin view of
 * ccr-mpi's {@link io.ccrj.mpi.GraphComm}.
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
     * The rank the calling process would have in a graph topology of this communicator
     * ({@code Map}, {@code MPI_Graph_map}); ranks keep their order in ccr-mpi's graphs.
     *
     * @param index the graph's cumulative neighbour counts
     * @param edges the graph's neighbour lists
     * @return the caller's rank if it is below {@code index.length}, else {@link MPI#UNDEFINED}
     * @throws MPIException for a malformed graph or one with more nodes than processes
     */
    public int Map(int[] index, int[] edges) throws MPIException {
        try {
            return Bridge.rankOut(graph.graphMap(index, edges));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
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
