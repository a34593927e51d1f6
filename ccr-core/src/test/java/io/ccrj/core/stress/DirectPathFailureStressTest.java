package io.ccrj.core.stress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Causality;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.stress.StressHarness.Violations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.awaitQuiescent;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static io.ccrj.core.stress.StressHarness.stayWithin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failure and causality rules of the direct path's batches under load: three producers post
 * to one persistent receive on a two-worker dispatcher (the workers share the drain's backlog),
 * each item under a causality that changes every few items (so the runs a worker takes mix
 * causalities), and producer 0 suspends and resumes the queue now and then (a worker holding a
 * share gives its unstarted items back as tasks of their own). The handler throws on every 97th
 * item. Every item must run exactly once, under exactly its own causality; every failure must
 * reach the exception port of its own item's causality exactly once, none the dispatcher's; and
 * a failure must end neither the batch nor the receive.
 */
@Timeout(120)
class DirectPathFailureStressTest {
    private static final int PRODUCERS = 3;
    private static final int PER_PRODUCER = 200_000;
    private static final int WINDOW = 1 << 12;
    /** Items whose sequence number is a multiple of this fail. */
    private static final int FAIL_EVERY = 97;
    /** Each producer switches between its two causalities every this many items. */
    private static final int RUN = 5;

    /** A handler's planned failure; no stack trace (thousands of them are kept in exception ports). */
    static final class Planned extends RuntimeException {
        final long tagged;

        Planned(long tagged) {
            super("planned failure of " + tagged, null, false, false);
            this.tagged = tagged;
        }
    }

    @Test
    void failuresGoToTheirOwnItemsCausalityOnceAndEndNoBatch() throws Exception {
        Dispatcher d = new Dispatcher(2, "direct-failure-stress");
        try {
            DispatcherQueue q = d.createQueue("q");
            Port<Long> port = new Port<>("direct");
            Causality[][] causalities = new Causality[PRODUCERS][2];
            for (int p = 0; p < PRODUCERS; p++) {
                for (int k = 0; k < 2; k++) {
                    causalities[p][k] = new Causality("producer " + p + " run " + k);
                }
            }
            Violations violations = new Violations();
            AtomicLong consumed = new AtomicLong();
            AtomicLongArray[] ran = bitsets();
            Arbiter.activate(q, Arbiter.receive(true, port, tagged -> {
                int producer = (int) (tagged >>> 32);
                int seq = (int) (tagged & 0xffff_ffffL);
                if (!setOnce(ran[producer], seq)) {
                    violations.report("producer " + producer + ": item " + seq + " ran twice");
                }
                Causality own = causalities[producer][(seq / RUN) & 1];
                List<Causality> active = Causality.current();
                if (active.size() != 1 || active.get(0) != own) {
                    violations.report("producer " + producer + ": item " + seq + " ran under " + active + ", not " + own);
                }
                consumed.incrementAndGet();
                if (seq % FAIL_EVERY == 0) {
                    throw new Planned(tagged);
                }
            }));
            long start = System.nanoTime();
            AtomicLong posted = new AtomicLong();
            runProducers(d.name(), PRODUCERS, p -> {
                for (int s = 0; s < PER_PRODUCER; s++) {
                    long tagged = ((long) p << 32) | s;
                    Causality.run(causalities[p][(s / RUN) & 1], () -> port.post(tagged));
                    if (p == 0 && (s & 4095) == 2048) {
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
            long all = (long) PRODUCERS * PER_PRODUCER;
            StressHarness.await(() -> consumed.get() == all, () -> "consumed " + consumed.get() + " of " + all);
            awaitQuiescent(d);
            report("direct path failures, two workers", all, start);
            violations.assertNone();

            AtomicLongArray[] failed = bitsets();
            for (int p = 0; p < PRODUCERS; p++) {
                for (int k = 0; k < 2; k++) {
                    Port<Throwable> exceptions = causalities[p][k].exceptionPort();
                    for (Throwable t; (t = exceptions.test()) != null; ) {
                        assertThat(t).isInstanceOf(Planned.class);
                        long tagged = ((Planned) t).tagged;
                        int producer = (int) (tagged >>> 32);
                        int seq = (int) (tagged & 0xffff_ffffL);
                        assertThat(producer).as("failure of %s reached producer %d's causality", tagged, p).isEqualTo(p);
                        assertThat((seq / RUN) & 1).as("failure of item %d reached run causality %d", seq, k).isEqualTo(k);
                        assertThat(setOnce(failed[p], seq)).as("failure of producer %d's item %d reported once", p, seq).isTrue();
                    }
                }
            }
            for (int p = 0; p < PRODUCERS; p++) {
                for (int s = 0; s < PER_PRODUCER; s++) {
                    assertThat(isSet(ran[p], s)).as("producer %d's item %d ran", p, s).isTrue();
                    assertThat(isSet(failed[p], s)).as("producer %d's item %d failure reported", p, s)
                            .isEqualTo(s % FAIL_EVERY == 0);
                }
            }
            assertThat(port.itemCount()).isZero();
            assertThat(q.pendingCount()).as("nothing left pending").isZero();
            assertNoUnhandled(d);
        } finally {
            d.close(Duration.ofSeconds(5));
            if (!d.isTerminated()) {
                d.shutdownNow();
            }
        }
    }

    private static AtomicLongArray[] bitsets() {
        AtomicLongArray[] sets = new AtomicLongArray[PRODUCERS];
        for (int p = 0; p < PRODUCERS; p++) {
            sets[p] = new AtomicLongArray((PER_PRODUCER >>> 6) + 1);
        }
        return sets;
    }

    /** Sets bit {@code i}; {@code false} if it was set already. */
    private static boolean setOnce(AtomicLongArray bits, int i) {
        long bit = 1L << (i & 63);
        return (bits.getAndAccumulate(i >>> 6, bit, (a, b) -> a | b) & bit) == 0;
    }

    private static boolean isSet(AtomicLongArray bits, int i) {
        return (bits.get(i >>> 6) & (1L << (i & 63))) != 0;
    }
}
