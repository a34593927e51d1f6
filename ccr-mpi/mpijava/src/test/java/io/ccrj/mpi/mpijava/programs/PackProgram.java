package io.ccrj.mpi.mpijava.programs;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code Comm.Pack}, {@code Unpack} and {@code Pack_size} with mpiJava 1.2's signatures
 * ({@code byte[]} buffers and a position): each process packs a strided column of a 3 x 3
 * matrix, two ints and a short into one byte buffer, sends it to its right neighbour as
 * {@code MPI.PACKED}, which unpacks them in order (the column as a row). MPJ Express 0.44's
 * {@code Pack} and {@code Unpack} take its own {@code mpjbuf.Buffer}, so there this program stops
 * at its first {@code Pack} (a known deviation, named in its test).
 */
public class PackProgram {
    private static final String P = "pack";

    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int right = (me + 1) % w.Size();
        int left = (me + w.Size() - 1) % w.Size();
        double[] matrix = new double[9];
        for (int i = 0; i < 9; i++) {
            matrix[i] = 100 * me + i;
        }
        Datatype column = Datatype.Vector(3, 1, 3, MPI.DOUBLE);
        column.Commit();
        int size = w.Pack_size(1, column) + w.Pack_size(2, MPI.INT) + w.Pack_size(1, MPI.SHORT);
        Out.check(P, "pack_size", size, 3 * 8 + 2 * 4 + 2);
        byte[] out = new byte[size];
        int position = w.Pack(matrix, 1, 1, column, out, 0);
        position = w.Pack(new int[] {me, -me}, 0, 2, MPI.INT, out, position);
        position = w.Pack(new short[] {7, (short) (me + 1)}, 1, 1, MPI.SHORT, out, position);
        Out.check(P, "packed bytes", position, size);
        byte[] in = new byte[size];
        w.Sendrecv(out, 0, size, MPI.PACKED, right, 3, in, 0, size, MPI.PACKED, left, 3);
        double[] row = new double[3];
        int[] ints = new int[2];
        short[] last = new short[1];
        int at = w.Unpack(in, 0, row, 0, 3, MPI.DOUBLE);
        at = w.Unpack(in, at, ints, 0, 2, MPI.INT);
        at = w.Unpack(in, at, last, 0, 1, MPI.SHORT);
        Out.check(P, "unpacked", Out.str(row) + " " + Out.str(ints) + " " + last[0] + " at " + at,
                "[" + (100.0 * left + 1) + ", " + (100.0 * left + 4) + ", " + (100.0 * left + 7) + "] [" + left + ", "
                        + -left + "] " + (left + 1) + " at " + size);
        String error;
        try {
            w.Pack(new int[2], 0, 2, MPI.INT, new byte[7], 0);
            error = "no exception";
        } catch (MPIException e) {
            error = e.getMessage().contains("8 bytes at position 0") ? "too short" : e.getMessage();
        }
        Out.check(P, "pack into a short buffer", error, "too short");
        Out.line(P, "done", true);
        MPI.Finalize();
    }
}
