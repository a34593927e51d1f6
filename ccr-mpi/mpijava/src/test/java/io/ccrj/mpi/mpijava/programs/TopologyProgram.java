package io.ccrj.mpi.mpijava.programs;

import mpi.CartParms;
import mpi.Cartcomm;
import mpi.GraphParms;
import mpi.Graphcomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.ShiftParms;

/** Topologies of mpiJava 1.2: Dims_create, a Cartesian grid (coords, shifts, sub-grids), a ring graph. */
public class TopologyProgram {
    private static final String P = "topo";

    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    static void run() {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int n = w.Size();
        for (int[] c : new int[][] {{12, 0, 0}, {8, 0, 0, 0}, {6, 0, 3, 0}, {16, 0, 0}}) {
            int[] dims = java.util.Arrays.copyOfRange(c, 1, c.length);
            Cartcomm.Dims_create(c[0], dims);
            Out.line(P, "dims_create " + java.util.Arrays.toString(c), dims);
        }
        int[] dims = {0, 0};
        Cartcomm.Dims_create(n, dims);
        Cartcomm cart = w.Create_cart(dims, new boolean[] {true, false}, false);
        Out.check(P, "topo_test", new int[] {cart.Topo_test(), w.Topo_test()}, new int[] {MPI.CART, MPI.UNDEFINED});
        int[] c = cart.Coords(cart.Rank());
        Out.check(P, "coords", c, new int[] {me / dims[1], me % dims[1]});
        Out.check(P, "rank of coords", cart.Rank(c), me);
        ShiftParms s0 = cart.Shift(0, 1);
        ShiftParms s1 = cart.Shift(1, 1);
        int up = ((c[0] + 1) % dims[0]) * dims[1] + c[1];
        int down = ((c[0] - 1 + dims[0]) % dims[0]) * dims[1] + c[1];
        Out.check(P, "shift 0", new int[] {s0.rank_source, s0.rank_dest}, new int[] {down, up});
        Out.check(P, "shift 1", new int[] {s1.rank_source, s1.rank_dest},
                new int[] {c[1] > 0 ? me - 1 : MPI.PROC_NULL, c[1] + 1 < dims[1] ? me + 1 : MPI.PROC_NULL});
        // Along the non-periodic dimension, without PROC_NULL (see ProcNullProgram): the edges skip.
        // "< 0" rather than "== PROC_NULL": MPJ Express returns -1 past an edge (a known deviation).
        int[] got = {-1};
        Request send = s1.rank_dest < 0 ? null : cart.Isend(new int[] {me}, 0, 1, MPI.INT, s1.rank_dest, 9);
        if (s1.rank_source >= 0) {
            cart.Recv(got, 0, 1, MPI.INT, s1.rank_source, 9);
        }
        if (send != null) {
            send.Wait();
        }
        Out.check(P, "shift exchange", got[0], c[1] > 0 ? me - 1 : -1);
        CartParms parms = cart.Get();
        Out.check(P, "get", new Object[] {parms.dims, parms.periods, parms.coords},
                new Object[] {dims, new boolean[] {true, false}, c});
        // Map: the rank in a would-be grid of all processes, and of one fewer (the last has none)
        int[] fewer = {n - 1};
        Out.check(P, "map", new int[] {cart.Map(dims, new boolean[] {true, false}),
                n > 1 ? cart.Map(fewer, new boolean[] {false}) : MPI.UNDEFINED},
                new int[] {me, me < n - 1 ? me : MPI.UNDEFINED});
        Cartcomm row = cart.Sub(new boolean[] {false, true});
        int[] rowSum = new int[1];
        row.Allreduce(new int[] {me}, 0, rowSum, 0, 1, MPI.INT, MPI.SUM);
        int expectRow = 0;
        for (int j = 0; j < dims[1]; j++) {
            expectRow += c[0] * dims[1] + j;
        }
        Out.check(P, "row", new int[] {row.Size(), row.Rank(), rowSum[0]}, new int[] {dims[1], c[1], expectRow});

        int[] index = new int[n];
        int[] edges = new int[2 * n];
        for (int i = 0; i < n; i++) {
            index[i] = 2 * (i + 1);
            edges[2 * i] = (i + n - 1) % n;
            edges[2 * i + 1] = (i + 1) % n;
        }
        Graphcomm ring = w.Create_graph(index, edges, false);
        int[] nb = ring.Neighbours(me);
        Out.check(P, "neighbours", nb, new int[] {(me + n - 1) % n, (me + 1) % n});
        GraphParms gp = ring.Get();
        Out.check(P, "graph get", new Object[] {gp.index, gp.edges}, new Object[] {index, edges});
        Out.check(P, "graph topo_test", ring.Topo_test(), MPI.GRAPH);
        // Map: all processes, then a graph of the first node alone
        Out.check(P, "graph map", new int[] {ring.Map(index, edges), ring.Map(new int[] {0}, new int[0])},
                new int[] {me, me == 0 ? 0 : MPI.UNDEFINED});
        int[] fromLeft = new int[1];
        ring.Sendrecv(new int[] {me * 2}, 0, 1, MPI.INT, nb[1], 1, fromLeft, 0, 1, MPI.INT, nb[0], 1);
        Out.check(P, "graph exchange", fromLeft[0], nb[0] * 2);
        w.Barrier();
        Out.line(P, "done", true);
    }
}
