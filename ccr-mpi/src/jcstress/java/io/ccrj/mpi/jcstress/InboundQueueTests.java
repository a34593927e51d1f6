package io.ccrj.mpi.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ccrj.mpi.internal.JcstressProbes;
import io.ccrj.mpi.internal.JcstressProbes.Mailbox;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * A rank's inbound queue ({@code RankMailbox.deliver} and the owner's drain,
 * {@code RankMailbox.progress}): Vyukov's MPSC node queue, whose producers swap themselves in as
 * the head ({@code getAndSet}) and then link their predecessor with a release store, which the
 * owner follows with an acquire load. Broken copies are in
 * {@link io.ccrj.mpi.jcstress.broken.BrokenQueueTests}.
 */
public final class InboundQueueTests {
    private InboundQueueTests() {
    }

    /**
     * Two producers deliver at once: another rank, and the owner itself (a message to itself
     * takes its own queue), which then drains. Outcome: (element of the other rank's message in
     * the owner's unexpected queue at the end, -1 if it is not there; of the owner's own; messages
     * the owner drained during the race; messages queued at the end).
     */
    @JCStressTest
    @Outcome(id = "1, 2, [12], 2", expect = ACCEPTABLE, desc = "Both messages arrived once, drained during or after the race.")
    @Outcome(id = "1, 2, 0, 2", expect = ACCEPTABLE_INTERESTING,
            desc = "The owner's drain saw not even its own message: the other rank had swapped itself in as head before it "
                    + "and not linked yet, which hides every later message until it does (the queue's known window: "
                    + "a producer between its swap and its link holds the consumer up, never loses a message; the "
                    + "owner's park test compares head and tail, so it does not park meanwhile).")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "The other rank's message was lost.")
    @Outcome(id = "1, -1, .*", expect = FORBIDDEN, desc = "The owner's own message was lost.")
    @Outcome(expect = FORBIDDEN, desc = "A message lost, duplicated or with fields its sender did not write (-2).")
    @State
    public static class TwoProducers {
        final Mailbox owner = new Mailbox(JcstressProbes.world(2), 1);

        @Actor
        public void rank0() {
            owner.deliver(0, 10, 1L);
        }

        @Actor
        public void ownerSendsToItselfAndDrains(IIII_Result r) {
            owner.deliver(1, 11, 2L);
            owner.progress();
            r.r3 = owner.unexpectedCount();
        }

        @Arbiter
        public void outcome(IIII_Result r) {
            owner.progress();
            r.r1 = (int) owner.unexpected(0, 10);
            r.r2 = (int) owner.unexpected(1, 11);
            r.r4 = owner.unexpectedCount();
        }
    }

    /**
     * A message's link publishes its payload: the owner that drains the message reads the
     * element its sender wrote before delivering it. Outcome: (element the owner read, -1 if the
     * message was not there yet; element after the race).
     */
    @JCStressTest
    @Outcome(id = "-1, 42", expect = ACCEPTABLE, desc = "The owner drained before the message arrived.")
    @Outcome(id = "42, 42", expect = ACCEPTABLE, desc = "The owner drained the message, payload included.")
    @Outcome(expect = FORBIDDEN, desc = "The owner saw the message without its payload.")
    @State
    public static class LinkPublication {
        final Mailbox owner = new Mailbox(JcstressProbes.world(2), 1);

        @Actor
        public void sender() {
            owner.deliver(0, 10, 42L);
        }

        @Actor
        public void drain(JJ_Result r) {
            owner.progress();
            r.r1 = owner.unexpected(0, 10);
        }

        @Arbiter
        public void outcome(JJ_Result r) {
            owner.progress();
            r.r2 = owner.unexpected(0, 10);
        }
    }
}
