package io.ccrj.mpi.jcstress.broken;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * Broken copies of the inbound queue ({@link io.ccrj.mpi.jcstress.InboundQueueTests}): Vyukov's
 * MPSC node queue as {@code RankMailbox.deliver} runs it, with one defect each.
 */
public final class BrokenQueueTests {
    private static final VarHandle PAYLOAD = MethodHandles.arrayElementVarHandle(long[].class);

    private BrokenQueueTests() {
    }

    /** A queue node: the link and a payload. */
    static final class Node {
        static final VarHandle NEXT;

        static {
            try {
                NEXT = MethodHandles.lookup().findVarHandle(Node.class, "next", Node.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        volatile Node next;
        final long[] payload = new long[1];
    }

    /**
     * Producers that read the head and then write it (two volatile accesses) instead of swapping
     * it ({@code getAndSet}): two of them can take the same predecessor, and one message drops
     * out of the queue. Outcome: messages reachable from the stub after both.
     */
    @JCStressTest
    @Outcome(id = "2", expect = ACCEPTABLE, desc = "Both messages linked.")
    @Outcome(expect = FORBIDDEN, desc = "A message lost (the defect).")
    @State
    public static class HeadReadThenWritten {
        final Node stub = new Node();
        volatile Node head = stub;

        void deliver(Node m) {
            Node prev = head;                                 // not a swap: the defect
            head = m;
            Node.NEXT.setRelease(prev, m);
        }

        @Actor
        public void rank0() {
            deliver(new Node());
        }

        @Actor
        public void rank1() {
            deliver(new Node());
        }

        @Arbiter
        public void outcome(I_Result r) {
            int n = 0;
            for (Node x = stub.next; x != null; x = x.next) {
                n++;
            }
            r.r1 = n;
        }
    }

    /**
     * A producer that links its message before it has written the payload: the owner, which
     * follows the link with an acquire load, may read the payload unwritten. Outcome: (element the
     * owner read, -1 if the message was not there yet; element after the race).
     */
    @JCStressTest
    @Outcome(id = "-1, 42", expect = ACCEPTABLE, desc = "Drained before the message arrived.")
    @Outcome(id = "42, 42", expect = ACCEPTABLE, desc = "Drained the message, payload included.")
    @Outcome(expect = FORBIDDEN, desc = "The message seen without its payload (the defect).")
    @State
    public static class LinkedBeforeItsPayload {
        final Node stub = new Node();
        volatile Node head = stub;
        int sink;

        @Actor
        public void sender() {
            Node m = new Node();
            Node prev = (Node) HEAD.getAndSet(this, m);
            Node.NEXT.setRelease(prev, m);
            sink = Widen.work(32);
            PAYLOAD.setRelease(m.payload, 0, 42L);            // after the link: the defect (release: kept there)
        }

        @Actor
        public void drain(JJ_Result r) {
            Node n = (Node) Node.NEXT.getAcquire(stub);
            r.r1 = n == null ? -1 : n.payload[0];
        }

        @Arbiter
        public void outcome(JJ_Result r) {
            r.r2 = stub.next.payload[0];
        }

        private static final VarHandle HEAD;

        static {
            try {
                HEAD = MethodHandles.lookup().findVarHandle(LinkedBeforeItsPayload.class, "head", Node.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }
}
