package io.ccrj.mpi.mpijava.programs;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * {@code Request.Cancel} and {@code Status.Test_cancelled}: a receive no message will match is
 * cancelled and completes; a matched send is not cancelled. MPJ Express 0.44 does not implement
 * {@code Cancel} (a known deviation, named in its test): the program polls {@code Test} a bounded
 * number of times instead of waiting, so that it ends there too.
 */
public class CancelProgram {
    private static final String P = "cancel";

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
        Request never = w.Irecv(new int[1], 0, 1, MPI.INT, left, 99);
        never.Cancel();
        Status s = null;
        for (int i = 0; i < 1000 && s == null; i++) {
            s = never.Test();
            Thread.onSpinWait();
        }
        Out.check(P, "cancelled receive completes", s != null, true);
        Out.check(P, "test_cancelled", s != null && s.Test_cancelled(), true);
        int[] got = new int[1];
        Request r = w.Irecv(got, 0, 1, MPI.INT, left, 1);
        Request send = w.Isend(new int[] {me + 1}, 0, 1, MPI.INT, right, 1);
        r.Wait();
        send.Cancel();
        Out.check(P, "delivered send not cancelled", send.Wait().Test_cancelled() + " " + got[0],
                "false " + (left + 1));
        Out.line(P, "done", true);
        MPI.Finalize();
    }
}
