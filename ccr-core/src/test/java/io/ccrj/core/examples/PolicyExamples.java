package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The five scheduling policies of a {@link DispatcherQueue}. The examples suspend the queue so
 * that tasks pile up deterministically; a real queue fills up because its handlers are slower
 * than its posters.
 */
public final class PolicyExamples {
    private PolicyExamples() {
    }

    /** What {@link #queueDepthDiscard} observed. */
    public record Discard(Set<Integer> ran, List<CompletableFuture<Void>> results, DispatcherQueue queue) {
    }

    /** At most n tasks wait; the oldest is dropped to make room. */
    public static Discard queueDepthDiscard(Dispatcher dispatcher) throws InterruptedException {
        // tag::queue-depth-discard[]
        DispatcherQueue latest = dispatcher.createQueue("latest", SchedulingPolicy.queueDepthDiscard(2));
        Set<Integer> ran = ConcurrentHashMap.newKeySet();
        List<CompletableFuture<Void>> results = new ArrayList<>();
        latest.suspend();
        for (int i = 1; i <= 5; i++) {
            int n = i;
            results.add(latest.execute(() -> ran.add(n)));
        }
        // Depth 2: tasks 1, 2 and 3 were dropped, oldest first, to make room for 4 and 5.
        latest.resume();
        // ran becomes [4, 5]; the futures of 1-3 failed with RejectedExecutionException;
        // latest.discardedCount() == 3 and latest.policyEvents() holds 3 TASK_DISCARDED events.
        // end::queue-depth-discard[]
        Examples.awaitTrue(() -> ran.size() == 2);
        return new Discard(ran, results, latest);
    }

    /** What {@link #queueDepthThrottle} observed. */
    public record Throttle(int pendingWhileBlocked, Thread.State producerWhileBlocked, long handled,
                           DispatcherQueue queue) {
    }

    /** A poster that would exceed the depth waits until a worker takes a task. */
    public static Throttle queueDepthThrottle(Dispatcher dispatcher) throws InterruptedException {
        // tag::queue-depth-throttle[]
        DispatcherQueue bounded = dispatcher.createQueue("bounded", SchedulingPolicy.queueDepthThrottle(4));
        Port<Integer> input = new Port<>("input");
        LongAdder handled = new LongAdder();
        Arbiter.activate(bounded, Arbiter.receive(true, input, n -> handled.increment()));
        bounded.suspend();   // a stalled consumer
        Thread producer = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 10; i++) {
                input.post(i);   // the fifth post waits: 4 tasks are pending
            }
        });
        // end::queue-depth-throttle[]
        Examples.awaitTrue(() -> bounded.throttledCount() > 0 && producer.getState() == Thread.State.TIMED_WAITING);
        int pendingWhileBlocked = bounded.pendingCount();
        Thread.State producerWhileBlocked = producer.getState();
        // tag::queue-depth-throttle[]
        bounded.resume();    // each task a worker takes wakes the producer up
        producer.join();     // all 10 posted; bounded.throttledCount() says how often the producer waited
        // end::queue-depth-throttle[]
        Examples.awaitTrue(() -> handled.sum() == 10);
        return new Throttle(pendingWhileBlocked, producerWhileBlocked, handled.sum(), bounded);
    }

    /** Over the rate, the oldest waiting task (or the new one) is dropped. */
    public static Discard schedulingRateDiscard(Dispatcher dispatcher) throws InterruptedException {
        // tag::scheduling-rate-discard[]
        DispatcherQueue sampled = dispatcher.createQueue("sampled", SchedulingPolicy.schedulingRateDiscard(1.0));
        Set<Integer> ran = ConcurrentHashMap.newKeySet();
        List<CompletableFuture<Void>> results = new ArrayList<>();
        sampled.suspend();
        for (int i = 1; i <= 5; i++) {
            int n = i;
            results.add(sampled.execute(() -> ran.add(n)));
        }
        // 1 task per second: task 1 took this second's slot; each later one came too early and
        // replaced the task waiting before it. Only task 5 is left.
        sampled.resume();
        // ran becomes [5]; sampled.discardedCount() == 4
        // end::scheduling-rate-discard[]
        Examples.awaitTrue(() -> ran.size() == 1);
        return new Discard(ran, results, sampled);
    }

    /** A poster over the rate waits for its slot. */
    public static long schedulingRateThrottle(Dispatcher dispatcher) {
        // tag::scheduling-rate-throttle[]
        DispatcherQueue paced = dispatcher.createQueue("paced", SchedulingPolicy.schedulingRateThrottle(200));
        long start = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            paced.execute(() -> { });   // 200 tasks/s: each call waits for its 5 ms slot
        }
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;   // at least 95
        // end::scheduling-rate-throttle[]
        return elapsedMillis;
    }
}
