package io.ccrj.mpi.mpijava.programs;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.User_function;

/**
 * The v-collectives, {@code Reduce_scatter} and {@code Scan} of mpiJava 1.2 with non-zero roots and
 * offsets: rank {@code i} contributes {@code i + 1} items, displacements leave gaps, a
 * non-commutative user operation runs in {@code Scan}.
 */
public class VCollectivesProgram {
    private static final String P = "vcoll";

    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    /** Rank i's block: i + 1 items, item k = 100 i + k. */
    private static int[] block(int i) {
        int[] b = new int[i + 1];
        for (int k = 0; k <= i; k++) {
            b[k] = 100 * i + k;
        }
        return b;
    }

    static void run() {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int n = w.Size();
        int root = n - 1;
        int[] counts = new int[n];
        int[] displs = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            counts[i] = i + 1;
            displs[i] = total + i;               // a gap of i items before block i
            total += i + 1 + i;
        }
        int[] expected = new int[total];
        for (int i = 0; i < n; i++) {
            System.arraycopy(block(i), 0, expected, displs[i], i + 1);
        }

        int[] gathered = new int[total];
        w.Gatherv(block(me), 0, me + 1, MPI.INT, gathered, 0, counts, displs, MPI.INT, root);
        if (me == root) {
            Out.check(P, "gatherv", gathered, expected);
        }

        int[] mine = new int[me + 2];
        w.Scatterv(expected, 0, counts, displs, MPI.INT, mine, 1, me + 1, MPI.INT, 1 % n);
        int[] expectMine = new int[me + 2];
        System.arraycopy(block(me), 0, expectMine, 1, me + 1);
        Out.check(P, "scatterv", mine, expectMine);

        double[] all = new double[total];
        double[] dblock = new double[me + 1];
        for (int k = 0; k <= me; k++) {
            dblock[k] = 100 * me + k + 0.5;
        }
        w.Allgatherv(dblock, 0, me + 1, MPI.DOUBLE, all, 0, counts, displs, MPI.DOUBLE);
        double[] expectAll = new double[total];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k <= i; k++) {
                expectAll[displs[i] + k] = 100 * i + k + 0.5;
            }
        }
        Out.check(P, "allgatherv", all, expectAll);

        // Alltoallv: rank i sends j + 1 items (value 10 i + j) to rank j.
        int[] scounts = new int[n];
        int[] sdispls = new int[n];
        int[] rcounts = new int[n];
        int[] rdispls = new int[n];
        int sTotal = 0;
        for (int j = 0; j < n; j++) {
            scounts[j] = j + 1;
            sdispls[j] = sTotal;
            sTotal += j + 1;
            rcounts[j] = me + 1;
            rdispls[j] = j * (me + 1);
        }
        long[] sendv = new long[sTotal];
        for (int j = 0; j < n; j++) {
            for (int k = 0; k <= j; k++) {
                sendv[sdispls[j] + k] = 10L * me + j;
            }
        }
        long[] recvv = new long[n * (me + 1)];
        w.Alltoallv(sendv, 0, scounts, sdispls, MPI.LONG, recvv, 0, rcounts, rdispls, MPI.LONG);
        long[] expectV = new long[n * (me + 1)];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k <= me; k++) {
                expectV[i * (me + 1) + k] = 10L * i + me;
            }
        }
        Out.check(P, "alltoallv", recvv, expectV);

        // Gatherv of a derived type (pairs of ints), counts and displacements in items; Allgatherv
        // of objects.
        Datatype pair = Datatype.Contiguous(2, MPI.INT);
        int[] pairCounts = new int[n];
        int[] pairDispls = new int[n];
        for (int i = 0; i < n; i++) {
            pairCounts[i] = i % 2 + 1;
            pairDispls[i] = 2 * i;
        }
        int[] mypairs = {me, -me, me, -me};
        int[] pairsAt0 = new int[4 * n];
        w.Gatherv(mypairs, 0, me % 2 + 1, pair, pairsAt0, 0, pairCounts, pairDispls, pair, 0);
        if (me == 0) {
            int[] expectPairs = new int[4 * n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 2 * (i % 2 + 1); k++) {
                    expectPairs[4 * i + k] = k % 2 == 0 ? i : -i;
                }
            }
            Out.check(P, "gatherv derived", pairsAt0, expectPairs);
        }
        Object[] names = new Object[total];
        Object[] mine2 = new Object[me + 1];
        for (int k = 0; k <= me; k++) {
            mine2[k] = "r" + me + "." + k;
        }
        w.Allgatherv(mine2, 0, me + 1, MPI.OBJECT, names, 0, counts, displs, MPI.OBJECT);
        Object[] expectNames = new Object[total];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k <= i; k++) {
                expectNames[displs[i] + k] = "r" + i + "." + k;
            }
        }
        Out.check(P, "allgatherv object", names, expectNames);

        // Scan: inclusive prefix sums and a non-commutative operation (string concatenation).
        int[] prefix = new int[2];
        w.Scan(new int[] {me + 1, 1}, 0, prefix, 0, 2, MPI.INT, MPI.SUM);
        Out.check(P, "scan sum", prefix, new int[] {(me + 1) * (me + 2) / 2, me + 1});
        Op concat = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
                    throws MPIException {
                Object[] a = (Object[]) in;
                Object[] b = (Object[]) inout;
                for (int k = 0; k < count; k++) {
                    b[inoutOffset + k] = (String) a[inOffset + k] + b[inoutOffset + k];
                }
            }
        }, false);
        Object[] chain = new Object[1];
        w.Scan(new Object[] {Integer.toString(me)}, 0, chain, 0, 1, MPI.OBJECT, concat);
        StringBuilder expectChain = new StringBuilder();
        for (int i = 0; i <= me; i++) {
            expectChain.append(i);
        }
        Out.check(P, "scan non-commutative", chain[0], expectChain.toString());
        w.Barrier();
        Out.line(P, "done", true);
    }

    /**
     * {@code Reduce_scatter} on a communicator of its own (MPJ Express 0.44 leaves a communicator
     * unusable after it from 3 processes on): rank {@code i} gets {@code i + 1} sums.
     */
    static void reduceScatter() {
        Intracomm w = (Intracomm) MPI.COMM_WORLD.clone();
        int me = w.Rank();
        int n = w.Size();
        int[] counts = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            counts[i] = i + 1;
            total += i + 1;
        }
        int[] operands = new int[total];
        for (int k = 0; k < total; k++) {
            operands[k] = k * (me + 1);
        }
        int[] share = new int[me + 1];
        w.Reduce_scatter(operands, 0, share, 0, counts, MPI.INT, MPI.SUM);
        int first = me * (me + 1) / 2;
        int[] expect = new int[me + 1];
        for (int k = 0; k <= me; k++) {
            expect[k] = (first + k) * n * (n + 1) / 2;
        }
        Out.check(P, "reduce_scatter", share, expect);
    }
}
