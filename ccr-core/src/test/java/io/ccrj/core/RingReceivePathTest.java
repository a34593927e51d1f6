package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On a dispatcher with several workers, a persistent receive takes the direct path (its items in
 * the receiver's drain, which the workers take a share at a time), and a worker takes a batch of a
 * queue's tasks per token. These tests pin down that both keep the semantics of one task per item
 * taken one at a time: every item runs exactly once, under its own causality, counted one by one;
 * a suspension holds and a disposal discards the items not yet started, including those a share
 * had taken; a backlog beyond the drain's ring falls back to ordinary tasks.
 */
@Timeout(60)
class RingReceivePathTest extends CcrTestSupport {

    /** Holds both workers of a two-worker dispatcher until {@code gate} opens. */
    private static void holdBothWorkers(DispatcherQueue q, CountDownLatch gate) {
        CountDownLatch holding = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            q.execute(() -> {
                holding.countDown();
                hold(gate);
            });
        }
        await(holding);
    }

    @Test
    void everyItemRunsOnceAmongTheQueuesOtherTasks() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        int n = 5_000;
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        AtomicInteger tasks = new AtomicInteger();
        Arbiter.activate(q, Arbiter.receive(true, p, runs::incrementAndGet));
        CountDownLatch gate = gate();
        holdBothWorkers(q, gate); // every post below queues behind the two gate tasks
        for (int i = 0; i < n; i++) {
            p.post(i);
            if (i % 500 == 0) {
                q.execute(tasks::incrementAndGet); // a plain task among the items
            }
        }
        assertThat(q.pendingCount()).as("items count one by one").isEqualTo(n + n / 500);
        gate.countDown();
        eventually("every item and task counted", () -> q.executedCount() == n + n / 500 + 2);
        for (int i = 0; i < n; i++) {
            assertThat(runs.get(i)).as("runs of item %d", i).isEqualTo(1);
        }
        assertThat(tasks.get()).isEqualTo(n / 500);
        assertThat(q.pendingCount()).isZero();
    }

    @Test
    void eachItemRunsUnderItsOwnCausality() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, i -> {
            if (i % 2 == 1) {
                throw new IllegalStateException("odd " + i);
            }
        }));
        CountDownLatch gate = gate();
        holdBothWorkers(q, gate);
        Causality first = new Causality("first");
        Causality second = new Causality("second");
        for (int i = 0; i < 40; i++) {
            int item = i;
            Causality.run(i % 4 < 2 ? first : second, () -> p.post(item));
        }
        gate.countDown();
        eventually("every failure reported", () -> first.exceptionPort().itemCount() + second.exceptionPort().itemCount() == 20);
        assertThat(first.exceptionPort().itemCount()).isEqualTo(10);
        for (Throwable t; (t = first.exceptionPort().test()) != null; ) {
            assertThat(Integer.parseInt(t.getMessage().substring(4)) % 4).isEqualTo(1);
        }
        for (Throwable t; (t = second.exceptionPort().test()) != null; ) {
            assertThat(Integer.parseInt(t.getMessage().substring(4)) % 4).isEqualTo(3);
        }
        assertThat(d.unhandledExceptionPort().itemCount()).isZero();
    }

    @Test
    void aSuspendedQueueCountsItemsAndADisposedOneDiscardsThem() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        AtomicInteger seen = new AtomicInteger();
        Arbiter.activate(q, Arbiter.receive(true, p, i -> seen.incrementAndGet()));
        q.suspend();
        for (int i = 0; i < 10; i++) {
            p.post(i);
        }
        assertThat(q.pendingCount()).isEqualTo(10);
        q.resume();
        eventually("the held items ran", () -> seen.get() == 10);

        CountDownLatch gate = gate();
        holdBothWorkers(q, gate); // only the items below are left to discard
        for (int i = 10; i < 20; i++) {
            p.post(i);
        }
        q.dispose();
        gate.countDown();
        eventually("the disposed queue's items discarded", () -> q.discardedCount() == 10);
        assertThat(seen.get()).isEqualTo(10);
        assertThat(p.tryPost(99)).as("a disposed queue's receiver refuses").isFalse();
        assertThat(p.itemCount()).as("the refused item stays in the port").isEqualTo(1);
    }

    @Test
    void aSuspensionMidBatchHoldsTheBatchesUnstartedTasks() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        int n = 200;
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        AtomicInteger ran = new AtomicInteger();
        Arbiter.activate(q, Arbiter.receive(true, p, i -> {
            runs.incrementAndGet(i);
            ran.incrementAndGet();
            if (i == 40) {
                q.suspend(); // the workers are inside batches: their unstarted items go back
            }
        }));
        CountDownLatch gate = gate();
        holdBothWorkers(q, gate);
        for (int i = 0; i < n; i++) {
            p.post(i);
        }
        gate.countDown();
        eventually("the suspension holds what did not start", () -> q.isSuspended() && ran.get() + q.pendingCount() == n);
        assertThat(ran.get()).as("items run before the suspension took effect").isLessThan(n);
        q.resume();
        eventually("every item ran", () -> ran.get() == n);
        for (int i = 0; i < n; i++) {
            assertThat(runs.get(i)).as("runs of item %d", i).isEqualTo(1);
        }
        assertThat(q.pendingCount()).isZero();
    }

    @Test
    void whatIsPostedWhileAWorkerRunsTheDrainRunsOnTheOtherWorker() {
        // A worker that finds nothing else pending keeps the queue's token while it runs the
        // drain's item; what is posted meanwhile must go to the other worker, not wait for it.
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        CountDownLatch gate = gate();
        CountDownLatch second = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        Arbiter.activate(q, Arbiter.receive(true, p, i -> {
            if (i == 0) {
                started.countDown();
                hold(gate); // released only once item 1 and the task have run
            } else {
                second.countDown();
            }
        }));
        p.post(0);
        await(started);
        CountDownLatch task = new CountDownLatch(1);
        q.execute(task::countDown); // a task beside the busy drain
        await(task);
        p.post(1); // an item appended to the busy drain
        await(second);
        gate.countDown();
        eventually("everything ran", () -> q.executedCount() == 3);
    }

    @Test
    void aBacklogBeyondTheRingFallsBackToTasks() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        int n = (1 << 18) + 1_000; // more than the ring holds
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        AtomicInteger ran = new AtomicInteger();
        Arbiter.activate(q, Arbiter.receive(true, p, i -> {
            runs.incrementAndGet(i);
            ran.incrementAndGet();
        }));
        q.suspend();
        for (int i = 0; i < n; i++) {
            p.post(i);
        }
        assertThat(q.pendingCount()).isEqualTo(n);
        q.resume();
        eventually("every item ran", () -> ran.get() == n);
        for (int i = 0; i < n; i++) {
            if (runs.get(i) != 1) {
                assertThat(runs.get(i)).as("runs of item %d", i).isEqualTo(1);
            }
        }
    }
}
