package io.ccrj.mpi.jcstress.broken;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import io.ccrj.mpi.internal.JcstressProbes;
import io.ccrj.mpi.internal.JcstressProbes.Mailbox;
import io.ccrj.mpi.internal.JcstressProbes.Ring;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Broken copies of the pair ring's protocols ({@link io.ccrj.mpi.jcstress.PairRingTests}). */
public final class BrokenRingTests {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private BrokenRingTests() {
    }

    /**
     * {@code PairRing.offer} with word 0 (full marker and sequence number) stored before the
     * element: the receiver may find the slot full and read the element not yet written.
     * Outcome: (sequence number, element) of the slot found full, -1s if it was empty.
     */
    @JCStressTest
    @Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "Looked before the slot was published.")
    @Outcome(id = "5, 42", expect = ACCEPTABLE, desc = "Took the whole message.")
    @Outcome(expect = FORBIDDEN, desc = "A slot seen full with an element not yet written (the defect).")
    @State
    public static class SlotPublishedBeforeItsElement {
        final long[] slot = new long[2];
        int sink;

        @Actor
        public void sender() {
            LONGS.setRelease(slot, 0, (1L << 62) | 5L);       // word 0 first: the defect
            sink = Widen.work(32);
            LONGS.setRelease(slot, 1, 42L);                  // (release: kept after word 0)
        }

        @Actor
        public void receiver(II_Result r) {
            long w0 = (long) LONGS.getAcquire(slot, 0);
            if (w0 == 0) {
                r.r1 = -1;
                r.r2 = -1;
                return;
            }
            r.r1 = (int) w0;
            r.r2 = (int) slot[1];
        }
    }

    /**
     * A one-slot ring whose receiver gives the slot back (its consumed count, release) before it
     * reads the element: the sender may overwrite it first. Outcome: (element the receiver read,
     * whether the sender found room).
     */
    @JCStressTest
    @Outcome(id = "100, [01]", expect = ACCEPTABLE, desc = "The receiver read the old element.")
    @Outcome(expect = FORBIDDEN, desc = "The receiver read the sender's next element (the defect).")
    @State
    public static class SlotGivenBackBeforeItIsRead {
        final long[] slot = {1L, 100L};
        volatile long consumed;

        @Actor
        public void receiver(II_Result r) {
            consumed = 1;                                    // given back first: the defect
            r.r1 = (int) (long) LONGS.getVolatile(slot, 1);  // (volatile: kept after the give-back)
        }

        @Actor
        public void sender(II_Result r) {
            if (consumed >= 1) {
                slot[1] = 999L;
                r.r2 = 1;
            }
        }
    }

    /**
     * A receiver that drains its ring before its inbound queue and takes every full slot,
     * without the pair's sequence numbers (the production ring and mailbox, in that order): a
     * message sent through the queue before one sent through the ring is matched after it.
     * Outcome: (messages drained during the race, order at the end: 1 queue then ring, 2 ring
     * then queue, 0 anything else).
     */
    @JCStressTest
    @Outcome(id = "[012], 1", expect = ACCEPTABLE, desc = "In the order sent.")
    @Outcome(expect = FORBIDDEN, desc = "The ring's message overtook the queue's (the defect), or one was lost.")
    @State
    public static class RingDrainedWithoutNumbers {
        final Mailbox receiver = new Mailbox(JcstressProbes.world(2), 1);
        final Ring ring = JcstressProbes.ring();
        final StringBuilder order = new StringBuilder();

        void drain() {
            long w0 = ring.peek();                            // the ring first, any slot: the defect
            if (w0 != 0) {
                ring.take(w0);
                order.append('R');
            }
            int before = receiver.unexpectedCount();
            receiver.progress();
            for (int i = before; i < receiver.unexpectedCount(); i++) {
                order.append('Q');
            }
        }

        @Actor
        public void sender() {
            receiver.deliver(0, 7, 1L);
            ring.offer(1, 7, 2L);
        }

        @Actor
        public void drainer(II_Result r) {
            drain();
            r.r1 = order.length();
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(II_Result r) {
            drain();
            String o = order.toString();
            r.r2 = o.equals("QR") ? 1 : o.equals("RQ") ? 2 : 0;
        }
    }

    /**
     * The ring's park handshake with the sender's published count written by a release store
     * instead of a volatile one: no full fence between it and the sender's read of
     * {@code waiting}, so the two can pass each other (store buffering). Outcome: (whether the
     * sender saw {@code waiting}, whether the owner would park).
     */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The owner saw the slot.")
    @Outcome(id = "1, [01]", expect = ACCEPTABLE, desc = "The sender saw the owner waiting.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up (the defect).")
    @State
    public static class PublishedCountWithoutFence {
        private static final VarHandle PUBLISHED;

        static {
            try {
                PUBLISHED = MethodHandles.lookup().findVarHandle(PublishedCountWithoutFence.class, "published",
                        long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        volatile long published;
        volatile boolean waiting;

        @Actor
        public void sender(II_Result r) {
            PUBLISHED.setRelease(this, 1L);                  // no full fence: the defect
            r.r1 = waiting ? 1 : 0;
        }

        @Actor
        public void owner(II_Result r) {
            waiting = true;
            r.r2 = published == 0 ? 1 : 0;
        }
    }
}
