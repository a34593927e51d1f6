package io.ccrj.mpi.patterns;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;

/** Shared checks and the papers' final reduction. */
final class PatternSupport {
    private PatternSupport() {
    }

    static void checkStages(long stages) {
        if (stages < 1) {
            throw new IllegalArgumentException("stages must be >= 1, got " + stages);
        }
    }

    static void checkWays(int ways) {
        if (ways < 1) {
            throw new IllegalArgumentException("ways must be >= 1, got " + ways);
        }
    }

    /**
     * The papers' reduction: rank 0 collects one value from every rank and sums them in rank
     * order (deterministic, unlike a tree reduction of doubles).
     */
    static double reduceAtRoot(Comm comm, double value) {
        double[] mine = {value};
        double[] all = comm.rank() == 0 ? new double[comm.size()] : null;
        comm.gather(mine, 0, 1, Datatype.DOUBLE, all, 0, 1, Datatype.DOUBLE, 0);
        if (comm.rank() != 0) {
            return value;
        }
        double sum = 0;
        for (double v : all) {
            sum += v;
        }
        return sum;
    }
}
