package io.ccrj.mpi.mpijava.programs;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

/**
 * Datatypes of size zero (a {@code Struct} of no blocks, a {@code Contiguous} of none): a send of
 * 100 such items moves no element, and the receive's status counts 100 items and
 * {@code MPI.UNDEFINED} elements, as MPI's {@code MPI_Get_count} and {@code MPI_Get_elements}
 * define.
 */
public class ZeroSizeProgram {
    private static final String P = "zero";

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
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        Datatype empty = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
        empty.Commit();
        int[] buf = {me + 1};
        Status s = w.Sendrecv(new int[] {me + 7}, 0, 100, empty, right, 60, buf, 0, 100, empty, left, 60);
        Out.check(P, "struct of none", new int[] {buf[0], s.Get_count(empty), s.Get_elements(empty)},
                new int[] {me + 1, 100, MPI.UNDEFINED});
        Datatype none = Datatype.Contiguous(0, MPI.DOUBLE);
        none.Commit();
        double[] d = {0.5};
        s = w.Sendrecv(new double[] {me}, 0, 3, none, right, 61, d, 0, 3, none, left, 61);
        Out.check(P, "contiguous of none", new double[] {d[0], s.Get_count(none), s.Get_elements(none)},
                new double[] {0.5, 3, MPI.UNDEFINED});
        w.Barrier();
        Out.line(P, "done", true);
    }
}
