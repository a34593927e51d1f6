package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.Op;
import java.util.List;

/**
 * Topologies: a grid from {@code dimsCreate}, periodic in dimension 0 only (coordinates, the rank
 * of the coordinates one step up with wrap-around, shifts in both dimensions with
 * {@code PROC_NULL} past the edges, a periodic ring exchange along dimension 0, the row
 * sub-grids' sums), and a ring graph (neighbours and an exchange with both).
 */
public final class TopologyKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int[] dims = {0, 0};
        CartComm.dimsCreate(n, dims);
        CartComm cart = comm.createCart(dims, new boolean[] {true, false}, false);
        int[] c = cart.coords(cart.rank());
        int up = cart.rankOf(new int[] {c[0] + 1, c[1]});
        CartComm.Shift s0 = cart.shift(0, 1);
        CartComm.Shift s1 = cart.shift(1, 1);
        int[] fromBelow = new int[1];
        cart.sendrecv(new int[] {r}, 0, 1, Datatype.INT, s0.dest(), 1, fromBelow, 0, 1, Datatype.INT, s0.source(), 1);
        CartComm row = cart.sub(new boolean[] {false, true});
        long[] rowSum = new long[1];
        row.allreduce(new long[] {r}, 0, rowSum, 0, 1, Datatype.LONG, Op.SUM);

        int[] index = new int[n];
        int[] edges = new int[2 * n];
        for (int i = 0; i < n; i++) {
            index[i] = 2 * (i + 1);
            edges[2 * i] = (i + n - 1) % n;
            edges[2 * i + 1] = (i + 1) % n;
        }
        GraphComm ring = comm.createGraph(index, edges, false);
        int[] nb = ring.neighbours(ring.rank());
        int[] fromLeft = new int[1];
        ring.sendrecv(new int[] {10 * r}, 0, 1, Datatype.INT, nb[1], 2, fromLeft, 0, 1, Datatype.INT, nb[0], 2);
        return List.of(dims, c, new int[] {up, s0.source(), s0.dest(), s1.source(), s1.dest()}, fromBelow,
                new int[] {row.rank(), row.size()}, rowSum, nb, fromLeft, cart.dims());
    }

    @Override
    public Object expected(int r, int n) {
        int[] dims = {0, 0};
        CartComm.dimsCreate(n, dims);
        int x = r / dims[1];
        int y = r % dims[1];
        int up = ((x + 1) % dims[0]) * dims[1] + y;
        int down = ((x - 1 + dims[0]) % dims[0]) * dims[1] + y;
        int left = y > 0 ? r - 1 : Comm.PROC_NULL;
        int right = y + 1 < dims[1] ? r + 1 : Comm.PROC_NULL;
        long rowSum = 0;
        for (int j = 0; j < dims[1]; j++) {
            rowSum += x * dims[1] + j;
        }
        int a = (r + n - 1) % n;
        int b = (r + 1) % n;
        return List.of(dims, new int[] {x, y}, new int[] {up, down, up, left, right}, new int[] {down},
                new int[] {y, dims[1]}, new long[] {rowSum}, new int[] {a, b}, new int[] {10 * a}, dims);
    }
}
