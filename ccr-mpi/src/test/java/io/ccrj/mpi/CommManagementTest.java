package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CommManagementTest {

    private static int sum(Comm c, int v) {
        int[] out = new int[1];
        c.allreduce(new int[] {v}, 0, out, 0, 1, Datatype.INT, Op.SUM);
        return out[0];
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void dupCreateCompareAndSelf(int n) {
        List<String> results = SpmdWorld.run(n, comm -> {
            Comm dup = comm.dup();
            // Same tag, same peers, two contexts: each receive gets its own communicator's message.
            int right = (comm.rank() + 1) % n;
            int left = (comm.rank() + n - 1) % n;
            comm.send(new int[] {100 + comm.rank()}, 0, 1, Datatype.INT, right, 0);
            dup.send(new int[] {200 + comm.rank()}, 0, 1, Datatype.INT, right, 0);
            int[] a = new int[1];
            int[] b = new int[1];
            dup.recv(b, 0, 1, Datatype.INT, left, 0);
            comm.recv(a, 0, 1, Datatype.INT, left, 0);
            Comm reversedComm = comm.create(comm.group().incl(GroupTest.reversed(n)));
            Comm tail = comm.create(comm.group().excl(0));
            Comm self = comm.self();
            String tailPart = tail == null ? "none" : tail.rank() + "/" + tail.size() + ":" + sum(tail, comm.rank());
            return a[0] + " " + b[0] + " " + comm.compare(comm) + " " + comm.compare(dup) + " "
                    + comm.compare(reversedComm) + " " + comm.compare(self) + " " + reversedComm.rank() + " "
                    + sum(reversedComm, reversedComm.rank()) + " " + tailPart + " " + self.size() + self.rank()
                    + sum(self, 5) + " " + (self == dup.self());
        });
        for (int r = 0; r < n; r++) {
            int left = (r + n - 1) % n;
            String tail = r == 0 ? "none" : (r - 1) + "/" + (n - 1) + ":" + (n * (n - 1) / 2);
            assertThat(results.get(r)).isEqualTo((100 + left) + " " + (200 + left) + " IDENT CONGRUENT "
                    + (n == 1 ? "CONGRUENT" : "SIMILAR") + " UNEQUAL " + (n - 1 - r) + " " + (n * (n - 1) / 2) + " "
                    + tail + " 105 true");
        }
    }

    @Test
    void freedCommunicatorsRefuseCallsAndTheWorldCannotBeFreed() {
        List<String> results = SpmdWorld.run(2, comm -> {
            Comm dup = comm.dup();
            dup.free();
            String after;
            try {
                dup.barrier();
                after = "barrier passed";
            } catch (MpiException e) {
                after = e.getMessage();
            }
            String world;
            try {
                comm.free();
                world = "freed";
            } catch (MpiException e) {
                world = e.errorClass().toString();
            }
            return dup.isFreed() + " " + after + " " + world;
        });
        assertThat(results.get(1)).isEqualTo("true communicator world/dup0 of rank 1 was freed ARG");
    }

    @Test
    void procNullSendsAndReceivesCompleteAtOnce() {
        List<String> results = SpmdWorld.run(2, comm -> {
            comm.send(new int[] {1}, 0, 1, Datatype.INT, Comm.PROC_NULL, 3);
            Status s = comm.recv(new int[1], 0, 1, Datatype.INT, Comm.PROC_NULL, 3);
            int[] got = {-1};
            int next = comm.rank() == 0 ? 1 : Comm.PROC_NULL;
            int prev = comm.rank() == 1 ? 0 : Comm.PROC_NULL;
            Status sr = comm.sendrecv(new int[] {42}, 0, 1, Datatype.INT, next, 0, got, 0, 1, Datatype.INT, prev, 0);
            return s + " " + sr + " " + got[0] + " " + comm.irecv(new int[1], 0, 1, Datatype.INT, Comm.PROC_NULL, 0)
                    .isComplete();
        });
        String nullStatus = new Status(Comm.PROC_NULL, Comm.ANY_TAG, 0).toString();
        assertThat(results.get(0)).isEqualTo(nullStatus + " " + nullStatus + " -1 true");
        assertThat(results.get(1)).isEqualTo(nullStatus + " " + new Status(0, 0, 1) + " 42 true");
    }

    @Test
    void procNullCompletesAtOnceInEverySendModeAndPersistentRequest() {
        List<String> results = SpmdWorld.run(2, comm -> {
            int[] b = {5};
            int p = Comm.PROC_NULL;
            comm.ssend(b, 0, 1, Datatype.INT, p, 1);
            comm.bsend(b, 0, 1, Datatype.INT, p, 1);          // no buffer attached: none needed
            comm.rsend(b, 0, 1, Datatype.INT, p, 1);
            List<String> out = new ArrayList<>();
            for (Request r : List.of(comm.issend(b, 0, 1, Datatype.INT, p, 2), comm.ibsend(b, 0, 1, Datatype.INT, p, 2),
                    comm.irsend(b, 0, 1, Datatype.INT, p, 2))) {
                out.add(r.isComplete() + " " + r.waitFor());
            }
            PersistentRequest[] ps = {comm.sendInit(b, 0, 1, Datatype.INT, p, 3),
                comm.ssendInit(b, 0, 1, Datatype.INT, p, 3), comm.bsendInit(b, 0, 1, Datatype.INT, p, 3),
                comm.rsendInit(b, 0, 1, Datatype.INT, p, 3), comm.recvInit(new int[1], 0, 1, Datatype.INT, p, 3)};
            for (int round = 0; round < 2; round++) {
                Request.startAll(ps);
                out.add(Arrays.toString(Request.waitAll(ps)));
            }
            // sendrecvReplace with PROC_NULL on one side is the other half alone
            int[] buf = {10 + comm.rank()};
            int next = comm.rank() == 0 ? 1 : p;
            int prev = comm.rank() == 1 ? 0 : p;
            Status s = comm.sendrecvReplace(buf, 0, 1, Datatype.INT, next, 4, prev, 4);
            out.add(s + " " + buf[0]);
            assertThatThrownBy(() -> comm.ssend(b, 0, 1, Datatype.INT, p, -4))
                    .isInstanceOf(MpiException.class).hasMessageContaining("tag");
            return String.join("; ", out);
        });
        String nullRecv = new Status(Comm.PROC_NULL, Comm.ANY_TAG, 0).toString();
        String send2 = "true " + new Status(Comm.PROC_NULL, 2, 0);
        String send3 = new Status(Comm.PROC_NULL, 3, 0).toString();
        String round = "[" + String.join(", ", send3, send3, send3, send3, nullRecv) + "]";
        String common = String.join("; ", send2, send2, send2, round, round);
        assertThat(results.get(0)).isEqualTo(common + "; " + nullRecv + " 10");
        assertThat(results.get(1)).isEqualTo(common + "; " + new Status(0, 4, 1) + " 10");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void abortEndsTheWorldNamingTheRankAndCode(int n) {
        assertThatThrownBy(() -> SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(20)).build()
                .run(comm -> {
                    if (comm.rank() == n - 1) {
                        comm.abort(17);
                    }
                    comm.recv(new int[1], 0, 1, Datatype.INT, n - 1, 0);
                    return null;
                }))
                .isInstanceOfSatisfying(RankFailedException.class, e -> {
                    assertThat(e.rank()).isEqualTo(n - 1);
                    assertThat(e.getCause()).hasMessageContaining("called abort(17)");
                });
    }

    @Test
    void environmentQueries() {
        double t0 = Environment.wtime();
        assertThat(Environment.wtick()).isEqualTo(1e-9);
        assertThat(Environment.processorName()).isNotEmpty();
        assertThat(Environment.wtime()).isGreaterThanOrEqualTo(t0);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void serializedRanksMayCallFromWorkerThreadsOneAtATime(int n) {
        List<String> results = SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(20)).build()
                .run(comm -> {
                    String refused;
                    Thread probe = new Thread(() -> { });
                    List<String> errors = new ArrayList<>();
                    Thread t = new Thread(() -> {
                        try {
                            comm.barrier();
                        } catch (MpiException e) {
                            errors.add(e.errorClass().toString());
                        }
                    });
                    t.start();
                    t.join();
                    refused = errors.toString();
                    ThreadLevel provided = comm.requestThreadLevel(ThreadLevel.SERIALIZED);
                    // Three workers take turns (each joins the previous), each doing a ring shift.
                    int[] total = new int[1];
                    Thread previous = probe;
                    previous.start();
                    for (int w = 0; w < 3; w++) {
                        Thread before = previous;
                        int round = w;
                        previous = Thread.ofVirtual().start(() -> {
                            try {
                                before.join();
                            } catch (InterruptedException e) {
                                throw new IllegalStateException(e);
                            }
                            int[] got = new int[1];
                            comm.sendrecv(new int[] {comm.rank() * 10 + round}, 0, 1, Datatype.INT,
                                    (comm.rank() + 1) % n, round, got, 0, 1, Datatype.INT,
                                    (comm.rank() + n - 1) % n, round);
                            total[0] += got[0];
                            comm.barrier();
                        });
                    }
                    previous.join();
                    int sum = sum(comm, total[0]);
                    return refused + " " + provided + " " + comm.threadLevel() + " " + sum;
                });
        int expected = 0;
        for (int r = 0; r < n; r++) {
            expected += 3 * r * 10 + 3;
        }
        for (String s : results) {
            assertThat(s).isEqualTo("[ARG] SERIALIZED SERIALIZED " + expected);
        }
    }

    @Test
    void cartMapAndGraphMapGiveTheRankTheTopologyWouldGiveOrUndefined() {
        List<String> results = SpmdWorld.run(5, comm -> {
            int cart = comm.cartMap(new int[] {2, 2}, new boolean[] {true, false});
            CartComm grid = comm.createCart(new int[] {2, 2}, new boolean[] {true, false}, true);
            int graph = comm.graphMap(new int[] {1, 2, 3}, new int[] {1, 2, 0});
            GraphComm ring = comm.createGraph(new int[] {1, 2, 3}, new int[] {1, 2, 0}, true);
            return cart + " " + (grid == null ? Comm.UNDEFINED : grid.rank()) + " " + graph + " "
                    + (ring == null ? Comm.UNDEFINED : ring.rank());
        });
        String u = String.valueOf(Comm.UNDEFINED);
        assertThat(results).containsExactly("0 0 0 0", "1 1 1 1", "2 2 2 2", "3 3 " + u + " " + u,
                u + " " + u + " " + u + " " + u);
    }

    @Test
    void cartMapAndGraphMapRejectWhatTheConstructorsReject() {
        SpmdWorld.run(2, comm -> {
            assertThatThrownBy(() -> comm.cartMap(new int[] {2, 2}, new boolean[] {true, true}))
                    .isInstanceOf(MpiException.class).hasMessageContaining("cartMap: grid [2, 2] has 4 points, more than the 2 ranks");
            assertThatThrownBy(() -> comm.cartMap(new int[] {2}, new boolean[] {true, true}))
                    .isInstanceOf(MpiException.class).hasMessageContaining("one length");
            assertThatThrownBy(() -> comm.cartMap(new int[] {0}, new boolean[] {true}))
                    .isInstanceOf(MpiException.class).hasMessageContaining(">= 1");
            assertThatThrownBy(() -> comm.graphMap(new int[] {1, 2}, new int[] {1, 5}))
                    .isInstanceOf(MpiException.class).hasMessageContaining("graphMap: edge to node 5");
            assertThatThrownBy(() -> comm.graphMap(new int[] {1, 1, 1}, new int[] {0}))
                    .isInstanceOf(MpiException.class).hasMessageContaining("more than the 2 ranks");
            return null;
        });
    }

    @Test
    void communicatorsOfDerivedKindsKeepTheirKindOnDup() {
        List<String> results = SpmdWorld.run(4, comm -> {
            CartComm cart = comm.createCart(new int[] {2, 2}, new boolean[] {true, false}, false);
            GraphComm graph = comm.createGraph(new int[] {1, 2, 3, 4}, new int[] {1, 2, 3, 0}, false);
            CartComm cartDup = (CartComm) cart.dup();
            GraphComm graphDup = (GraphComm) graph.dup();
            return Arrays.toString(cartDup.dims()) + " " + Arrays.toString(graphDup.neighbours(comm.rank()))
                    + " " + cart.compare(cartDup) + " " + sum(cartDup, 1) + " " + sum(graphDup, 1);
        });
        assertThat(results.get(3)).isEqualTo("[2, 2] [0] CONGRUENT 4 4");
    }
}
