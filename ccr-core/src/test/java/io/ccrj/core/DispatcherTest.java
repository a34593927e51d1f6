package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class DispatcherTest extends CcrTestSupport {

    @Test
    void zeroThreadsMeansOnePerCoreAndAtLeastTwo() {
        Dispatcher d = dispatcher(0);
        assertThat(d.workerCount()).isEqualTo(Math.max(2, Runtime.getRuntime().availableProcessors()));
        assertThat(dispatcher(3).workerCount()).isEqualTo(3);
    }

    @Test
    void negativeThreadCountIsRejected() {
        assertThatThrownBy(() -> new Dispatcher(-1, "bad"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> new Dispatcher(1, null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Dispatcher(1, "x", null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void workerThreadsAreNamedAfterTheDispatcher() {
        Dispatcher d = dispatcher(2, "billing");
        DispatcherQueue q = d.createQueue("q");
        assertThat(d.name()).isEqualTo("billing");
        assertThat(await(q.submit(() -> Thread.currentThread().getName()))).startsWith("billing");
        assertThat(workers(d)).hasSize(2).allMatch(t -> t.getName().startsWith("billing"));
        assertThat(d.toString()).contains("billing").contains("2");
    }

    @Test
    void closeDrainsPendingTasksBeforeStopping() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        AtomicInteger ran = new AtomicInteger();
        q.execute(() -> {
            inside.countDown();
            hold(gate);
        });
        await(inside);
        for (int i = 0; i < 20; i++) {
            q.execute(ran::incrementAndGet);
        }
        CompletableFuture<Integer> closing = CompletableFuture.supplyAsync(() -> d.close(Duration.ofSeconds(WAIT_SECONDS)));
        eventually("close started", d::isClosed);
        assertThat(closing).isNotDone();
        gate.countDown();
        assertThat(await(closing)).as("nothing discarded").isZero();
        assertThat(ran).hasValue(20);
        assertThat(d.isTerminated()).isTrue();
        assertThat(workers(d)).isEmpty();
        d.close(); // idempotent
    }

    @Test
    void handlersRunningDuringCloseMayPostFollowUpWork() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> first = new Port<>("first");
        Port<Integer> second = new Port<>("second");
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        AtomicInteger followUps = new AtomicInteger();
        Arbiter.activate(q, Arbiter.receive(true, first, i -> {
            inside.countDown();
            hold(gate);
            second.post(i + 1);
        }));
        Arbiter.activate(q, Arbiter.receive(true, second, i -> followUps.incrementAndGet()));
        first.post(1);
        await(inside);
        CompletableFuture<Integer> closing = CompletableFuture.supplyAsync(() -> d.close(Duration.ofSeconds(WAIT_SECONDS)));
        eventually("close started", d::isClosed);
        assertThatThrownBy(() -> first.post(5)).as("outsiders are refused while draining")
                .isInstanceOf(RejectedExecutionException.class);
        gate.countDown();
        assertThat(await(closing)).isZero();
        assertThat(followUps).hasValue(1);
    }

    @Test
    void closeAcceptsAnEffectivelyInfiniteDrainTimeout() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        AtomicInteger ran = new AtomicInteger();
        q.execute(ran::incrementAndGet);
        assertThat(d.close(java.time.temporal.ChronoUnit.FOREVER.getDuration())).isZero();
        assertThat(ran).hasValue(1);
        assertThat(d.isTerminated()).isTrue();
    }

    @Test
    void activationAfterCloseIsRejectedNamingTheDispatcher() {
        Dispatcher d = dispatcher(1, "closed-one");
        DispatcherQueue q = d.createQueue("q");
        d.close();
        Port<Integer> p = new Port<>("p");
        ArbiterTask r = Arbiter.receive(true, p, i -> { });
        assertThatThrownBy(() -> Arbiter.activate(q, r))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed-one");
        assertThat(p.receiverCount()).isZero();
        assertThatThrownBy(() -> d.createQueue("late")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed-one");
        assertThatThrownBy(() -> q.execute(() -> { })).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> q.spawn(ctx -> { })).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void postToAReceiverOfAClosedDispatcherIsRejectedNamingTheDispatcher() {
        Dispatcher d = dispatcher(1, "gone");
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, i -> { }));
        d.close();
        assertThatThrownBy(() -> p.post(1))
                .isInstanceOf(RejectedExecutionException.class).hasMessageContaining("gone")
                .hasMessageContaining("port 'p'");
        assertThat(p.items()).as("the refused item is not lost").containsExactly(1);
    }

    @Test
    void shutdownNowDiscardsPendingTasksAndFailsTheirFutures() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        AtomicInteger ran = new AtomicInteger();
        q.execute(() -> {
            inside.countDown();
            hold(gate);
        });
        await(inside);
        List<CompletableFuture<Void>> pending = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 50; i++) {
            pending.add(q.execute(ran::incrementAndGet));
        }
        assertThat(d.pendingTaskCount()).isEqualTo(50);
        CompletableFuture<Integer> stopping = CompletableFuture.supplyAsync(d::shutdownNow);
        eventually("shutdown started", d::isClosed);
        gate.countDown(); // the running handler finishes; nothing after it may run
        assertThat(await(stopping)).isEqualTo(50);
        assertThat(ran).hasValue(0);
        assertThat(d.pendingTaskCount()).isZero();
        eventually("terminated", d::isTerminated);
        assertThat(pending).allSatisfy(f -> assertThat(f).isCompletedExceptionally());
    }

    @Test
    void handlerExceptionDoesNotKillTheWorker() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, s -> {
            throw new IllegalStateException("handler failed on " + s);
        }));
        p.post("x");
        assertThat(awaitItem(d.unhandledExceptionPort())).hasMessage("handler failed on x");
        Error error = new AssertionError("an Error too");
        q.execute(() -> { throw error; });
        assertThat(awaitItem(d.unhandledExceptionPort())).isSameAs(error);
        assertThat(await(q.submit(() -> "still alive"))).isEqualTo("still alive");
        assertThat(workers(d)).hasSize(1);
    }

    @Test
    void countersReportPendingAndProcessedTasks() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        DispatcherQueue other = d.createQueue("other");
        assertThat(d.queueCount()).isEqualTo(2);
        q.suspend();
        for (int i = 0; i < 5; i++) {
            q.execute(() -> { });
        }
        other.execute(() -> { });
        barrier(other);
        assertThat(d.pendingTaskCount()).isEqualTo(5);
        assertThat(q.pendingCount()).isEqualTo(5);
        assertThat(q.executedCount()).isZero();
        q.resume();
        barrier(q);
        assertThat(d.pendingTaskCount()).isZero();
        d.close();
        // 5 + 1 (other) + 2 barriers; a visit to the suspended queue runs no task and must not count.
        assertThat(d.processedTaskCount()).isEqualTo(8);
        assertThat(q.executedCount()).isEqualTo(6);
        assertThat(other.executedCount()).isEqualTo(2);
    }

    @Test
    void idleWorkersParkInsteadOfSpinning() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        barrier(q);
        List<Thread> workers = workers(d);
        assertThat(workers).hasSize(2);
        eventually("all workers parked", () -> workers.stream().allMatch(t ->
                t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING));
        // Sample for 100 ms: a spinning or yielding worker is RUNNABLE in every sample; a parked
        // one only wakes once per park timeout (on a loaded machine it may then wait a while
        // for a CPU, RUNNABLE too, hence the loose bound).
        int samples = 0;
        int runnable = 0;
        long end = System.nanoTime() + QUIET_MILLIS * 1_000_000;
        while (System.nanoTime() - end < 0) {
            for (Thread t : workers) {
                samples++;
                if (t.getState() == Thread.State.RUNNABLE) {
                    runnable++;
                }
            }
            LockSupport.parkNanos(500_000);
        }
        assertThat(runnable).as("RUNNABLE samples of idle workers out of %d", samples).isLessThanOrEqualTo(samples / 2);
        // and a parked worker still wakes for new work
        assertThat(await(q.submit(() -> 42))).isEqualTo(42);
    }

    @Test
    void idleStrategiesAreConfigurable() {
        assertThat(IdleStrategy.busySpin().parks()).isFalse();
        IdleStrategy immediate = IdleStrategy.parkImmediately();
        assertThat(immediate.parks()).isTrue();
        assertThat(immediate.spinNanos() + immediate.yieldNanos()).isZero();
        IdleStrategy custom = IdleStrategy.spinThenPark(Duration.ofNanos(5_000), Duration.ofNanos(7_000));
        assertThat(custom.spinNanos()).isEqualTo(5_000);
        assertThat(custom.yieldNanos()).isEqualTo(7_000);
        assertThatThrownBy(() -> IdleStrategy.spinThenPark(Duration.ofNanos(-1), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        Dispatcher d = new Dispatcher(1, "parker", immediate);
        try {
            assertThat(d.idleStrategy()).isSameAs(immediate);
            DispatcherQueue q = d.createQueue("q");
            for (int i = 0; i < 20; i++) {
                assertThat(await(q.submit(() -> 1))).isEqualTo(1);
            }
        } finally {
            d.close();
        }
    }

    @Test
    void closeCalledFromAHandlerDoesNotWaitForItself() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        CompletableFuture<Integer> result = q.submit(() -> d.close(Duration.ofSeconds(WAIT_SECONDS)));
        assertThat(await(result)).isZero();
        eventually("terminated", d::isTerminated);
    }

    private static List<Thread> workers(Dispatcher d) {
        String prefix = d.name() + "-worker-";
        Set<Thread> all = Thread.getAllStackTraces().keySet();
        return all.stream().filter(t -> t.getName().startsWith(prefix)).collect(Collectors.toList());
    }
}
