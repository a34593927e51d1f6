package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TopologyTest {

    @Test
    void dimsCreateBalancesAndKeepsFixedEntries() {
        assertThat(dims(12, 0, 0)).containsExactly(4, 3);
        assertThat(dims(8, 0, 0, 0)).containsExactly(2, 2, 2);
        assertThat(dims(16, 0, 0)).containsExactly(4, 4);
        assertThat(dims(6, 0, 3, 0)).containsExactly(2, 3, 1);
        assertThat(dims(7, 0, 0)).containsExactly(7, 1);
        assertThat(dims(1, 0)).containsExactly(1);
        assertThatThrownBy(() -> dims(10, 3, 0)).isInstanceOf(MpiException.class)
                .hasMessageContaining("does not divide");
    }

    private static int[] dims(int n, int... d) {
        CartComm.dimsCreate(n, d);
        return d;
    }

    /** A 2-d grid from dimsCreate, periodic in dimension 0 only: coords, shifts, rank and sub-grids. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void cartesianGridArithmeticAndSubGrids(int n) {
        int[] d = dims(n, 0, 0);
        List<String> results = SpmdWorld.run(n, comm -> {
            CartComm cart = comm.createCart(d, new boolean[] {true, false}, true);
            int[] c = cart.coords(cart.rank());
            CartComm.Shift s0 = cart.shift(0, 1);
            CartComm.Shift s1 = cart.shift(1, 1);
            // Exchange along dimension 1 with PROC_NULL at the edges.
            int[] got = {-1};
            cart.sendrecv(new int[] {cart.rank()}, 0, 1, Datatype.INT, s1.dest(), 0, got, 0, 1, Datatype.INT,
                    s1.source(), 0);
            CartComm row = cart.sub(new boolean[] {false, true});
            CartComm col = cart.sub(new boolean[] {true, false});
            int[] rowSum = new int[1];
            row.allreduce(new int[] {cart.rank()}, 0, rowSum, 0, 1, Datatype.INT, Op.SUM);
            return Arrays.toString(c) + " " + cart.rankOf(c) + " " + s0 + " " + s1 + " " + got[0] + " "
                    + row.size() + "/" + row.rank() + " " + Arrays.toString(row.dims()) + " " + rowSum[0] + " "
                    + col.size() + "/" + col.rank() + " " + cart.rankOf(new int[] {c[0] + d[0], c[1]});
        });
        for (int r = 0; r < n; r++) {
            int x = r / d[1];
            int y = r % d[1];
            int up = ((x + 1) % d[0]) * d[1] + y;
            int down = ((x - 1 + d[0]) % d[0]) * d[1] + y;
            int right = y + 1 < d[1] ? r + 1 : Comm.PROC_NULL;
            int left = y > 0 ? r - 1 : Comm.PROC_NULL;
            int rowSum = 0;
            for (int j = 0; j < d[1]; j++) {
                rowSum += x * d[1] + j;
            }
            assertThat(results.get(r)).isEqualTo("[" + x + ", " + y + "] " + r + " " + new CartComm.Shift(down, up)
                    + " " + new CartComm.Shift(left, right) + " " + (left == Comm.PROC_NULL ? -1 : left) + " "
                    + d[1] + "/" + y + " [" + d[1] + "] " + rowSum + " " + d[0] + "/" + x + " " + r);
        }
    }

    @Test
    void ranksBeyondTheGridGetNoCommunicatorAndBadGridsAreNamed() {
        List<String> results = SpmdWorld.run(3, comm -> {
            CartComm cart = comm.createCart(new int[] {2}, new boolean[] {false}, false);
            return cart == null ? "none" : cart.rank() + "/" + cart.size();
        });
        assertThat(results).containsExactly("0/2", "1/2", "none");
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> comm.createCart(new int[] {3}, new boolean[] {false}, false)))
                .rootCause().hasMessageContaining("has 3 points, more than the 2 ranks");
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> {
            CartComm c = comm.createCart(new int[] {2}, new boolean[] {false}, false);
            return c.rankOf(new int[] {2});
        })).rootCause().hasMessageContaining("outside the non-periodic grid");
    }

    /** A ring graph: each node's neighbours are its two ring neighbours; exchange with both. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void graphNeighboursAndExchange(int n) {
        int[] index = new int[n];
        int[] edges = new int[2 * n];
        for (int i = 0; i < n; i++) {
            index[i] = 2 * (i + 1);
            edges[2 * i] = (i + n - 1) % n;
            edges[2 * i + 1] = (i + 1) % n;
        }
        List<String> results = SpmdWorld.run(n, comm -> {
            GraphComm g = comm.createGraph(index, edges, false);
            int[] nb = g.neighbours(g.rank());
            int total = 0;
            for (int peer : nb) {
                g.send(new int[] {g.rank()}, 0, 1, Datatype.INT, peer, 0);
            }
            for (int peer : nb) {
                int[] got = new int[1];
                g.recv(got, 0, 1, Datatype.INT, peer, 0);
                total += got[0];
            }
            return Arrays.toString(nb) + " " + total + " " + Arrays.equals(g.index(), index);
        });
        for (int r = 0; r < n; r++) {
            int a = (r + n - 1) % n;
            int b = (r + 1) % n;
            assertThat(results.get(r)).isEqualTo("[" + a + ", " + b + "] " + (a + b) + " true");
        }
    }

    @Test
    void malformedGraphsAreNamed() {
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> comm.createGraph(new int[] {1, 0}, new int[] {1}, false)))
                .rootCause().hasMessageContaining("non-decreasing");
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> comm.createGraph(new int[] {1, 2}, new int[] {1, 5}, false)))
                .rootCause().hasMessageContaining("edge to node 5");
    }
}
