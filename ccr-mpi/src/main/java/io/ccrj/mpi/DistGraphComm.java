package io.ccrj.mpi;

/**
 * A communicator with a distributed-graph topology ({@link Comm#createDistGraph},
 * {@link Comm#createDistGraphAdjacent}): each rank knows only its own in- and out-edges, the
 * neighbours of the neighbourhood collectives ({@link Comm#neighborAlltoall} ...).
 * {@code MPI_Dist_graph_neighbors_count} and {@code MPI_Dist_graph_neighbors}.
 */
public interface DistGraphComm extends Comm {
    /**
     * Edges into this rank.
     *
     * @return the in-degree
     */
    int inDegree();

    /**
     * Edges out of this rank.
     *
     * @return the out-degree
     */
    int outDegree();

    /**
     * The ranks this rank receives from, in the order of the neighbourhood collectives' receive blocks.
     *
     * @return a copy
     */
    int[] sources();

    /**
     * The ranks this rank sends to, in the order of the neighbourhood collectives' send blocks.
     *
     * @return a copy
     */
    int[] destinations();

    /**
     * The weights of the in-edges, index for index with {@link #sources()}.
     *
     * @return a copy, or {@code null} if the graph is unweighted
     */
    int[] sourceWeights();

    /**
     * The weights of the out-edges, index for index with {@link #destinations()}.
     *
     * @return a copy, or {@code null} if the graph is unweighted
     */
    int[] destinationWeights();

    /**
     * Whether the graph was made with weights.
     *
     * @return {@code true} if weighted
     */
    boolean isWeighted();
}
