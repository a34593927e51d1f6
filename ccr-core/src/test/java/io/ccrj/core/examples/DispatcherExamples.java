package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;

/** Dispatchers, their queues, and shutting them down. */
public final class DispatcherExamples {
    private DispatcherExamples() {
    }

    /** What {@link #dispatchers()} observed. */
    public record Threads(int match, int byCores, int answer) {
    }

    /** The papers' "match" and "default" thread counts. */
    public static Threads dispatchers() {
        // tag::dispatcher[]
        int parallelComputations = 4;
        try (Dispatcher match = new Dispatcher(parallelComputations, "match");   // one thread per computation
             Dispatcher byCores = new Dispatcher(0, "default")) {                // one per core, at least 2
            DispatcherQueue queue = match.createQueue("stages");
            int answer = queue.submit(() -> 6 * 7).join();
            // match.workerCount() == 4; byCores.workerCount() == max(2, availableProcessors())
            // end::dispatcher[]
            return new Threads(match.workerCount(), byCores.workerCount(), answer);
            // tag::dispatcher[]
        }   // close(): drain up to 30 s, then stop the workers
        // end::dispatcher[]
    }

    /** What {@link #idleStrategies()} observed. */
    public record Idle(List<String> strategies, int answer) {
    }

    /** What idle workers do. */
    public static Idle idleStrategies() {
        // tag::idle-strategies[]
        IdleStrategy balanced = IdleStrategy.spinThenPark();   // the default: spin 50 µs, nap 200 µs, park
        IdleStrategy tuned = IdleStrategy.spinThenPark(Duration.ofNanos(10_000), Duration.ofNanos(50_000));
        IdleStrategy frugal = IdleStrategy.parkImmediately();  // least CPU while idle, slowest wake-up
        IdleStrategy hot = IdleStrategy.busySpin();            // fastest wake-up, one core burnt per idle worker
        try (Dispatcher background = new Dispatcher(2, "background", frugal)) {
            int answer = background.createQueue("chores").submit(() -> 6 * 7).join();
            // end::idle-strategies[]
            return new Idle(List.of(balanced.toString(), tuned.toString(), frugal.toString(), hot.toString()), answer);
            // tag::idle-strategies[]
        }
        // end::idle-strategies[]
    }

    /** Tasks with no message: execute and submit, and waiting for several. */
    public static List<Integer> execute(DispatcherQueue queue) {
        // tag::execute[]
        CompletableFuture<Void> done = queue.execute(() -> { /* any code */ });
        List<CompletableFuture<Integer>> squares = IntStream.rangeClosed(1, 4)
                .mapToObj(i -> queue.submit(() -> i * i))
                .toList();
        CompletableFuture.allOf(squares.toArray(CompletableFuture[]::new)).join();   // wait for all four
        List<Integer> results = squares.stream().map(CompletableFuture::join).toList();   // [1, 4, 9, 16]
        // end::execute[]
        done.join();
        return results;
    }

    /** What {@link #otherQueues()} observed. */
    public record Elsewhere(long elapsedMillis, boolean onVirtualThread, int answer) {
    }

    /** Queues whose tasks run on virtual threads, or on an executor of your choice. */
    public static Elsewhere otherQueues() throws InterruptedException {
        long start = System.nanoTime();
        // tag::virtual-thread-queue[]
        DispatcherQueue blocking = DispatcherQueue.onVirtualThreads("blocking-io");
        Port<Integer> requests = new Port<>("requests");
        CountDownLatch answered = new CountDownLatch(1000);
        Arbiter.activate(blocking, Arbiter.receive(true, requests, r -> {
            Thread.sleep(100);     // stands for blocking I/O: parks this virtual thread only
            answered.countDown();
        }));
        for (int i = 0; i < 1000; i++) {
            requests.post(i);
        }
        answered.await();          // about 0.1 s: the 1000 handlers wait at the same time

        DispatcherQueue onPool = DispatcherQueue.onExecutor("fork-join", ForkJoinPool.commonPool(),
                SchedulingPolicy.unconstrained());
        int answer = onPool.submit(() -> 6 * 7).join();
        // end::virtual-thread-queue[]
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
        boolean virtual = blocking.submit(() -> Thread.currentThread().isVirtual()).join();
        return new Elsewhere(elapsedMillis, virtual, answer);
    }

    /** What {@link #close()} observed. */
    public record Closed(long handled, int discarded, boolean terminated, String rejected, String refused, int leftInPort) {
    }

    /** close(): drain, then stop; what posts and activations get afterwards. */
    public static Closed close() {
        // tag::close[]
        Dispatcher dispatcher = new Dispatcher(2, "closing");
        DispatcherQueue queue = dispatcher.createQueue("work");
        Port<Integer> jobs = new Port<>("jobs");
        LongAdder handled = new LongAdder();
        Arbiter.activate(queue, Arbiter.receive(true, jobs, n -> handled.increment()));
        for (int i = 0; i < 1000; i++) {
            jobs.post(i);
        }
        int discarded = dispatcher.close(Duration.ofSeconds(5));   // 0: all 1000 ran, then the workers stopped
        boolean terminated = dispatcher.isTerminated();            // true

        String rejected = null;
        try {
            jobs.post(1000);   // the receiver is still registered; its dispatcher is not open, so the item stays queued
        } catch (RejectedExecutionException e) {
            rejected = e.getMessage();   // "dispatcher 'closing' is closed: queue 'work' accepts no more tasks; the item stays in port 'jobs'"
        }
        String refused = null;
        try {
            Arbiter.activate(queue, Arbiter.receive(true, jobs, n -> { }));
        } catch (IllegalStateException e) {
            refused = e.getMessage();    // "dispatcher 'closing' is closed: cannot activate on queue 'work'"
        }
        // end::close[]
        return new Closed(handled.sum(), discarded, terminated, rejected, refused, jobs.itemCount());
    }

    /** What {@link #shutdownNow()} observed. */
    public record Stopped(int discarded, CompletableFuture<Void> firstTask, boolean terminated) {
    }

    /** shutdownNow(): stop without draining. */
    public static Stopped shutdownNow() {
        // tag::shutdown-now[]
        Dispatcher dispatcher = new Dispatcher(1, "stopping");
        DispatcherQueue queue = dispatcher.createQueue("work");
        queue.suspend();   // for the example: the tasks stay pending
        CompletableFuture<Void> first = queue.execute(() -> { });
        for (int i = 0; i < 9; i++) {
            queue.execute(() -> { });
        }
        int discarded = dispatcher.shutdownNow();   // 10: none ran; their futures fail with RejectedExecutionException
        // end::shutdown-now[]
        return new Stopped(discarded, first, dispatcher.isTerminated());
    }
}
