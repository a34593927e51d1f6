package io.ccrj.mpi.mpijava.programs;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * {@code MPI.PROC_NULL} in point-to-point calls: a non-periodic line whose ends send to and
 * receive from PROC_NULL with Sendrecv, as codes using {@code Cartcomm.Shift} do, and every send
 * mode, persistent request and {@code Sendrecv_replace} with PROC_NULL. MPJ Express
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
        // Every send mode, with no buffer attached for Bsend (a send to PROC_NULL needs none).
        int[] b = {me};
        w.Ssend(b, 0, 1, MPI.INT, MPI.PROC_NULL, 1);
        w.Bsend(b, 0, 1, MPI.INT, MPI.PROC_NULL, 1);
        w.Rsend(b, 0, 1, MPI.INT, MPI.PROC_NULL, 1);
        Status[] sent = Request.Waitall(new Request[] {w.Issend(b, 0, 1, MPI.INT, MPI.PROC_NULL, 2),
            w.Ibsend(b, 0, 1, MPI.INT, MPI.PROC_NULL, 2), w.Irsend(b, 0, 1, MPI.INT, MPI.PROC_NULL, 2),
            w.Irecv(b, 0, 1, MPI.INT, MPI.PROC_NULL, 2)});
        Out.check(P, "nonblocking modes sources", new int[] {sent[0].source, sent[1].source, sent[2].source,
            sent[3].source}, new int[] {MPI.PROC_NULL, MPI.PROC_NULL, MPI.PROC_NULL, MPI.PROC_NULL});
        // Persistent requests to and from PROC_NULL, started twice.
        Prequest[] ps = {w.Send_init(b, 0, 1, MPI.INT, MPI.PROC_NULL, 3), w.Ssend_init(b, 0, 1, MPI.INT,
            MPI.PROC_NULL, 3), w.Bsend_init(b, 0, 1, MPI.INT, MPI.PROC_NULL, 3), w.Rsend_init(b, 0, 1, MPI.INT,
            MPI.PROC_NULL, 3), w.Recv_init(b, 0, 1, MPI.INT, MPI.PROC_NULL, 3)};
        int completed = 0;
        for (int round = 0; round < 2; round++) {
            Prequest.Startall(ps);
            completed += Request.Waitall(ps).length;
        }
        Out.check(P, "persistent requests", completed + " " + b[0], "10 " + me);
        // Sendrecv_replace along the line: the ends keep their value on the PROC_NULL side.
        int[] v = {100 + me};
        Status rs = w.Sendrecv_replace(v, 0, 1, MPI.INT, next, 5, prev, 5);
        Out.check(P, "sendrecv_replace", new int[] {v[0], rs.source}, me > 0 ? new int[] {100 + me - 1, me - 1}
                : new int[] {100, MPI.PROC_NULL});
        Out.line(P, "done", true);
        MPI.Finalize();
    }
}
