package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ArbiterTask states, the settable dispatcher unhandled-exception port, and disposing of one queue. */
@Timeout(30)
class ArbiterLifecycleTest extends CcrTestSupport {

    @Test
    void oneShotReceiveGoesFromCreatedToActiveToDone() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        CompletableFuture<Integer> got = new CompletableFuture<>();
        ArbiterTask r = Arbiter.receive(false, p, got::complete);
        assertThat(r.state()).isEqualTo(ArbiterTask.State.CREATED);
        Arbiter.activate(q, r);
        assertThat(r.state()).isEqualTo(ArbiterTask.State.ACTIVE);
        p.post(1);
        await(got);
        assertThat(r.state()).isEqualTo(ArbiterTask.State.DONE);
        r.cancel();
        assertThat(r.state()).as("a cancel after firing does not rewrite history").isEqualTo(ArbiterTask.State.DONE);
    }

    @Test
    void cancelledAndLosingBranchesAreCancelledAndPersistentReceivesStayActive() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        ArbiterTask winner = Arbiter.receive(false, a, x -> { });
        ArbiterTask loser = Arbiter.receive(false, b, x -> { });
        ArbiterTask choice = Arbiter.choice(winner, loser);
        Arbiter.activate(q, choice);
        a.post(1);
        barrier(q);
        assertThat(choice.state()).isEqualTo(ArbiterTask.State.DONE);
        assertThat(winner.state()).isEqualTo(ArbiterTask.State.DONE);
        eventually("loser retracted", () -> loser.state() == ArbiterTask.State.CANCELLED);

        ArbiterTask persistent = Arbiter.receive(true, a, x -> { });
        Arbiter.activate(q, persistent);
        a.post(2);
        barrier(q);
        assertThat(persistent.state()).isEqualTo(ArbiterTask.State.ACTIVE);
        persistent.cancel();
        assertThat(persistent.state()).isEqualTo(ArbiterTask.State.CANCELLED);

        ArbiterTask never = Arbiter.joinedReceive(false, a, b, (x, y) -> { });
        never.cancel();
        assertThat(never.state()).as("cancelled before activation").isEqualTo(ArbiterTask.State.CANCELLED);
    }

    @Test
    void dispatcherUnhandledExceptionPortCanBeReplacedAndRestored() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Throwable> own = new Port<>("mine");
        Port<Throwable> original = d.unhandledExceptionPort();
        d.setUnhandledExceptionPort(own);
        assertThat(d.unhandledExceptionPort()).isSameAs(own);
        Port<String> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, s -> {
            throw new IllegalStateException(s);
        }));
        p.post("first");
        assertThat(awaitItem(own)).hasMessage("first");
        d.setUnhandledExceptionPort(null);
        assertThat(d.unhandledExceptionPort()).isSameAs(original);
        p.post("second");
        assertThat(awaitItem(original)).hasMessage("second");
        assertThat(own.itemCount()).isZero();
    }

    @Test
    void disposedQueueRefusesWorkDiscardsPendingTasksAndLeavesTheDispatcherRunning() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue doomed = d.createQueue("doomed");
        DispatcherQueue other = d.createQueue("other");
        CountDownLatch gate = gate();
        CountDownLatch running = new CountDownLatch(1);
        doomed.execute(() -> {
            running.countDown();
            hold(gate);
        });
        await(running);
        AtomicInteger ran = new AtomicInteger();
        List<CompletableFuture<Void>> pending = List.of(doomed.execute(ran::incrementAndGet),
                doomed.execute(ran::incrementAndGet));
        assertThat(d.queueCount()).isEqualTo(2);
        doomed.dispose();
        assertThat(doomed.isDisposed()).isTrue();
        gate.countDown();
        for (CompletableFuture<Void> f : pending) {
            eventually("pending task discarded", f::isDone);
            assertThat(f).isCompletedExceptionally();
        }
        assertThat(ran).hasValue(0);
        assertThat(doomed.discardedCount()).isEqualTo(2);
        eventually("dispatcher forgets the queue", () -> d.queueCount() == 1);

        assertThatThrownBy(() -> doomed.execute(() -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("disposed");
        Port<Integer> p = new Port<>("p");
        assertThatThrownBy(() -> Arbiter.activate(doomed, Arbiter.receive(true, p, x -> { })))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("queue 'doomed' is disposed");
        await(other.execute(() -> { }));
        assertThat(d.isClosed()).isFalse();
    }

    @Test
    void receiversOfADisposedQueueLeaveItemsInTheirPort() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue doomed = d.createQueue("doomed");
        Port<Integer> p = new Port<>("p");
        Arbiter.activate(doomed, Arbiter.receive(true, p, x -> { }));
        doomed.dispose();
        assertThat(p.tryPost(1)).isFalse();
        assertThatThrownBy(() -> p.post(2)).isInstanceOf(java.util.concurrent.RejectedExecutionException.class)
                .hasMessageContaining("queue 'doomed' is disposed");
        assertThat(p.items()).containsExactly(1, 2);
        DispatcherQueue live = d.createQueue("live");
        CompletableFuture<List<Integer>> both = new CompletableFuture<>();
        Arbiter.activate(live, Arbiter.multipleItemReceive(p, 2, both::complete));
        assertThat(await(both)).containsExactly(1, 2);
    }

    @Test
    void disposingASuspendedOrExecutorQueueDiscardsItsPendingTasks() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue suspended = d.createQueue("suspended");
        suspended.suspend();
        CompletableFuture<Void> f = suspended.execute(() -> { });
        suspended.dispose();
        eventually("discarded", f::isDone);
        assertThat(f).isCompletedExceptionally();

        DispatcherQueue vq = DispatcherQueue.onVirtualThreads("vq");
        vq.suspend();
        CompletableFuture<Void> g = vq.execute(() -> { });
        vq.dispose();
        eventually("discarded", g::isDone);
        assertThat(g).isCompletedExceptionally();
        assertThat(vq.discardedCount()).isEqualTo(1);
    }
}
