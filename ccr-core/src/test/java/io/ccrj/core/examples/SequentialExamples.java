package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Interleave;
import io.ccrj.core.Joined;
import io.ccrj.core.Port;
import io.ccrj.core.SuccessFailurePort;
import io.ccrj.core.Timers;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Sequential tasks: CCR's iterators as virtual threads. */
public final class SequentialExamples {
    private SequentialExamples() {
    }

    /** What {@link #spawn} observed. */
    public record Spawned(CompletableFuture<Integer> sum, CompletableFuture<Void> done) {
    }

    /** Wait for messages in straight-line code. */
    public static Spawned spawn(DispatcherQueue queue) {
        // tag::spawn[]
        Port<Integer> numbers = new Port<>("numbers");
        CompletableFuture<Integer> sum = new CompletableFuture<>();
        CompletableFuture<Void> done = queue.spawn(ctx -> {
            int a = ctx.receive(numbers);   // parks this virtual thread, not an OS thread
            int b = ctx.receive(numbers);
            sum.complete(a + b);
        });
        numbers.post(20);
        numbers.post(22);                   // sum completes with 42, then done completes
        // end::spawn[]
        return new Spawned(sum, done);
    }

    /** A receive with a timeout. */
    public static CompletableFuture<String> receiveWithTimeout(DispatcherQueue queue) {
        // tag::sequential-timeout[]
        Port<String> replies = new Port<>("replies");
        CompletableFuture<String> outcome = new CompletableFuture<>();
        queue.spawn(ctx -> {
            Optional<String> reply = ctx.receive(replies, Duration.ofMillis(50));
            outcome.complete(reply.orElse("no reply within 50 ms"));   // on time-out nothing is consumed
        });
        // end::sequential-timeout[]
        return outcome;
    }

    /** Joins, multiple items and predicates inside a sequential task. */
    public static CompletableFuture<String> joins(DispatcherQueue queue) {
        // tag::sequential-join[]
        Port<String> names = new Port<>("names");
        Port<Integer> ages = new Port<>("ages");
        Port<Double> readings = new Port<>("readings");
        CompletableFuture<String> report = new CompletableFuture<>();
        queue.spawn(ctx -> {
            Joined<String, Integer> person = ctx.join(names, ages);   // one item from each port
            List<Double> firstThree = ctx.receive(readings, 3);       // exactly three items
            double large = ctx.receive(readings, r -> r > 100);       // the first item over 100
            report.complete(person.first() + " " + person.second() + " " + firstThree + " " + large);
        });
        names.post("Ada");
        ages.post(36);
        for (double r : new double[] {1, 2, 3, 5, 500}) {
            readings.post(r);
        }
        // report: "Ada 36 [1.0, 2.0, 3.0] 500.0"; 5.0 stays in readings
        // end::sequential-join[]
        return report;
    }

    /** Any one-shot arbiter, a choice here, awaited by a sequential task. */
    public static CompletableFuture<String> awaitChoice(DispatcherQueue queue) {
        // tag::sequential-await[]
        SuccessFailurePort<String> reply = new SuccessFailurePort<>(String.class);
        CompletableFuture<String> outcome = new CompletableFuture<>();
        queue.spawn(ctx -> {
            String[] result = new String[1];
            ctx.await(Arbiter.choice(
                    Arbiter.receive(false, reply.success(), r -> result[0] = "ok: " + r),
                    Arbiter.receive(false, reply.failure(), e -> result[0] = "failed: " + e.getMessage()),
                    Arbiter.receive(false, Timers.timeout(Duration.ofSeconds(5)), t -> result[0] = "timed out")));
            outcome.complete(result[0]);   // the winning handler ran on this thread, before await returned
        });
        reply.postFailure(new IOException("no such user"));   // outcome: "failed: no such user"
        // end::sequential-await[]
        return outcome;
    }

    /** What {@link #exclusiveSequential} observed. */
    public record Exclusive(int readsWaiting, List<String> log, Interleave guard) {
    }

    /** A sequential handler in an interleave's exclusive group keeps exclusivity until it ends. */
    public static Exclusive exclusiveSequential(DispatcherQueue queue) {
        // tag::receive-sequential[]
        Port<String> updates = new Port<>("updates");
        Port<String> confirmations = new Port<>("confirmations");
        Port<String> reads = new Port<>("reads");
        List<String> log = new CopyOnWriteArrayList<>();
        Interleave guard = Arbiter.interleave(
                Arbiter.teardown(),
                Arbiter.exclusive(Arbiter.receiveSequential(true, updates, (update, ctx) -> {
                    log.add("begin " + update);
                    String answer = ctx.receive(confirmations);   // waits on its virtual thread, still exclusive
                    log.add("commit " + update + " " + answer);
                })),
                Arbiter.concurrent(Arbiter.receive(true, reads, r -> log.add("read " + r))));
        Arbiter.activate(queue, guard);
        updates.post("u1");
        reads.post("r1");             // waits inside the interleave until the whole update has ended
        int readsWaiting = guard.pendingConcurrentCount();   // 1
        confirmations.post("yes");
        // log becomes [begin u1, commit u1 yes, read r1]
        // end::receive-sequential[]
        return new Exclusive(readsWaiting, log, guard);
    }

    /** Many pending sequential tasks, each a parked virtual thread. */
    public static int manyPending(DispatcherQueue queue, int count) {
        // tag::many-pending[]
        Port<Integer> go = new Port<>("go");
        List<CompletableFuture<Void>> tasks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            tasks.add(queue.spawn(ctx -> ctx.receive(go)));   // each parks one virtual thread on go
        }
        for (int i = 0; i < count; i++) {
            go.post(i);                                       // each post resumes one task
        }
        CompletableFuture.allOf(tasks.toArray(CompletableFuture[]::new)).join();
        // end::many-pending[]
        return (int) tasks.stream().filter(t -> t.isDone() && !t.isCompletedExceptionally()).count();
    }
}
