package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import java.util.concurrent.TimeUnit;

/**
 * Barrier ordering: ranks enter a barrier at staggered times; no rank may leave it before every
 * rank has entered, i.e. the latest entry time is earlier than the earliest exit time (one JVM,
 * one monotonic clock). Returns 1 per round where that held.
 */
public final class BarrierOrderingKernel implements ConformanceKernel {
    static final int ROUNDS = 3;

    @Override
    public Object run(Comm comm) throws InterruptedException {
        int r = comm.rank();
        int n = comm.size();
        int[] held = new int[ROUNDS];
        long[] entries = new long[n];
        long[] exits = new long[n];
        for (int round = 0; round < ROUNDS; round++) {
            TimeUnit.MILLISECONDS.sleep((r + round) % n);
            long entered = System.nanoTime();
            comm.barrier();
            long left = System.nanoTime();
            comm.allgather(new long[] {entered}, 0, 1, Datatype.LONG, entries, 0, 1, Datatype.LONG);
            comm.allgather(new long[] {left}, 0, 1, Datatype.LONG, exits, 0, 1, Datatype.LONG);
            long lastEntry = Long.MIN_VALUE;
            long firstExit = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                lastEntry = Math.max(lastEntry, entries[i]);
                firstExit = Math.min(firstExit, exits[i]);
            }
            held[round] = lastEntry - firstExit < 0 ? 1 : 0;
        }
        return held;
    }

    @Override
    public Object expected(int rank, int size) {
        int[] held = new int[ROUNDS];
        java.util.Arrays.fill(held, 1);
        return held;
    }
}
