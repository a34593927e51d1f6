package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ThreadLevel#MULTIPLE} under load: in every rank {@code T} sender threads and {@code T}
 * receiver threads call point-to-point at once on the world communicator, with no ordering
 * between them. Sender thread {@code t} sends {@code M} messages with tag {@code t} to every other
 * rank, cycling through {@code send}, a large {@code isend} (lent, zero-copy), {@code ssend} and a
 * small {@code isend} completed by polling {@code test}; receiver thread {@code t} takes every
 * message with tag {@code t} from {@code ANY_SOURCE}, cycling through {@code recv},
 * {@code irecv}+{@code waitFor}, {@code iprobe}+{@code recv} and {@code probe}+{@code recv}.
 * Each payload carries (sender rank, thread, sequence number): every receiver checks that from
 * each source the sequence numbers arrive 0, 1, 2 ... with none lost, duplicated or reordered
 * (MPI's order per sending thread and tag), and that the payload's length and contents survived.
 * A second test has every thread restart its own persistent send and receive each round and
 * complete them with {@code waitAny} or by polling {@code testSome}, all threads at once.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MultipleThreadsStressTest {
    private static final int LARGE = 300;    // above the zero-copy threshold: the receiver takes the elements

    @ParameterizedTest(name = "{0} ranks, {1}+{1} threads per rank, {2} messages per pair, platform {3}")
    @CsvSource({"2, 4, 300, true", "3, 3, 150, false", "4, 3, 100, true", "8, 2, 40, true", "8, 2, 40, false"})
    void concurrentSendersAndReceiversLoseReorderAndDuplicateNothing(int n, int threads, int messages,
            boolean platform) {
        SpmdWorld world = SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(30))
                .rankThreads(platform ? RankThreads.PLATFORM : RankThreads.VIRTUAL).build();
        List<String> results = world.run(comm -> {
            assertThat(comm.requestThreadLevel(ThreadLevel.MULTIPLE)).isEqualTo(ThreadLevel.MULTIPLE);
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            long[] received = new long[threads];
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int tag = t;
                workers.add(start(platform, "rank-" + comm.rank() + "-sender-" + t, failures,
                        () -> sender(comm, tag, messages)));
                workers.add(start(platform, "rank-" + comm.rank() + "-receiver-" + t, failures,
                        () -> received[tag] = receiver(comm, tag, messages)));
            }
            for (Thread w : workers) {
                while (!w.join(Duration.ofMillis(20))) {
                    failFast(failures);
                }
            }
            failFast(failures);
            long mine = 0;
            for (long r : received) {
                mine += r;
            }
            long[] all = new long[1];
            comm.allreduce(new long[] {mine}, 0, all, 0, 1, Datatype.LONG, Op.SUM);
            return comm.threadLevel() + " " + mine + " " + all[0];
        });
        long perRank = (long) (n - 1) * messages * threads;
        for (String s : results) {
            assertThat(s).isEqualTo("MULTIPLE " + perRank + " " + perRank * n);
        }
    }

    /**
     * Collectives at MULTIPLE, where a rank waits for a completion that is no message: the
     * shared-memory barrier and allreduce are completed by the last rank to arrive, which then wakes
     * the others' waiting threads. A waiter that registered for that wake-up only after its last
     * test of the condition would miss it and hang (the watchdog then fails the run).
     */
    @ParameterizedTest(name = "{0} ranks, collectives {1}, platform {2}")
    @CsvSource({"8, SHARED_MEMORY, true", "8, SHARED_MEMORY, false", "3, SHARED_MEMORY, true", "4, MESSAGES, true"})
    void collectivesAtMultipleLoseNoWakeUp(int n, Collectives collectives, boolean platform) {
        int rounds = 1500;
        SpmdWorld world = SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(20)).collectives(collectives)
                .rankThreads(platform ? RankThreads.PLATFORM : RankThreads.VIRTUAL).build();
        List<Long> sums = world.run(comm -> {
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            long[] in = new long[1];
            long[] out = new long[1];
            long total = 0;
            for (int i = 0; i < rounds; i++) {
                in[0] = comm.rank() + i;
                comm.allreduce(in, 0, out, 0, 1, Datatype.LONG, Op.SUM);
                total += out[0];
                comm.barrier();
            }
            return total;
        });
        long expected = 0;
        for (int i = 0; i < rounds; i++) {
            expected += (long) n * (n - 1) / 2 + (long) n * i;
        }
        for (long s : sums) {
            assertThat(s).isEqualTo(expected);
        }
    }

    /** A worker's failure fails the rank at once (the others' waits then end with ABORTED). */
    private static void failFast(ConcurrentLinkedQueue<Throwable> failures) {
        Throwable f = failures.peek();
        if (f != null) {
            throw new AssertionError("a thread of the rank failed: " + f, f);
        }
    }

    private static Thread start(boolean platform, String name, ConcurrentLinkedQueue<Throwable> failures,
            Runnable body) {
        Runnable guarded = () -> {
            try {
                body.run();
            } catch (Throwable e) {
                failures.add(e);
            }
        };
        return platform ? Thread.ofPlatform().name(name).start(guarded) : Thread.ofVirtual().name(name).start(guarded);
    }

    private static void sender(Comm comm, int tag, int messages) {
        List<Request> lent = new ArrayList<>();
        for (int seq = 0; seq < messages; seq++) {
            for (int k = 1; k < comm.size(); k++) {
                int dest = (comm.rank() + k) % comm.size();
                switch (seq % 4) {
                    case 0 -> comm.send(payload(comm.rank(), tag, seq, 3), 0, 3, Datatype.INT, dest, tag);
                    case 1 -> lent.add(comm.isend(payload(comm.rank(), tag, seq, LARGE), 0, LARGE, Datatype.INT, dest,
                            tag));
                    case 2 -> comm.ssend(payload(comm.rank(), tag, seq, 4), 0, 4, Datatype.INT, dest, tag);
                    default -> {
                        Request r = comm.isend(payload(comm.rank(), tag, seq, 5), 0, 5, Datatype.INT, dest, tag);
                        while (r.test() == null) {
                            Thread.onSpinWait();
                        }
                    }
                }
            }
            if (lent.size() >= 8) {
                Request.waitAll(lent.toArray(new Request[0]));
                lent.clear();
            }
        }
        Request.waitAll(lent.toArray(new Request[0]));
    }

    private static int[] payload(int rank, int tag, int seq, int length) {
        int[] p = new int[length];
        p[0] = rank;
        p[1] = tag;
        p[2] = seq;
        for (int i = 3; i < length; i++) {
            p[i] = rank * 1_000_000 + seq * 1_000 + i;
        }
        return p;
    }

    private static long receiver(Comm comm, int tag, int messages) {
        int[] next = new int[comm.size()];
        int total = (comm.size() - 1) * messages;
        for (int k = 0; k < total; k++) {
            int[] buf = new int[LARGE];
            Status st;
            switch (k % 4) {
                case 0 -> st = comm.recv(buf, 0, LARGE, Datatype.INT, Comm.ANY_SOURCE, tag);
                case 1 -> st = comm.irecv(buf, 0, LARGE, Datatype.INT, Comm.ANY_SOURCE, tag).waitFor();
                case 2 -> {
                    Status seen;
                    int polls = 0;
                    while ((seen = comm.iprobe(Comm.ANY_SOURCE, tag)) == null) {
                        if (++polls % 16 == 0) {
                            // a virtual thread that only yields between polls goes back to its
                            // carrier's local queue, ahead of the threads queued elsewhere
                            LockSupport.parkNanos(20_000);
                        }
                    }
                    // only this thread receives tag `tag`, so the probed message is still the
                    // oldest one from its source with this tag
                    st = comm.recv(buf, 0, LARGE, Datatype.INT, seen.source(), tag);
                    assertThat(st.count()).isEqualTo(seen.count());
                }
                default -> {
                    Status seen = comm.probe(Comm.ANY_SOURCE, tag);
                    st = comm.recv(buf, 0, LARGE, Datatype.INT, seen.source(), tag);
                    assertThat(st.count()).isEqualTo(seen.count());
                }
            }
            int src = st.source();
            assertThat(st.tag()).isEqualTo(tag);
            assertThat(buf[0]).as("sender rank").isEqualTo(src);
            assertThat(buf[1]).as("sender thread").isEqualTo(tag);
            assertThat(buf[2]).as("sequence number from rank %d, tag %d", src, tag).isEqualTo(next[src]);
            int expectedLength = switch (buf[2] % 4) {
                case 0 -> 3;
                case 1 -> LARGE;
                case 2 -> 4;
                default -> 5;
            };
            assertThat(st.count()).isEqualTo(expectedLength);
            for (int i = 3; i < expectedLength; i++) {
                assertThat(buf[i]).isEqualTo(src * 1_000_000 + buf[2] * 1_000 + i);
            }
            next[src]++;
        }
        for (int r = 0; r < comm.size(); r++) {
            assertThat(next[r]).as("messages from rank %d with tag %d", r, tag).isEqualTo(r == comm.rank() ? 0 : messages);
        }
        assertThat(comm.iprobe(Comm.ANY_SOURCE, tag)).as("no message left over").isNull();
        return total;
    }

    @ParameterizedTest(name = "{0} ranks, {1} threads per rank, platform {2}")
    @CsvSource({"2, 3, true", "4, 3, false", "8, 2, true"})
    void persistentRequestsWaitAnyAndTestSomeFromSeveralThreadsAtOnce(int n, int threads, boolean platform) {
        int rounds = 60;
        SpmdWorld world = SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(30))
                .rankThreads(platform ? RankThreads.PLATFORM : RankThreads.VIRTUAL).build();
        List<String> results = world.run(comm -> {
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            int right = (comm.rank() + 1) % n;
            int left = (comm.rank() + n - 1) % n;
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            long[] sums = new long[threads];
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int tag = t;
                workers.add(start(platform, "rank-" + comm.rank() + "-persistent-" + t, failures, () -> {
                    // one persistent send and receive per thread, restarted every round; the
                    // buffers are the thread's own, rewritten between rounds
                    long[] out = new long[1];
                    long[] in = new long[1];
                    PersistentRequest send = comm.sendInit(out, 0, 1, Datatype.LONG, right, tag);
                    PersistentRequest recv = comm.recvInit(in, 0, 1, Datatype.LONG, left, tag);
                    for (int round = 0; round < rounds; round++) {
                        out[0] = comm.rank() * 1_000_000L + tag * 1_000L + round;
                        Request.startAll(send, recv);
                        if (round % 2 == 0) {
                            Status first = Request.waitAny(send, recv);
                            (first.index() == 0 ? recv : send).waitFor();
                        } else {
                            int done = 0;
                            boolean[] seen = new boolean[2];
                            int polls = 0;
                            while (done < 2) {
                                for (Status st : Request.testSome(send, recv)) {
                                    assertThat(seen[st.index()]).as("completed twice").isFalse();
                                    seen[st.index()] = true;
                                    done++;
                                }
                                if (++polls % 16 == 0) {
                                    LockSupport.parkNanos(20_000);     // as in the iprobe loop above
                                }
                            }
                        }
                        assertThat(in[0]).isEqualTo(left * 1_000_000L + tag * 1_000L + round);
                        sums[tag] += in[0];
                    }
                }));
            }
            for (Thread w : workers) {
                while (!w.join(Duration.ofMillis(20))) {
                    failFast(failures);
                }
            }
            failFast(failures);
            long total = 0;
            for (long x : sums) {
                total += x;
            }
            return String.valueOf(total);
        });
        for (int r = 0; r < n; r++) {
            int left = (r + n - 1) % n;
            long expected = 0;
            for (int t = 0; t < threads; t++) {
                for (int round = 0; round < rounds; round++) {
                    expected += left * 1_000_000L + t * 1_000L + round;
                }
            }
            assertThat(results.get(r)).as("rank %d", r).isEqualTo(String.valueOf(expected));
        }
    }

    @Test
    void threadsWaitingAtMultipleAreReleasedWithAbortedWhenAnotherRankFails() throws InterruptedException {
        CountDownLatch waiting = new CountDownLatch(3);
        ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Thread> receivers = new ConcurrentLinkedQueue<>();
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofSeconds(30)).build();
        assertThatThrownBy(() -> world.run(comm -> {
            if (comm.rank() == 1) {
                waiting.await();
                throw new IllegalStateException("rank 1 gives up");
            }
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            for (int t = 0; t < 3; t++) {
                int tag = t;
                receivers.add(Thread.ofPlatform().daemon(true).start(() -> {
                    waiting.countDown();
                    try {
                        comm.recv(new int[1], 0, 1, Datatype.INT, 1, tag);
                        outcomes.add("received");
                    } catch (MpiException e) {
                        outcomes.add(e.errorClass().toString());
                    }
                }));
            }
            for (Thread t : receivers) {
                t.join();
            }
            return null;
        })).isInstanceOf(RankFailedException.class).hasMessageContaining("rank 1 gives up");
        for (Thread t : receivers) {
            t.join(Duration.ofSeconds(20));
            assertThat(t.isAlive()).as("receiver thread %s still waiting", t).isFalse();
        }
        assertThat(outcomes).containsExactly("ABORTED", "ABORTED", "ABORTED");
    }

    @Test
    void multipleOnceProvidedStaysAndOtherThreadsKeepTheRanksThreadAsMain() {
        List<String> results = SpmdWorld.run(2, comm -> {
            ThreadLevel first = comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            ThreadLevel again = comm.requestThreadLevel(ThreadLevel.FUNNELED);
            // two threads exchange with the other rank while the rank's own thread does too
            int other = 1 - comm.rank();
            int[] got = new int[3];
            Thread a = Thread.ofPlatform().start(() -> comm.sendrecv(new int[] {10 + comm.rank()}, 0, 1, Datatype.INT,
                    other, 1, got, 0, 1, Datatype.INT, other, 1));
            Thread b = Thread.ofPlatform().start(() -> comm.sendrecv(new int[] {20 + comm.rank()}, 0, 1, Datatype.INT,
                    other, 2, got, 1, 1, Datatype.INT, other, 2));
            comm.sendrecv(new int[] {30 + comm.rank()}, 0, 1, Datatype.INT, other, 3, got, 2, 1, Datatype.INT, other, 3);
            a.join();
            b.join();
            comm.barrier();
            return first + " " + again + " " + comm.threadLevel() + " " + got[0] + " " + got[1] + " " + got[2];
        });
        assertThat(results).containsExactly("MULTIPLE MULTIPLE MULTIPLE 11 21 31", "MULTIPLE MULTIPLE MULTIPLE 10 20 30");
    }
}
