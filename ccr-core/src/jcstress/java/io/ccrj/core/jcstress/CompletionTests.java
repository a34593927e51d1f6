package io.ccrj.core.jcstress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.IIII_Result;

import java.util.concurrent.atomic.AtomicInteger;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Port completion and queue disposal racing the work they end: the port lock decides close
 * against post, the disposed flag and the task count decide dispose against submit.
 */
public final class CompletionTests {
    private CompletionTests() {
    }

    /**
     * {@code tryPost} races {@code close} on a port with a persistent receive and a completion
     * arbiter. Outcomes: (tryPost accepted, item handled, completions fired, item handled before
     * the completion ran).
     */
    @JCStressTest
    @Outcome(id = "1, 1, 1, 1", expect = ACCEPTABLE, desc = "Post first; the completion ran after the item's handler.")
    @Outcome(id = "1, 1, 1, 0", expect = ACCEPTABLE_INTERESTING,
            desc = "Post first, but the completion ran before the item's handler (documented: only an interleave orders them).")
    @Outcome(id = "0, 0, 1, 0", expect = ACCEPTABLE, desc = "Close first; the post was refused.")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "An accepted item was never handled.")
    @Outcome(id = ".*, .*, 0, .*", expect = FORBIDDEN, desc = "The completion never fired.")
    @Outcome(id = ".*, .*, [2-9], .*", expect = FORBIDDEN, desc = "The completion fired more than once.")
    @Outcome(expect = FORBIDDEN, desc = "Any other outcome.")
    @State
    public static class PostVersusClose {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> port = new Port<>("p");
        final AtomicInteger handled = new AtomicInteger();
        final AtomicInteger completions = new AtomicInteger();
        volatile int handledBeforeCompletion;
        int accepted;

        public PostVersusClose() {
            Arbiter.activate(queue, Arbiter.receive(true, port, i -> handled.incrementAndGet()),
                    Arbiter.completion(port, () -> {
                        handledBeforeCompletion = handled.get();
                        completions.incrementAndGet();
                    }));
        }

        @Actor
        public void post() {
            accepted = port.tryPost(1) ? 1 : 0;
        }

        @Actor
        public void close() {
            port.close();
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(IIII_Result r) {
            r.r1 = accepted;
            r.r2 = handled.get();
            r.r3 = completions.get();
            r.r4 = handledBeforeCompletion;
        }
    }

    /**
     * {@code Port.test} takes the last item of a closed port while a completion arbiter is being
     * activated. Outcomes: (item taken by test, completions fired, items left).
     */
    @JCStressTest
    @Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "The item was taken and the completion fired once.")
    @Outcome(expect = FORBIDDEN, desc = "The completion fired never or twice, or the item was lost.")
    @State
    public static class TestVersusActivation {
        final DispatcherQueue queue = Inline.queue();
        final Port<Integer> port = new Port<>("p");
        final AtomicInteger completions = new AtomicInteger();
        int taken;

        public TestVersusActivation() {
            port.post(1);
            port.close();
        }

        @Actor
        public void take() {
            taken = port.test() == null ? 0 : 1;
        }

        @Actor
        public void activate() {
            Arbiter.activate(queue, Arbiter.completion(port, completions::incrementAndGet));
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r1 = taken;
            r.r2 = completions.get();
            r.r3 = port.itemCount();
        }
    }

    /**
     * {@code execute} races {@code dispose} on an inline executor queue: the task is accepted and
     * then either runs or is discarded, or it is refused; never two of these, never none.
     * Outcomes: (ran, discarded, refused).
     */
    @JCStressTest
    @Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "Accepted and ran before the disposal.")
    @Outcome(id = "0, 1, 0", expect = ACCEPTABLE_INTERESTING, desc = "Accepted, then discarded by the disposal.")
    @Outcome(id = "0, 0, 1", expect = ACCEPTABLE, desc = "Refused: the queue was already disposed.")
    @Outcome(expect = FORBIDDEN, desc = "Lost, or counted twice.")
    @State
    public static class ExecuteVersusDispose {
        final DispatcherQueue queue = DispatcherQueue.onExecutor("inline", Runnable::run, SchedulingPolicy.unconstrained());
        final AtomicInteger ran = new AtomicInteger();
        int refused;

        @Actor
        public void execute() {
            try {
                queue.execute(ran::incrementAndGet);
            } catch (IllegalStateException | java.util.concurrent.RejectedExecutionException disposed) {
                refused = 1;
            }
        }

        @Actor
        public void dispose() {
            queue.dispose();
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r1 = ran.get();
            r.r2 = (int) queue.discardedCount();
            r.r3 = refused;
        }
    }
}
