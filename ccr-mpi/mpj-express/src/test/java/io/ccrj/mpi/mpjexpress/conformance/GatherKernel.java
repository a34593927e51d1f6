package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import java.util.ArrayList;
import java.util.List;

/**
 * Gather of every datatype, two elements per rank, to the last rank and then to rank 0, into an
 * offset of the root's buffer; non-roots pass {@code null} the first time and a sentinel buffer
 * the second, which must stay untouched.
 */
public final class GatherKernel implements ConformanceKernel {
    static final int K = 2;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            Object send = Values.buffer(type, K + 1, i -> 100 * r + i);
            int root = n - 1;
            Object recv = r == root ? Values.sentinel(type, 1 + n * K) : null;
            comm.gather(send, 1, K, type, recv, 1, K, type, root);
            out.add(recv == null ? "null" : recv);
            Object again = Values.sentinel(type, n * K);
            comm.gather(send, 0, K, type, again, 0, K, type, 0);
            out.add(again);
        }
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            if (r == n - 1) {
                out.add(Values.buffer(type, 1 + n * K, i -> i == 0 ? -1000 : 100 * ((i - 1) / K) + 1 + (i - 1) % K));
            } else {
                out.add("null");
            }
            if (r == 0) {
                out.add(Values.buffer(type, n * K, i -> 100 * (i / K) + i % K));
            } else {
                out.add(Values.sentinel(type, n * K));
            }
        }
        return out;
    }
}
