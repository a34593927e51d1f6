package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Status;
import java.util.List;

/**
 * Rendezvous Shift around a ring: at each stage every rank passes its block to the right
 * neighbour with one {@code sendrecv} (the shift pattern of Qiu et al. 2007). Returns the block held at the
 * end, the first element held after each stage, and each stage's receive status.
 */
public final class RingShiftKernel implements ConformanceKernel {
    static final int STAGES = 5;
    static final int N = 3;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        double[] block = new double[N];
        for (int i = 0; i < N; i++) {
            block[i] = r * 100 + i + 0.25;
        }
        double[] in = new double[N];
        double[] trace = new double[STAGES];
        int[] statuses = new int[3 * STAGES];
        for (int s = 0; s < STAGES; s++) {
            Status st = comm.sendrecv(block, 0, N, Datatype.DOUBLE, right, s, in, 0, N, Datatype.DOUBLE, left, s);
            double[] t = block;
            block = in;
            in = t;
            trace[s] = block[0];
            statuses[3 * s] = st.source();
            statuses[3 * s + 1] = st.tag();
            statuses[3 * s + 2] = st.count();
        }
        return List.of(block, trace, statuses);
    }

    @Override
    public Object expected(int r, int n) {
        double[] block = new double[N];
        int origin = Math.floorMod(r - STAGES, n);
        for (int i = 0; i < N; i++) {
            block[i] = origin * 100 + i + 0.25;
        }
        double[] trace = new double[STAGES];
        int[] statuses = new int[3 * STAGES];
        for (int s = 0; s < STAGES; s++) {
            trace[s] = Math.floorMod(r - s - 1, n) * 100 + 0.25;
            statuses[3 * s] = Math.floorMod(r - 1, n);
            statuses[3 * s + 1] = s;
            statuses[3 * s + 2] = N;
        }
        return List.of(block, trace, statuses);
    }
}
