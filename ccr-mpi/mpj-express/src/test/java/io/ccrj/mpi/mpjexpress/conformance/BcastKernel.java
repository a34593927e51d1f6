package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import java.util.ArrayList;
import java.util.List;

/**
 * Broadcast of every datatype from the first, a middle and the last rank, into the middle of a
 * larger buffer (offset 1, count 3 of 5): the other elements must stay as they were.
 */
public final class BcastKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            for (int root : roots(n)) {
                Object buf = Values.buffer(type, 5, i -> 10 * r + i);
                comm.bcast(buf, 1, 3, type, root);
                out.add(buf);
            }
        }
        return out;
    }

    static int[] roots(int n) {
        return new int[] {0, n / 2, n - 1};
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            for (int root : roots(n)) {
                out.add(Values.buffer(type, 5, i -> i == 0 || i == 4 ? 10 * r + i : 10 * root + i));
            }
        }
        return out;
    }
}
