package io.ccrj.core.jcstress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The direct path of a persistent receive (a one-worker dispatcher runs the receiver's items
 * through one reusable drain task): posts racing the worker that finishes or restarts the drain.
 * Unlike the other JCStress classes these run on a real one-worker dispatcher (the direct path
 * exists only there), shared by all states; each state has its own queue, disposed by the
 * {@code @Arbiter} after it waited (bounded) for the handlers. Each state posts one item first, so
 * the drain is running or finishing while the actors post.
 */
public final class DirectPathTests {
    private DirectPathTests() {
    }

    /** The one-worker dispatcher every state's queue lives on; daemon workers, never closed. */
    static final Dispatcher ONE_WORKER = new Dispatcher(1, "jcstress-direct");

    /** Waits up to 2 s for {@code count} to reach {@code n}; returns what it reached. */
    static int awaitCount(AtomicInteger count, int n) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        int c;
        while ((c = count.get()) < n && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(10_000);
        }
        return c;
    }

    /**
     * Two posters on one direct port. Outcome: (handler runs of item 1, of item 2, all runs).
     */
    @JCStressTest
    @Outcome(id = "1, 1, 3", expect = ACCEPTABLE, desc = "Each item handled once (and the state's first one).")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "Item 1 lost (joined a drain that had finished?).")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "Item 2 lost.")
    @Outcome(expect = FORBIDDEN, desc = "An item handled twice, or any other outcome.")
    @State
    public static class TwoPosters {
        final DispatcherQueue queue = ONE_WORKER.createQueue("two-posters");
        final Port<Integer> port = new Port<>("p");
        final AtomicInteger[] runs = {new AtomicInteger(), new AtomicInteger(), new AtomicInteger()};
        final AtomicInteger all = new AtomicInteger();

        public TwoPosters() {
            Arbiter.activate(queue, Arbiter.receive(true, port, i -> {
                runs[i].incrementAndGet();
                all.incrementAndGet();
            }));
            port.post(0);
        }

        @Actor
        public void first() {
            port.post(1);
        }

        @Actor
        public void second() {
            port.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r3 = awaitCount(all, 3);
            r.r1 = runs[1].get();
            r.r2 = runs[2].get();
            queue.dispose();
        }
    }

    /**
     * One actor posts item 1 to the direct port and then item 2 to a port of the same queue whose
     * receiver takes the ordinary path; the other posts item 3 to the direct port. Item 2's task
     * is queued after item 1 was taken, so item 1 must run first, whichever drain or task item 3
     * joins. Outcome: (position of item 1, position of item 2, items handled), positions counted
     * from 1 after the state's first item.
     */
    @JCStressTest
    @Outcome(id = "1, 2, 4", expect = ACCEPTABLE, desc = "1, 2, then 3.")
    @Outcome(id = "1, 3, 4", expect = ACCEPTABLE, desc = "1, 3, then 2.")
    @Outcome(id = "2, 3, 4", expect = ACCEPTABLE, desc = "3, 1, then 2.")
    @Outcome(id = "2, 1, .*", expect = FORBIDDEN, desc = "Item 2 ran before item 1, posted before it by the same thread.")
    @Outcome(id = "3, 1, .*", expect = FORBIDDEN, desc = "Item 2 ran before item 1.")
    @Outcome(id = "3, 2, .*", expect = FORBIDDEN, desc = "Item 2 ran before item 1.")
    @Outcome(expect = FORBIDDEN, desc = "An item lost or handled twice, or any other outcome.")
    @State
    public static class OrderAcrossPaths {
        final DispatcherQueue queue = ONE_WORKER.createQueue("order");
        final Port<Integer> direct = new Port<>("direct");
        final Port<Integer> ordinary = new Port<>("ordinary");
        final AtomicInteger handled = new AtomicInteger();
        /** Written by the one worker, read by the arbiter after it saw {@link #handled} reach 4. */
        final int[] position = new int[4];

        public OrderAcrossPaths() {
            Arbiter.activate(queue, Arbiter.receive(true, direct, this::handle));
            Arbiter.activate(queue, Arbiter.receive(true, ordinary, this::handle, i -> true));
            direct.post(0);
        }

        private int next;

        private void handle(Integer i) {
            position[i] = next++; // only the one worker runs handlers
            handled.incrementAndGet(); // publishes the position to the arbiter
        }

        @Actor
        public void directThenOrdinary() {
            direct.post(1);
            ordinary.post(2);
        }

        @Actor
        public void directAgain() {
            direct.post(3);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r3 = awaitCount(handled, 4);
            r.r1 = position[1];
            r.r2 = position[2];
            queue.dispose();
        }
    }
}
