package io.ccrj.mpi.internal;

import io.ccrj.mpi.DistGraphComm;

/**
 * ccr-mpi's {@link DistGraphComm}: a {@link DefaultComm} plus this rank's in- and out-edges.
 * Ranks keep their order. Thread safety as {@link DefaultComm}; the arrays are never changed.
 */
final class DefaultDistGraphComm extends DefaultComm implements DistGraphComm {
    private final int[] sources;
    private final int[] sourceWeights;
    private final int[] destinations;
    private final int[] destinationWeights;

    DefaultDistGraphComm(World world, int rank, int[] worldRanks, int context, String label, int[] sources,
            int[] sourceWeights, int[] destinations, int[] destinationWeights) {
        super(world, rank, worldRanks, context, label);
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destinationWeights = destinationWeights;
    }

    @Override
    Neighbors neighbors(String op) {
        checkThread();
        return new Neighbors(sources, Topologies.occurrences(sources), destinations,
                Topologies.occurrences(destinations));
    }

    @Override
    public int inDegree() {
        return sources.length;
    }

    @Override
    public int outDegree() {
        return destinations.length;
    }

    @Override
    public int[] sources() {
        return sources.clone();
    }

    @Override
    public int[] destinations() {
        return destinations.clone();
    }

    @Override
    public int[] sourceWeights() {
        return sourceWeights == null ? null : sourceWeights.clone();
    }

    @Override
    public int[] destinationWeights() {
        return destinationWeights == null ? null : destinationWeights.clone();
    }

    @Override
    public boolean isWeighted() {
        return sourceWeights != null;
    }

    @Override
    public DistGraphComm dup() {
        checkThread();
        int n = derived++;
        return new DefaultDistGraphComm(world, rank(), worldRanks, derivedContext(n, 0), label() + "/dup" + n,
                sources, sourceWeights, destinations, destinationWeights);
    }

    @Override
    public String toString() {
        return "DistGraphComm[" + label() + ", rank " + rank() + " of " + size() + ", sources "
                + java.util.Arrays.toString(sources) + ", destinations " + java.util.Arrays.toString(destinations)
                + "]";
    }
}
