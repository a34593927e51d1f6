package io.ccrj.core.jcstress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.ArbiterTask;
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
 * Choice branches racing: the compare-and-set on the choice's winner is its single decision
 * point, so exactly one branch consumes, losers consume nothing, and every branch is unregistered.
 * Outcomes: (winner: 1 or 2, 3 if both handlers ran, 0 if none; items left on port 1; items left
 * on port 2; receivers left on both ports).
 */
public final class ChoiceTests {
    private ChoiceTests() {
    }

    /** Shared state: a choice between one-shot receives on two ports. */
    abstract static class TwoBranches {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> p1 = new Port<>("p1");
        final Port<Integer> p2 = new Port<>("p2");
        final AtomicInteger winners = new AtomicInteger();

        ArbiterTask choice() {
            return Arbiter.choice(
                    Arbiter.receive(false, p1, i -> winners.addAndGet(1)),
                    Arbiter.receive(false, p2, i -> winners.addAndGet(2)));
        }

        void record(IIII_Result r) {
            r.r1 = winners.get();
            r.r2 = p1.itemCount();
            r.r3 = p2.itemCount();
            r.r4 = p1.receiverCount() + p2.receiverCount();
        }
    }

    /** A choice activated beforehand; its two ports receive one item each, concurrently. */
    @JCStressTest
    @Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "Branch 1 won; item 2 stays in its port.")
    @Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "Branch 2 won; item 1 stays in its port.")
    @Outcome(id = "3, .*", expect = FORBIDDEN, desc = "Both branches fired.")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "No branch fired.")
    @Outcome(id = "[12], .*, [1-9]", expect = FORBIDDEN, desc = "A losing branch is still registered.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome: a loser consumed an item.")
    @State
    public static class BranchesRace extends TwoBranches {
        public BranchesRace() {
            Arbiter.activate(queue, choice());
        }

        @Actor
        public void post1() {
            p1.post(1);
        }

        @Actor
        public void post2() {
            p2.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            record(r);
        }
    }

    /**
     * The activation of the choice races posts to port 2 and then port 1: the choice registers
     * branch 1 first, so it may win at registration (item 1 already queued) or branch 2 may win
     * (through the post, or at its registration).
     */
    @JCStressTest
    @Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "Branch 1 won; item 2 stays in its port.")
    @Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "Branch 2 won; item 1 stays in its port.")
    @Outcome(id = "3, .*", expect = FORBIDDEN, desc = "Both branches fired.")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "No branch fired although both ports hold an item.")
    @Outcome(id = "[12], .*, [1-9]", expect = FORBIDDEN, desc = "A losing branch is still registered.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome: a loser consumed an item.")
    @State
    public static class ActivationRacesPosts extends TwoBranches {
        @Actor
        public void activate() {
            Arbiter.activate(queue, choice());
        }

        @Actor
        public void post() {
            p2.post(2);
            p1.post(1);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            record(r);
        }
    }
}
