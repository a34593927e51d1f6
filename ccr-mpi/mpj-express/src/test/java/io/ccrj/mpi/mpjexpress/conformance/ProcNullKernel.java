package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Comm#PROC_NULL} in every point-to-point call: a non-periodic line whose ends exchange
 * with PROC_NULL through {@code sendrecv} and {@code sendrecvReplace}, and every send mode,
 * {@code irecv}, {@code probe}, {@code iprobe} and persistent request with PROC_NULL, which
 * complete at once and move nothing.
 */
public final class ProcNullKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int p = Comm.PROC_NULL;
        int next = r + 1 < n ? r + 1 : p;
        int prev = r > 0 ? r - 1 : p;
        List<Object> out = new ArrayList<>();
        int[] b = {r};
        comm.send(b, 0, 1, Datatype.INT, p, 1);
        comm.ssend(b, 0, 1, Datatype.INT, p, 1);
        comm.bsend(b, 0, 1, Datatype.INT, p, 1);
        comm.rsend(b, 0, 1, Datatype.INT, p, 1);
        out.add(statusOf(comm.recv(b, 0, 1, Datatype.INT, p, 1)));
        out.add(statusOf(comm.probe(p, Comm.ANY_TAG)));
        out.add(statusOf(comm.iprobe(p, 3)));
        Request[] reqs = {comm.isend(b, 0, 1, Datatype.INT, p, 2), comm.issend(b, 0, 1, Datatype.INT, p, 2),
            comm.ibsend(b, 0, 1, Datatype.INT, p, 2), comm.irsend(b, 0, 1, Datatype.INT, p, 2),
            comm.irecv(b, 0, 1, Datatype.INT, p, 2)};
        for (Status s : Request.waitAll(reqs)) {
            out.add(statusOf(s));
        }
        PersistentRequest[] ps = {comm.sendInit(b, 0, 1, Datatype.INT, p, 4), comm.ssendInit(b, 0, 1, Datatype.INT,
            p, 4), comm.bsendInit(b, 0, 1, Datatype.INT, p, 4), comm.rsendInit(b, 0, 1, Datatype.INT, p, 4),
            comm.recvInit(b, 0, 1, Datatype.INT, p, 4)};
        int completed = 0;
        for (int round = 0; round < 2; round++) {
            Request.startAll(ps);
            for (Status s : Request.waitAll(ps)) {
                completed += s.source() == p ? 1 : 0;
            }
        }
        out.add(new int[] {completed, b[0]});
        int[] got = {-7};
        out.add(statusOf(comm.sendrecv(new int[] {10 * r}, 0, 1, Datatype.INT, next, 5, got, 0, 1, Datatype.INT,
                prev, 5)));
        out.add(got);
        int[] v = {100 + r};
        out.add(statusOf(comm.sendrecvReplace(v, 0, 1, Datatype.INT, next, 6, prev, 6)));
        out.add(v);
        return out;
    }

    private static int[] statusOf(Status s) {
        return new int[] {s.source(), s.tag(), s.count()};
    }

    @Override
    public Object expected(int r, int n) {
        int p = Comm.PROC_NULL;
        int[] nullRecv = {p, Comm.ANY_TAG, 0};
        int[] nullSend = {p, 2, 0};
        List<Object> out = new ArrayList<>(List.of(nullRecv, nullRecv, nullRecv, nullSend, nullSend, nullSend,
                nullSend, nullRecv, new int[] {10, r}));
        out.add(r > 0 ? new int[] {r - 1, 5, 1} : nullRecv);
        out.add(new int[] {r > 0 ? 10 * (r - 1) : -7});
        out.add(r > 0 ? new int[] {r - 1, 6, 1} : nullRecv);
        out.add(new int[] {r > 0 ? 100 + r - 1 : 100});
        return out;
    }
}
