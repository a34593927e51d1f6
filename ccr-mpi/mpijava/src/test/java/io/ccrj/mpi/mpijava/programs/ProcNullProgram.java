package io.ccrj.mpi.mpijava.programs;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

/**
 * {@code MPI.PROC_NULL} in point-to-point calls: a non-periodic line whose ends send to and
 * receive from PROC_NULL with Sendrecv, as codes using {@code Cartcomm.Shift} do. MPJ Express
 * 0.44 rejects PROC_NULL destinations (a known deviation, named in its test).
 */
public class ProcNullProgram {
    private static final String P = "procnull";

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
        int next = me + 1 < n ? me + 1 : MPI.PROC_NULL;
        int prev = me > 0 ? me - 1 : MPI.PROC_NULL;
        int[] fromPrev = {-7};
        Status s = w.Sendrecv(new int[] {me}, 0, 1, MPI.INT, next, 4, fromPrev, 0, 1, MPI.INT, prev, 4);
        Out.check(P, "line value", fromPrev[0], me > 0 ? me - 1 : -7);
        Out.check(P, "line status", new int[] {s.source, s.Get_count(MPI.INT)},
                new int[] {me > 0 ? me - 1 : MPI.PROC_NULL, me > 0 ? 1 : 0});
        Status r = w.Recv(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        Out.check(P, "recv from PROC_NULL", new int[] {r.source, r.tag, r.Get_count(MPI.INT)},
                new int[] {MPI.PROC_NULL, MPI.ANY_TAG, 0});
        w.Send(new int[] {1}, 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        Out.line(P, "done", true);
        MPI.Finalize();
    }
}
