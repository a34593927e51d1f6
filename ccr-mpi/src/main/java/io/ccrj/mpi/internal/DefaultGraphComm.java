package io.ccrj.mpi.internal;

import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.Arrays;

/**
 * ccr-mpi's {@link GraphComm}: a {@link DefaultComm} plus MPI's compressed adjacency lists. Ranks
 * keep their order (node {@code i} is rank {@code i}). Thread safety as {@link DefaultComm}.
 */
final class DefaultGraphComm extends DefaultComm implements GraphComm {
    private final int[] index;
    private final int[] edges;

    DefaultGraphComm(World world, int rank, int[] worldRanks, int context, String label, int[] index, int[] edges) {
        super(world, rank, worldRanks, context, label);
        this.index = index;
        this.edges = edges;
    }

    /** Checks a graph's arrays against a communicator of {@code size} ranks. */
    static void check(String where, int[] index, int[] edges, int size) {
        if (index == null || edges == null) {
            throw new MpiException(ErrorClass.ARG, where + ": index and edges must not be null");
        }
        if (index.length > size) {
            throw new MpiException(ErrorClass.ARG, where + ": " + index.length
                    + " nodes, more than the " + size + " ranks");
        }
        int prev = 0;
        for (int i : index) {
            if (i < prev) {
                throw new MpiException(ErrorClass.ARG, where + ": index must be non-decreasing"
                        + " from 0, got " + Arrays.toString(index));
            }
            prev = i;
        }
        if (prev != edges.length) {
            throw new MpiException(ErrorClass.ARG, where + ": index ends at " + prev
                    + " but there are " + edges.length + " edges");
        }
        for (int e : edges) {
            if (e < 0 || e >= index.length) {
                throw new MpiException(ErrorClass.ARG, where + ": edge to node " + e
                        + " is not in [0, " + index.length + ")");
            }
        }
    }

    @Override
    public int[] index() {
        return index.clone();
    }

    @Override
    public int[] edges() {
        return edges.clone();
    }

    @Override
    public int[] neighbours(int r) {
        if (r < 0 || r >= size()) {
            throw new MpiException(ErrorClass.RANK, "neighbours on " + label() + ": rank " + r + " is not in [0, "
                    + size() + ")");
        }
        return Arrays.copyOfRange(edges, r == 0 ? 0 : index[r - 1], index[r]);
    }

    /** MPI's graph neighbours: {@link #neighbours} of this rank, as both sources and destinations. */
    @Override
    Neighbors neighbors(String op) {
        checkThread();
        int[] ranks = neighbours(rank());
        int[] tags = Topologies.occurrences(ranks);
        return new Neighbors(ranks, tags, ranks, tags);
    }

    @Override
    public GraphComm dup() {
        checkThread();
        int n = derived++;
        return new DefaultGraphComm(world, rank(), worldRanks, derivedContext(n, 0), label() + "/dup" + n, index,
                edges);
    }
}
