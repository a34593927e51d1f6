package io.ccrj.mpi.jcstress.broken;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ccrj.mpi.internal.JcstressProbes;
import io.ccrj.mpi.internal.JcstressProbes.Lent;
import io.ccrj.mpi.internal.JcstressProbes.Mailbox;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Broken versions of the single owner's park handshake and of a lent buffer's consumption
 * ({@link io.ccrj.mpi.jcstress.OwnerParkTests}), on the production mailbox: the producer side is
 * {@code RankMailbox.deliver} itself; the owner or receiver makes the production reads and writes
 * in a broken order or with a weaker store.
 */
public final class BrokenParkTests {
    private BrokenParkTests() {
    }

    /**
     * The owner looks at its inbound queue before it sets {@code waiting}: a message delivered in
     * between is seen by neither. Outcome: (threads the producer woke, whether the owner would park).
     */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The owner saw the message.")
    @Outcome(id = "1, [01]", expect = ACCEPTABLE, desc = "The producer saw the owner waiting.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up (the defect).")
    @State
    public static class LookBeforeTheFlag {
        final Mailbox owner = new Mailbox(JcstressProbes.world(2), 1);

        @Actor
        public void producer(II_Result r) {
            r.r1 = owner.deliver(0, 10, 42L);
        }

        @Actor
        public void owner(II_Result r) {
            boolean empty = owner.inboundEmpty();            // the look first: the defect
            owner.raiseWaitingOnly(false);
            r.r2 = empty ? 1 : 0;
        }
    }

    /**
     * The owner sets {@code waiting} with a release store, no full fence, before its look:
     * its store and the producer's can pass each other's loads (store buffering). Outcome:
     * (threads the producer woke, whether the owner would park).
     */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The owner saw the message.")
    @Outcome(id = "1, [01]", expect = ACCEPTABLE, desc = "The producer saw the owner waiting.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up (the defect).")
    @State
    public static class FlagWithoutFence {
        final Mailbox owner = new Mailbox(JcstressProbes.world(2), 1);

        @Actor
        public void producer(II_Result r) {
            r.r1 = owner.deliver(0, 10, 42L);
        }

        @Actor
        public void owner(II_Result r) {
            owner.raiseWaitingOnly(true);                     // release, not volatile: the defect
            r.r2 = owner.inboundEmpty() ? 1 : 0;
        }
    }

    /**
     * The receiver marks the lent message consumed before it copies the element out: the sender,
     * seeing its send complete, may reuse its buffer first. Outcome: (element the receiver copied,
     * whether the sender reused its buffer).
     */
    @JCStressTest
    @Outcome(id = "42, [01]", expect = ACCEPTABLE, desc = "The receiver copied the element the sender lent.")
    @Outcome(expect = FORBIDDEN, desc = "The receiver copied the sender's next data (the defect).")
    @State
    public static class ConsumedBeforeTheCopy {
        final Mailbox sender = new Mailbox(JcstressProbes.world(2), 0);
        final long[] buf = {42L};
        final Lent lent = sender.lend(buf);
        int sink;

        @Actor
        public void receiver(II_Result r) {
            lent.markConsumed();                              // before the copy: the defect
            sink = Widen.work(32);
            r.r1 = (int) lent.element();
        }

        @Actor
        public void sender(II_Result r) {
            if (lent.consumed()) {
                buf[0] = 99L;
                r.r2 = 1;
            }
        }
    }
}
