package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.List;

/**
 * Sub-communicators by {@code split}: even and odd ranks, ordered by a key that reverses them;
 * inside each, rank and size, an allgather of world ranks (shows the order), an allreduce, a
 * broadcast from the sub-root and a ring shift; then a split in which rank 1 passes
 * {@link Comm#UNDEFINED} and gets no communicator.
 */
public final class SplitKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        Comm sub = comm.split(r % 2, n - r);
        int m = sub.size();
        int[] members = new int[m];
        sub.allgather(new int[] {r}, 0, 1, Datatype.INT, members, 0, 1, Datatype.INT);
        long[] sum = new long[1];
        sub.allreduce(new long[] {r * r}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
        double[] fromRoot = {sub.rank() == 0 ? r + 0.5 : -1};
        sub.bcast(fromRoot, 0, 1, Datatype.DOUBLE, 0);
        int[] shifted = new int[1];
        sub.sendrecv(new int[] {r}, 0, 1, Datatype.INT, (sub.rank() + 1) % m, 0,
                shifted, 0, 1, Datatype.INT, (sub.rank() - 1 + m) % m, 0);
        Comm none = comm.split(r == 1 ? Comm.UNDEFINED : 0, r);
        String other = none == null ? "none" : none.rank() + "/" + none.size();
        return List.of(new int[] {sub.rank(), m}, members, sum, fromRoot, shifted, other);
    }

    @Override
    public Object expected(int r, int n) {
        int color = r % 2;
        // Members of the color in key order: key n - w decreases with w, so highest world rank first.
        int m = 0;
        for (int w = n - 1; w >= 0; w--) {
            if (w % 2 == color) {
                m++;
            }
        }
        int[] members = new int[m];
        int i = 0;
        long sum = 0;
        int myRank = -1;
        for (int w = n - 1; w >= 0; w--) {
            if (w % 2 == color) {
                if (w == r) {
                    myRank = i;
                }
                members[i++] = w;
                sum += (long) w * w;
            }
        }
        int prev = members[(myRank - 1 + m) % m];
        String other = r == 1 ? "none" : (r == 0 ? 0 : r - 1) + "/" + (n - 1);
        return List.of(new int[] {myRank, m}, members, new long[] {sum}, new double[] {members[0] + 0.5},
                new int[] {prev}, other);
    }
}
