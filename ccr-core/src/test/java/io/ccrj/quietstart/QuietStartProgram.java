package io.ccrj.quietstart;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Interleave;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small ccr-core program, run in a child JVM by {@code QuietStartTest}: it uses every queue the
 * dispatcher makes (the ready list, a pool-backed queue's tasks, a receiver's ring and spare
 * tasks, an executor-backed and a discarding queue's tasks) through posts and receives, a join,
 * an interleave and several workers, and prints {@value #DONE} when all of it ran. A package of
 * its own, outside ccr-core's, so that it runs from the class path beside ccr-core on the module
 * path.
 */
public final class QuietStartProgram {
    /** The line printed when every step ran. */
    public static final String DONE = "quiet-start program: done";

    private QuietStartProgram() {
    }

    public static void main(String[] args) throws Exception {
        Dispatcher dispatcher = new Dispatcher(3, "quiet");
        try {
            DispatcherQueue queue = dispatcher.createQueue("main");
            int n = 10_000;

            // Persistent receive: the receiver's direct path (its ring).
            CountDownLatch streamed = new CountDownLatch(n);
            Port<Integer> stream = new Port<>("stream");
            Arbiter.activate(queue, Arbiter.receive(true, stream, i -> streamed.countDown()));
            // With a predicate: a task per item on the queue, and spare tasks.
            CountDownLatch filtered = new CountDownLatch(n / 2);
            Port<Integer> even = new Port<>("even");
            Arbiter.activate(queue, Arbiter.receive(true, even, i -> filtered.countDown(), i -> i % 2 == 0));
            for (int i = 0; i < n; i++) {
                stream.post(i);
                even.post(i);
            }

            // A join of two ports.
            Port<String> left = new Port<>("left");
            Port<Integer> right = new Port<>("right");
            CompletableFuture<String> joined = new CompletableFuture<>();
            Arbiter.activate(queue, Arbiter.joinedReceive(false, left, right, (l, r) -> joined.complete(l + r)));
            left.post("join ");
            right.post(1);

            // An interleave: exclusive writes, concurrent reads.
            AtomicInteger total = new AtomicInteger();
            Port<Integer> writes = new Port<>("writes");
            Port<CompletableFuture<Integer>> reads = new Port<>("reads");
            Interleave guard = Arbiter.interleave(Arbiter.teardown(),
                    Arbiter.exclusive(Arbiter.receive(true, writes, total::addAndGet)),
                    Arbiter.concurrent(Arbiter.receive(true, reads, reply -> reply.complete(total.get()))));
            Arbiter.activate(queue, guard);
            for (int i = 1; i <= 100; i++) {
                writes.post(i);
            }
            CompletableFuture<Integer> read = new CompletableFuture<>();
            reads.post(read);

            // A discarding queue and one on virtual threads: their multi-consumer task queues.
            DispatcherQueue discarding = dispatcher.createQueue("discarding", SchedulingPolicy.queueDepthDiscard(1_000));
            DispatcherQueue virtual = DispatcherQueue.onVirtualThreads("virtual");
            CompletableFuture<Integer> onVirtual = virtual.submit(() -> 7);
            CompletableFuture<Void> onDiscarding = discarding.execute(() -> { });

            require(streamed.await(30, TimeUnit.SECONDS), "the persistent receive handled every item");
            require(filtered.await(30, TimeUnit.SECONDS), "the predicate receive handled every even item");
            require("join 1".equals(joined.get(30, TimeUnit.SECONDS)), "the join fired");
            require(read.get(30, TimeUnit.SECONDS) == 5050, "the interleave read after the writes");
            require(onVirtual.get(30, TimeUnit.SECONDS) == 7, "the virtual-thread queue ran its task");
            onDiscarding.get(30, TimeUnit.SECONDS);
            virtual.dispose();
        } finally {
            dispatcher.close();
        }
        // Which way ccr-core was loaded, for the test to check: "io.ccrj.core" on the module path.
        System.out.println(DONE + ", ccr-core in module " + Port.class.getModule().getName());
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("quiet-start program: not done: " + what);
        }
    }
}
