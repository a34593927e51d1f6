package io.ccrj.mpi.mpijava.programs;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.User_function;

/** Collectives of mpiJava 1.2 on COMM_WORLD: non-zero roots, every basic type ccr-mpi passes on, a user op. */
public class CollectivesProgram {
    private static final String P = "coll";

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

    static void run() {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int n = w.Size();
        int root = n - 1;

        int[] ib = new int[4];
        double[] db = new double[3];
        Object[] ob = new Object[2];
        if (me == root) {
            ib = new int[] {7, 8, 9, 10};
            db = new double[] {0.5, 1.5, 2.5};
            ob = new Object[] {"alpha", "beta"};
        }
        w.Bcast(ib, 1, 3, MPI.INT, root);
        w.Bcast(db, 0, 3, MPI.DOUBLE, root);
        w.Bcast(ob, 0, 2, MPI.OBJECT, root);
        Out.check(P, "bcast int", ib, me == root ? new int[] {7, 8, 9, 10} : new int[] {0, 8, 9, 10});
        Out.check(P, "bcast double", db, new double[] {0.5, 1.5, 2.5});
        Out.check(P, "bcast object", ob, new Object[] {"alpha", "beta"});

        int reduceRoot = 1 % n;
        int[] isum = new int[2];
        w.Reduce(new int[] {me, 2 * me}, 0, isum, 0, 2, MPI.INT, MPI.SUM, reduceRoot);
        int tri = n * (n - 1) / 2;
        // The receive buffer is significant at the root only (MPJ Express writes partial results
        // into it elsewhere), so only the root reports it.
        if (me == reduceRoot) {
            Out.check(P, "reduce int sum", isum, new int[] {tri, 2 * tri});
        }
        double[] dmax = new double[1];
        w.Reduce(new double[] {me * 1.25}, 0, dmax, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
        if (me == 0) {
            Out.check(P, "reduce double max", dmax[0], (n - 1) * 1.25);
        }
        long[] lprod = new long[1];
        w.Allreduce(new long[] {me + 1L}, 0, lprod, 0, 1, MPI.LONG, MPI.PROD);
        long fact = 1;
        for (int i = 2; i <= n; i++) {
            fact *= i;
        }
        Out.check(P, "allreduce long prod", lprod[0], fact);
        int[] imin = new int[1];
        w.Allreduce(new int[] {10 - me}, 0, imin, 0, 1, MPI.INT, MPI.MIN);
        Out.check(P, "allreduce int min", imin[0], 10 - (n - 1));

        // A commutative user operation: element-wise sum of squares' contributions.
        Op sumOfSquares = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
                    throws MPIException {
                int[] a = (int[]) in;
                int[] b = (int[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = a[inOffset + i] + b[inoutOffset + i];
                }
            }
        }, true);
        int[] squares = new int[1];
        w.Allreduce(new int[] {me * me}, 0, squares, 0, 1, MPI.INT, sumOfSquares);
        Out.check(P, "allreduce user op", squares[0], (n - 1) * n * (2 * n - 1) / 6);

        int[] gathered = new int[2 * n];
        w.Gather(new int[] {me, -me}, 0, 2, MPI.INT, gathered, 0, 2, MPI.INT, root);
        int[] expectGather = new int[2 * n];
        for (int i = 0; i < n; i++) {
            expectGather[2 * i] = i;
            expectGather[2 * i + 1] = -i;
        }
        if (me == root) {
            Out.check(P, "gather", gathered, expectGather);
        }

        double[] blocks = new double[n];
        if (me == reduceRoot) {
            for (int i = 0; i < n; i++) {
                blocks[i] = 100.0 + i;
            }
        }
        double[] mine = new double[1];
        w.Scatter(blocks, 0, 1, MPI.DOUBLE, mine, 0, 1, MPI.DOUBLE, reduceRoot);
        Out.check(P, "scatter", mine[0], 100.0 + me);

        long[] all = new long[n];
        w.Allgather(new long[] {me * 1000L}, 0, 1, MPI.LONG, all, 0, 1, MPI.LONG);
        long[] expectAll = new long[n];
        for (int i = 0; i < n; i++) {
            expectAll[i] = i * 1000L;
        }
        Out.check(P, "allgather", all, expectAll);

        int[] out = new int[n];
        int[] in = new int[n];
        for (int j = 0; j < n; j++) {
            out[j] = 10 * me + j;
        }
        w.Alltoall(out, 0, 1, MPI.INT, in, 0, 1, MPI.INT);
        int[] expectIn = new int[n];
        for (int i = 0; i < n; i++) {
            expectIn[i] = 10 * i + me;
        }
        Out.check(P, "alltoall", in, expectIn);
        w.Barrier();
        Out.line(P, "done", true);
    }
}
