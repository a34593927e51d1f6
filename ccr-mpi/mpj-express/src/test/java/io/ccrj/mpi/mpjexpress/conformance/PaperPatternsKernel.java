package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.patterns.ExchangeAsTwoShifts;
import io.ccrj.mpi.patterns.RendezvousExchange;
import io.ccrj.mpi.patterns.RendezvousShift;
import io.ccrj.mpi.patterns.StageComputation;

/**
 * ccr-mpi's library code of the papers' rendezvous patterns, run unchanged on either backend:
 * Rendezvous Shift, Rendezvous Exchange (irecv, irecv, send, send, wait, wait) and Exchange as
 * two shifts (two sendrecv), {@value #STAGES} stages of the papers' basic computation unit each,
 * ending in the papers' reduction at rank 0. The oracle replays the patterns' documented
 * recurrences sequentially with the same floating-point operations in the same order.
 */
public final class PaperPatternsKernel implements ConformanceKernel {
    static final int STAGES = 7;
    static final StageComputation UNIT = StageComputation.basicUnits(1);

    @Override
    public Object run(Comm comm) {
        return new double[] {RendezvousShift.runRank(comm, STAGES, UNIT),
            RendezvousExchange.runRank(comm, STAGES, UNIT), ExchangeAsTwoShifts.runRank(comm, STAGES, UNIT)};
    }

    @Override
    public Object expected(int rank, int n) {
        double[] shift = initial(n);
        double[] exchange = initial(n);
        for (int s = 0; s < STAGES; s++) {
            double[] nextShift = new double[n];
            double[] nextExchange = new double[n];
            for (int r = 0; r < n; r++) {
                double left = exchange[Math.floorMod(r - 1, n)];
                double right = exchange[(r + 1) % n];
                nextShift[r] = UNIT.compute(r, s, shift[Math.floorMod(r - 1, n)]);
                nextExchange[r] = UNIT.compute(r, s, (left + right) * 0.5);
            }
            shift = nextShift;
            exchange = nextExchange;
        }
        double e = reduced(exchange, rank);
        return new double[] {reduced(shift, rank), e, e};
    }

    private static double[] initial(int n) {
        double[] v = new double[n];
        for (int r = 0; r < n; r++) {
            v[r] = r + 1.0;
        }
        return v;
    }

    /** The papers' reduction: rank 0 sums every rank's value in rank order; others keep their own. */
    private static double reduced(double[] values, int rank) {
        if (rank != 0) {
            return values[rank];
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum;
    }
}
