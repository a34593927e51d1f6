package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Matched probe, splitType, idup, and the new operations' argument errors. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Mpi3ExtrasTest {

    static Stream<Arguments> worlds() {
        List<Arguments> all = new ArrayList<>();
        for (int n : new int[] {2, 3, 4, 8}) {
            for (RankThreads kind : new RankThreads[] {RankThreads.PLATFORM, RankThreads.VIRTUAL}) {
                all.add(Arguments.of(n, kind));
            }
        }
        return all.stream();
    }

    /**
     * At THREAD_MULTIPLE four threads of the last rank match-probe and receive the messages of
     * every other rank, racing: each message is received exactly once, with its own length, and
     * a large (lent) message's sender completes once it was received.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void matchedProbeReceivesEachMessageOnceAcrossThreads(int n, RankThreads kind) {
        int perSender = 40;
        List<String> results = SpmdWorld.builder().size(n).rankThreads(kind).build().run(comm -> {
            int r = comm.rank();
            int last = n - 1;
            if (r != last) {
                List<Request> sends = new ArrayList<>();
                for (int t = 0; t < perSender; t++) {
                    long[] m = new long[t % 10 == 0 ? 300 : 1 + t % 3];
                    Arrays.fill(m, 1000L * r + t);
                    sends.add(comm.isend(m, 0, m.length, Datatype.LONG, last, t));
                }
                Request.waitAll(sends.toArray(Request[]::new));
                comm.barrier();
                return "";
            }
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            int total = perSender * (n - 1);
            AtomicInteger claimed = new AtomicInteger();
            ConcurrentHashMap<Long, Integer> seen = new ConcurrentHashMap<>();
            List<String> bad = java.util.Collections.synchronizedList(new ArrayList<>());
            Runnable receiver = () -> {
                while (claimed.getAndIncrement() < total) {
                    MatchedMessage mm = comm.mprobe(Comm.ANY_SOURCE, Comm.ANY_TAG);
                    Status st = mm.status();
                    long[] buf = new long[st.count()];
                    Status got = mm.recv(buf, 0, buf.length, Datatype.LONG);
                    long want = 1000L * st.source() + st.tag();
                    if (got.count() != buf.length || buf[0] != want || buf[buf.length - 1] != want) {
                        bad.add("message " + st + " held " + buf[0]);
                    }
                    seen.merge(want, 1, Integer::sum);
                    try {
                        mm.recv(buf, 0, buf.length, Datatype.LONG);
                        bad.add("a second receive of " + st + " succeeded");
                    } catch (MpiException e) {
                        if (e.errorClass() != MpiException.ErrorClass.REQUEST) {
                            bad.add("second receive: " + e);
                        }
                    }
                }
            };
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                threads.add(Thread.ofPlatform().start(receiver));
            }
            for (Thread t : threads) {
                t.join();
            }
            if (comm.improbe(Comm.ANY_SOURCE, Comm.ANY_TAG) != null) {
                bad.add("improbe found a message after all were received");
            }
            comm.barrier();
            if (seen.size() != total || seen.values().stream().anyMatch(c -> c != 1)) {
                bad.add(seen.size() + " distinct messages of " + total + ": " + seen);
            }
            return String.join("; ", bad);
        });
        assertThat(results).containsOnly("");
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void splitTypeSharedHoldsEveryRankAndIdupWorks(int n, RankThreads kind) {
        List<String> results = SpmdWorld.builder().size(n).rankThreads(kind).build().run(comm -> {
            int r = comm.rank();
            Comm shared = comm.splitType(Comm.COMM_TYPE_SHARED, -r);   // reversed order
            Comm none = comm.splitType(r == 0 ? Comm.UNDEFINED : Comm.COMM_TYPE_SHARED, r);
            CommRequest dup = comm.idup();
            Request.waitAll(dup);
            Comm d = dup.comm();
            int[] sum = new int[1];
            Request a = d.iallreduce(new int[] {r}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
            int[] fromLeft = new int[1];
            Request p = d.irecv(fromLeft, 0, 1, Datatype.INT, (r - 1 + n) % n, 3);
            d.send(new int[] {r}, 0, 1, Datatype.INT, (r + 1) % n, 3);
            Request.waitAll(a, p);
            boolean ok = shared.size() == n && shared.rank() == n - 1 - r
                    && (r == 0 ? none == null : none.size() == n - 1 && none.rank() == r - 1)
                    && dup.isComplete() && d.size() == n && d.compare(comm) == Comparison.CONGRUENT
                    && sum[0] == n * (n - 1) / 2 && fromLeft[0] == (r - 1 + n) % n;
            return ok ? "" : "shared " + shared + ", none " + none + ", dup " + d + ", sum " + sum[0];
        });
        assertThat(results).containsOnly("");
    }

    /** Runs {@code body} on rank 0 of a 2-rank world and returns what it threw. */
    interface Body {
        void run(Comm comm);
    }

    static MpiException thrown(Body body) {
        List<Object> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() != 0) {
                return null;
            }
            try {
                body.run(comm);
                return null;
            } catch (MpiException e) {
                return e;
            }
        });
        assertThat(out.get(0)).as("an MpiException").isInstanceOf(MpiException.class);
        return (MpiException) out.get(0);
    }

    @Test
    void badArgumentsGiveClearErrors() {
        MpiException e = thrown(c -> c.ibcast(new int[1], 0, 1, Datatype.INT, 5));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.ROOT);
        assertThat(e.getMessage()).contains("ibcast").contains("5");

        e = thrown(c -> c.iallreduce(null, 0, new double[1], 0, 1, Datatype.DOUBLE, Op.SUM));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.BUFFER);
        assertThat(e.getMessage()).contains("iallreduce");

        e = thrown(c -> c.iallgather(new int[1], 0, 1, Datatype.INT, new int[1], 0, 1, Datatype.INT));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.BUFFER);
        assertThat(e.getMessage()).contains("iallgather");

        e = thrown(c -> c.neighborAlltoall(new int[2], 0, 1, Datatype.INT, new int[2], 0, 1, Datatype.INT));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.TOPOLOGY);
        assertThat(e.getMessage()).contains("neighborAlltoall").contains("no topology");

        e = thrown(c -> c.ialltoallw(new int[2], new int[] {1, 1}, new int[] {0, 1}, null, new int[2],
                new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {Datatype.INT, Datatype.INT}));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.ARG);
        assertThat(e.getMessage()).contains("ialltoallw").contains("datatypes");

        e = thrown(c -> c.ireduceScatterBlock(new int[4], 0, new int[2], 0, -1, Datatype.INT, Op.SUM));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.COUNT);

        e = thrown(c -> c.splitType(7, 0));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.ARG);
        assertThat(e.getMessage()).contains("COMM_TYPE_SHARED").contains("7");

        e = thrown(c -> c.createDistGraph(new int[] {0}, new int[] {2}, new int[] {1}, null, false));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.ARG);
        assertThat(e.getMessage()).contains("createDistGraph").contains("2 edges");

        e = thrown(c -> c.createDistGraphAdjacent(new int[] {3}, null, new int[0], null, false));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.RANK);

        e = thrown(c -> c.ireduce(new Object[1], 0, new Object[1], 0, 1, Datatype.OBJECT, Op.BAND, 0));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.OP);

        e = thrown(c -> c.mprobe(9, 0));
        assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.RANK);
    }

    @Test
    void intercommunicatorsRefuseTheCollectivesTheyDoNotHaveClearly() {
        List<String> out = SpmdWorld.run(4, comm -> {
            Comm half = comm.split(comm.rank() % 2, comm.rank());
            Intercomm inter = half.createIntercomm(0, comm, comm.rank() % 2 == 0 ? 1 : 0, 9);
            StringBuilder sb = new StringBuilder();
            try {
                inter.iscan(new int[1], 0, new int[1], 0, 1, Datatype.INT, Op.SUM);
                sb.append("iscan: no error; ");
            } catch (MpiException e) {
                if (e.errorClass() != MpiException.ErrorClass.ARG || !e.getMessage().startsWith("iscan on ")
                        || !e.getMessage().contains("not defined on an intercommunicator")) {
                    sb.append(e.errorClass()).append(' ').append(e.getMessage()).append("; ");
                }
            }
            try {
                inter.ireduceScatterBlock(new int[2], 0, new int[1], 0, 1, Datatype.INT, Op.SUM);
                sb.append("ireduceScatterBlock: no error; ");
            } catch (MpiException e) {
                if (e.errorClass() != MpiException.ErrorClass.UNSUPPORTED_OPERATION
                        || !e.getMessage().startsWith("ireduceScatterBlock on ")) {
                    sb.append(e.errorClass()).append(' ').append(e.getMessage()).append("; ");
                }
            }
            return sb.toString();
        });
        assertThat(out).containsOnly("");
    }

    /** A nonblocking collective one rank never starts is reported as a deadlock naming it. */
    @Test
    void aCollectiveNobodyCompletesIsReportedAsADeadlock() {
        SpmdWorld w = SpmdWorld.builder().size(3).deadlockTimeout(java.time.Duration.ofMillis(1500)).build();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> w.run(comm -> {
            if (comm.rank() == 2) {
                comm.recv(new int[1], 0, 1, Datatype.INT, 0, 1);   // never sent
                return null;
            }
            comm.iallreduce(new int[] {1}, 0, new int[1], 0, 1, Datatype.INT, Op.SUM).waitFor();
            return null;
        })).isInstanceOf(DeadlockException.class).hasMessageContaining("iallreduce (op SUM) on world (waiting for the messages of round");
    }
}
