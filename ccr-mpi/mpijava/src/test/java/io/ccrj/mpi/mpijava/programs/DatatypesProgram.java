package io.ccrj.mpi.mpijava.programs;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

/**
 * Datatypes of mpiJava 1.2: every basic type through {@code Bcast} and a {@code Sendrecv} ring,
 * derived types ({@code Contiguous}, {@code Vector}, {@code Hvector}, {@code Indexed},
 * {@code Hindexed}, {@code Struct}) with their extents, sizes and bounds, strided sends received
 * contiguously, {@code Get_count}/{@code Get_elements}, the logical and bitwise operations, and
 * {@code MAXLOC}/{@code MINLOC} on pair types.
 */
public class DatatypesProgram {
    private static final String P = "types";

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
        int root = n / 2;

        // Every basic type: broadcast from a non-zero root, then a ring.
        byte[] bytes = new byte[3];
        char[] chars = new char[3];
        short[] shorts = new short[3];
        boolean[] bools = new boolean[3];
        float[] floats = new float[3];
        if (me == root) {
            bytes = new byte[] {-1, 2, 127};
            chars = new char[] {'x', 'y', 'z'};
            shorts = new short[] {-300, 0, 300};
            bools = new boolean[] {true, false, true};
            floats = new float[] {0.5f, -1.25f, 3e9f};
        }
        w.Bcast(bytes, 0, 3, MPI.BYTE, root);
        w.Bcast(chars, 0, 3, MPI.CHAR, root);
        w.Bcast(shorts, 0, 3, MPI.SHORT, root);
        w.Bcast(bools, 0, 3, MPI.BOOLEAN, root);
        w.Bcast(floats, 0, 3, MPI.FLOAT, root);
        Out.check(P, "bcast byte", bytes, new byte[] {-1, 2, 127});
        Out.check(P, "bcast char", chars, new char[] {'x', 'y', 'z'});
        Out.check(P, "bcast short", shorts, new short[] {-300, 0, 300});
        Out.check(P, "bcast boolean", bools, new boolean[] {true, false, true});
        Out.check(P, "bcast float", floats, new float[] {0.5f, -1.25f, 3e9f});
        byte[] bgot = new byte[1];
        float[] fgot = new float[1];
        w.Sendrecv(new byte[] {(byte) me}, 0, 1, MPI.BYTE, right, 1, bgot, 0, 1, MPI.BYTE, left, 1);
        w.Sendrecv(new float[] {me * 0.5f}, 0, 1, MPI.FLOAT, right, 2, fgot, 0, 1, MPI.FLOAT, left, 2);
        Out.check(P, "ring byte/float", bgot[0] + " " + fgot[0], (byte) left + " " + left * 0.5f);

        // Derived types: sizes, extents and bounds.
        Datatype contig = Datatype.Contiguous(3, MPI.INT);
        Datatype column = Datatype.Vector(3, 1, 4, MPI.DOUBLE);
        Datatype blocks = Datatype.Vector(2, 2, 3, MPI.INT);
        Datatype hblocks = Datatype.Hvector(2, 2, 5, MPI.INT);
        Datatype indexed = Datatype.Indexed(new int[] {2, 3}, new int[] {1, 5}, MPI.INT);
        Datatype hindexed = Datatype.Hindexed(new int[] {2, 1}, new int[] {0, 4}, MPI.INT);
        Datatype struct = Datatype.Struct(new int[] {1, 2}, new int[] {0, 3}, new Datatype[] {MPI.INT, MPI.INT});
        Datatype[] derived = {contig, column, blocks, hblocks, indexed, hindexed, struct};
        for (Datatype t : derived) {
            t.Commit();
        }
        int[][] shape = new int[derived.length][];
        for (int k = 0; k < derived.length; k++) {
            shape[k] = new int[] {derived[k].Size(), derived[k].Extent(), derived[k].Lb(), derived[k].Ub()};
        }
        Out.check(P, "size extent lb ub", shape, new int[][] {
            {3, 3, 0, 3}, {3, 9, 0, 9}, {4, 5, 0, 5}, {4, 7, 0, 7}, {5, 7, 1, 8}, {3, 5, 0, 5}, {3, 5, 0, 5}});
        Out.check(P, "basic and pair sizes", new int[] {MPI.INT.Size(), MPI.INT.Extent(), MPI.DOUBLE2.Size()},
                new int[] {1, 1, 2});

        // A column of a row-major 3x4 matrix, sent strided, received as a row; and back.
        double[] matrix = new double[12];
        for (int i = 0; i < 12; i++) {
            matrix[i] = 100 * me + i;
        }
        double[] row = new double[3];
        Status cs = w.Sendrecv(matrix, 1, 1, column, right, 3, row, 0, 3, MPI.DOUBLE, left, 3);
        Out.check(P, "vector column as row", row, new double[] {100 * left + 1, 100 * left + 5, 100 * left + 9});
        Out.check(P, "get_count of row", new int[] {cs.Get_count(MPI.DOUBLE), cs.Get_elements(MPI.DOUBLE)},
                new int[] {3, 3});
        double[] back = new double[12];
        Status bs = w.Sendrecv(row, 0, 3, MPI.DOUBLE, right, 4, back, 2, 1, column, left, 4);
        double[] expectBack = new double[12];
        int l2 = (left + n - 1) % n;
        expectBack[2] = 100 * l2 + 1;
        expectBack[6] = 100 * l2 + 5;
        expectBack[10] = 100 * l2 + 9;
        Out.check(P, "row into vector column", back, expectBack);
        Out.check(P, "get_count of column", new int[] {bs.Get_count(column), bs.Get_elements(column)},
                new int[] {1, 3});

