package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * ANY_SOURCE / ANY_TAG matching. Phase 1: every rank but 0 sends rank 0 a message of its own
 * length and tag; rank 0 receives them with both wildcards and reports (source, tag, count,
 * elements) sorted by source. Phase 2, after a barrier: every rank but 0 sends tag 5, then tag
 * 6; rank 0 first receives all tag-6 messages, then all tag-5 ones, from ANY_SOURCE (a later
 * message with another tag may be received first).
 */
public final class AnySourceKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<int[]> rows = new ArrayList<>();
        if (r == 0) {
            int[] buf = new int[4];
            for (int k = 1; k < n; k++) {
                java.util.Arrays.fill(buf, 0);
                Status st = comm.recv(buf, 0, 4, Datatype.INT, Comm.ANY_SOURCE, Comm.ANY_TAG);
                int[] row = new int[3 + st.count()];
                row[0] = st.source();
                row[1] = st.tag();
                row[2] = st.count();
                System.arraycopy(buf, 0, row, 3, st.count());
                rows.add(row);
            }
            rows.sort(Comparator.comparingInt(a -> a[0]));
        } else {
            int count = length(r);
            int[] msg = new int[count];
            for (int i = 0; i < count; i++) {
                msg[i] = 10 * r + i;
            }
            comm.send(msg, 0, count, Datatype.INT, 0, 10 + r);
        }
        comm.barrier();
        List<int[]> byTag = new ArrayList<>();
        if (r == 0) {
            for (int tag : new int[] {6, 5}) {
                List<int[]> got = new ArrayList<>();
                for (int k = 1; k < n; k++) {
                    int[] v = new int[1];
                    Status st = comm.recv(v, 0, 1, Datatype.INT, Comm.ANY_SOURCE, tag);
                    got.add(new int[] {st.source(), st.tag(), v[0]});
                }
                got.sort(Comparator.comparingInt(a -> a[0]));
                byTag.addAll(got);
            }
        } else {
            comm.send(new int[] {500 + r}, 0, 1, Datatype.INT, 0, 5);
            comm.send(new int[] {600 + r}, 0, 1, Datatype.INT, 0, 6);
        }
        return List.of(rows, byTag);
    }

    private static int length(int r) {
        return r % 4 + 1;
    }

    @Override
    public Object expected(int r, int n) {
        List<int[]> rows = new ArrayList<>();
        List<int[]> byTag = new ArrayList<>();
        if (r == 0) {
            for (int s = 1; s < n; s++) {
                int count = length(s);
                int[] row = new int[3 + count];
                row[0] = s;
                row[1] = 10 + s;
                row[2] = count;
                for (int i = 0; i < count; i++) {
                    row[3 + i] = 10 * s + i;
                }
                rows.add(row);
            }
            for (int tag : new int[] {6, 5}) {
                for (int s = 1; s < n; s++) {
                    byTag.add(new int[] {s, tag, tag * 100 + s});
                }
            }
        }
        return List.of(rows, byTag);
    }
}
