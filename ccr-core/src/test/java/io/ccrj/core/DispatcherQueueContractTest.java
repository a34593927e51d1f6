package io.ccrj.core;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link DispatcherQueue} promises whatever runs its tasks. One subclass per backing:
 * a dispatcher's worker pool, virtual threads, a user executor, and a one-thread event loop.
 */
@Timeout(60)
abstract class DispatcherQueueContractTest extends CcrTestSupport {
    private final List<Runnable> cleanups = new ArrayList<>();

    /** A new queue of the backing under test. */
    abstract DispatcherQueue newQueue(String name, SchedulingPolicy policy);

    /** Registers cleanup to run after the test (an executor to shut down). */
    void onCleanup(Runnable r) {
        cleanups.add(r);
    }

    @AfterEach
    void cleanUp() {
        cleanups.forEach(Runnable::run);
    }

    @Test
    void persistentReceiveHandlesEveryItemExactlyOnce() {
        DispatcherQueue q = newQueue("every", SchedulingPolicy.unconstrained());
        Port<Integer> p = new Port<>("p");
        int n = 20_000;
        AtomicLongArray seen = new AtomicLongArray(n);
        AtomicInteger handled = new AtomicInteger();
        Arbiter.activate(q, Arbiter.receive(true, p, i -> {
            seen.incrementAndGet(i);
            handled.incrementAndGet();
        }));
        for (int i = 0; i < n; i++) {
            p.post(i);
        }
        eventually("all handled", () -> handled.get() == n);
        for (int i = 0; i < n; i++) {
            assertThat(seen.get(i)).as("item %d", i).isEqualTo(1);
        }
        eventually("executed counted", () -> q.executedCount() == n);
        assertThat(q.pendingCount()).isZero();
    }

    @Test
    void submitAndExecuteCompleteTheirFuturesAndFailuresReachTheCallersCausality() throws Exception {
        DispatcherQueue q = newQueue("futures", SchedulingPolicy.unconstrained());
        assertThat(await(q.submit(() -> 6 * 7))).isEqualTo(42);
        AtomicInteger ran = new AtomicInteger();
        await(q.execute(ran::incrementAndGet));
        assertThat(ran).hasValue(1);
        Port<Throwable> errors = new Port<>("errors");
        CompletableFuture<Void> failing = Causality.call(new Causality("c", errors),
                () -> q.execute(() -> {
                    throw new IllegalStateException("boom");
                }));
        assertThat(awaitItem(errors)).hasMessage("boom");
        assertThatThrownBy(() -> failing.get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasRootCauseMessage("boom");
    }

    @Test
    void handlerExceptionsWithNoCausalityGoToTheQueuesOwnPort() {
        DispatcherQueue q = newQueue("unhandled", SchedulingPolicy.unconstrained());
        Port<Throwable> own = new Port<>("own");
        q.setUnhandledExceptionPort(own);
        Port<String> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(false, p, s -> {
            throw new IllegalArgumentException(s);
        }));
        p.post("bad");
        assertThat(awaitItem(own)).isInstanceOf(IllegalArgumentException.class).hasMessage("bad");
    }

    @Test
    void suspendedQueueRunsNothingUntilResumed() {
        DispatcherQueue q = newQueue("suspended", SchedulingPolicy.unconstrained());
        q.suspend();
        assertThat(q.isSuspended()).isTrue();
        AtomicInteger ran = new AtomicInteger();
        List<CompletableFuture<Void>> fs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            fs.add(q.execute(ran::incrementAndGet));
        }
        quietPeriod();
        assertThat(ran).hasValue(0);
        assertThat(q.pendingCount()).isEqualTo(5);
        q.resume();
        fs.forEach(CcrTestSupport::await);
        assertThat(ran).hasValue(5);
    }

    @Test
    void depthDiscardPolicyDropsTheOldestAndFailsItsFuture() {
        DispatcherQueue q = newQueue("discard", SchedulingPolicy.queueDepthDiscard(2));
        q.suspend();
        List<Integer> ran = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Void>> fs = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            int n = i;
            fs.add(q.execute(() -> ran.add(n)));
        }
        assertThat(q.discardedCount()).isEqualTo(2);
        assertThat(fs.get(0)).isCompletedExceptionally();
        q.resume();
        await(fs.get(3));
        await(fs.get(2));
        assertThat(ran).containsExactlyInAnyOrder(3, 4);
    }

    @Test
    void exclusiveHandlersOfAnInterleaveNeverOverlap() {
        DispatcherQueue q = newQueue("interleave", SchedulingPolicy.unconstrained());
        Port<Integer> writes = new Port<>("writes");
        Port<Integer> reads = new Port<>("reads");
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        Arbiter.activate(q, Arbiter.interleave(Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receive(true, writes, x -> {
                    if (inside.getAndIncrement() != 0) {
                        overlaps.incrementAndGet();
                    }
                    Thread.onSpinWait();
                    inside.decrementAndGet();
                    done.incrementAndGet();
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, x -> {
                    if (inside.get() != 0) {
                        overlaps.incrementAndGet();
                    }
                    done.incrementAndGet();
                }))));
        for (int i = 0; i < 2_000; i++) {
            writes.post(i);
            reads.post(i);
        }
        eventually("all handled", () -> done.get() == 4_000);
        assertThat(overlaps).hasValue(0);
    }

    @Test
    void sequentialTaskWaitsForItemsAndEndsItsFuture() {
        DispatcherQueue q = newQueue("sequential", SchedulingPolicy.unconstrained());
        Port<Integer> in = new Port<>("in");
        CompletableFuture<Integer> sum = new CompletableFuture<>();
        CompletableFuture<Void> f = q.spawn(ctx -> sum.complete(ctx.receive(in) + ctx.receive(in)));
        in.post(20);
        in.post(22);
        await(f);
        assertThat(await(sum)).isEqualTo(42);
    }

    @Test
    void disposedQueueRefusesWorkAndDiscardsWhatWasPending() {
        DispatcherQueue q = newQueue("disposed", SchedulingPolicy.unconstrained());
        q.suspend();
        CompletableFuture<Void> pending = q.execute(() -> { });
        q.dispose();
        eventually("discarded", pending::isDone);
        assertThat(pending).isCompletedExceptionally();
        assertThat(q.discardedCount()).isEqualTo(1);
        assertThatThrownBy(() -> q.execute(() -> { })).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("disposed");
        Port<Integer> p = new Port<>("p");
        assertThatThrownBy(() -> Arbiter.activate(q, Arbiter.receive(true, p, x -> { })))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aHandlerThatBlocksDoesNotLoseItemsPostedMeanwhile() {
        DispatcherQueue q = newQueue("blocking", SchedulingPolicy.unconstrained());
        Port<Integer> p = new Port<>("p");
        CountDownLatch gate = gate();
        AtomicInteger handled = new AtomicInteger();
        Arbiter.activate(q, Arbiter.receive(true, p, x -> {
            if (x == 0) {
                hold(gate);
            }
            handled.incrementAndGet();
        }));
        p.post(0);
        for (int i = 1; i <= 100; i++) {
            p.post(i);
        }
        gate.countDown();
        eventually("all handled", () -> handled.get() == 101);
    }
}
