package mpi;

/** A graph communicator's adjacency lists ({@code Graphcomm.Get()}), in MPI's compressed form. */
public class GraphParms {
    /** Cumulative neighbour counts. */
    public int[] index;
    /** The concatenated neighbour lists. */
    public int[] edges;

    /** Empty parameters, as MPJ Express's public constructor. */
    public GraphParms() {
    }

    /**
     * The number of nodes (Open MPI's {@code getIndexCount}).
     *
     * @return {@code index.length}
     */
    public int getIndexCount() {
        return index.length;
    }

    /**
     * The cumulative degree up to node {@code i} (Open MPI's {@code getIndex}).
     *
     * @param i the node
     * @return {@code index[i]}
     */
    public int getIndex(int i) {
        return index[i];
    }

    /**
     * The number of edges (Open MPI's {@code getEdgeCount}).
     *
     * @return {@code edges.length}
     */
    public int getEdgeCount() {
        return edges.length;
    }

    /**
     * Edge {@code i} (Open MPI's {@code getEdge}).
     *
     * @param i the edge
     * @return {@code edges[i]}
     */
    public int getEdge(int i) {
        return edges[i];
    }
}
