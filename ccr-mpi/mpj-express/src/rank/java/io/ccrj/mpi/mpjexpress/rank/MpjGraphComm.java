package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;

/** ccr-mpi's {@link GraphComm} over MPJ Express's {@code mpi.Graphcomm}. Confined to its rank's thread. */
final class MpjGraphComm extends MpjComm implements GraphComm {
    private final mpi.Graphcomm graph;

    MpjGraphComm(mpi.Graphcomm graph, RankContext context) {
        super(graph, context);
        this.graph = graph;
    }

    @Override
    public int[] index() {
        return context.callNonBlocking("index()", () -> graph.Get().index.clone());
    }

    @Override
    public int[] edges() {
        return context.callNonBlocking("edges()", () -> graph.Get().edges.clone());
    }

    @Override
    public int[] neighbours(int r) {
        if (r < 0 || r >= size()) {
            throw new MpiException(ErrorClass.RANK, "neighbours: rank " + r + " is not in [0, " + size() + ")");
        }
        return context.callNonBlocking("neighbours(" + r + ")", () -> graph.Neighbours(r));
    }
}
