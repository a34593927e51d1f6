package io.ccrj.core;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ccr-core's Flight Recorder events, recorded in-process and read back: task runs (queue wait and
 * run time), a discarding policy's drops, a throttled poster's wait, and idle workers' parks.
 */
@Timeout(60)
class FlightRecorderTest extends CcrTestSupport {
    @TempDir
    Path dir;

    @Test
    void aRecordingHoldsTaskRunsPolicyActionsAndWorkerParksWithTheirFields() throws Exception {
        Path file = dir.resolve("ccrj.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("io.ccrj.TaskExecution").withThreshold(Duration.ZERO);
            recording.enable("io.ccrj.QueuePolicy");
            recording.enable("io.ccrj.WorkerPark").withThreshold(Duration.ZERO);
            recording.start();

            Dispatcher d = dispatcher(1, "jfr");
            // Task runs: one waits while its queue is suspended, then sleeps as it runs.
            DispatcherQueue work = d.createQueue("work");
            work.suspend();
            CompletableFuture<Void> slow = work.execute(() -> sleep(30));
            sleep(30);
            work.resume();
            await(slow);
            // An item on a persistent receive's direct path.
            Port<String> items = new Port<>("items");
            CountDownLatch itemRan = new CountDownLatch(1);
            Arbiter.activate(work, Arbiter.receive(true, items, s -> itemRan.countDown()));
            items.post("x");
            await(itemRan);

            // A discarding policy drops the oldest of three tasks waiting behind a depth of 2.
            DispatcherQueue dropping = d.createQueue("dropping", SchedulingPolicy.queueDepthDiscard(2));
            dropping.suspend();
            for (int i = 0; i < 3; i++) {
                dropping.execute(() -> { });
            }
            dropping.resume();

            // A throttling policy makes a poster wait until the worker takes the task ahead of it.
            DispatcherQueue throttling = d.createQueue("throttling", SchedulingPolicy.queueDepthThrottle(1));
            throttling.suspend();
            throttling.execute(() -> { });
            Thread poster = Thread.ofPlatform().name("throttled-poster").start(() -> throttling.execute(() -> { }));
            eventually("poster throttled", () -> throttling.throttledCount() == 1);
            sleep(20);
            throttling.resume();
            poster.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));

            // The idle worker parks; work wakes it.
            long parksBefore = d.metrics().parks();
            eventually("the idle worker parked", () -> d.metrics().parkedWorkers() == 1 && d.metrics().parks() > parksBefore);
            // A post may find the worker napping rather than parked: post until one ends a park.
            eventually("a park ended by a wake-up", () -> {
                await(work.execute(() -> { }));
                return d.metrics().wakeUps() > 0;
            });

            recording.stop();
            recording.dump(file);
        }

        // Only this test's dispatcher: others in the same JVM may be recorded too.
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> !e.hasField("dispatcher") || "jfr".equals(e.getString("dispatcher"))).toList();
        List<RecordedEvent> tasks = named(events, "io.ccrj.TaskExecution");
        RecordedEvent slowRun = tasks.stream()
                .filter(e -> e.getString("queue").equals("work") && e.getDuration("runTime").toMillis() >= 25)
                .findFirst().orElseThrow(() -> new AssertionError("no slow task in " + tasks));
        assertThat(slowRun.getString("dispatcher")).isEqualTo("jfr");
        assertThat(slowRun.getDuration("queueWait")).isGreaterThanOrEqualTo(Duration.ofMillis(25));
        assertThat(slowRun.getBoolean("direct")).isFalse();
        assertThat(slowRun.getDuration()).as("the event spans the wait and the run")
                .isGreaterThanOrEqualTo(slowRun.getDuration("queueWait").plus(slowRun.getDuration("runTime")).minusMillis(1));
        assertThat(slowRun.getString("task")).isNotBlank();
        assertThat(tasks).anySatisfy(e -> {
            assertThat(e.getBoolean("direct")).isTrue();
            assertThat(e.getString("queue")).isEqualTo("work");
            assertThat(e.getString("task")).contains("port 'items'");
        });

        List<RecordedEvent> policy = named(events, "io.ccrj.QueuePolicy");
        assertThat(policy).filteredOn(e -> e.getString("action").equals("TASK_DISCARDED")).singleElement().satisfies(e -> {
            assertThat(e.getString("dispatcher")).isEqualTo("jfr");
            assertThat(e.getString("queue")).isEqualTo("dropping");
            assertThat(e.getString("policy")).contains("QUEUE_DEPTH_DISCARD");
            assertThat(e.getInt("depth")).isEqualTo(2);
            assertThat(e.getString("detail")).isNotBlank();
        });
        assertThat(policy).filteredOn(e -> e.getString("action").equals("POSTER_THROTTLED")).singleElement().satisfies(e -> {
            assertThat(e.getString("queue")).isEqualTo("throttling");
            assertThat(e.getString("detail")).isEqualTo("throttled-poster");
            assertThat(e.getInt("depth")).isEqualTo(1);
            assertThat(e.getDuration()).as("the wait").isGreaterThanOrEqualTo(Duration.ofMillis(15));
            assertThat(e.getThread().getJavaName()).isEqualTo("throttled-poster");
            assertThat(e.getStackTrace()).isNotNull();
        });

        List<RecordedEvent> parks = named(events, "io.ccrj.WorkerPark");
        assertThat(parks).isNotEmpty().allSatisfy(e -> {
            assertThat(e.getString("dispatcher")).isEqualTo("jfr");
            assertThat(e.getThread().getJavaName()).isEqualTo("jfr-worker-0");
        });
        assertThat(parks).anySatisfy(e -> assertThat(e.getBoolean("woken")).isTrue());
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
