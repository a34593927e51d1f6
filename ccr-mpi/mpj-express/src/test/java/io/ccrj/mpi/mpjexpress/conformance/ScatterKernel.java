package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import java.util.ArrayList;
import java.util.List;

/**
 * Scatter of every datatype, two elements per rank, from rank 0 (non-roots pass {@code null})
 * and from the last rank, out of an offset of the root's buffer into an offset of each rank's.
 */
public final class ScatterKernel implements ConformanceKernel {
    static final int K = 2;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            for (int root : new int[] {0, n - 1}) {
                Object send = r == root ? Values.buffer(type, 1 + n * K, i -> 1000 * root + i) : null;
                Object recv = Values.sentinel(type, K + 1);
                comm.scatter(send, 1, K, type, recv, 1, K, type, root);
                out.add(recv);
            }
        }
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            for (int root : new int[] {0, n - 1}) {
                out.add(Values.buffer(type, K + 1, i -> i == 0 ? -1000 : 1000 * root + 1 + r * K + (i - 1)));
            }
        }
        return out;
    }
}
