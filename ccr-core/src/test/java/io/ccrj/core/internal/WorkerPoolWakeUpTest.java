package io.ccrj.core.internal;

import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The wake-up protocol of a multi-worker pool, with the park timeout (the protocol's second line
 * of defence) set to an hour: a wake-up the protocol loses is not rescued, and the task it was for
 * waits until the test fails.
 *
 * <p>What the protocol promises: a queue made ready while a worker searches the ready list wakes
 * nobody (the searcher finds it); one made ready while no worker searches wakes a parked worker;
 * a worker that takes a queue while others are still ready, and nobody else searches, wakes a
 * parked worker for them; a queue kept by the worker whose handler posted to it is taken over by
 * another worker when the handler does not end, so that no task waits for a handler that waits
 * for it. A napping worker (after the spin, before the park) is woken by the same protocol; the
 * tests of it make the nap's slices an hour long as well.
 */
@Timeout(60)
class WorkerPoolWakeUpTest {
    private static final long AN_HOUR = TimeUnit.HOURS.toNanos(1);
    private static final long WAIT_SECONDS = 10;
    private final List<WorkerPool> pools = new ArrayList<>();

    @AfterEach
    void closePools() {
        for (WorkerPool p : pools) {
            p.stopNow();
        }
    }

    private WorkerPool pool(int threads, IdleStrategy idle) {
        WorkerPool p = new WorkerPool("wake-" + pools.size(), threads, idle, new Port<>("unhandled"), AN_HOUR);
        pools.add(p);
        return p;
    }

    /** A pool whose nap slices are an hour long too: a napping worker is found only by a wake-up. */
    private WorkerPool napping(int threads, Duration spin) {
        WorkerPool p = new WorkerPool("nap-" + pools.size(), threads, IdleStrategy.spinThenPark(spin, Duration.ofHours(1)),
                new Port<>("unhandled"), AN_HOUR, AN_HOUR, true);
        pools.add(p);
        return p;
    }

    private static <V> CompletableFuture<V> submit(QueueCore q, java.util.concurrent.Callable<V> body) {
        RunnableTask<V> t = new RunnableTask<>(q, body);
        q.submit(t);
        return t.result();
    }

    @Test
    void aTaskPostedWhileTheOtherWorkerIsBusyWakesTheParkedOne() throws Exception {
        WorkerPool p = pool(2, IdleStrategy.parkImmediately());
        QueueCore blocked = new QueueCore("blocked", p, null, SchedulingPolicy.unconstrained());
        QueueCore other = new QueueCore("other", p, null, SchedulingPolicy.unconstrained());
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            submit(blocked, () -> {
                running.countDown();
                return release.await(WAIT_SECONDS * 3, TimeUnit.SECONDS);
            });
            assertThat(running.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 200; i++) {
                // between posts the free worker parks at once (parkImmediately): every post finds
                // one worker busy and the other parked or about to park
                int n = i;
                assertThat(submit(other, () -> n).get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(n);
            }
            assertThat(release.getCount()).as("the first task still held its worker throughout").isEqualTo(1);
        } finally {
            release.countDown();
        }
    }

    @Test
    void queuesMadeReadyTogetherRunOnBothWorkersAtOnce() throws Exception {
        // Each pair of tasks can only finish together (a barrier of two): they need both workers
        // at once, so the second must not wait behind the first. Posted back to back, the second
        // queue is often made ready while the first worker still searches (no wake-up): the worker
        // that takes the first must pass the second on to the parked one.
        for (IdleStrategy idle : List.of(IdleStrategy.parkImmediately(),
                IdleStrategy.spinThenPark(Duration.ofNanos(2_000), Duration.ZERO), IdleStrategy.spinThenPark())) {
            WorkerPool p = pool(2, idle);
            QueueCore a = new QueueCore("a", p, null, SchedulingPolicy.unconstrained());
            QueueCore b = new QueueCore("b", p, null, SchedulingPolicy.unconstrained());
            for (int round = 0; round < 300; round++) {
                CyclicBarrier both = new CyclicBarrier(2);
                CompletableFuture<Integer> first = submit(a, () -> both.await(WAIT_SECONDS, TimeUnit.SECONDS));
                CompletableFuture<Integer> second = submit(b, () -> both.await(WAIT_SECONDS, TimeUnit.SECONDS));
                int arrivals = first.get(WAIT_SECONDS * 2, TimeUnit.SECONDS) + second.get(WAIT_SECONDS * 2, TimeUnit.SECONDS);
                assertThat(arrivals).as("round %d with %s", round, idle).isEqualTo(1);
                if (round % 10 == 0) {
                    Thread.sleep(1); // let the workers go idle, and park, between some rounds
                }
            }
        }
    }

