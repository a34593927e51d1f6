package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import java.util.ArrayList;
import java.util.List;

/** Allgather of every datatype, one and three elements per rank, from and into offsets. */
public final class AllgatherKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            for (int k : new int[] {1, 3}) {
                Object send = Values.buffer(type, k + 1, i -> 10 * r + i);
                Object recv = Values.sentinel(type, 2 + n * k);
                comm.allgather(send, 1, k, type, recv, 2, k, type);
                out.add(recv);
            }
        }
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            for (int k : new int[] {1, 3}) {
                out.add(Values.buffer(type, 2 + n * k, i -> i < 2 ? -1000 - i : 10 * ((i - 2) / k) + 1 + (i - 2) % k));
            }
        }
        return out;
    }
}
