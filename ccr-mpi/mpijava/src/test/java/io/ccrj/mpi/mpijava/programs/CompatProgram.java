package io.ccrj.mpi.mpijava.programs;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.User_function;

/**
 * The parts of MPJ Express's package {@code mpi} beyond mpiJava 1.2 that programs written for it
 * call: {@code Datatype.getType()} and {@code getByteSize()}, {@code Comm.Attr_delete}, and
 * {@code new Op(function, commute, code)}.
 */
public class CompatProgram {
    private static final String P = "compat";

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
        Datatype[] basics = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE,
            MPI.OBJECT};
        int[] types = new int[basics.length];
        int[] bytes = new int[basics.length];
        for (int i = 0; i < basics.length; i++) {
            types[i] = basics[i].getType();
            bytes[i] = basics[i].getByteSize();
        }
        Out.check(P, "basic getType", types, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 12});
        Out.check(P, "basic getByteSize", bytes, new int[] {1, 2, 2, 1, 4, 8, 4, 8, 0});
        Datatype vector = Datatype.Vector(3, 2, 4, MPI.DOUBLE);
        vector.Commit();
        Out.line(P, "derived getType", vector.getType());
        Out.line(P, "packed and null getType", new int[] {MPI.PACKED.getType(), MPI.NULL.getType(),
            MPI.PACKED.getByteSize(), MPI.NULL.getByteSize()});
        Out.line(P, "baseType fields", new int[] {MPI.INT.baseType, MPI.OBJECT.baseType, vector.baseType});
        w.Attr_delete(MPI.HOST);
        Out.line(P, "attr_delete returns", true);
        Op max = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
                    throws MPIException {
                int[] a = (int[]) in;
                int[] b = (int[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = Math.max(a[inOffset + i], b[inoutOffset + i]);
                }
            }
        }, true, 0);
        int[] got = new int[1];
        w.Allreduce(new int[] {w.Rank() * 3}, 0, got, 0, 1, MPI.INT, max);
        Out.check(P, "op with a code", got[0], 3 * (w.Size() - 1));
        w.Barrier();
        Out.line(P, "done", true);
    }
}
