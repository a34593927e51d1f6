package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Non-blocking all-to-all by hand: every rank posts an {@code irecv} from every other rank, then
 * an {@code isend} to every other rank, and completes all of them with {@code waitAll}; then a
 * second round whose receives name ANY_SOURCE and are completed by polling {@code test}. Returns
 * the received blocks, the receive statuses (source, tag, count) and the send statuses
 * (destination, tag, count).
 */
public final class IsendIrecvWaitAllKernel implements ConformanceKernel {
    static final int K = 2;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        double[] in = new double[n * K];
        List<Request> requests = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            if (p != r) {
                requests.add(comm.irecv(in, p * K, K, Datatype.DOUBLE, p, 7));
            }
        }
        for (int p = 0; p < n; p++) {
            if (p != r) {
                double[] out = {r + p * 0.5, -r - p * 0.25};
                requests.add(comm.isend(out, 0, K, Datatype.DOUBLE, p, 7));
            }
        }
        Status[] statuses = Request.waitAll(requests.toArray(new Request[0]));
        int[] flat = new int[3 * statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            flat[3 * i] = statuses[i].source();
            flat[3 * i + 1] = statuses[i].tag();
            flat[3 * i + 2] = statuses[i].count();
        }
        // Round 2: ANY_SOURCE receives completed by test().
        List<Request> receives = new ArrayList<>();
        List<int[]> bufs = new ArrayList<>();
        for (int k = 1; k < n; k++) {
            int[] b = new int[1];
            bufs.add(b);
            receives.add(comm.irecv(b, 0, 1, Datatype.INT, Comm.ANY_SOURCE, 8));
        }
        List<Request> sends = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            if (p != r) {
                sends.add(comm.isend(new int[] {10 * r + p}, 0, 1, Datatype.INT, p, 8));
            }
        }
        List<int[]> got = new ArrayList<>();
        for (int k = 0; k < receives.size(); k++) {
            Status st;
            while ((st = receives.get(k).test()) == null) {
                Thread.yield();
            }
            if (!receives.get(k).isComplete()) {
                throw new AssertionError("test() returned a status but isComplete() is false");
            }
            got.add(new int[] {st.source(), st.count(), bufs.get(k)[0]});
        }
        Request.waitAll(sends.toArray(new Request[0]));
        got.sort(Comparator.comparingInt(a -> a[0]));
        return List.of(in, flat, got);
    }

    @Override
    public Object expected(int r, int n) {
        double[] in = new double[n * K];
        for (int p = 0; p < n; p++) {
            if (p != r) {
                in[p * K] = p + r * 0.5;
                in[p * K + 1] = -p - r * 0.25;
            }
        }
        int[] flat = new int[3 * 2 * (n - 1)];
        int i = 0;
        for (int round = 0; round < 2; round++) {
            for (int p = 0; p < n; p++) {
                if (p != r) {
                    flat[i++] = p;
                    flat[i++] = 7;
                    flat[i++] = K;
                }
            }
        }
        List<int[]> got = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            if (p != r) {
                got.add(new int[] {p, 1, 10 * p + r});
            }
        }
        return List.of(in, flat, got);
    }
}