    @Test
    void aPostWakesANappingWorkerAtOnce() throws Exception {
        // After its spin a worker naps, with slices an hour long here: every task posted from
        // outside while both workers nap (or are about to) must wake one, or the round hangs.
        for (Duration spin : List.of(Duration.ZERO, Duration.ofNanos(2_000))) {
            WorkerPool p = napping(2, spin);
            QueueCore q = new QueueCore("q", p, null, SchedulingPolicy.unconstrained());
            for (int i = 0; i < 300; i++) {
                int n = i;
                assertThat(submit(q, () -> n).get(WAIT_SECONDS, TimeUnit.SECONDS)).as("task %d, spin %s", i, spin).isEqualTo(n);
                if (i % 10 == 0) {
                    Thread.sleep(1); // let both workers settle into their naps
                }
            }
        }
    }

    @Test
    void queuesMadeReadyTogetherWakeBothNappingWorkers() throws Exception {
        // As queuesMadeReadyTogetherRunOnBothWorkersAtOnce, with workers that nap (an hour a
        // slice) instead of parking: the worker that takes the first queue must wake the napping
        // one for the second.
        WorkerPool p = napping(2, Duration.ofNanos(2_000));
        QueueCore a = new QueueCore("a", p, null, SchedulingPolicy.unconstrained());
        QueueCore b = new QueueCore("b", p, null, SchedulingPolicy.unconstrained());
        for (int round = 0; round < 300; round++) {
            CyclicBarrier both = new CyclicBarrier(2);
            CompletableFuture<Integer> first = submit(a, () -> both.await(WAIT_SECONDS, TimeUnit.SECONDS));
            CompletableFuture<Integer> second = submit(b, () -> both.await(WAIT_SECONDS, TimeUnit.SECONDS));
            int arrivals = first.get(WAIT_SECONDS * 2, TimeUnit.SECONDS) + second.get(WAIT_SECONDS * 2, TimeUnit.SECONDS);
            assertThat(arrivals).as("round %d", round).isEqualTo(1);
            if (round % 10 == 0) {
                Thread.sleep(1);
            }
        }
        assertThat(p.parkCount()).as("nobody napped past an hour into a park").isZero();
    }

