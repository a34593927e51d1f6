package io.ccrj.core.stress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.stress.StressHarness.Violations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.awaitQuiescent;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static io.ccrj.core.stress.StressHarness.stayWithin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * 10^7 messages through the direct path of a persistent receive (a one-worker dispatcher), posted
 * by three producers at once, so that posts race the worker finishing and restarting the drain
 * and the drain yielding to another queue. Producers 1 and 2 post only to the direct port.
 * Producer 0 posts runs of items alternately to the direct port and to a port whose receiver takes
 * the ordinary path (a predicate), on the same queue, and now and then a task on a second queue,
 * so its items must keep their post order across the two paths. Every producer's items must arrive
 * once each, in post order: no loss, no duplicate, no reordering.
 *
 * <p>On a two-worker dispatcher the workers take turns at the drain, a share of its items each, and
 * run them in parallel, so only exactly-once is observable: the same mix, with producer 0 also
 * suspending and resuming the queue now and then (a worker that sees the suspension mid-share gives
 * its unstarted items back as tasks of their own).
 */
@Timeout(180)
class DirectPathStressTest {
    private static final int PRODUCERS = 3;
    private static final int PER_PRODUCER = 3_333_334; // 10^7 in all
    private static final int WINDOW = 1 << 14;

    @Test
    void tenMillionMessagesKeepPerProducerOrderAcrossTheDirectAndOrdinaryPaths() throws Exception {
        Dispatcher d = new Dispatcher(1, "direct-stress");
        try {
            DispatcherQueue q = d.createQueue("q");
            DispatcherQueue side = d.createQueue("side");
            Port<Long> direct = new Port<>("direct");
            Port<Long> ordinary = new Port<>("ordinary");
            Violations violations = new Violations();
            AtomicLong consumed = new AtomicLong();
            // Read and written only by the one worker: the next sequence number expected per producer.
            long[] expected = new long[PRODUCERS];
            io.ccrj.core.Handler<Long> check = tagged -> {
                int producer = (int) (tagged >>> 32);
                long seq = tagged & 0xffff_ffffL;
                long want = expected[producer];
                if (seq != want) {
                    violations.report("producer " + producer + ": got " + seq + ", expected " + want);
                }
                expected[producer] = seq + 1;
                consumed.lazySet(consumed.get() + 1); // single writer: the worker
            };
            Arbiter.activate(q, Arbiter.receive(true, direct, check));
            Arbiter.activate(q, Arbiter.receive(true, ordinary, check, t -> true));
            long start = System.nanoTime();
            produceMix(d, q, side, direct, ordinary, consumed, false);
            report("direct path", (long) PRODUCERS * PER_PRODUCER, start);
            violations.assertNone();
            for (int p = 0; p < PRODUCERS; p++) {
                assertThat(expected[p]).as("producer %d's items all arrived", p).isEqualTo(PER_PRODUCER);
            }
            assertThat(consumed.get()).as("no duplicate").isEqualTo((long) PRODUCERS * PER_PRODUCER);
            assertThat(direct.itemCount() + ordinary.itemCount()).isZero();
            assertNoUnhandled(d);
        } finally {
            d.close(java.time.Duration.ofSeconds(5));
            if (!d.isTerminated()) {
                d.shutdownNow();
            }
        }
    }

    @Test
    void tenMillionMessagesRunOnceEachOnTwoWorkersSharingTheDrain() throws Exception {
        Dispatcher d = new Dispatcher(2, "shared-drain-stress");
        try {
            DispatcherQueue q = d.createQueue("q");
            DispatcherQueue side = d.createQueue("side");
            Port<Long> direct = new Port<>("direct");
            Port<Long> ordinary = new Port<>("ordinary");
            Violations violations = new Violations();
            AtomicLong consumed = new AtomicLong();
            // One bit per item: set by the worker that runs it; a bit found set is a duplicate.
            AtomicLongArray[] seen = new AtomicLongArray[PRODUCERS];
            for (int p = 0; p < PRODUCERS; p++) {
                seen[p] = new AtomicLongArray((PER_PRODUCER >>> 6) + 1);
            }
            io.ccrj.core.Handler<Long> check = tagged -> {
                int producer = (int) (tagged >>> 32);
                int seq = (int) (tagged & 0xffff_ffffL);
                long bit = 1L << (seq & 63);
                if ((seen[producer].getAndAccumulate(seq >>> 6, bit, (a, b) -> a | b) & bit) != 0) {
                    violations.report("producer " + producer + ": item " + seq + " ran twice");
                }
                consumed.incrementAndGet();
            };
            Arbiter.activate(q, Arbiter.receive(true, direct, check));
            Arbiter.activate(q, Arbiter.receive(true, ordinary, check, t -> true));
            long start = System.nanoTime();
            produceMix(d, q, side, direct, ordinary, consumed, true);
            report("shared drain, two workers", (long) PRODUCERS * PER_PRODUCER, start);
            violations.assertNone();
            for (int p = 0; p < PRODUCERS; p++) {
                for (int s = 0; s < PER_PRODUCER; s++) {
                    if ((seen[p].get(s >>> 6) & (1L << (s & 63))) == 0) {
                        assertThat(s).as("producer %d's item %d never ran", p, s).isNegative();
                    }
                }
            }
            assertThat(consumed.get()).as("no duplicate").isEqualTo((long) PRODUCERS * PER_PRODUCER);
            assertThat(direct.itemCount() + ordinary.itemCount()).isZero();
            assertThat(q.pendingCount()).as("nothing left pending").isZero();
            assertNoUnhandled(d);
        } finally {
            d.close(java.time.Duration.ofSeconds(5));
            if (!d.isTerminated()) {
                d.shutdownNow();
            }
        }
    }

    /**
     * The producers of both tests: producer 0 posts runs of items alternately to {@code direct}
     * and {@code ordinary}, and now and then a task on {@code side} (and, with {@code suspending},
     * suspends and resumes {@code q}); the others post only to {@code direct}. Returns once every
     * item was consumed and the dispatcher is quiescent.
     */
    private static void produceMix(Dispatcher d, DispatcherQueue q, DispatcherQueue side, Port<Long> direct,
            Port<Long> ordinary, AtomicLong consumed, boolean suspending) throws Exception {
        AtomicLong posted = new AtomicLong();
        runProducers(d.name(), PRODUCERS, p -> {
            for (int s = 0; s < PER_PRODUCER; s++) {
                Long tagged = ((long) p << 32) | s;
                if (p == 0 && (s / 3) % 4 == 3) {
                    ordinary.post(tagged);
                } else {
                    direct.post(tagged);
                }
                if (p == 0 && (s & 1023) == 0) {
                    side.execute(() -> { }); // another queue takes turns with the drain
                }
                if (suspending && p == 0 && (s & 8191) == 4096) {
                    q.suspend(); // the workers' shares in hand give their unstarted items back
                    Thread.onSpinWait();
                    q.resume();
                }
                long total = posted.incrementAndGet();
                if ((s & 255) == 0) {
                    stayWithin(WINDOW, total, consumed, () -> "consumed " + consumed.get() + " of " + posted.get());
                }
            }
        });
        StressHarness.await(() -> consumed.get() == (long) PRODUCERS * PER_PRODUCER,
                () -> "consumed " + consumed.get() + " of " + (long) PRODUCERS * PER_PRODUCER);
        awaitQuiescent(d);
    }
}
