package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * Cancel: a receive that no message matches is cancelled and then completes with a cancelled
 * status; a send, which has already delivered its message, is not cancelled and its message is
 * received. The cancelled receive is polled with {@code test} a bounded number of times rather
 * than waited for, so that a backend that cannot cancel shows a wrong result instead of hanging.
 */
public final class CancelKernel implements ConformanceKernel {

    /** Polls of the cancelled receive before the kernel gives up on it. */
    static final int POLLS = 200;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        List<Object> out = new ArrayList<>();
        Request never = comm.irecv(new int[1], 0, 1, Datatype.INT, left, 99);
        never.cancel();
        Status s = null;
        for (int i = 0; i < POLLS && s == null; i++) {
            s = never.test();
            Thread.yield();
        }
        out.add(s == null ? "still pending after cancel" : "cancelled=" + s.cancelled());
        int[] got = new int[1];
        Request recv = comm.irecv(got, 0, 1, Datatype.INT, left, 98);
        Request sent = comm.isend(new int[] {r}, 0, 1, Datatype.INT, right, 98);
        sent.cancel();
        Status ss = sent.waitFor();
        recv.waitFor();
        out.add("send cancelled=" + ss.cancelled() + ", received " + got[0]);
        comm.barrier();
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        out.add("cancelled=true");
        out.add("send cancelled=false, received " + (r - 1 + n) % n);
        return out;
    }

    @Override
    public String mpjExpressDeviation() {
        return "MPJ Express 0.44's Cancel leaves a pending receive pending: it never completes";
    }
}
