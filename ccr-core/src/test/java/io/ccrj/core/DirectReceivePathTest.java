package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A persistent receive on a one-worker dispatcher takes the direct path (its items run through one
 * reusable drain task instead of one task each). These tests pin down that it keeps every
 * semantic of one task per item: FIFO order with the queue's other tasks, round robin between
 * queues, per-item causality, counts, suspension and disposal.
 */
@Timeout(60)
class DirectReceivePathTest extends CcrTestSupport {

    @Test
    void itemsKeepTheirPlaceAmongTheQueuesOtherTasks() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> direct = new Port<>("direct");
        Port<Integer> other = new Port<>("other");
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        Arbiter.activate(q, Arbiter.receive(true, direct, order::add));
        // A predicate takes the ordinary path: one task per item.
        Arbiter.activate(q, Arbiter.receive(true, other, order::add, i -> true));
        CountDownLatch gate = gate();
        q.execute(() -> hold(gate)); // the worker is busy: every post below queues behind it
        int n = 3_000;
        for (int i = 0; i < n; i++) {
            // Runs of 1 to 3 posts on one port, then the other: posts that follow a task of the
            // other port must not join the drain that is ahead of that task.
            Port<Integer> to = (i / (1 + i % 3)) % 2 == 0 ? direct : other;
            to.post(i);
            if (i % 500 == 0) {
                q.execute(() -> order.add(-1)); // a plain task in between
            }
        }
        gate.countDown();
        barrier(q);
        List<Integer> seen = new ArrayList<>(order);
        seen.removeIf(i -> i < 0);
        assertThat(seen).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(seen.get(i)).as("item at %d", i).isEqualTo(i);
        }
        // Items and tasks are counted one by one: n items, n / 500 tasks, the gate and the barrier.
        eventually("every item and task counted", () -> q.executedCount() == n + n / 500 + 2);
    }

    @Test
    void twoQueuesTakeTurnsItemByItem() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue a = d.createQueue("a");
        DispatcherQueue b = d.createQueue("b");
        Port<Integer> pa = new Port<>("pa");
        Port<Integer> pb = new Port<>("pb");
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        Arbiter.activate(a, Arbiter.receive(true, pa, i -> order.add("a" + i)));
        Arbiter.activate(b, Arbiter.receive(true, pb, i -> order.add("b" + i)));
        CountDownLatch gate = gate();
        CountDownLatch holding = new CountDownLatch(1);
        d.createQueue("blocker").execute(() -> {
            holding.countDown();
            hold(gate);
        });
        await(holding);
        for (int i = 0; i < 100; i++) {
            pa.post(i);
        }
        for (int i = 0; i < 100; i++) {
            pb.post(i);
        }
        gate.countDown();
        barrier(a);
        barrier(b);
        List<String> seen = new ArrayList<>(order);
        assertThat(seen).hasSize(200);
        for (int i = 0; i < 100; i++) {
            assertThat(seen.subList(2 * i, 2 * i + 2)).as("turn %d", i).containsExactly("a" + i, "b" + i);
        }
    }

    @Test
    void eachItemRunsUnderItsOwnCausality() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, i -> {
            if (i % 2 == 1) {
                throw new IllegalStateException("odd " + i);
            }
        }));
        CountDownLatch gate = gate();
        q.execute(() -> hold(gate));
        Causality first = new Causality("first");
        Causality second = new Causality("second");
        for (int i = 0; i < 40; i++) {
            int item = i;
            Causality.run(i % 4 < 2 ? first : second, () -> p.post(item));
        }
        gate.countDown();
        barrier(q);
        assertThat(first.exceptionPort().itemCount()).isEqualTo(10);
        assertThat(second.exceptionPort().itemCount()).isEqualTo(10);
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
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
        Arbiter.activate(q, Arbiter.receive(true, p, seen::add));
        q.suspend();
        for (int i = 0; i < 10; i++) {
            p.post(i);
        }
        assertThat(q.pendingCount()).isEqualTo(10);
        q.resume();
        barrier(q);
        assertThat(seen).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

        CountDownLatch gate = gate();
        CountDownLatch holding = new CountDownLatch(1);
        q.execute(() -> {
            holding.countDown();
            hold(gate);
        });
        await(holding); // the gate task runs: only the items below are left to discard
        for (int i = 10; i < 20; i++) {
            p.post(i);
        }
        q.dispose();
        gate.countDown();
        eventually("the disposed queue's items discarded", () -> q.discardedCount() == 10);
        assertThat(seen).hasSize(10);
        assertThat(p.tryPost(99)).as("a disposed queue's receiver refuses").isFalse();
        assertThat(p.itemCount()).as("the refused item stays in the port").isEqualTo(1);
    }
}
