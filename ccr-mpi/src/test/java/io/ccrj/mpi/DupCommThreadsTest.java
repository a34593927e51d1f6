package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Threads on duplicated communicators at {@link ThreadLevel#MULTIPLE}, the shape of the mpiJava
 * programs that give each thread a communicator of its own: every rank's main thread asks for
 * {@code MULTIPLE}, duplicates the world communicator once per thread (in the same order on
 * every rank, as MPI requires of a collective), and starts {@code T} threads; thread {@code t}
 * of every rank then runs rounds on dup {@code t} only: a ring shift by {@code sendrecv}, a
 * ping-pong with its partner rank, a barrier, an allreduce and a broadcast, checking every value.
 * The threads of one rank run their rounds at once, unsynchronized, so each rank's mailbox holds
 * the waits of several communicators at a time, on messages (point-to-point, message-based
 * collectives) and on completions that are no message (the shared-memory collectives, which the
 * default selects where ranks outnumber the processors). A lost wake-up or a wake-up that reaches
 * the wrong waiter shows as the watchdog's deadlock report or as the test's timeout.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DupCommThreadsTest {

    @ParameterizedTest(name = "{0} ranks, {1} threads, {2} rounds, collectives {3}, platform {4}")
    @CsvSource({
        "2, 4, 300, AUTO, true", "2, 4, 300, AUTO, false",
        "3, 3, 200, AUTO, true", "3, 3, 200, AUTO, false",
        "4, 3, 150, AUTO, true", "4, 3, 150, AUTO, false",
        "8, 2, 60, AUTO, true", "8, 2, 60, AUTO, false",
        "4, 3, 150, SHARED_MEMORY, true", "4, 3, 150, MESSAGES, false",
        "8, 3, 40, MESSAGES, true", "8, 3, 40, SHARED_MEMORY, false"})
    void threadsOnTheirOwnDupsCompleteEveryRound(int n, int threads, int rounds, Collectives collectives,
            boolean platform) {
        SpmdWorld world = SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(30)).collectives(collectives)
                .rankThreads(platform ? RankThreads.PLATFORM : RankThreads.VIRTUAL).build();
        List<Long> checks = world.run(comm -> {
            assertThat(comm.requestThreadLevel(ThreadLevel.MULTIPLE)).isEqualTo(ThreadLevel.MULTIPLE);
            Comm[] dups = new Comm[threads];
            for (int t = 0; t < threads; t++) {
                dups[t] = comm.dup();
            }
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            long[] done = new long[threads];
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                Runnable body = () -> {
                    try {
                        done[id] = rounds(dups[id], id, rounds);
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                };
                String name = "rank-" + comm.rank() + "-dup-" + t;
                workers.add(platform ? Thread.ofPlatform().name(name).start(body)
                        : Thread.ofVirtual().name(name).start(body));
            }
            for (Thread w : workers) {
                while (!w.join(Duration.ofMillis(20))) {
                    Throwable f = failures.peek();
                    if (f != null) {
                        throw new AssertionError("a thread of rank " + comm.rank() + " failed: " + f, f);
                    }
                }
            }
            Throwable f = failures.peek();
            if (f != null) {
                throw new AssertionError("a thread of rank " + comm.rank() + " failed: " + f, f);
            }
            long sum = 0;
            for (long d : done) {
                sum += d;
            }
            // the dups are still usable by the main thread, and the world communicator too
            long[] all = new long[1];
            dups[0].allreduce(new long[] {sum}, 0, all, 0, 1, Datatype.LONG, Op.SUM);
            comm.barrier();
            return all[0];
        });
        long perThread = rounds;
        for (long c : checks) {
            assertThat(c).isEqualTo(perThread * threads * n);
        }
    }

    /**
     * A real deadlock of threads on their own dups: every thread of every rank receives a message
     * nobody sends. The watchdog's report names each waiting thread and its receive (not only the
     * last thread of a rank to start waiting).
     */
    @org.junit.jupiter.api.Test
    void aDeadlockOfThreadsOnDupsNamesEveryWaitingThread() {
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofMillis(500)).build();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> world.run(comm -> {
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            Comm[] dups = {comm.dup(), comm.dup()};
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                Comm c = dups[t];
                int tag = 40 + t;
                workers.add(Thread.ofPlatform().name("r" + comm.rank() + "-t" + t).start(() -> {
                    try {
                        c.recv(new int[1], 0, 1, Datatype.INT, 1 - c.rank(), tag);
                    } catch (MpiException e) {
                        // ended by the deadlock report
                    }
                }));
            }
            for (Thread w : workers) {
                w.join();
            }
            return null;
        })).isInstanceOfSatisfying(DeadlockException.class, d -> assertThat(d.getMessage())
                .contains("2 threads waiting at THREAD_MULTIPLE")
                .contains("thread 'r0-t0' in recv(source=1, tag=40, INT x 1) on world/dup0")
                .contains("thread 'r0-t1' in recv(source=1, tag=41, INT x 1) on world/dup1")
                .contains("thread 'r1-t0' in recv(source=0, tag=40, INT x 1) on world/dup0")
                .contains("thread 'r1-t1' in recv(source=0, tag=41, INT x 1) on world/dup1"));
    }

    /**
     * No false deadlock at {@code MULTIPLE}: on every rank one thread waits for a message that the
     * other rank's second thread sends only after computing for three deadlock timeouts. Every
     * rank has a thread waiting in MPI, but a thread of the rank that has called MPI runs, so the
     * watchdog must not call it a deadlock (it did while it counted a rank with one waiting thread
     * as blocked). Platform and virtual threads.
     */
    @ParameterizedTest(name = "virtual threads: {0}")
    @CsvSource({"false", "true"})
    void aThreadThatComputesBetweenItsCallsKeepsTheWatchdogQuiet(boolean virtual) {
        Duration timeout = Duration.ofMillis(400);
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(timeout).build();
        List<Integer> got = world.run(comm -> {
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            Comm waits = comm.dup();
            Comm computes = comm.dup();
            int partner = 1 - comm.rank();
            int[] in = new int[1];
            Thread.Builder b = virtual ? Thread.ofVirtual() : Thread.ofPlatform();
            Thread waiter = b.name("r" + comm.rank() + "-waits").start(
                    () -> waits.recv(in, 0, 1, Datatype.INT, partner, 9));
            Thread computer = b.name("r" + comm.rank() + "-computes").start(() -> {
                int[] hello = new int[1];
                computes.sendrecv(new int[] {comm.rank()}, 0, 1, Datatype.INT, partner, 7, hello, 0, 1, Datatype.INT,
                        partner, 7);
                long end = System.nanoTime() + 3 * timeout.toNanos();
                long x = hello[0];
                while (System.nanoTime() < end) {
                    x = x * 6364136223846793005L + 1442695040888963407L; // busy: runnable, outside MPI
                }
                waits.send(new int[] {100 + comm.rank() + (int) (x & 0)}, 0, 1, Datatype.INT, partner, 9);
            });
            waiter.join();
            computer.join();
            return in[0];
        });
        assertThat(got).containsExactly(101, 100);
    }

    /** Runs {@code rounds} rounds on {@code c}, the thread {@code id}'s own dup; returns the rounds done. */
    private static long rounds(Comm c, int id, int rounds) {
        int n = c.size();
        int me = c.rank();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        int partner = me ^ 1;
        int[] out = new int[2];
        int[] in = new int[2];
        long[] sum = new long[1];
        double[] b = new double[3];
        long done = 0;
        for (int r = 0; r < rounds; r++) {
            // ring shift: from the left neighbour, its rank and this round
            out[0] = me;
            out[1] = r * 31 + id;
            c.sendrecv(out, 0, 2, Datatype.INT, right, id, in, 0, 2, Datatype.INT, left, id);
            assertThat(in).as("ring round %d of dup %d", r, id).containsExactly(left, r * 31 + id);
            // ping-pong with the partner rank (the last rank of an odd world sits it out)
            if (partner < n) {
                int[] ball = {r, me};
                if ((me & 1) == 0) {
                    c.send(ball, 0, 2, Datatype.INT, partner, 100 + id);
                    c.recv(ball, 0, 2, Datatype.INT, partner, 100 + id);
                    assertThat(ball).as("pong round %d of dup %d", r, id).containsExactly(r + 1, partner);
                } else {
                    c.recv(ball, 0, 2, Datatype.INT, partner, 100 + id);
                    assertThat(ball).as("ping round %d of dup %d", r, id).containsExactly(r, partner);
                    ball[0] = r + 1;
                    ball[1] = me;
                    c.send(ball, 0, 2, Datatype.INT, partner, 100 + id);
                }
            }
            c.barrier();
            c.allreduce(new long[] {me + r}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
            assertThat(sum[0]).as("allreduce round %d of dup %d", r, id).isEqualTo((long) n * (n - 1) / 2 + (long) n * r);
            int root = r % n;
            if (me == root) {
                b[0] = r;
                b[1] = id;
                b[2] = root;
            } else {
                b[0] = b[1] = b[2] = -1;
            }
            c.bcast(b, 0, 3, Datatype.DOUBLE, root);
            assertThat(b).as("bcast round %d of dup %d", r, id).containsExactly(r, id, root);
            done++;
        }
        return done;
    }
}