    @Test
    void manyProducersNeverStrandATask() throws Exception {
        // Producers making queues ready from outside and from the workers themselves, at random
        // moments against parking workers: with no park timeout to fall back on, every task must
        // still run.
        WorkerPool p = pool(2, IdleStrategy.spinThenPark(Duration.ofNanos(1_000), Duration.ZERO));
        QueueCore[] queues = new QueueCore[4];
        for (int i = 0; i < queues.length; i++) {
            queues[i] = new QueueCore("q" + i, p, null, SchedulingPolicy.unconstrained());
        }
        int perProducer = 20_000;
        CountDownLatch done = new CountDownLatch(3 * perProducer * 2);
        List<Thread> producers = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            int id = t;
            producers.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perProducer; i++) {
                    QueueCore q = queues[(id + i) % queues.length];
                    // each task posts one follow-up to another queue from its worker
                    submit(q, () -> {
                        done.countDown();
                        submit(queues[(id + 1) % queues.length], () -> {
                            done.countDown();
                            return null;
                        });
                        return null;
                    });
                    if ((i & 255) == 0) {
                        java.util.concurrent.locks.LockSupport.parkNanos(50_000); // let workers park
                    }
                }
            }));
        }
        for (Thread t : producers) {
            t.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS * 3));
        }
        assertThat(done.await(WAIT_SECONDS * 3, TimeUnit.SECONDS)).as("tasks left: %d", done.getCount()).isTrue();
    }

    @Test
    void aHandlerThatWaitsForWhatItPostedIsNotWaitedFor() throws Exception {
        // The handler's post makes the queue ready, and the posting worker keeps it to run next;
        // but the handler blocks until that task has run, so another worker must take the kept
        // queue over, whether it was searching (after the take-over delay) or about to park
        // (before it parks). No park timeout rescues a miss: the round would hang.
        for (IdleStrategy idle : List.of(IdleStrategy.parkImmediately(),
                IdleStrategy.spinThenPark(Duration.ofNanos(2_000), Duration.ZERO),
                IdleStrategy.spinThenPark(Duration.ofNanos(20_000), Duration.ZERO), IdleStrategy.spinThenPark(),
                // naps only (never parks within the test): a napping worker takes the kept queue
                // over between its slices
                IdleStrategy.spinThenPark(Duration.ofNanos(2_000), Duration.ofHours(1)))) {
            WorkerPool p = pool(2, idle);
            QueueCore a = new QueueCore("a", p, null, SchedulingPolicy.unconstrained());
            QueueCore b = new QueueCore("b", p, null, SchedulingPolicy.unconstrained());
            for (int round = 0; round < 200; round++) {
                QueueCore target = round % 2 == 0 ? b : a; // to another queue, and to the handler's own
                CompletableFuture<Boolean> outer = submit(a, () -> {
                    CountDownLatch ran = new CountDownLatch(1);
                    submit(target, () -> {
                        ran.countDown();
                        return null;
                    });
                    return ran.await(WAIT_SECONDS, TimeUnit.SECONDS);
                });
                assertThat(outer.get(WAIT_SECONDS * 2, TimeUnit.SECONDS)).as("round %d with %s", round, idle).isTrue();
                if (round % 10 == 0) {
                    Thread.sleep(1); // let the other worker go idle, and park, between some rounds
                }
            }
        }
    }

    @Test
    void aChainOfHandOffsLosesNoHop() throws Exception {
        // One message bounced between two queues, each hop posted by the previous hop's handler,
        // so that the posting worker keeps each hop (and the other worker takes some over): every
        // hop runs once, in order (no hop lost, run twice or overtaken), with no park timeout to
        // rescue a kept queue that nobody runs.
        WorkerPool p = pool(2, IdleStrategy.spinThenPark());
        QueueCore ping = new QueueCore("ping", p, null, SchedulingPolicy.unconstrained());
        QueueCore pong = new QueueCore("pong", p, null, SchedulingPolicy.unconstrained());
        int hops = 200_000;
        int[] seen = new int[1]; // touched by one hop at a time: each hop is posted by the one before
        CompletableFuture<Integer> done = new CompletableFuture<>();
        class Hop implements java.util.concurrent.Callable<Void> {
            final int n;

            Hop(int n) {
                this.n = n;
            }

            @Override
            public Void call() {
                if (seen[0] != n) {
                    done.completeExceptionally(new AssertionError("hop " + n + " after hop " + (seen[0] - 1)));
                    return null;
                }
                seen[0] = n + 1;
                if (n + 1 == hops) {
                    done.complete(seen[0]);
                } else {
                    submit(n % 2 == 0 ? pong : ping, new Hop(n + 1));
                }
                return null;
            }
        }
        submit(ping, new Hop(0));
        assertThat(done.get(WAIT_SECONDS * 3, TimeUnit.SECONDS)).isEqualTo(hops);
    }
}
