package io.ccrj.core.jcstress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A persistent receive on a queue reuses its spent tasks: the thread that ran a task hands it back
 * to the receiver, and a post takes it under the port lock instead of allocating. Here the worker
 * hands back the state's first task while two actors post: a task taken twice, or taken while it
 * still carried its old item, would run an item twice, lose one, or run a stale one. Unlike the
 * inline-queue tests these run on real dispatchers (reuse exists only on a dispatcher's queues),
 * shared by all states; each state has its own queue, disposed by the {@code @Arbiter} after it
 * waited (bounded) for the handlers.
 */
public final class TaskReuseTests {
    private TaskReuseTests() {
    }

    /** A one-worker dispatcher: spent tasks come back through a single-producer queue. */
    static final Dispatcher ONE_WORKER = new Dispatcher(1, "jcstress-reuse-1");
    /** A two-worker dispatcher: spent tasks come back from either worker (a multi-producer queue). */
    static final Dispatcher TWO_WORKERS = new Dispatcher(2, "jcstress-reuse-2");

    /** The shared shape: item i counts its runs in {@code runs[i]}; item 0 is posted first. */
    static final class TwoPosters {
        final DispatcherQueue queue;
        final Port<Integer> port = new Port<>("p");
        final AtomicIntegerArray runs = new AtomicIntegerArray(3);
        final AtomicInteger all = new AtomicInteger();
        /** Set if a handler saw an item it was not posted with (null or out of range). */
        volatile boolean stale;

        TwoPosters(Dispatcher dispatcher, String name) {
            queue = dispatcher.createQueue(name);
            Arbiter.activate(queue, Arbiter.receive(true, port, (Integer i) -> {
                if (i == null || i < 0 || i > 2) {
                    stale = true;
                } else {
                    runs.incrementAndGet(i);
                }
                all.incrementAndGet();
            }));
            port.post(0); // its task is spent and handed back while the actors post
        }

        void post(int item) {
            port.post(item);
        }

        void outcome(IIII_Result r) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (all.get() < 3 && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(10_000);
            }
            r.r1 = runs.get(0);
            r.r2 = runs.get(1);
            r.r3 = runs.get(2);
            r.r4 = stale ? -1 : all.get();
            queue.dispose();
        }
    }

    /** Outcome: (runs of item 0, of item 1, of item 2, all runs or -1 if a stale item ran). */
    @JCStressTest
    @Outcome(id = "1, 1, 1, 3", expect = ACCEPTABLE, desc = "Each item handled exactly once.")
    @Outcome(id = ".*, -1", expect = FORBIDDEN, desc = "A reused task ran a stale or missing item.")
    @Outcome(expect = FORBIDDEN, desc = "An item lost or handled twice.")
    @State
    public static class OneWorker {
        final TwoPosters state = new TwoPosters(ONE_WORKER, "reuse-one");

        @Actor
        public void first() {
            state.post(1);
        }

        @Actor
        public void second() {
            state.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            state.outcome(r);
        }
    }

    /** Outcome: (runs of item 0, of item 1, of item 2, all runs or -1 if a stale item ran). */
    @JCStressTest
    @Outcome(id = "1, 1, 1, 3", expect = ACCEPTABLE, desc = "Each item handled exactly once.")
    @Outcome(id = ".*, -1", expect = FORBIDDEN, desc = "A reused task ran a stale or missing item.")
    @Outcome(expect = FORBIDDEN, desc = "An item lost or handled twice.")
    @State
    public static class TwoWorkers {
        final TwoPosters state = new TwoPosters(TWO_WORKERS, "reuse-two");

        @Actor
        public void first() {
            state.post(1);
        }

        @Actor
        public void second() {
            state.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            state.outcome(r);
        }
    }
}
