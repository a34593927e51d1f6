package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;

/**
 * Rendezvous Exchange as two shifts: at each stage every rank sends its value to both
 * neighbours and receives theirs (one {@code sendrecv} to the right, one to the left), then
 * updates {@code x = left + right - x} (a 1-D stencil step). Returns the value after each stage.
 */
public final class ExchangeKernel implements ConformanceKernel {
    static final int STAGES = 6;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        double[] x = {start(r)};
        double[] fromLeft = new double[1];
        double[] fromRight = new double[1];
        double[] trace = new double[STAGES];
        for (int s = 0; s < STAGES; s++) {
            comm.sendrecv(x, 0, 1, Datatype.DOUBLE, right, 2 * s, fromLeft, 0, 1, Datatype.DOUBLE, left, 2 * s);
            comm.sendrecv(x, 0, 1, Datatype.DOUBLE, left, 2 * s + 1, fromRight, 0, 1, Datatype.DOUBLE, right, 2 * s + 1);
            x[0] = fromLeft[0] + fromRight[0] - x[0];
            trace[s] = x[0];
        }
        return trace;
    }

    private static double start(int r) {
        return r * r * 0.5 - r;
    }

    @Override
    public Object expected(int rank, int n) {
        double[] x = new double[n];
        for (int r = 0; r < n; r++) {
            x[r] = start(r);
        }
        double[] trace = new double[STAGES];
        for (int s = 0; s < STAGES; s++) {
            double[] next = new double[n];
            for (int r = 0; r < n; r++) {
                next[r] = x[Math.floorMod(r - 1, n)] + x[(r + 1) % n] - x[r];
            }
            x = next;
            trace[s] = x[rank];
        }
        return trace;
    }
}
