package mpi;

/**
 * The adjacency of one process in a distributed graph ({@link GraphComm#getDistGraphNeighbors()}),
 * as Open MPI's {@code mpi.DistGraphNeighbors}. Immutable.
 */
public final class DistGraphNeighbors {
    private final int[] sources;
    private final int[] sourceWeights;
    private final int[] destinations;
    private final int[] destWeights;
    private final boolean weighted;

    DistGraphNeighbors(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, boolean weighted) {
        this.sources = sources.clone();
        this.sourceWeights = sourceWeights == null ? new int[sources.length] : sourceWeights.clone();
        this.destinations = destinations.clone();
        this.destWeights = destWeights == null ? new int[destinations.length] : destWeights.clone();
        this.weighted = weighted;
    }

    /**
     * The number of edges into this process.
     *
     * @return the in-degree
     */
    public int getInDegree() {
        return sources.length;
    }

    /**
     * The number of edges out of this process.
     *
     * @return the out-degree
     */
    public int getOutDegree() {
        return destinations.length;
    }

    /**
     * Whether the graph was made with weights ({@code false} for {@code MPI_UNWEIGHTED}).
     *
     * @return whether edges carry weights
     */
    public boolean isWeighted() {
        return weighted;
    }

    /**
     * The {@code i}-th process with an edge to this one.
     *
     * @param i the edge
     * @return its source rank
     */
    public int getSource(int i) {
        return sources[i];
    }

    /**
     * The weight of the {@code i}-th edge into this process.
     *
     * @param i the edge
     * @return its weight (0 when unweighted)
     */
    public int getSourceWeight(int i) {
        return sourceWeights[i];
    }

    /**
     * The {@code i}-th process this one has an edge to.
     *
     * @param i the edge
     * @return its destination rank
     */
    public int getDestination(int i) {
        return destinations[i];
    }

    /**
     * The weight of the {@code i}-th edge out of this process.
     *
     * @param i the edge
     * @return its weight (0 when unweighted)
     */
    public int getDestinationWeight(int i) {
        return destWeights[i];
    }
}
