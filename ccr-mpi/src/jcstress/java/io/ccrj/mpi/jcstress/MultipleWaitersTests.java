package io.ccrj.mpi.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ccrj.mpi.internal.JcstressProbes;
import io.ccrj.mpi.internal.JcstressProbes.Mailbox;
import io.ccrj.mpi.internal.JcstressProbes.Wait;
import io.ccrj.mpi.internal.JcstressProbes.Waiter;
import io.ccrj.mpi.internal.JcstressProbes.Waiters;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The waiters of a rank at {@code THREAD_MULTIPLE} ({@code MultipleCalls}). A delivery wakes only
 * the parked waiters it may complete, and only if the count of parked waiters is not zero: the
 * waiter marks itself parked and counts itself in (an atomic add, a full fence) before it looks
 * once more at the inbound queue; the producer appends (a full fence) before it reads the count.
 * A completion that is no message (a shared-memory collective's last arriver, a lent message
 * consumed) wakes every registered waiter: so a waiter registers first and then tests its
 * condition once more, and only that test may let it park. Each model runs the production calls
 * in the order {@code MultipleCalls.await} makes them after its spin. Broken copies are in
 * {@link io.ccrj.mpi.jcstress.broken.BrokenMultipleWaitersTests}.
 */
public final class MultipleWaitersTests {
    private MultipleWaitersTests() {
    }

    /**
     * A delivery racing a registered waiter's last look ({@code MultipleCalls.readyToPark}).
     * Outcome: (threads the producer woke, whether the waiter would park).
     */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The waiter saw the message; the producer saw no parked waiter.")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Both saw each other: a spare wake-up.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The waiter parks; the producer wakes it.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up: the waiter parks beside a message nobody told it of.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class DeliveryVersusParkedCount {
        final Mailbox rank = new Mailbox(JcstressProbes.world(2), 1).multiple();
        final Waiters waiters = rank.waiters();
        final Wait receive = new Wait(true);
        final Waiter self = waiters.register(receive);
        final long g = waiters.generation();

        @Actor
        public void producer(II_Result r) {
            r.r1 = rank.deliver(0, 10, 42L);
        }

        @Actor
        public void waiter(II_Result r) {
            r.r2 = waiters.readyToPark(self, g) ? 1 : 0;
        }
    }

    /**
     * A completion without a message racing a waiter that registers, tests once more and takes
     * its last look (the order of {@code MultipleCalls.await}). Outcome: (threads the completer
     * woke, the waiter: 2 saw its wait complete, 1 would park, 0 would test again).
     */
    @JCStressTest
    @Outcome(id = "[01], 2", expect = ACCEPTABLE, desc = "The waiter's test after its registration saw the completion.")
    @Outcome(id = "1, [01]", expect = ACCEPTABLE, desc = "The completer saw the waiter registered and woke it.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up: the waiter parks on a completed wait nobody woke it for.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class RegisterThenRetest {
        final Mailbox rank = new Mailbox(JcstressProbes.world(2), 1).multiple();
        final Waiters waiters = rank.waiters();
        final Wait collective = new Wait(false);

        @Actor
        public void completer(II_Result r) {
            collective.complete();
            r.r1 = rank.wakeIfWaiting();
        }

        @Actor
        public void waiter(II_Result r) {
            Waiter self = waiters.register(collective);
            long g = waiters.generation();
            if (waiters.test(collective)) {
                r.r2 = 2;
            } else {
                r.r2 = waiters.readyToPark(self, g) ? 1 : 0;
            }
        }
    }
}
