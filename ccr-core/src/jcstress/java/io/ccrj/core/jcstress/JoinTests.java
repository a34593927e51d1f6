package io.ccrj.core.jcstress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import java.util.concurrent.atomic.AtomicInteger;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Joins whose parts arrive concurrently. A join never consumes on offer; each post that queues
 * an item tells the port's joins afterwards, and a commit checks and takes every part under all
 * the join's port locks, so the last of the racing posts always finds the set complete, and only
 * one commit can take it.
 */
public final class JoinTests {
    private JoinTests() {
    }

    /** Ports a (created first: lower id, locked and registered first) and b, and a fire counter. */
    abstract static class TwoPorts {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> a = new Port<>("a");
        final Port<Integer> b = new Port<>("b");
        final AtomicInteger fired = new AtomicInteger();
        volatile int pair;

        void record(IIII_Result r) {
            r.r1 = fired.get();
            r.r2 = pair;
            r.r3 = a.itemCount() + b.itemCount();
            r.r4 = a.receiverCount() + b.receiverCount();
        }
    }

    /**
     * A one-shot joinedReceive(a, b) activated beforehand; a and b receive their items
     * concurrently. Outcome: (firings, pair handled as 10 * first + second, items left,
     * receivers left).
     */
    @JCStressTest
    @Outcome(id = "1, 12, 0, 0", expect = ACCEPTABLE, desc = "Fired once with both items; unregistered from both ports.")
    @Outcome(id = "0, 0, 2, 2", expect = FORBIDDEN, desc = "Lost wake-up: both parts queued, the join never fired.")
    @Outcome(id = "2, .*", expect = FORBIDDEN, desc = "Fired twice.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class OneShotPartsPostedConcurrently extends TwoPorts {
        public OneShotPartsPostedConcurrently() {
            Arbiter.activate(queue, Arbiter.joinedReceive(false, a, b, (x, y) -> {
                fired.incrementAndGet();
                pair = 10 * x + y;
            }));
        }

        @Actor
        public void postA() {
            a.post(1);
        }

        @Actor
        public void postB() {
            b.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            record(r);
        }
    }

    /** As above with a persistent join, which stays registered on both ports. */
    @JCStressTest
    @Outcome(id = "1, 12, 0, 2", expect = ACCEPTABLE, desc = "Fired once with both items; still registered on both ports.")
    @Outcome(id = "0, 0, 2, 2", expect = FORBIDDEN, desc = "Lost wake-up: both parts queued, the join never fired.")
    @Outcome(id = "2, .*", expect = FORBIDDEN, desc = "Fired twice for one set.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class PersistentPartsPostedConcurrently extends TwoPorts {
        public PersistentPartsPostedConcurrently() {
            Arbiter.activate(queue, Arbiter.joinedReceive(true, a, b, (x, y) -> {
                fired.incrementAndGet();
                pair = 10 * x + y;
            }));
        }

        @Actor
        public void postA() {
            a.post(1);
        }

        @Actor
        public void postB() {
            b.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            record(r);
        }
    }

    /**
     * Port b already holds its part; the activation of a one-shot joinedReceive(a, b) races the
     * post to a. The join registers on a first, so the post may commit it before it has reached
     * b: it must then not register on b at all.
     */
    @JCStressTest
    @Outcome(id = "1, 12, 0, 0", expect = ACCEPTABLE, desc = "Fired once; registered on neither port afterwards.")
    @Outcome(id = "1, 12, 0, 1", expect = FORBIDDEN,
            desc = "Fired through port a while still registering, then registered a dead entry on port b.")
    @Outcome(id = "0, 0, 2, 2", expect = FORBIDDEN, desc = "Lost wake-up: both parts queued, the join never fired.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class ActivationRacesPost extends TwoPorts {
        public ActivationRacesPost() {
            b.post(2);
        }

        @Actor
        public void activate() {
            Arbiter.activate(queue, Arbiter.joinedReceive(false, a, b, (x, y) -> {
                fired.incrementAndGet();
                pair = 10 * x + y;
            }));
        }

        @Actor
        public void postA() {
            a.post(1);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            record(r);
        }
    }

    /**
     * Two one-shot joinedReceive(a, b) activated beforehand compete for one set, posted
     * concurrently. Outcome: (firings of join 1, firings of join 2, items left, receivers left).
     */
    @JCStressTest
    @Outcome(id = "1, 0, 0, 2", expect = ACCEPTABLE, desc = "Join 1 took the set; join 2 stays registered on both ports.")
    @Outcome(id = "0, 1, 0, 2", expect = ACCEPTABLE, desc = "Join 2 took the set; join 1 stays registered on both ports.")
    @Outcome(id = "1, 1, .*", expect = FORBIDDEN, desc = "Both joins fired: an item was taken twice.")
    @Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "Neither join fired although the set is complete.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class CompetingJoins {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> a = new Port<>("a");
        final Port<Integer> b = new Port<>("b");
        final AtomicInteger fired1 = new AtomicInteger();
        final AtomicInteger fired2 = new AtomicInteger();

        public CompetingJoins() {
            Arbiter.activate(queue,
                    Arbiter.joinedReceive(false, a, b, (x, y) -> fired1.incrementAndGet()),
                    Arbiter.joinedReceive(false, a, b, (x, y) -> fired2.incrementAndGet()));
        }

        @Actor
        public void postA() {
            a.post(1);
        }

        @Actor
        public void postB() {
            b.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            r.r1 = fired1.get();
            r.r2 = fired2.get();
            r.r3 = a.itemCount() + b.itemCount();
            r.r4 = a.receiverCount() + b.receiverCount();
        }
    }
}
