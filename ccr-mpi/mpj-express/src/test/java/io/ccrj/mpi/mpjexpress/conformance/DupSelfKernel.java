package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.List;

/**
 * Communicator management both backends offer: {@code dup} (a ring shift on the duplicate and on
 * the original with the same tag, each receive getting its own communicator's message),
 * {@code compare}, {@code self} (an allreduce of one) and {@code free}.
 */
public final class DupSelfKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        Comm dup = comm.dup();
        int right = (r + 1) % n;
        int left = (r + n - 1) % n;
        int[] onDup = new int[1];
        int[] onWorld = new int[1];
        var dupRecv = dup.irecv(onDup, 0, 1, Datatype.INT, left, 3);
        var worldRecv = comm.irecv(onWorld, 0, 1, Datatype.INT, left, 3);
        comm.isend(new int[] {100 + r}, 0, 1, Datatype.INT, right, 3).waitFor();
        dup.isend(new int[] {200 + r}, 0, 1, Datatype.INT, right, 3).waitFor();
        dupRecv.waitFor();
        worldRecv.waitFor();
        Comm self = comm.self();
        long[] selfSum = new long[1];
        self.allreduce(new long[] {r + 5L}, 0, selfSum, 0, 1, Datatype.LONG, Op.SUM);
        String comparisons = comm.compare(comm) + " " + comm.compare(dup);
        dup.free();
        return List.of(onWorld, onDup, new int[] {self.rank(), self.size()}, selfSum, comparisons, dup.isFreed());
    }

    @Override
    public Object expected(int r, int n) {
        int left = (r + n - 1) % n;
        return List.of(new int[] {100 + left}, new int[] {200 + left}, new int[] {0, 1}, new long[] {r + 5L},
                "IDENT CONGRUENT", true);
    }
}
