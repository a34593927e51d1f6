package io.ccrj.core.stress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Handler;
import io.ccrj.core.Interleave;
import io.ccrj.core.Port;
import io.ccrj.core.stress.StressHarness.Ledger;
import io.ccrj.core.stress.StressHarness.Tagged;
import io.ccrj.core.stress.StressHarness.Violations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import static io.ccrj.core.stress.StressHarness.await;
import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.maybeYield;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static io.ccrj.core.stress.StressHarness.stayWithin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several producers post tagged items to one port; receivers consume them.
 *
 * <p>What the semantics promise, and so what each test asserts:
 * <ul>
 *   <li>Every item is consumed exactly once, whatever the receiver and the thread count.</li>
 *   <li>The port dequeues in FIFO order, so one producer's items are <em>taken</em> in the order
 *   it posted them. A producer's post returns only after the task for its item is on the queue,
 *   so on a one-thread dispatcher its items are also <em>handled</em> in order.</li>
 *   <li>With two workers a persistent receiver's tasks may run concurrently, in any order: only
 *   exactly-once holds. Order is observable again where the runtime serializes the handlers: in an
 *   interleave's exclusive group (a committed exclusive holds the interleave until its handler
 *   ends, and later ones wait inside in commit order) and with a one-shot receiver that its
 *   handler re-registers (the next item cannot be taken before the previous handler ran).</li>
 * </ul>
 */
@Timeout(120)
class PortDeliveryStressTest {
    private static final int PRODUCERS = 3;
    private static final int PER_PRODUCER = 350_000;
    /** Items a producer may be ahead of the consumers: small, so the port keeps going empty. */
    private static final int WINDOW = 64;

    @Test
    void persistentReceiverOnTwoWorkersConsumesEveryItemExactlyOnce() throws Exception {
        Violations violations = new Violations();
        Ledger ledger = new Ledger(PRODUCERS, PER_PRODUCER, violations);
        AtomicLong consumed = new AtomicLong();
        try (Dispatcher d = new Dispatcher(2, "two-workers")) {
            DispatcherQueue q = d.createQueue("q");
            Port<Tagged> port = new Port<>("tagged");
            Arbiter.activate(q, Arbiter.receive(true, port, t -> {
                ledger.consume(t);
                consumed.incrementAndGet();
            }));
            long start = System.nanoTime();
            produce(port, consumed);
            await(() -> consumed.get() == ledger.total(), () -> consumed.get() + " of " + ledger.total() + " consumed");
            report("persistent receiver, 2 workers", ledger.total(), start);
            assertThat(port.itemCount()).isZero();
            violations.assertNone();
            ledger.assertExactlyOnce(List.of());
            assertNoUnhandled(d);
        }
    }

    @Test
    void persistentReceiverOnOneWorkerHandlesEachProducersItemsInPostOrder() throws Exception {
        Violations violations = new Violations();
        Ledger ledger = new Ledger(PRODUCERS, PER_PRODUCER, violations);
        AtomicLong consumed = new AtomicLong();
        int[] lastSeq = new int[PRODUCERS]; // only the single worker touches it
        java.util.Arrays.fill(lastSeq, -1);
        try (Dispatcher d = new Dispatcher(1, "one-worker")) {
            DispatcherQueue q = d.createQueue("q");
            Port<Tagged> port = new Port<>("tagged");
            Arbiter.activate(q, Arbiter.receive(true, port, t -> {
                violations.check(t.seq() == lastSeq[t.producer()] + 1,
                        () -> "producer " + t.producer() + ": handled seq " + t.seq() + " after " + lastSeq[t.producer()]);
                lastSeq[t.producer()] = t.seq();
                ledger.consume(t);
                consumed.incrementAndGet();
            }));
            long start = System.nanoTime();
            produce(port, consumed);
            await(() -> consumed.get() == ledger.total(), () -> consumed.get() + " of " + ledger.total() + " consumed");
            report("persistent receiver, 1 worker, per-producer FIFO", ledger.total(), start);
            violations.assertNone();
            ledger.assertExactlyOnce(List.of());
            assertNoUnhandled(d);
        }
    }

