package io.ccrj.mpi.mpijava.programs;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;

/**
 * The bound markers {@code MPI.LB} and {@code MPI.UB}: an INT of extent 3 (LB at 0, UB at 3) and a
 * struct with LB at -1, their sizes, extents and bounds, a contiguous type of the first (bounds
 * sticky), and messages of it around the ring: sent as three resized items (every third element)
 * and received into two.
 */
public class BoundsProgram {
    private static final String P = "bounds";

    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int n = w.Size();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        Datatype every3 = Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 0, 3},
                new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        Datatype wide = Datatype.Struct(new int[] {1, 2, 1}, new int[] {-1, 0, 4},
                new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        Out.check(P, "size extent lb ub", new int[][] {
            {every3.Size(), every3.Extent(), every3.Lb(), every3.Ub()},
            {wide.Size(), wide.Extent(), wide.Lb(), wide.Ub()}}, new int[][] {{1, 3, 0, 3}, {2, 5, -1, 4}});
        Datatype three = Datatype.Contiguous(3, every3);
        Out.check(P, "contiguous of resized", new int[] {three.Size(), three.Extent(), three.Lb(), three.Ub()},
                new int[] {3, 9, 0, 9});
        int[] src = new int[12];
        for (int i = 0; i < src.length; i++) {
            src[i] = 1000 * me + i;
        }
        int b = 1000 * left;
        int[] flat = new int[3];
        w.Sendrecv(src, 1, 3, every3, right, 1, flat, 0, 3, MPI.INT, left, 1);
        Out.check(P, "resized x3", flat, new int[] {b + 1, b + 4, b + 7});
        int[] spread = {-1, -1, -1, -1, -1, -1};
        w.Sendrecv(src, 0, 2, MPI.INT, right, 2, spread, 0, 2, every3, left, 2);
        Out.check(P, "received into resized", spread, new int[] {b, -1, -1, b + 1, -1, -1});
        w.Barrier();
        Out.line(P, "done", true);
        MPI.Finalize();
    }
}
