package io.ccrj.mpi.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ccrj.mpi.internal.JcstressProbes;
import io.ccrj.mpi.internal.JcstressProbes.Mailbox;
import io.ccrj.mpi.internal.JcstressProbes.Pair;
import io.ccrj.mpi.internal.JcstressProbes.Ring;
import io.ccrj.mpi.internal.JcstressProbes.Wait;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The pair ring ({@code PairRing}) between a sending and a receiving rank: a slot's publication
 * (the element, header and sequence number written before the slot's word 0, a release, read
 * after it, an acquire), a slot's reuse (the sender writes a slot only after the receiver has
 * read its previous message), the pair's sequence numbers, which keep MPI's order between the
 * ring and the inbound queue, and the park handshake on the sender's count of published slots.
 * Broken copies of each protocol, which jcstress must see fail, are in
 * {@link io.ccrj.mpi.jcstress.broken.BrokenRingTests}.
 */
public final class PairRingTests {
    private PairRingTests() {
    }

    /**
     * One offer racing the receiver's peek and take. Outcome: (sequence number, element, tag) of
     * the slot the receiver found full, or -1s if it found it empty.
     */
    @JCStressTest
    @Outcome(id = "-1, -1, -1", expect = ACCEPTABLE, desc = "The receiver looked before the slot was published.")
    @Outcome(id = "5, 42, 7", expect = ACCEPTABLE, desc = "The receiver took the whole message.")
    @Outcome(expect = FORBIDDEN, desc = "A slot seen full with a stale element, header or sequence number.")
    @State
    public static class SlotPublication {
        final Ring ring = JcstressProbes.ring();

        @Actor
        public void sender() {
            ring.offer(5, 7, 42L);
        }

        @Actor
        public void receiver(III_Result r) {
            long w0 = ring.peek();
            if (w0 == 0) {
                r.r1 = -1;
                r.r2 = -1;
                r.r3 = -1;
                return;
            }
            r.r2 = (int) ring.take(w0);
            r.r1 = Ring.seqOf(w0);
            r.r3 = ring.takenTag();
        }
    }

    /**
     * A full ring (32 messages, slot 0 holding element 100): the receiver takes slot 0 while the
     * sender offers a 33rd message, which goes into slot 0 only once the receiver has taken it.
     * Outcome: (element the receiver read from slot 0, whether the offer found room).
     */
    @JCStressTest
    @Outcome(id = "100, 0", expect = ACCEPTABLE, desc = "The sender found the ring still full.")
    @Outcome(id = "100, 1", expect = ACCEPTABLE, desc = "The sender reused slot 0 after the receiver read it.")
    @Outcome(expect = FORBIDDEN, desc = "The receiver read the new message's element in the old slot: overwritten before it was read.")
    @State
    public static class SlotReuse {
        final Ring ring = JcstressProbes.ring();

        public SlotReuse() {
            for (int i = 0; i < 32; i++) {
                if (!ring.offer(i, 7, 100L + i)) {
                    throw new IllegalStateException("the ring holds fewer than 32 messages");
                }
            }
        }

        @Actor
        public void receiver(II_Result r) {
            long w0 = ring.peek();
            r.r1 = w0 == 0 ? -1 : (int) ring.take(w0);
        }

        @Actor
        public void sender(II_Result r) {
            r.r2 = ring.offer(32, 7, 999L) ? 1 : 0;
        }
    }

    /**
     * MPI's order across the two ways: rank 0 sends a message through rank 1's inbound queue and
     * then one through their ring ({@code RankMailbox.send}, then {@code sendInline}: numbers 0
     * and 1 of the pair) while rank 1 drains ({@code RankMailbox.progress}), which takes a ring
     * slot only when it holds the next number from its sender. Outcome: (messages rank 1 drained
     * during the race, the order they are queued in at the end: 1 queue then ring, 2 ring then
     * queue, 0 anything else).
     */
    @JCStressTest
    @Outcome(id = "[012], 1", expect = ACCEPTABLE, desc = "In the order sent, drained during or after the race.")
    @Outcome(id = ".*, 2", expect = FORBIDDEN, desc = "The ring's message overtook the queue's.")
    @Outcome(expect = FORBIDDEN, desc = "A message lost or duplicated.")
    @State
    public static class SequenceAcrossQueueAndRing {
        final Pair pair = new Pair();
        final Mailbox receiver = pair.receiver();

        @Actor
        public void sender(II_Result r) {
            pair.sendQueued(7, 1L);
            if (!pair.sendSmall(7, 2L)) {
                throw new IllegalStateException("an empty ring refused a message");
            }
        }

        @Actor
        public void receiver(II_Result r) {
            receiver.progress();
            r.r1 = receiver.unexpectedCount();
        }

        @Arbiter
        public void outcome(II_Result r) {
            receiver.progress();
            String order = receiver.unexpectedOrder();
            r.r2 = order.equals("QR") ? 1 : order.equals("RQ") ? 2 : 0;
        }
    }

    /**
     * The park handshake of a ring: the sender fills a slot and then wakes the receiving rank if
     * it saw {@code waiting} set ({@code RankMailbox.sendInline}: {@code offer}, then
     * {@code wakeParked}); the receiving rank's owner sets {@code waiting} and then looks at its
     * rings once more before it parks ({@code RankMailbox.readyToPark}). Outcome: (threads the
     * sender woke, whether the owner would park).
     */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The owner saw the slot; the sender saw no one waiting.")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Both saw each other: a spare wake-up.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The owner parks; the sender wakes it.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up: the owner parks beside a full slot nobody told it of.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class WakeHandshake {
        final Mailbox receiver = new Mailbox(JcstressProbes.world(2), 1);
        final Ring ring = receiver.openRing(0);
        final Wait wait = new Wait(true);

        @Actor
        public void sender(II_Result r) {
            ring.offer(0, 7, 42L);
            r.r1 = receiver.wakeParked();
        }

        @Actor
        public void owner(II_Result r) {
            // a parking owner keeps 'waiting' set until it is woken (no doneParking here)
            r.r2 = receiver.readyToPark(wait) ? 1 : 0;
        }
    }
}
