package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MPI's non-overtaking rule where a pair's messages take two ways: small messages (no element, or
 * one primitive element) go through the pair's slot ring while it has room, the others through the
 * receiver's inbound queue. Senders mix sizes and send modes on one tag, in bursts that overflow
 * the ring, to a receiver that takes them as they come or only after all were sent, from a given
 * source or {@code ANY_SOURCE}, with {@code recv}, {@code irecv} or {@code probe}: every message
 * must arrive once, in the order its sender sent it, with its length and contents. Also: more
 * senders than a receiver has rings, headers (type, tag, communicator) that change from one slot
 * to the next, and a sender that moves to {@link ThreadLevel#MULTIPLE} with messages still in its
 * ring.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SmallMessageOrderStressTest {
    private static final int TAG = 7;
    /** Above the zero-copy threshold: an {@code isend} of this many lends its buffer. */
    private static final int LARGE = 400;

    /** One message of a sender's script: its length and how it is sent. */
    private record Planned(int length, char mode) { }

    /**
     * Sender {@code source}'s script, the same on both sides: mostly one element (the ring), some
     * empty, some of 3 elements (the queue), some large {@code isend}s (lent) and, if the receiver
     * takes messages as they come, some {@code ssend}s; with runs of up to 80 single elements,
     * more than a ring holds.
     */
    private static List<Planned> script(int source, int messages, boolean ssends) {
        Random random = new Random(31L * source + messages);
        List<Planned> plan = new ArrayList<>();
        while (plan.size() < messages) {
            int kind = random.nextInt(100);
            if (kind < 8) {
                int run = Math.min(messages - plan.size(), 20 + random.nextInt(60));
                for (int i = 0; i < run; i++) {
                    plan.add(new Planned(1, 's'));
                }
            } else if (kind < 55) {
                plan.add(new Planned(1, random.nextBoolean() ? 's' : 'i'));
            } else if (kind < 67) {
                plan.add(new Planned(0, 's'));
            } else if (kind < 82) {
                plan.add(new Planned(3, 's'));
            } else if (kind < 92) {
                plan.add(new Planned(LARGE, 'i'));
            } else {
                plan.add(new Planned(1, ssends ? 'y' : 's'));
            }
        }
        return plan;
    }

    private static double value(int source, int message, int element) {
        return source * 1e7 + message * 1e3 + element;
    }

    @ParameterizedTest(name = "{0} ranks, {1} messages per sender, receiver late: {2}, ANY_SOURCE: {3}, platform: {4}")
    @CsvSource({
        "2, 4000, false, false, true",
        "2, 4000, true, false, true",
        "3, 2000, false, true, true",
        "3, 2000, true, true, false",
        "4, 1000, false, true, false",
        "20, 150, false, true, false",
        "20, 150, true, false, false"})
    void everyMessageArrivesOnceInItsSendersOrder(int n, int messages, boolean late, boolean anySource,
            boolean platform) {
        SpmdWorld world = SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(20))
                .rankThreads(platform ? RankThreads.PLATFORM : RankThreads.VIRTUAL).build();
        List<Integer> checked = world.run(comm -> {
            if (comm.rank() == 0) {
                if (late) {
                    comm.barrier();
                }
                return receive(comm, n, messages, late, anySource);
            }
            Request[] lent = send(comm, messages, late);
            if (late) {
                comm.barrier();     // before the lent isends complete: the receiver takes them after it
            }
            Request.waitAll(lent);
            return 0;
        });
        assertThat(checked.get(0)).isEqualTo((n - 1) * messages);
    }

    /** Sends the rank's script to rank 0 and returns the lent {@code isend}s, not yet complete. */
    private static Request[] send(Comm comm, int messages, boolean late) {
        int me = comm.rank();
        List<Planned> plan = script(me, messages, !late);
        List<Request> lent = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            Planned p = plan.get(i);
            double[] buf = new double[Math.max(1, p.length())];
            for (int e = 0; e < p.length(); e++) {
                buf[e] = value(me, i, e);
            }
            switch (p.mode()) {
                case 'i' -> lent.add(comm.isend(buf, 0, p.length(), Datatype.DOUBLE, 0, TAG));
                case 'y' -> comm.ssend(buf, 0, p.length(), Datatype.DOUBLE, 0, TAG);
                default -> comm.send(buf, 0, p.length(), Datatype.DOUBLE, 0, TAG);
            }
        }
        return lent.toArray(Request[]::new);
    }

    private static int receive(Comm comm, int n, int messages, boolean late, boolean anySource) {
        List<List<Planned>> plans = new ArrayList<>();
        int[] next = new int[n];
        for (int s = 0; s < n; s++) {
            plans.add(s == 0 ? List.of() : script(s, messages, !late));
        }
        double[] buf = new double[LARGE];
        int total = (n - 1) * messages;
        for (int k = 0; k < total; k++) {
            int from = anySource ? Comm.ANY_SOURCE : 1 + k % (n - 1);
            Status st = switch (k % 5) {
                case 0 -> comm.irecv(buf, 0, LARGE, Datatype.DOUBLE, from, TAG).waitFor();
                case 1 -> {
                    Status probed = comm.probe(from, TAG);
                    Status got = comm.recv(buf, 0, probed.count(Datatype.DOUBLE), Datatype.DOUBLE,
                            probed.source(), TAG);
                    assertThat(got.count(Datatype.DOUBLE)).isEqualTo(probed.count(Datatype.DOUBLE));
                    yield got;
                }
                default -> comm.recv(buf, 0, LARGE, Datatype.DOUBLE, from, TAG);
            };
            int s = st.source();
            if (!anySource) {
                assertThat(s).isEqualTo(from);
            }
            int i = next[s]++;
            Planned p = plans.get(s).get(i);
            assertThat(st.count(Datatype.DOUBLE)).as("length of message %d from rank %d", i, s).isEqualTo(p.length());
            for (int e = 0; e < p.length(); e++) {
                if (buf[e] != value(s, i, e)) {
                    throw new AssertionError("message " + i + " from rank " + s + ": element " + e + " is "
                            + buf[e] + ", expected " + value(s, i, e) + " (a message lost, duplicated or overtaken)");
                }
            }
        }
        assertThat(comm.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG)).as("a message left over").isNull();
        return total;
    }

    /**
     * Slots whose header changes from one to the next: types, tags and communicators cycle, and
     * the receiver, knowing the sequence, takes each with {@code ANY_TAG} on the right
     * communicator; plus some messages that wait as unexpected while later ones complete posted
     * receives.
     */
    @Test
    void typesTagsAndCommunicatorsSurviveTheirSlots() {
        int messages = 3000;
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofSeconds(20)).build();
        List<Integer> ok = world.run(comm -> {
            Comm other = comm.dup();
            Comm[] comms = {comm, other};
            if (comm.rank() == 1) {
                for (int i = 0; i < messages; i++) {
                    Comm c = comms[(i / 3) % 2];
                    int tag = i % 5;
                    switch (i % 3) {
                        case 0 -> c.send(new double[] {i + 0.5}, 0, 1, Datatype.DOUBLE, 0, tag);
                        case 1 -> c.send(new int[] {-i}, 0, 1, Datatype.INT, 0, tag);
                        default -> c.send(new long[] {(long) i << 33}, 0, 1, Datatype.LONG, 0, tag);
                    }
                }
                return 0;
            }
            int count = 0;
            for (int i = 0; i < messages; i++) {
                Comm c = comms[(i / 3) % 2];
                Status st;
                switch (i % 3) {
                    case 0 -> {
                        double[] d = new double[1];
                        st = c.recv(d, 0, 1, Datatype.DOUBLE, 1, Comm.ANY_TAG);
                        assertThat(d[0]).isEqualTo(i + 0.5);
                    }
                    case 1 -> {
                        int[] v = new int[1];
                        st = c.recv(v, 0, 1, Datatype.INT, 1, Comm.ANY_TAG);
                        assertThat(v[0]).isEqualTo(-i);
                    }
                    default -> {
                        long[] v = new long[1];
                        st = c.recv(v, 0, 1, Datatype.LONG, 1, Comm.ANY_TAG);
                        assertThat(v[0]).isEqualTo((long) i << 33);
                    }
                }
                assertThat(st.tag()).as("tag of message %d", i).isEqualTo(i % 5);
                count++;
            }
            return count;
        });
        assertThat(ok.get(0)).isEqualTo(messages);
    }

    /**
     * A sender fills its ring, moves to {@link ThreadLevel#MULTIPLE} (where its threads send under
     * the rank's lock) and sends on from its own and two more threads: the receiver still gets
     * each thread's messages in order, the ones sent before the move first.
     */
    @Test
    void aSenderThatMovesToMultipleKeepsItsEarlierMessagesFirst() {
        int before = 70;
        int after = 200;
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofSeconds(20)).build();
        List<Integer> ok = world.run(comm -> {
            if (comm.rank() == 1) {
                for (int i = 0; i < before; i++) {
                    comm.send(new int[] {i}, 0, 1, Datatype.INT, 0, 0);
                }
                comm.send(new int[] {-1, -1}, 0, 2, Datatype.INT, 0, 0);   // the queue, between ring messages
                assertThat(comm.requestThreadLevel(ThreadLevel.MULTIPLE)).isEqualTo(ThreadLevel.MULTIPLE);
                List<Thread> helpers = new ArrayList<>();
                for (int t = 1; t <= 2; t++) {
                    int tag = t;
                    helpers.add(Thread.ofPlatform().start(() -> {
                        for (int i = 0; i < after; i++) {
                            comm.send(new int[] {i}, 0, 1, Datatype.INT, 0, tag);
                        }
                    }));
                }
                for (int i = before; i < before + after; i++) {
                    comm.send(new int[] {i}, 0, 1, Datatype.INT, 0, 0);
                }
                for (Thread h : helpers) {
                    h.join();
                }
                comm.barrier();
                return 0;
            }
            comm.barrier();    // everything is sent before the first receive
            int[] v = new int[2];
            int count = 0;
            for (int i = 0; i < before + after; i++) {
                if (i == before) {
                    comm.recv(v, 0, 2, Datatype.INT, 1, 0);
                    assertThat(v).containsExactly(-1, -1);
                }
                comm.recv(v, 0, 1, Datatype.INT, 1, 0);
                assertThat(v[0]).as("message %d on tag 0", i).isEqualTo(i);
                count++;
            }
            for (int tag = 1; tag <= 2; tag++) {
                for (int i = 0; i < after; i++) {
                    comm.recv(v, 0, 1, Datatype.INT, 1, tag);
                    assertThat(v[0]).as("message %d on tag %d", i, tag).isEqualTo(i);
                    count++;
                }
            }
            return count;
        });
        assertThat(ok.get(0)).isEqualTo(before + 3 * after);
    }

    /**
     * A receiver that waited long enough to park (the sender pauses before each message) is woken
     * by a message put in a slot, at FUNNELED and with the receiver at MULTIPLE: a lost wake-up
     * leaves both ranks blocked and the watchdog fails the run.
     */
    @ParameterizedTest(name = "receiver at MULTIPLE: {0}")
    @CsvSource({"false", "true"})
    void aParkedReceiverIsWokenByASlot(boolean multiple) {
        int rounds = 40;
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofSeconds(20)).build();
        List<Integer> ok = world.run(comm -> {
            int[] v = new int[1];
            if (comm.rank() == 1) {
                for (int i = 0; i < rounds; i++) {
                    Thread.sleep(3);        // the receiver spins for less than this, then parks
                    comm.send(new int[] {i}, 0, 1, Datatype.INT, 0, 0);
                    comm.recv(v, 0, 1, Datatype.INT, 0, 1);
                }
                return 0;
            }
            if (multiple) {
                comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            }
            for (int i = 0; i < rounds; i++) {
                comm.recv(v, 0, 1, Datatype.INT, 1, 0);
                assertThat(v[0]).isEqualTo(i);
                comm.send(v, 0, 1, Datatype.INT, 1, 1);
            }
            return rounds;
        });
        assertThat(ok.get(0)).isEqualTo(rounds);
    }

    /**
     * Both ranks at {@link ThreadLevel#MULTIPLE}: three sending threads of rank 1 send single
     * elements and, now and then, a three-element message on their own tags, at once, to three
     * receiving threads of rank 0, one per tag, which check each tag's order.
     */
    @Test
    void threadsAtMultipleSendSmallMessagesInTheirOwnOrder() {
        int threads = 3;
        int messages = 3000;
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofSeconds(20)).build();
        List<Integer> ok = world.run(comm -> {
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            boolean sender = comm.rank() == 1;
            int[] counted = new int[threads];
            List<Thread> workers = new ArrayList<>();
            java.util.concurrent.ConcurrentLinkedQueue<Throwable> failures = new java.util.concurrent.ConcurrentLinkedQueue<>();
            for (int t = 0; t < threads; t++) {
                int tag = t;
                workers.add(Thread.ofPlatform().start(() -> {
                    try {
                        int[] v = new int[3];
                        for (int i = 0; i < messages; i++) {
                            int n = i % 17 == 0 ? 3 : 1;
                            if (sender) {
                                comm.send(new int[] {i, i, i}, 0, n, Datatype.INT, 0, tag);
                            } else {
                                Status st = comm.recv(v, 0, 3, Datatype.INT, 1, tag);
                                if (st.count(Datatype.INT) != n || v[0] != i) {
                                    throw new AssertionError("tag " + tag + ": message " + i + " came as " + v[0]
                                            + " with " + st.count(Datatype.INT) + " elements");
                                }
                                counted[tag]++;
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread w : workers) {
                w.join();
            }
            if (!failures.isEmpty()) {
                throw new AssertionError(failures.peek());
            }
            return java.util.Arrays.stream(counted).sum();
        });
        assertThat(ok.get(0)).isEqualTo(threads * messages);
    }
}
