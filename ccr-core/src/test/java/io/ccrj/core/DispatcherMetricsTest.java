package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Dispatcher#metrics()} and {@link Dispatcher#describe()}: what an operator reads. */
@Timeout(30)
class DispatcherMetricsTest extends CcrTestSupport {

    @Test
    void metricsCountTasksDepthsDiscardsAndThrottlesPerQueueAndInTotal() throws Exception {
        Dispatcher d = dispatcher(1, "metrics");
        DispatcherQueue main = d.createQueue("main");
        for (int i = 0; i < 10; i++) {
            await(main.execute(() -> { }));
        }
        DispatcherQueue dropping = d.createQueue("dropping", SchedulingPolicy.queueDepthDiscard(2));
        dropping.suspend();
        for (int i = 0; i < 5; i++) {
            dropping.execute(() -> { });
        }
        DispatcherQueue throttling = d.createQueue("throttling", SchedulingPolicy.queueDepthThrottle(1));
        throttling.suspend();
        throttling.execute(() -> { });
        Thread poster = Thread.ofPlatform().start(() -> throttling.execute(() -> { }));
        eventually("poster throttled", () -> throttling.throttledCount() == 1);

        eventually("ten tasks counted", () -> d.metrics().tasksExecuted() == 10); // counted after each task's run
        DispatcherMetrics m = d.metrics();
        assertThat(m.dispatcher()).isEqualTo("metrics");
        assertThat(m.workers()).isEqualTo(1);
        assertThat(m.pendingTasks()).isEqualTo(3); // 2 kept by the discarding queue, 1 ahead of the poster
        assertThat(m.discarded()).isEqualTo(3);
        assertThat(m.throttled()).isEqualTo(1);
        assertThat(m.queues()).extracting(DispatcherMetrics.Queue::name).containsExactly("main", "dropping", "throttling");
        assertThat(m.queues().get(1)).isEqualTo(new DispatcherMetrics.Queue("dropping",
                SchedulingPolicy.Kind.QUEUE_DEPTH_DISCARD, 2, 0, 3, 0, true));
        assertThat(m.queues().get(0).executed()).isEqualTo(10);
        assertThat(m.queues().get(2).throttled()).isEqualTo(1);

        throttling.resume();
        poster.join();
        dropping.resume();
        eventually("all ran", () -> d.metrics().pendingTasks() == 0 && d.metrics().tasksExecuted() == 14);
    }

    @Test
    void parksAndWakeUpsOfIdleWorkersAreCounted() {
        Dispatcher d = dispatcher(1, "idle");
        DispatcherQueue q = d.createQueue("q");
        eventually("the idle worker parked", () -> d.metrics().parkedWorkers() == 1 && d.metrics().parks() > 0);
        long wakeUps = d.metrics().wakeUps();
        // A post may find the worker in its nap (after a timed-out park) rather than parked: a nap
        // woken by work is not a park's wake-up, so post again until one ends a park.
        eventually("a park ended by work", () -> {
            await(q.execute(() -> { }));
            return d.metrics().wakeUps() > wakeUps;
        });
        assertThat(d.metrics().parks()).isGreaterThanOrEqualTo(d.metrics().wakeUps());
    }

    @Test
    void describeShowsTheMetricsWithALinePerQueue() {
        Dispatcher d = dispatcher(1, "shown");
        DispatcherQueue q = d.createQueue("main");
        DispatcherQueue held = d.createQueue("held", SchedulingPolicy.queueDepthDiscard(1));
        held.suspend();
        held.execute(() -> { });
        held.execute(() -> { });
        await(q.execute(() -> { }));
        CountDownLatch ran = new CountDownLatch(1);
        q.execute(ran::countDown);
        await(ran);
        eventually("counted", () -> d.metrics().tasksExecuted() == 2);
        String dump = d.describe();
        assertThat(dump.lines().toList()).hasSize(3);
        assertThat(dump.lines().findFirst().orElseThrow())
                .startsWith("dispatcher 'shown': 1 worker(s), ")
                .contains("2 executed, 1 pending, 1 discarded, 0 throttled; ")
                .contains(" park(s), ")
                .endsWith(" wake-up(s)");
        assertThat(dump).contains("\n  queue 'main' (UNCONSTRAINED): 0 pending, 2 executed, 0 discarded, 0 throttled")
                .contains("\n  queue 'held' (QUEUE_DEPTH_DISCARD, suspended): 1 pending, 0 executed, 1 discarded, 0 throttled");
        d.close();
        assertThat(d.describe().lines().findFirst().orElseThrow()).endsWith("; closed");
    }
}
