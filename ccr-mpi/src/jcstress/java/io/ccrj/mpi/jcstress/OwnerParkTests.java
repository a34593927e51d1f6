package io.ccrj.mpi.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ccrj.mpi.internal.JcstressProbes;
import io.ccrj.mpi.internal.JcstressProbes.Lent;
import io.ccrj.mpi.internal.JcstressProbes.Mailbox;
import io.ccrj.mpi.internal.JcstressProbes.Wait;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The single owner's park handshake (below {@code THREAD_MULTIPLE}, for example at
 * {@code FUNNELED}): the owner sets {@code waiting} (volatile) and then looks at its inbound queue
 * and its wait's condition ({@code RankMailbox.readyToPark}); a producer appends a message, or a
 * receiver marks a lent message consumed (volatile), and then reads {@code waiting}
 * ({@code RankMailbox.deliver}, {@code Message.release}). A lent (zero-copy) buffer's consumption:
 * the receiver copies the element out before it marks the message consumed, so the sender, which
 * reuses its buffer only once it sees that, never changes what the receiver copies. Broken copies
 * are in {@link io.ccrj.mpi.jcstress.broken.BrokenParkTests}.
 */
public final class OwnerParkTests {
    private OwnerParkTests() {
    }

    /** A delivery racing the owner's last look. Outcome: (threads the producer woke, whether the owner would park). */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The owner saw the message; the producer saw no one waiting.")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Both saw each other: a spare wake-up.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The owner parks; the producer wakes it.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up: the owner parks beside a message nobody told it of.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class DeliveryVersusPark {
        final Mailbox owner = new Mailbox(JcstressProbes.world(2), 1);
        final Wait receive = new Wait(true);

        @Actor
        public void producer(II_Result r) {
            r.r1 = owner.deliver(0, 10, 42L);
        }

        @Actor
        public void owner(II_Result r) {
            // a parking owner keeps 'waiting' set until it is woken (no doneParking here)
            r.r2 = owner.readyToPark(receive) ? 1 : 0;
        }
    }

    /**
     * A lent buffer's consumption racing its sender: the receiver copies the element out and
     * releases the message ({@code Message.release}); the sender, waiting for its send, looks
     * once more before it parks ({@code RankMailbox.readyToPark}) and, if the send completed,
     * reuses its buffer at once. Outcome: (element the receiver copied, threads the release woke,
     * the sender: 1 would park, 2 reused its buffer).
     */
    @JCStressTest
    @Outcome(id = "42, 1, 1", expect = ACCEPTABLE, desc = "The sender parks; the release wakes it.")
    @Outcome(id = "42, [01], 2", expect = ACCEPTABLE, desc = "The sender saw its send complete and reused its buffer.")
    @Outcome(id = "42, 0, 1", expect = FORBIDDEN, desc = "Lost wake-up: the sender parks on a send already complete.")
    @Outcome(id = "99, .*", expect = FORBIDDEN, desc = "The receiver copied the sender's next data: the buffer was reused before the copy.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class LentConsumption {
        final Mailbox sender = new Mailbox(JcstressProbes.world(2), 0);
        final long[] buf = {42L};
        final Lent lent = sender.lend(buf);
        final Wait send = lent.sendWait();
        final long[] copied = new long[2];

        @Actor
        public void receiver(III_Result r) {
            lent.copyAndRelease(copied);
            r.r1 = (int) copied[0];
            r.r2 = (int) copied[1];
        }

        @Actor
        public void sender(III_Result r) {
            if (sender.readyToPark(send)) {
                r.r3 = 1;
            } else if (lent.consumed()) {
                buf[0] = 99L;
                r.r3 = 2;
            }
            // a parking sender keeps 'waiting' set until it is woken (no doneParking here)
        }
    }
}
