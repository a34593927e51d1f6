package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import java.util.ArrayList;
import java.util.List;

/**
 * Alltoall of every datatype, two elements per block: rank {@code i}'s block {@code j} (value
 * {@code 100 i + 10 j + e}) must land at rank {@code j}'s block {@code i}.
 */
public final class AlltoallKernel implements ConformanceKernel {
    static final int K = 2;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            Object send = Values.buffer(type, 1 + n * K, i -> i == 0 ? -7 : 100 * r + 10 * ((i - 1) / K) + (i - 1) % K);
            Object recv = Values.sentinel(type, n * K + 1);
            comm.alltoall(send, 1, K, type, recv, 0, K, type);
            out.add(recv);
        }
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        for (Datatype type : Values.TYPES) {
            out.add(Values.buffer(type, n * K + 1, i -> i == n * K ? -1000 - i : 100 * (i / K) + 10 * r + i % K));
        }
        return out;
    }
}
