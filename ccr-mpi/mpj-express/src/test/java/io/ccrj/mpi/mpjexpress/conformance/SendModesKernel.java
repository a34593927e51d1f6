package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * The send modes around a ring: synchronous (even ranks send first, odd ones receive first),
 * buffered (with an attached buffer), ready (after the receiver posted and said so), their
 * non-blocking forms completed by {@code waitAll}; {@code sendrecvReplace}; persistent requests
 * started three times ({@code startAll}); rank 0 collecting one message from every other rank with
 * {@code waitAny} (wildcard source), then with {@code waitSome} and {@code testAll} (wildcard
 * tag). Cancel is {@link CancelKernel}'s.
 */
public final class SendModesKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        List<Object> out = new ArrayList<>();
        // synchronous, blocking: a ring that deadlocks unless half the ranks receive first
        int[] got = new int[2];
        int[] mine = {r, 10 * r};
        if (r % 2 == 0) {
            comm.ssend(mine, 0, 2, Datatype.INT, right, 1);
            comm.recv(got, 0, 2, Datatype.INT, left, 1);
        } else {
            comm.recv(got, 0, 2, Datatype.INT, left, 1);
            comm.ssend(mine, 0, 2, Datatype.INT, right, 1);
        }
        out.add(got.clone());
        // buffered
        comm.bufferAttach(64 + Comm.BSEND_OVERHEAD);
        double[] d = {r + 0.5};
        comm.bsend(d, 0, 1, Datatype.DOUBLE, right, 2);
        double[] dg = new double[1];
        comm.recv(dg, 0, 1, Datatype.DOUBLE, left, 2);
        out.add(dg);
        // ready: the receiver posts, then tells the sender
        long[] lg = new long[1];
        Request posted = comm.irecv(lg, 0, 1, Datatype.LONG, left, 3);
        comm.barrier();
        comm.rsend(new long[] {100L + r}, 0, 1, Datatype.LONG, right, 3);
        posted.waitFor();
        out.add(lg);
        // non-blocking modes
        short[] s1 = new short[1];
        short[] s2 = new short[1];
        short[] s3 = new short[1];
        Request[] rr = {comm.irecv(s1, 0, 1, Datatype.SHORT, left, 4), comm.irecv(s2, 0, 1, Datatype.SHORT, left, 5),
                comm.irecv(s3, 0, 1, Datatype.SHORT, left, 6)};
        comm.barrier();
        Request[] sr = {comm.issend(new short[] {(short) r}, 0, 1, Datatype.SHORT, right, 4),
                comm.ibsend(new short[] {(short) (2 * r)}, 0, 1, Datatype.SHORT, right, 5),
                comm.irsend(new short[] {(short) (3 * r)}, 0, 1, Datatype.SHORT, right, 6)};
        Request.waitAll(rr);
        Request.waitAll(sr);
        out.add(new short[] {s1[0], s2[0], s3[0]});
        out.add(comm.bufferDetach());
        // sendrecvReplace
        char[] c = {'a', (char) ('A' + r), 'z'};
        Status st = comm.sendrecvReplace(c, 1, 1, Datatype.CHAR, right, 7, Comm.ANY_SOURCE, 7);
        out.add(c);
        out.add(new int[] {st.source(), st.tag(), st.count()});
        // persistent requests, three rounds
        float[] ps = new float[1];
        float[] pr = new float[1];
        PersistentRequest recv = comm.recvInit(pr, 0, 1, Datatype.FLOAT, left, 8);
        PersistentRequest send = comm.sendInit(ps, 0, 1, Datatype.FLOAT, right, 8);
        float[] rounds = new float[3];
        for (int k = 0; k < 3; k++) {
            ps[0] = r * 10 + k;
            Request.startAll(recv, send);
            Request.waitAll(recv, send);
            rounds[k] = pr[0];
        }
        out.add(rounds);
        // rank 0 collects from everyone else: waitAny over wildcard-source receives, then
        // waitSome and testAll over wildcard-tag ones
        if (r == 0) {
            int[][] a = new int[n][1];
            Request[] any = new Request[n - 1];
            for (int k = 0; k < n - 1; k++) {
                any[k] = comm.irecv(a[k], 0, 1, Datatype.INT, Comm.ANY_SOURCE, 9);
            }
            int sum = 0;
            for (int k = 0; k < n - 1; k++) {
                Status s = Request.waitAny(any);
                any[s.index()] = null;
                sum += a[s.index()][0];
            }
            int[][] b = new int[n][1];
            Request[] some = new Request[n];
            for (int k = 1; k < n; k++) {
                some[k] = comm.irecv(b[k], 0, 1, Datatype.INT, k, Comm.ANY_TAG);
            }
            int seen = 0;
            while (seen < n - 1) {
                for (Status s : Request.waitSome(some)) {
                    some[s.index()] = null;
                    sum += 1000 * b[s.index()][0] + s.tag();
                    seen++;
                }
            }
            out.add(new int[] {sum, Request.testAll(some).length});
        } else {
            comm.send(new int[] {r}, 0, 1, Datatype.INT, 0, 9);
            comm.send(new int[] {r}, 0, 1, Datatype.INT, 0, 20 + r);
            out.add(new int[0]);
        }
        comm.barrier();
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        int left = (r - 1 + n) % n;
        List<Object> out = new ArrayList<>();
        out.add(new int[] {left, 10 * left});
        out.add(new double[] {left + 0.5});
        out.add(new long[] {100L + left});
        out.add(new short[] {(short) left, (short) (2 * left), (short) (3 * left)});
        out.add(64 + Comm.BSEND_OVERHEAD);
        out.add(new char[] {'a', (char) ('A' + left), 'z'});
        out.add(new int[] {left, 7, 1});
        out.add(new float[] {left * 10, left * 10 + 1, left * 10 + 2});
        if (r == 0) {
            int sum = 0;
            for (int k = 1; k < n; k++) {
                sum += k + 1000 * k + 20 + k;
            }
            out.add(new int[] {sum, n});
        } else {
            out.add(new int[0]);
        }
        return out;
    }
}
