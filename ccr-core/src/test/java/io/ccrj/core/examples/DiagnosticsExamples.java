package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherMetrics;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.core.Timers;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Counters and the describe() dump. */
public final class DiagnosticsExamples {
    private DiagnosticsExamples() {
    }

    /** Port and queue counters. */
    public static String counters(DispatcherQueue queue) {
        // tag::counters[]
        Port<String> jobs = new Port<>("jobs");
        Arbiter.activate(queue, Arbiter.receive(true, jobs, job -> { }, job -> !job.startsWith("later")));
        queue.suspend();
        jobs.post("a");
        jobs.post("b");
        jobs.post("later-c");
        String counts = String.format("port: %d posted, %d queued %s, %d receiver(s); queue: %d pending, %d executed",
                jobs.postedCount(), jobs.itemCount(), jobs.items(), jobs.receiverCount(),
                queue.pendingCount(), queue.executedCount());
        // "port: 3 posted, 1 queued [later-c], 1 receiver(s); queue: 2 pending, 0 executed"
        queue.resume();
        // end::counters[]
        return counts;
    }

    /** What {@link #describe} observed. */
    public record Dump(String dump, Port<String> orders, Port<Integer> cancels, CompletableFuture<Void> waiter) {
    }

    /** Who is waiting on a port. */
    public static Dump describe(DispatcherQueue queue) throws InterruptedException {
        // tag::describe[]
        Port<String> orders = new Port<>("orders");
        Port<Integer> cancels = new Port<>("cancels");
        Arbiter.activate(queue,
                Arbiter.choice(
                        Arbiter.receive(false, orders, order -> { }),
                        Arbiter.receive(false, Timers.timeout(Duration.ofSeconds(30)), t -> { })),
                Arbiter.joinedReceive(false, orders, cancels, (order, id) -> { }),
                Arbiter.receive(true, orders, order -> { }, order -> order.startsWith("vip-")));
        CompletableFuture<Void> waiter = queue.spawn(ctx -> ctx.receive(orders));
        // end::describe[]
        Examples.awaitTrue(() -> orders.receiverCount() == 4);
        // tag::describe[]
        // ... once the sequential task's receive has registered:
        String dump = orders.describe();
        // end::describe[]
        return new Dump(dump, orders, cancels, waiter);
    }

    /** What {@link #metrics} observed. */
    public record Metrics(long dropped, int depth, String dump) {
    }

    /** A dispatcher's metrics snapshot and its describe() dump. */
    public static Metrics metrics(Dispatcher dispatcher) {
        // tag::metrics[]
        DispatcherQueue latest = dispatcher.createQueue("latest-only", SchedulingPolicy.queueDepthDiscard(1));
        latest.suspend();
        for (int i = 0; i < 3; i++) {
            latest.execute(() -> { });   // each drops the one waiting before it
        }
        DispatcherMetrics m = dispatcher.metrics();
        long dropped = m.discarded();           // 2
        int depth = m.queues().get(1).depth();  // 1: "latest-only" is the dispatcher's second queue
        String dump = dispatcher.describe();
        // end::metrics[]
        latest.resume();
        return new Metrics(dropped, depth, dump);
    }
}