    @Test
    void interleaveExclusiveOnTwoWorkersTakesEachProducersItemsInPostOrder() throws Exception {
        Violations violations = new Violations();
        Ledger ledger = new Ledger(PRODUCERS, PER_PRODUCER, violations);
        AtomicLong consumed = new AtomicLong();
        AtomicIntegerArray lastSeq = new AtomicIntegerArray(PRODUCERS);
        for (int p = 0; p < PRODUCERS; p++) {
            lastSeq.set(p, -1);
        }
        AtomicBoolean inside = new AtomicBoolean();
        long[] dequeueOrder = {0}; // a plain counter: only correct if exclusives never overlap
        try (Dispatcher d = new Dispatcher(2, "interleave")) {
            DispatcherQueue q = d.createQueue("q");
            Port<Tagged> port = new Port<>("tagged");
            Port<Boolean> stop = new Port<>("stop");
            Interleave il = Arbiter.interleave(
                    Arbiter.teardown(Arbiter.receive(false, stop, b -> { })),
                    Arbiter.exclusive(Arbiter.receive(true, port, t -> {
                        violations.check(inside.compareAndSet(false, true), () -> "two exclusive handlers overlap");
                        long order = ++dequeueOrder[0];
                        int prev = lastSeq.get(t.producer());
                        violations.check(t.seq() == prev + 1,
                                () -> "producer " + t.producer() + ": seq " + t.seq() + " handled after " + prev
                                        + " (dequeue #" + order + ")");
                        lastSeq.set(t.producer(), t.seq());
                        ledger.consume(t);
                        inside.set(false);
                        consumed.incrementAndGet();
                    })),
                    Arbiter.concurrent());
            Arbiter.activate(q, il);
            long start = System.nanoTime();
            produce(port, consumed);
            await(() -> consumed.get() == ledger.total(), () -> consumed.get() + " of " + ledger.total() + " consumed");
            report("interleave exclusive, 2 workers, per-producer FIFO", ledger.total(), start);
            stop.post(true);
            await(il::isRetired, () -> "interleave to retire: " + il.describe());
            assertThat(dequeueOrder[0]).isEqualTo(ledger.total());
            violations.assertNone();
            ledger.assertExactlyOnce(List.of());
            assertNoUnhandled(d);
        }
    }

    @Test
    void reRegisteredOneShotReceiverOnTwoWorkersTakesEachProducersItemsInPostOrder() throws Exception {
        Violations violations = new Violations();
        Ledger ledger = new Ledger(PRODUCERS, PER_PRODUCER, violations);
        AtomicLong consumed = new AtomicLong();
        AtomicIntegerArray lastSeq = new AtomicIntegerArray(PRODUCERS);
        for (int p = 0; p < PRODUCERS; p++) {
            lastSeq.set(p, -1);
        }
        AtomicBoolean inside = new AtomicBoolean();
        try (Dispatcher d = new Dispatcher(2, "one-shot")) {
            DispatcherQueue q = d.createQueue("q");
            Port<Tagged> port = new Port<>("tagged");
            Handler<Tagged> handler = new Handler<>() {
                @Override
                public void handle(Tagged t) {
                    violations.check(inside.compareAndSet(false, true), () -> "two one-shot handlers overlap");
                    int prev = lastSeq.get(t.producer());
                    violations.check(t.seq() == prev + 1,
                            () -> "producer " + t.producer() + ": seq " + t.seq() + " handled after " + prev);
                    lastSeq.set(t.producer(), t.seq());
                    ledger.consume(t);
                    inside.set(false);
                    consumed.incrementAndGet();
                    Arbiter.activate(q, Arbiter.receive(false, port, this));
                }
            };
            Arbiter.activate(q, Arbiter.receive(false, port, handler));
            long start = System.nanoTime();
            produce(port, consumed);
            await(() -> consumed.get() == ledger.total(), () -> consumed.get() + " of " + ledger.total() + " consumed");
            report("re-registered one-shot, 2 workers, per-producer FIFO", ledger.total(), start);
            await(() -> port.receiverCount() == 1, () -> "the last re-registration: " + port.describe());
            assertThat(port.itemCount()).isZero();
            violations.assertNone();
            ledger.assertExactlyOnce(List.of());
            assertNoUnhandled(d);
        }
    }

    private static void produce(Port<Tagged> port, AtomicLong consumed) throws InterruptedException {
        AtomicLong posted = new AtomicLong();
        runProducers("producer", PRODUCERS, p -> {
            for (int i = 0; i < PER_PRODUCER; i++) {
                port.post(new Tagged(p, i));
                long n = posted.incrementAndGet();
                maybeYield(i);
                stayWithin(WINDOW * PRODUCERS, n, consumed, port::describe);
            }
        });
    }
}
