package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * Reductions whose user function combines in place on the objects of {@code inout}, as mpiJava
 * programs write them ({@code ((long[]) inout[i])[0] += ((long[]) in[i])[0]}): allreduce, reduce
 * to a non-zero root, and scan, each followed by a check that no rank's send buffer changed.
 * ccr-mpi passes object references between ranks and must give the function private copies.
 */
public final class InPlaceUserFunctionKernel implements ConformanceKernel {

    /** {@code inout[i][0] = in[i][0] + inout[i][0]}, changing the {@code long[]} of inout. */
    static final Op ADD_IN_PLACE = Op.create("add-in-place", true, (in, io, inout, ioo, count, type) -> {
        for (int i = 0; i < count; i++) {
            ((long[]) ((Object[]) inout)[ioo + i])[0] += ((long[]) ((Object[]) in)[io + i])[0];
        }
    });

    /** Decimal concatenation of (value, 10^digits) pairs, in place and not commutative. */
    static final Op CONCAT_IN_PLACE = Op.create("concat-in-place", false, (in, io, inout, ioo, count, type) -> {
        for (int i = 0; i < count; i++) {
            long[] left = (long[]) ((Object[]) in)[io + i];
            long[] right = (long[]) ((Object[]) inout)[ioo + i];
            right[0] = left[0] * right[1] + right[0];
            right[1] = left[1] * right[1];
        }
    });

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        Object[] send = {new long[] {r + 1}, new long[] {1}};
        Object[] all = new Object[2];
        comm.allreduce(send, 0, all, 0, 2, Datatype.OBJECT, ADD_IN_PLACE);
        Object[] red = new Object[2];
        comm.reduce(send, 0, red, 0, 2, Datatype.OBJECT, ADD_IN_PLACE, n - 1);
        Object[] digits = {new long[] {r + 1, 10}};
        Object[] prefix = new Object[1];
        comm.scan(digits, 0, prefix, 0, 1, Datatype.OBJECT, CONCAT_IN_PLACE);
        Object[] whole = new Object[1];
        comm.allreduce(digits, 0, whole, 0, 1, Datatype.OBJECT, CONCAT_IN_PLACE);
        comm.barrier();
        out.add(new long[] {((long[]) all[0])[0], ((long[]) all[1])[0]});
        out.add(r == n - 1 ? new long[] {((long[]) red[0])[0], ((long[]) red[1])[0]} : new long[0]);
        out.add(((long[]) prefix[0])[0]);
        out.add(((long[]) whole[0])[0]);
        out.add(new long[] {((long[]) send[0])[0], ((long[]) send[1])[0], ((long[]) digits[0])[0],
                ((long[]) digits[0])[1]});
        return out;
    }

    @Override
    public String mpjExpressDeviation() {
        return "MPJ Express 0.44's multicore device hands user functions objects that other ranks still "
                + "hold, so functions that combine in place give wrong results (3 ranks: 8 where 6 is right)";
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        long total = (long) n * (n + 1) / 2;
        out.add(new long[] {total, n});
        out.add(r == n - 1 ? new long[] {total, n} : new long[0]);
        long prefix = 0;
        long whole = 0;
        for (int q = 0; q < n; q++) {
            whole = whole * 10 + q + 1;
            if (q <= r) {
                prefix = whole;
            }
        }
        out.add(prefix);
        out.add(whole);
        out.add(new long[] {r + 1, 1, r + 1, 10});
        return out;
    }
}
