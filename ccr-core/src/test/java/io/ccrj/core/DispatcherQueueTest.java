package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class DispatcherQueueTest extends CcrTestSupport {

    // ---- policies: validation ----

    @Test
    void invalidPolicyLimitsAreRejectedAtConstructionWithAMessage() {
        assertThatThrownBy(() -> SchedulingPolicy.queueDepthDiscard(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("QUEUE_DEPTH_DISCARD").hasMessageContaining("0");
        assertThatThrownBy(() -> SchedulingPolicy.queueDepthThrottle(-3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-3");
        assertThatThrownBy(() -> SchedulingPolicy.schedulingRateDiscard(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rate");
        assertThatThrownBy(() -> SchedulingPolicy.schedulingRateThrottle(-1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1.5");
        assertThatThrownBy(() -> SchedulingPolicy.schedulingRateThrottle(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SchedulingPolicy.schedulingRateDiscard(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SchedulingPolicy(SchedulingPolicy.Kind.UNCONSTRAINED, 5, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no queue depth");
        assertThatThrownBy(() -> new SchedulingPolicy(SchedulingPolicy.Kind.QUEUE_DEPTH_DISCARD, 5, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no rate");
        assertThatThrownBy(() -> new SchedulingPolicy(null, 0, 0)).isInstanceOf(NullPointerException.class);
        assertThat(SchedulingPolicy.queueDepthThrottle(4).maxDepth()).isEqualTo(4);
        assertThat(SchedulingPolicy.schedulingRateDiscard(2.5).tasksPerSecond()).isEqualTo(2.5);
    }

    // ---- queue depth, discard ----

    @Test
    void depthDiscardDropsTheOldestPendingTaskAndReportsIt() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("bounded", SchedulingPolicy.queueDepthDiscard(3));
        q.suspend();
        List<Integer> ran = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            int n = i;
            futures.add(q.execute(() -> ran.add(n)));
        }
        assertThat(q.pendingCount()).isEqualTo(3);
        assertThat(q.discardedCount()).isEqualTo(2);
        assertThat(futures.get(0)).isCompletedExceptionally();
        assertThat(futures.get(1)).isCompletedExceptionally();
        assertThatThrownBy(futures.get(0)::join).hasCauseInstanceOf(RejectedExecutionException.class);
        List<PolicyEvent> events = q.policyEvents().items();
        assertThat(events).hasSize(2).allSatisfy(e -> {
            assertThat(e.kind()).isEqualTo(PolicyEvent.Kind.TASK_DISCARDED);
            assertThat(e.queue()).isEqualTo("bounded");
            assertThat(e.policy()).isEqualTo(q.policy());
        });
        q.resume();
        await(futures.get(4)); // not a barrier: its task would push out the oldest
        assertThat(ran).as("the freshest work is kept, in order").containsExactly(3, 4, 5);
    }

    @Test
    void depthDiscardDropsOldestMessageHandlerTasksToo() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("bounded", SchedulingPolicy.queueDepthDiscard(2));
        Port<Integer> port = new Port<>("p");
        List<Integer> seen = new CopyOnWriteArrayList<>();
        CountDownLatch twoRan = new CountDownLatch(2);
        Arbiter.activate(q, Arbiter.receive(true, port, i -> {
            seen.add(i);
            twoRan.countDown();
        }));
        q.suspend();
        for (int i = 1; i <= 6; i++) {
            port.post(i);
        }
        assertThat(port.itemCount()).as("the items were consumed; their tasks are what is dropped").isZero();
        assertThat(q.discardedCount()).isEqualTo(4);
        q.resume();
        await(twoRan); // no barrier: a barrier task would itself push out the oldest
        assertThat(seen).containsExactly(5, 6);
    }

    // ---- queue depth, throttle ----

    @Test
    void depthThrottleMakesAnOutsidePosterWaitUntilAWorkerTakesATask() throws Exception {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("throttled", SchedulingPolicy.queueDepthThrottle(2));
        DispatcherQueue events = d.createQueue("events");
        CompletableFuture<PolicyEvent> throttledEvent = new CompletableFuture<>();
        Arbiter.activate(events, Arbiter.receive(false, q.policyEvents(), throttledEvent::complete));
        q.suspend();
        List<Integer> ran = new CopyOnWriteArrayList<>();
        q.execute(() -> ran.add(1));
        q.execute(() -> ran.add(2));
        CompletableFuture<Thread> posterThread = new CompletableFuture<>();
        CompletableFuture<Void> posted = CompletableFuture.runAsync(() -> {
            posterThread.complete(Thread.currentThread());
            q.execute(() -> ran.add(3));
        }, r -> Thread.ofPlatform().name("outside-poster").start(r));
        PolicyEvent e = await(throttledEvent);
        assertThat(e.kind()).isEqualTo(PolicyEvent.Kind.POSTER_THROTTLED);
        assertThat(e.detail()).isEqualTo("outside-poster");
        assertThat(e.depth()).isEqualTo(2);
        assertThat(posted).as("the poster waits while the queue is full").isNotDone();
        Thread poster = await(posterThread);
        eventually("poster waiting", () -> poster.getState() == Thread.State.WAITING
                || poster.getState() == Thread.State.TIMED_WAITING);
        assertThat(posted).isNotDone();
        assertThat(q.pendingCount()).isEqualTo(2);
        q.resume();
        posted.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(q.throttledCount()).isEqualTo(1);
        eventually("all three ran", () -> ran.size() == 3); // a barrier task could be throttled itself
        assertThat(ran).containsExactly(1, 2, 3);
    }

    @Test
    void depthThrottleWithABlockedHandlerReleasesThePosterWhenTheWorkerMovesOn() throws Exception {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("throttled", SchedulingPolicy.queueDepthThrottle(1));
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        q.execute(() -> {
            inside.countDown();
            hold(gate);
        });
        await(inside);
        q.execute(() -> { }); // depth 1: full
        CompletableFuture<Void> posted = CompletableFuture.runAsync(() -> q.execute(() -> { }),
                r -> Thread.ofPlatform().start(r));
        eventually("throttled", () -> q.throttledCount() == 1);
        assertThat(posted).isNotDone();
        gate.countDown();
        posted.get(WAIT_SECONDS, TimeUnit.SECONDS);
        eventually("all three ran", () -> q.executedCount() == 3);
    }

    @Test
    void depthThrottleNeverBlocksAWorkerOfTheSameDispatcher() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue throttled = d.createQueue("throttled", SchedulingPolicy.queueDepthThrottle(1));
        DispatcherQueue driver = d.createQueue("driver");
        AtomicInteger ran = new AtomicInteger();
        // The only worker posts 10 tasks to a queue of depth 1 that only it can drain.
        await(driver.execute(() -> {
            for (int i = 0; i < 10; i++) {
                throttled.execute(ran::incrementAndGet);
            }
        }));
        barrier(throttled);
        assertThat(ran).hasValue(10);
    }

    // ---- scheduling rate ----

    @Test
    void rateDiscardKeepsTheNewestTaskWhenOverTheRate() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("rate", SchedulingPolicy.schedulingRateDiscard(0.5)); // one per 2 s
        q.suspend();
        List<Integer> ran = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            int n = i;
            futures.add(q.execute(() -> ran.add(n)));
        }
        assertThat(q.discardedCount()).isEqualTo(4);
        assertThat(q.pendingCount()).isEqualTo(1);
        assertThat(futures.subList(0, 4)).allSatisfy(f -> assertThat(f).isCompletedExceptionally());
        assertThat(q.policyEvents().items()).hasSize(4)
                .allMatch(e -> e.kind() == PolicyEvent.Kind.TASK_DISCARDED);
        q.resume();
        await(futures.get(4));
        assertThat(ran).containsExactly(5);
    }

    @Test
    void rateDiscardDropsTheNewTaskItselfWhenNothingWaits() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("rate", SchedulingPolicy.schedulingRateDiscard(0.5));
        await(q.execute(() -> { }));
        CompletableFuture<Void> overRate = q.execute(() -> { });
        assertThatThrownBy(() -> overRate.get(WAIT_SECONDS, TimeUnit.SECONDS))
                .hasCauseInstanceOf(RejectedExecutionException.class);
        assertThat(q.discardedCount()).isEqualTo(1);
        eventually("the first task counted", () -> q.executedCount() == 1); // counted just after its future completes
    }

    @Test
    void rateThrottleSpacesPostsAtLeastOneIntervalApartAndReportsThrottledPosters() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("rate", SchedulingPolicy.schedulingRateThrottle(20)); // 50 ms apart
        List<Long> startTimes = new CopyOnWriteArrayList<>();
        long begin = System.nanoTime();
        CompletableFuture<?> last = null;
        for (int i = 0; i < 5; i++) {
            last = q.execute(() -> startTimes.add(System.nanoTime()));
        }
        long postingTook = System.nanoTime() - begin;
        await(last);
        assertThat(Duration.ofNanos(postingTook)).as("5 posts at 20/s take at least 4 intervals")
                .isGreaterThanOrEqualTo(Duration.ofMillis(200));
        for (int i = 0; i < startTimes.size(); i++) {
            assertThat(startTimes.get(i) - begin).as("task %d starts no earlier than its slot", i)
                    .isGreaterThanOrEqualTo(i * 50_000_000L);
        }
        assertThat(q.throttledCount()).isEqualTo(4);
        assertThat(q.policyEvents().items()).as("throttled posters are reported on the policy port").hasSize(4)
                .allMatch(e -> e.kind() == PolicyEvent.Kind.POSTER_THROTTLED);
    }

    // ---- suspend / resume ----

    @Test
    void suspendedQueueAcceptsTasksButRunsNoneUntilResumed() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        DispatcherQueue other = d.createQueue("other");
        AtomicInteger ran = new AtomicInteger();
        q.suspend();
        assertThat(q.isSuspended()).isTrue();
        for (int i = 0; i < 3; i++) {
            q.execute(ran::incrementAndGet);
        }
        barrier(other); // the worker is alive and has had every chance to run q's tasks
        barrier(other);
        assertThat(ran).hasValue(0);
        assertThat(q.pendingCount()).isEqualTo(3);
        q.resume();
        assertThat(q.isSuspended()).isFalse();
        barrier(q);
        assertThat(ran).hasValue(3);
    }

    @Test
    void suspendedVirtualThreadQueueRunsNothingUntilResumed() {
        DispatcherQueue q = DispatcherQueue.onVirtualThreads("vq");
        AtomicInteger ran = new AtomicInteger();
        q.suspend();
        CompletableFuture<Void> f = q.execute(ran::incrementAndGet);
        quietPeriod();
        assertThat(ran).as("a suspended queue runs nothing, whatever runs its tasks").hasValue(0);
        assertThat(f).isNotDone();
        q.resume();
        await(f);
        assertThat(ran).hasValue(1);
    }

    // ---- execute / submit ----

    @Test
    void submitCompletesWithTheResultAndExecuteWhenTheTaskHasRun() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        assertThat(await(q.submit(() -> 6 * 7))).isEqualTo(42);
        AtomicInteger ran = new AtomicInteger();
        await(q.execute(ran::incrementAndGet));
        assertThat(ran).hasValue(1);
    }

    @Test
    void failingTaskFailsItsFutureAndReachesTheCallersCausality() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Causality c = new Causality("caller");
        java.util.concurrent.atomic.AtomicReference<CompletableFuture<Object>> f = new java.util.concurrent.atomic.AtomicReference<>();
        Causality.run(c, () -> f.set(q.submit(() -> {
            throw new java.io.IOException("disk on fire");
        })));
        assertThatThrownBy(() -> f.get().join()).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(java.io.IOException.class);
        assertThat(awaitItem(c.exceptionPort())).hasMessage("disk on fire");
    }

    @Test
    void tasksLeaveAQueueInFifoOrder() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        List<Integer> order = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 200; i++) {
            int n = i;
            q.execute(() -> order.add(n));
        }
        barrier(q);
        assertThat(order).hasSize(200).isSorted();
    }

    // ---- round robin ----

    @Test
    void aQueueWithALongBacklogDoesNotStarveAnotherQueue() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue busy = d.createQueue("busy");
        DispatcherQueue quiet = d.createQueue("quiet");
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch gate = gate();
        AtomicInteger busyRan = new AtomicInteger();
        busy.execute(() -> {
            inside.countDown();
            hold(gate);
        });
        await(inside);
        for (int i = 0; i < 1000; i++) {
            busy.execute(busyRan::incrementAndGet);
        }
        CompletableFuture<Integer> quietSawBusy = quiet.submit(busyRan::get);
        gate.countDown();
        int busyTasksBefore = await(quietSawBusy);
        assertThat(busyTasksBefore).as("busy tasks run before the quiet queue's one task").isLessThanOrEqualTo(2);
        barrier(busy);
        assertThat(busyRan).hasValue(1000);
    }

    // ---- other executors ----

    @Test
    void virtualThreadQueueRunsTasksAndHandlersOnVirtualThreads() {
        DispatcherQueue q = DispatcherQueue.onVirtualThreads("vq");
        assertThat(q.dispatcher()).isNull();
        assertThat(await(q.submit(() -> Thread.currentThread().isVirtual()))).isTrue();
        Port<Integer> port = new Port<>("p");
        CompletableFuture<Boolean> handlerVirtual = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.receive(false, port, i -> handlerVirtual.complete(Thread.currentThread().isVirtual())));
        port.post(1);
        assertThat(await(handlerVirtual)).isTrue();
    }

    @Test
    void virtualThreadQueueLetsThousandsOfBlockingHandlersWaitAtOnce() {
        DispatcherQueue q = DispatcherQueue.onVirtualThreads("vq");
        Port<Integer> port = new Port<>("p");
        int n = 2000;
        CountDownLatch allInside = new CountDownLatch(n);
        CountDownLatch done = new CountDownLatch(n);
        Arbiter.activate(q, Arbiter.receive(true, port, i -> {
            allInside.countDown();
            hold(allInside);
            done.countDown();
        }));
        for (int i = 0; i < n; i++) {
            port.post(i);
        }
        await(done);
    }

    @Test
    void executorQueueRunsTasksOnTheGivenExecutor() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "my-executor"));
        try {
            DispatcherQueue q = DispatcherQueue.onExecutor("eq", pool, SchedulingPolicy.unconstrained());
            assertThat(await(q.submit(() -> Thread.currentThread().getName()))).isEqualTo("my-executor");
            Port<String> port = new Port<>("p");
            CompletableFuture<String> handlerThread = new CompletableFuture<>();
            Arbiter.activate(q, Arbiter.receive(false, port, s -> handlerThread.complete(Thread.currentThread().getName())));
            port.post("x");
            assertThat(await(handlerThread)).isEqualTo("my-executor");
            assertThat(q.executedCount()).isGreaterThanOrEqualTo(1);
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        }
        assertThatThrownBy(() -> DispatcherQueue.onExecutor("eq", null, SchedulingPolicy.unconstrained()))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void executorQueueAppliesItsPolicy() {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            DispatcherQueue q = DispatcherQueue.onExecutor("eq", pool, SchedulingPolicy.queueDepthDiscard(1));
            CountDownLatch inside = new CountDownLatch(1);
            CountDownLatch gate = gate();
            q.execute(() -> {
                inside.countDown();
                hold(gate);
            });
            await(inside);
            CompletableFuture<Void> dropped = q.execute(() -> { });
            CompletableFuture<Void> kept = q.execute(() -> { });
            assertThat(dropped).isCompletedExceptionally();
            gate.countDown();
            await(kept);
            assertThat(q.discardedCount()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void queueAccessorsDescribeIt() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = new DispatcherQueue("direct", d, SchedulingPolicy.queueDepthThrottle(7));
        assertThat(q.name()).isEqualTo("direct");
        assertThat(q.dispatcher()).isSameAs(d);
        assertThat(q.policy()).isEqualTo(SchedulingPolicy.queueDepthThrottle(7));
        assertThat(q.toString()).contains("direct").contains("QUEUE_DEPTH_THROTTLE");
        assertThat(q.unhandledExceptionPort()).isNull();
        assertThat(d.queueCount()).isEqualTo(1);
    }

    @Test
    void enqueueTimerPostsTheFiringTime() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Instant> port = new Port<>("timer");
        Instant before = Instant.now();
        q.enqueueTimer(Duration.ofMillis(20), port);
        assertThat(awaitItem(port)).isAfterOrEqualTo(before.plusMillis(19));
    }
}
