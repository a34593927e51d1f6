package io.ccrj.mpi.jcstress.broken;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ccrj.mpi.internal.JcstressProbes;
import io.ccrj.mpi.internal.JcstressProbes.Mailbox;
import io.ccrj.mpi.internal.JcstressProbes.Wait;
import io.ccrj.mpi.internal.JcstressProbes.Waiter;
import io.ccrj.mpi.internal.JcstressProbes.Waiters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** Broken versions of the {@code THREAD_MULTIPLE} waiters' protocols ({@link io.ccrj.mpi.jcstress.MultipleWaitersTests}). */
public final class BrokenMultipleWaitersTests {
    private BrokenMultipleWaitersTests() {
    }

    /**
     * The lazy registration that lost wake-ups: the waiter tests its condition, then registers,
     * then takes its last look, which does not test the condition again (the production calls in
     * the order {@code MultipleCalls.await} made them before a waiter tested again after
     * registering). A completion between the test and the registration wakes nobody. Outcome:
     * (threads the completer woke, the waiter: 2 saw its wait complete, 1 would park, 0 would test again).
     */
    @JCStressTest
    @Outcome(id = "[01], 2", expect = ACCEPTABLE, desc = "The waiter's test saw the completion.")
    @Outcome(id = "1, [01]", expect = ACCEPTABLE, desc = "The completer woke the registered waiter.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up (the defect).")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class RegisterAfterTheTest {
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
            long g = waiters.generation();
            if (waiters.test(collective)) {
                r.r2 = 2;
                return;
            }
            Waiter self = waiters.register(collective);          // after the test: the defect
            r.r2 = waiters.readyToPark(self, g) ? 1 : 0;
        }
    }

    /**
     * {@code MultipleCalls.readyToPark} with the parked mark and the parked-waiter count written
     * by release stores instead of a volatile write and an atomic add: nothing orders them before
     * the waiter's look at the queue, so a producer can append and read the count in between
     * (store buffering). A copy of the protocol: the producer swaps the head and then reads the
     * count, as {@code RankMailbox.deliver} and {@code MultipleCalls.unparkFor} do. Outcome:
     * (threads the producer woke, whether the waiter would park).
     */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The waiter saw the message.")
    @Outcome(id = "1, [01]", expect = ACCEPTABLE, desc = "The producer saw the waiter parked.")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "Lost wake-up (the defect).")
    @State
    public static class ParkedCountWithoutFence {
        private static final VarHandle COUNT;
        private static final VarHandle PARKED;

        static {
            try {
                COUNT = MethodHandles.lookup().findVarHandle(ParkedCountWithoutFence.class, "parkedWaiters", int.class);
                PARKED = MethodHandles.lookup().findVarHandle(ParkedCountWithoutFence.class, "parked", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final Object stub = new Object();
        volatile Object head = stub;
        volatile int parkedWaiters;
        volatile boolean parked;

        @Actor
        public void producer(II_Result r) {
            head = new Object();                              // a full fence, as getAndSet
            r.r1 = parkedWaiters != 0 && parked ? 1 : 0;
        }

        @Actor
        public void waiter(II_Result r) {
            PARKED.setRelease(this, true);                    // release stores: the defect
            COUNT.setRelease(this, 1);
            r.r2 = head == stub ? 1 : 0;
        }
    }
}
