package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * Non-overtaking order per (source, tag). Every rank sends its right neighbour {@value #M}
 * messages alternating tags 1 and 2; the neighbour receives the tag-2 ones first, then the rest
 * with ANY_TAG, and each group must arrive in sending order. Then every rank but 0 sends rank 0
 * {@value #M} messages with tag 3, which rank 0 receives from ANY_SOURCE: per source, in sending
 * order.
 */
public final class NonOvertakingKernel implements ConformanceKernel {
    static final int M = 6;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        for (int k = 0; k < M; k++) {
            comm.send(new long[] {100L * r + k}, 0, 1, Datatype.LONG, right, k % 2 + 1);
        }
        long[] received = new long[M];
        int[] tags = new int[M];
        long[] v = new long[1];
        for (int k = 0; k < M / 2; k++) {
            Status st = comm.recv(v, 0, 1, Datatype.LONG, left, 2);
            received[k] = v[0];
            tags[k] = st.tag();
        }
        for (int k = M / 2; k < M; k++) {
            Status st = comm.recv(v, 0, 1, Datatype.LONG, left, Comm.ANY_TAG);
            received[k] = v[0];
            tags[k] = st.tag();
        }
        List<List<Long>> perSource = new ArrayList<>();
        if (r == 0) {
            for (int s = 0; s < n; s++) {
                perSource.add(new ArrayList<>());
            }
            for (int k = 0; k < (n - 1) * M; k++) {
                Status st = comm.recv(v, 0, 1, Datatype.LONG, Comm.ANY_SOURCE, 3);
                perSource.get(st.source()).add(v[0]);
            }
        } else {
            for (int k = 0; k < M; k++) {
                comm.send(new long[] {1000L * r + k}, 0, 1, Datatype.LONG, 0, 3);
            }
        }
        return List.of(received, tags, perSource);
    }

    @Override
    public Object expected(int r, int n) {
        int left = Math.floorMod(r - 1, n);
        long[] received = new long[M];
        int[] tags = new int[M];
        for (int k = 0; k < M / 2; k++) {
            received[k] = 100L * left + 2 * k + 1;
            tags[k] = 2;
            received[M / 2 + k] = 100L * left + 2 * k;
            tags[M / 2 + k] = 1;
        }
        List<List<Long>> perSource = new ArrayList<>();
        if (r == 0) {
            perSource.add(new ArrayList<>());
            for (int s = 1; s < n; s++) {
                List<Long> seq = new ArrayList<>();
                for (int k = 0; k < M; k++) {
                    seq.add(1000L * s + k);
                }
                perSource.add(seq);
            }
        }
        return List.of(received, tags, perSource);
    }
}
