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
import org.openjdk.jcstress.infra.results.II_Result;

import java.util.concurrent.atomic.AtomicInteger;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@code Port.post} racing receiver registration ({@code Arbiter.activate}) and cancellation.
 * The port lock decides: an item is offered to the new receiver either by the registration or by
 * the post, never by neither and never by both.
 */
public final class PostVersusRegistrationTests {
    private PostVersusRegistrationTests() {
    }

    /**
     * One post racing the activation of a one-shot receiver. Outcome: (handler runs, items left
     * in the port, receivers left on the port, who consumed: 1 the post, 2 the registration).
     */
    @JCStressTest
    @Outcome(id = "1, 0, 0, 1", expect = ACCEPTABLE, desc = "Receiver registered first; the post handed it the item.")
    @Outcome(id = "1, 0, 0, 2", expect = ACCEPTABLE, desc = "Item queued first; the registration took it.")
    @Outcome(id = "0, 1, 1, 0", expect = FORBIDDEN, desc = "Lost wake-up: the item is stranded beside a registered receiver.")
    @Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "The item vanished.")
    @Outcome(id = "2, .*", expect = FORBIDDEN, desc = "The item was consumed twice.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class OneShotReceive {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> port = new Port<>("p");
        final AtomicInteger runs = new AtomicInteger();
        volatile Thread registrar;
        volatile int consumedBy;

        @Actor
        public void post() {
            port.post(1);
        }

        @Actor
        public void register() {
            registrar = Thread.currentThread();
            Arbiter.activate(queue, Arbiter.receive(false, port, i -> {
                runs.incrementAndGet();
                // The only task runs on the thread that enqueued it: the registrar, or else the poster.
                consumedBy = Thread.currentThread() == registrar ? 2 : 1;
            }));
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            r.r1 = runs.get();
            r.r2 = port.itemCount();
            r.r3 = port.receiverCount();
            r.r4 = consumedBy;
        }
    }

    /**
     * Two posts from one thread racing the activation of a persistent receiver. Outcome: (first
     * item handled, second item handled, items left, receivers left).
     */
    @JCStressTest
    @Outcome(id = "1, 2, 0, 1", expect = ACCEPTABLE, desc = "Both items handled once, in post order.")
    @Outcome(id = "2, 1, 0, 1", expect = ACCEPTABLE_INTERESTING,
            desc = "Both handled once, out of post order: the registration took item 1 and the post took item 2, "
                    + "and the poster's task reached the queue first. Taken in FIFO order; a persistent receiver's "
                    + "tasks are not ordered against each other.")
    @Outcome(id = ".*, .*, [12], 1", expect = FORBIDDEN, desc = "An item is stranded beside the registered receiver.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome: an item vanished or was handled twice (9: more than two runs), "
            + "or the receiver lost its registration.")
    @State
    public static class PersistentReceive {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> port = new Port<>("p");
        final AtomicInteger next = new AtomicInteger();
        final int[] seen = new int[3];

        @Actor
        public void post() {
            port.post(1);
            port.post(2);
        }

        @Actor
        public void register() {
            Arbiter.activate(queue, Arbiter.receive(true, port, i -> {
                int slot = next.getAndIncrement();
                if (slot < seen.length) {
                    seen[slot] = i;
                }
            }));
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            r.r1 = next.get() > 2 ? 9 : seen[0];
            r.r2 = seen[1];
            r.r3 = port.itemCount();
            r.r4 = port.receiverCount();
        }
    }

    /**
     * {@code cancel()} racing {@code Arbiter.activate} of the same one-shot receiver, on a port
     * that receives an item afterwards. Outcome: (receivers left on the port, handler runs after
     * a later post).
     */
    @JCStressTest
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "Cancelled before, during or after registering: gone, and it never fires.")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "A cancelled receiver stayed registered (a dead entry on the port).")
    @Outcome(id = "[01], 1", expect = FORBIDDEN, desc = "A cancelled receiver consumed a later item.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class ActivateVersusCancel {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> port = new Port<>("p");
        final AtomicInteger runs = new AtomicInteger();
        final ArbiterTask receiver = Arbiter.receive(false, port, i -> runs.incrementAndGet());

        @Actor
        public void activate() {
            Arbiter.activate(queue, receiver);
        }

        @Actor
        public void cancel() {
            receiver.cancel();
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(II_Result r) {
            r.r1 = port.receiverCount();
            port.post(1);
            r.r2 = runs.get();
        }
    }

    /**
     * Two posts from two threads racing into a one-shot receiver registered beforehand. Outcome:
     * (item handled, handler runs, item left in the port or 0, receivers left).
     */
    @JCStressTest
    @Outcome(id = "1, 1, 2, 0", expect = ACCEPTABLE, desc = "post(1) won the receiver; item 2 is queued.")
    @Outcome(id = "2, 1, 1, 0", expect = ACCEPTABLE, desc = "post(2) won the receiver; item 1 is queued.")
    @Outcome(id = ".*, 2, .*", expect = FORBIDDEN, desc = "The one-shot receiver fired twice.")
    @Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "Neither post reached the receiver.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class TwoPostsIntoOneShot {
        final Port<Integer> port = new Port<>("p");
        final AtomicInteger runs = new AtomicInteger();
        volatile int handled;

        public TwoPostsIntoOneShot() {
            Arbiter.activate(Inline.queue(), Arbiter.receive(false, port, i -> {
                runs.incrementAndGet();
                handled = i;
            }));
        }

        @Actor
        public void post1() {
            port.post(1);
        }

        @Actor
        public void post2() {
            port.post(2);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            r.r1 = handled;
            r.r2 = runs.get();
            Integer left = port.itemCount() == 1 ? port.test() : Integer.valueOf(-port.itemCount());
            r.r3 = left;
            r.r4 = port.receiverCount();
        }
    }
}