        // Indexed and struct: gathered, and the whole message counted in items.
        int[] src = new int[16];
        for (int i = 0; i < 16; i++) {
            src[i] = 1000 * me + i;
        }
        int[] flat = new int[10];
        w.Sendrecv(src, 0, 2, indexed, right, 5, flat, 0, 10, MPI.INT, left, 5);
        int b = 1000 * left;
        Out.check(P, "indexed x2", flat, new int[] {b + 1, b + 2, b + 5, b + 6, b + 7, b + 8, b + 9, b + 12, b + 13,
            b + 14});
        int[] sflat = new int[6];
        Status ss = w.Sendrecv(src, 1, 2, struct, right, 6, sflat, 0, 6, MPI.INT, left, 6);
        Out.check(P, "struct x2", sflat, new int[] {b + 1, b + 4, b + 5, b + 6, b + 9, b + 10});
        Out.check(P, "get_count struct items", ss.Get_count(struct), 2);
        int[] cflat = new int[6];
        w.Sendrecv(src, 2, 2, contig, right, 7, cflat, 0, 6, MPI.INT, left, 7);
        Out.check(P, "contiguous x2", cflat, new int[] {b + 2, b + 3, b + 4, b + 5, b + 6, b + 7});
        int[] hflat = new int[4];
        w.Sendrecv(src, 0, 1, hblocks, right, 8, hflat, 0, 4, MPI.INT, left, 8);
        Out.check(P, "hvector", hflat, new int[] {b, b + 1, b + 5, b + 6});

        // Logical and bitwise reductions.
        boolean[] land = new boolean[2];
        boolean[] lor = new boolean[2];
        boolean[] lxor = new boolean[1];
        w.Allreduce(new boolean[] {true, me != 0}, 0, land, 0, 2, MPI.BOOLEAN, MPI.LAND);
        w.Allreduce(new boolean[] {false, me == n - 1}, 0, lor, 0, 2, MPI.BOOLEAN, MPI.LOR);
        w.Allreduce(new boolean[] {true}, 0, lxor, 0, 1, MPI.BOOLEAN, MPI.LXOR);
        Out.check(P, "land lor lxor", new boolean[] {land[0], land[1], lor[0], lor[1], lxor[0]},
                new boolean[] {true, false, false, true, n % 2 == 1});
        int[] band = new int[1];
        w.Allreduce(new int[] {0xFF ^ (1 << me)}, 0, band, 0, 1, MPI.INT, MPI.BAND);
        Out.check(P, "band", band[0], 0xFF & ~((1 << n) - 1));

        long[] bor = new long[1];
        w.Allreduce(new long[] {1L << (40 + me)}, 0, bor, 0, 1, MPI.LONG, MPI.BOR);
        Out.check(P, "bor", bor[0], ((1L << n) - 1) << 40);
        short[] bxor = new short[1];
        w.Allreduce(new short[] {(short) (me + 1)}, 0, bxor, 0, 1, MPI.SHORT, MPI.BXOR);
        short x = 0;
        for (int i = 1; i <= n; i++) {
            x ^= (short) i;
        }
        Out.check(P, "bxor", bxor[0], x);

        // MAXLOC and MINLOC: (value, index) pairs; ties go to the lower index.
        int[] imax = new int[2];
        int[] imin = new int[2];
        int value = (me * 7) % 5;
        w.Allreduce(new int[] {value, me}, 0, imax, 0, 1, MPI.INT2, MPI.MAXLOC);
        w.Allreduce(new int[] {value, me}, 0, imin, 0, 1, MPI.INT2, MPI.MINLOC);
        int maxV = Integer.MIN_VALUE;
        int maxI = -1;
        int minV = Integer.MAX_VALUE;
        int minI = -1;
        for (int i = 0; i < n; i++) {
            int v = (i * 7) % 5;
            if (v > maxV) {
                maxV = v;
                maxI = i;
            }
            if (v < minV) {
                minV = v;
                minI = i;
            }
        }
        Out.check(P, "maxloc int2", imax, new int[] {maxV, maxI});
        Out.check(P, "minloc int2", imin, new int[] {minV, minI});
        long[] lmin = new long[2];
        w.Allreduce(new long[] {5L - me % 2, me}, 0, lmin, 0, 1, MPI.LONG2, MPI.MINLOC);
        Out.check(P, "minloc long2", lmin, new long[] {n > 1 ? 4L : 5L, n > 1 ? 1L : 0L});
        float[] fmax = new float[2];
        w.Allreduce(new float[] {me * 1.5f, me}, 0, fmax, 0, 1, MPI.FLOAT2, MPI.MAXLOC);
        Out.check(P, "maxloc float2", fmax, new float[] {(n - 1) * 1.5f, n - 1});
        short[] smin = new short[2];
        w.Allreduce(new short[] {(short) (10 - me), (short) me}, 0, smin, 0, 1, MPI.SHORT2, MPI.MINLOC);
        Out.check(P, "minloc short2", smin, new short[] {(short) (10 - (n - 1)), (short) (n - 1)});
        double[] dmax = new double[2];
        w.Reduce(new double[] {-Math.abs(me - 1.5), me}, 0, dmax, 0, 1, MPI.DOUBLE2, MPI.MAXLOC, root);
        if (me == root) {
            double best = Double.NEGATIVE_INFINITY;
            int at = -1;
            for (int i = 0; i < n; i++) {
                if (-Math.abs(i - 1.5) > best) {
                    best = -Math.abs(i - 1.5);
                    at = i;
                }
            }
            Out.check(P, "maxloc double2 reduce", dmax, new double[] {best, at});
        }
        w.Barrier();
        Out.line(P, "done", true);
    }
}
