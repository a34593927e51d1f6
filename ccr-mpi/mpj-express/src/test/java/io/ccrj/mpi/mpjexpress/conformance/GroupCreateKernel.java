package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Op;
import java.util.List;

/**
 * Groups and {@code create}: the world group reversed, the even ranks by a range, their
 * translation back to world ranks; a communicator of the reversed odd ranks made by
 * {@code create} (ranks outside it get none), with an allgather of world ranks showing its order
 * and an allreduce.
 */
public final class GroupCreateKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        Group world = comm.group();
        int[] ids = new int[n];
        int[] reversed = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
            reversed[i] = n - 1 - i;
        }
        Group evens = world.rangeIncl(new int[][] {{0, n - 1, 2}});
        Group oddsReversed = Group.difference(world.incl(reversed), evens);
        int[] oddWorldRanks = Group.translateRanks(oddsReversed, java.util.Arrays.copyOf(ids, oddsReversed.size()),
                world);
        Comm odd = comm.create(oddsReversed);
        String inOdd = "none";
        if (odd != null) {
            int[] order = new int[odd.size()];
            odd.allgather(new int[] {r}, 0, 1, Datatype.INT, order, 0, 1, Datatype.INT);
            long[] sum = new long[1];
            odd.allreduce(new long[] {r}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
            inOdd = odd.rank() + "/" + odd.size() + " " + java.util.Arrays.toString(order) + " " + sum[0];
        }
        return List.of(new int[] {world.size(), world.rank(), evens.size(), evens.rank()}, oddWorldRanks, inOdd);
    }

    @Override
    public Object expected(int r, int n) {
        int odds = n / 2;
        int[] oddWorld = new int[odds];
        long sum = 0;
        int k = 0;
        int myRank = -1;
        for (int w = n - 1; w >= 0; w--) {
            if (w % 2 == 1) {
                if (w == r) {
                    myRank = k;
                }
                oddWorld[k++] = w;
                sum += w;
            }
        }
        String inOdd = r % 2 == 1 ? myRank + "/" + odds + " " + java.util.Arrays.toString(oddWorld) + " " + sum
                : "none";
        return List.of(new int[] {n, r, (n + 1) / 2, r % 2 == 0 ? r / 2 : Group.UNDEFINED}, oddWorld, inOdd);
    }
}
