package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Neighbourhood collectives (blocking and nonblocking) on Cartesian, graph and distributed-graph
 * topologies against a sequential model: rank {@code q}'s block for its {@code k}-th destination
 * is {@code 100 q + k}, and the model says which block each source's receive must hold.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NeighborhoodCollectivesTest {

    static Stream<Arguments> worlds() {
        List<Arguments> all = new ArrayList<>();
        for (int n : new int[] {2, 3, 4, 8}) {
            for (RankThreads kind : new RankThreads[] {RankThreads.PLATFORM, RankThreads.VIRTUAL}) {
                all.add(Arguments.of(n, kind));
            }
        }
        return all.stream();
    }

    static SpmdWorld world(int n, RankThreads kind) {
        return SpmdWorld.builder().size(n).rankThreads(kind).build();
    }

    /** Runs neighborAlltoall, its nonblocking form and neighborAllgather, and checks them against the model. */
    static String exchange(Comm c, int[] sources, int[] destinations, int[][] expectedFrom) {
        int r = c.rank();
        int in = sources.length;
        int out = destinations.length;
        int[] send = new int[out];
        for (int k = 0; k < out; k++) {
            send[k] = 100 * r + k;
        }
        int[] recv = new int[in];
        Arrays.fill(recv, -1);
        int[] recvNb = recv.clone();
        int[] gathered = recv.clone();
        Request q = c.ineighborAlltoall(send, 0, 1, Datatype.INT, recvNb, 0, 1, Datatype.INT);
        c.neighborAlltoall(send, 0, 1, Datatype.INT, recv, 0, 1, Datatype.INT);
        c.neighborAllgather(new int[] {r}, 0, 1, Datatype.INT, gathered, 0, 1, Datatype.INT);
        q.waitFor();
        List<String> bad = new ArrayList<>();
        for (int j = 0; j < in; j++) {
            int want = expectedFrom[r][j];
            if (recv[j] != want || recvNb[j] != want) {
                bad.add("block " + j + " from " + sources[j] + ": " + recv[j] + "/" + recvNb[j] + " != " + want);
            }
            int wantRank = sources[j] == Comm.PROC_NULL ? -1 : sources[j];
            if (gathered[j] != wantRank) {
                bad.add("allgather block " + j + ": " + gathered[j] + " != " + wantRank);
            }
        }
        return String.join("; ", bad);
    }

    /**
     * The model of a graph given as each rank's (sources, destinations): the block source
     * {@code s} sends to {@code r} for the {@code k}-th time is the one for its {@code k}-th
     * occurrence of {@code r} among its destinations.
     */
    static int[][] model(int[][] sources, int[][] destinations) {
        int n = sources.length;
        int[][] want = new int[n][];
        for (int r = 0; r < n; r++) {
            want[r] = new int[sources[r].length];
            for (int j = 0; j < sources[r].length; j++) {
                int s = sources[r][j];
                if (s == Comm.PROC_NULL) {
                    want[r][j] = -1;
                    continue;
                }
                int occurrence = 0;
                for (int i = 0; i < j; i++) {
                    occurrence += sources[r][i] == s ? 1 : 0;
                }
                int k = -1;
                for (int i = 0, seen = 0; i < destinations[s].length; i++) {
                    if (destinations[s][i] == r && seen++ == occurrence) {
                        k = i;
                        break;
                    }
                }
                want[r][j] = 100 * s + k;
            }
        }
        return want;
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void cartesianGridsPeriodicAndNot(int n, RankThreads kind) {
        for (boolean periodic : new boolean[] {true, false}) {
            int[] dims = new int[2];
            CartComm.dimsCreate(n, dims);
            boolean[] periods = {periodic, periodic};
            List<String> problems = world(n, kind).run(comm -> {
                CartComm cart = comm.createCart(dims, periods, false);
                // the model: at rank r, source j (dimension j/2, -1 then +1) sent its block for
                // the opposite direction j ^ 1
                int[][] want = new int[n][4];
                for (int r = 0; r < n; r++) {
                    int[] c = cart.coords(r);
                    for (int d = 0; d < 2; d++) {
                        for (int side = 0; side < 2; side++) {
                            int[] at = c.clone();
                            at[d] += side == 0 ? -1 : 1;
                            int s;
                            if (at[d] >= 0 && at[d] < dims[d]) {
                                s = cart.rankOf(at);
                            } else if (periodic) {
                                at[d] = Math.floorMod(at[d], dims[d]);
                                s = cart.rankOf(at);
                            } else {
                                s = Comm.PROC_NULL;
                            }
                            want[r][2 * d + side] = s == Comm.PROC_NULL ? -1 : 100 * s + ((2 * d + side) ^ 1);
                        }
                    }
                }
                int[] nb = new int[4];
                for (int d = 0; d < 2; d++) {
                    CartComm.Shift sh = cart.shift(d, 1);
                    nb[2 * d] = sh.source();
                    nb[2 * d + 1] = sh.dest();
                }
                return exchange(cart, nb, nb, want);
            });
            assertThat(problems).as("periodic " + periodic).containsOnly("");
        }
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void graphsAndDistributedGraphs(int n, RankThreads kind) {
        // a directed multigraph: r -> r+1, r -> r+2, r -> r+1 again (mod n)
        int[][] dest = new int[n][];
        for (int r = 0; r < n; r++) {
            dest[r] = new int[] {(r + 1) % n, (r + 2) % n, (r + 1) % n};
        }
        int[][] src = new int[n][];
        for (int r = 0; r < n; r++) {
            List<Integer> s = new ArrayList<>();
            for (int q = 0; q < n; q++) {
                for (int d : dest[q]) {
                    if (d == r) {
                        s.add(q);
                    }
                }
            }
            src[r] = s.stream().mapToInt(Integer::intValue).toArray();
        }
        int[][] want = model(src, dest);
        // the undirected ring as an MPI graph: neighbours r-1 and r+1
        int[] index = new int[n];
        int[] edges = new int[2 * n];
        int[][] ring = new int[n][];
        for (int r = 0; r < n; r++) {
            index[r] = 2 * (r + 1);
            edges[2 * r] = (r - 1 + n) % n;
            edges[2 * r + 1] = (r + 1) % n;
            ring[r] = new int[] {edges[2 * r], edges[2 * r + 1]};
        }
        int[][] wantRing = model(ring, ring);
        List<String> problems = world(n, kind).run(comm -> {
            int r = comm.rank();
            List<String> out = new ArrayList<>();
            // createDistGraph: each rank names the edges out of itself, with weights
            int[] weights = {1, 2, 3};
            DistGraphComm g = comm.createDistGraph(new int[] {r}, new int[] {3}, dest[r], weights, false);
            if (!Arrays.equals(g.sources(), src[r]) || !Arrays.equals(g.destinations(), dest[r])
                    || !g.isWeighted() || !Arrays.equals(g.destinationWeights(), weights)
                    || g.inDegree() != src[r].length || g.outDegree() != 3) {
                out.add("dist graph " + g + " weights " + Arrays.toString(g.destinationWeights()));
            }
            out.add(exchange(g, g.sources(), g.destinations(), want));
            DistGraphComm adj = comm.createDistGraphAdjacent(src[r], null, dest[r], null, false);
            if (adj.isWeighted() || adj.sourceWeights() != null) {
                out.add("adjacent graph weighted");
            }
            out.add(exchange(adj, src[r], dest[r], want));
            GraphComm graph = comm.createGraph(index, edges, false);
            out.add(exchange(graph, graph.neighbours(r), graph.neighbours(r), wantRing));
            // v-form on the adjacent graph: one item per source, at every other element
            int in = src[r].length;
            int[] counts = new int[in];
            int[] displs = new int[in];
            for (int j = 0; j < in; j++) {
                counts[j] = 1;
                displs[j] = 2 * j;
            }
            int[] v = new int[2 * in];
            Arrays.fill(v, -5);
            adj.ineighborAllgatherv(new int[] {r * 3}, 0, 1, Datatype.INT, v, 0, counts, displs, Datatype.INT)
                    .waitFor();
            for (int j = 0; j < in; j++) {
                if (v[2 * j] != src[r][j] * 3 || v[2 * j + 1] != -5) {
                    out.add("neighborAllgatherv " + Arrays.toString(v));
                }
            }
            // alltoallw with one block per destination of two doubles
            int outDeg = dest[r].length;
            double[] sbuf = new double[2 * outDeg];
            int[] sc = new int[outDeg];
            int[] sd = new int[outDeg];
            Datatype[] st = new Datatype[outDeg];
            for (int k = 0; k < outDeg; k++) {
                sbuf[2 * k] = 100 * r + k;
                sbuf[2 * k + 1] = -(100 * r + k);
                sc[k] = 2;
                sd[k] = 2 * k;
                st[k] = Datatype.DOUBLE;
            }
            double[] rbuf = new double[2 * in];
            int[] rc = new int[in];
            int[] rd = new int[in];
            Datatype[] rt = new Datatype[in];
            for (int j = 0; j < in; j++) {
                rc[j] = 2;
                rd[j] = 2 * j;
                rt[j] = Datatype.DOUBLE;
            }
            adj.neighborAlltoallw(sbuf, sc, sd, st, rbuf, rc, rd, rt);
            for (int j = 0; j < in; j++) {
                if (rbuf[2 * j] != want[r][j] || rbuf[2 * j + 1] != -want[r][j]) {
                    out.add("neighborAlltoallw " + Arrays.toString(rbuf));
                }
            }
            return String.join("; ", out.stream().filter(s -> !s.isEmpty()).distinct().toList());
        });
        assertThat(problems).containsOnly("");
    }
}
