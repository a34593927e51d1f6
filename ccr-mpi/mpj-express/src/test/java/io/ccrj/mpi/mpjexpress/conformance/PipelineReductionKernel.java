package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.List;

/**
 * A pipeline with a final reduction (the Pipeline pattern of Qiu et al. 2007): {@value #ITEMS} items flow
 * from rank 0 through every rank to the last, each rank adding its contribution to each item
 * (send / recv, one tag per item); then an allreduce sums each rank's contributions and the
 * last rank broadcasts the finished items. Returns what each rank forwarded, the allreduced
 * total and the finished items.
 */
public final class PipelineReductionKernel implements ConformanceKernel {
    static final int ITEMS = 4;

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        long[] forwarded = new long[ITEMS];
        long mine = 0;
        long[] item = new long[1];
        for (int k = 0; k < ITEMS; k++) {
            if (r == 0) {
                item[0] = 1000L * k;
            } else {
                comm.recv(item, 0, 1, Datatype.LONG, r - 1, k);
            }
            item[0] += contribution(r, k);
            mine += contribution(r, k);
            forwarded[k] = item[0];
            if (r < n - 1) {
                comm.send(item, 0, 1, Datatype.LONG, r + 1, k);
            }
        }
        long[] total = new long[1];
        comm.allreduce(new long[] {mine}, 0, total, 0, 1, Datatype.LONG, Op.SUM);
        long[] finished = r == n - 1 ? forwarded.clone() : new long[ITEMS];
        comm.bcast(finished, 0, ITEMS, Datatype.LONG, n - 1);
        return List.of(forwarded, total, finished);
    }

    private static long contribution(int r, int k) {
        return (r + 1L) * (k + 2L);
    }

    @Override
    public Object expected(int rank, int n) {
        long[] forwarded = new long[ITEMS];
        long[] finished = new long[ITEMS];
        long total = 0;
        for (int k = 0; k < ITEMS; k++) {
            long v = 1000L * k;
            for (int r = 0; r < n; r++) {
                v += contribution(r, k);
                total += contribution(r, k);
                if (r == rank) {
                    forwarded[k] = v;
                }
            }
            finished[k] = v;
        }
        return List.of(forwarded, new long[] {total}, finished);
    }
}
