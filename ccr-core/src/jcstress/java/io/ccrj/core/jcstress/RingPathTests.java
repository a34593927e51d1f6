package io.ccrj.core.jcstress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static io.ccrj.core.jcstress.BatchTakeTests.TWO_WORKERS;
import static io.ccrj.core.jcstress.BatchTakeTests.await;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The direct path of a persistent receive on a multi-worker dispatcher (a post appends the item to
 * the receiver's drain, which stays at the head of the queue while it holds items; the token holder
 * takes a share of them and hands the token on before it runs them): posts racing the workers that
 * take shares, a suspend and resume, and a dispose. Each state has its own queue on the shared
 * two-worker dispatcher of {@link BatchTakeTests} and posts a backlog first, so shares are being
 * taken while the actors act. An item handed out twice or dropped would run twice or never.
 */
public final class RingPathTests {
    private RingPathTests() {
    }

    /** Items each state posts before its actors run. */
    static final int BACKLOG = 6;

    /** A port with a ring-path receive that counts the runs of each item. */
    abstract static class Ring {
        final DispatcherQueue queue;
        final Port<Integer> port = new Port<>("ring");
        final AtomicIntegerArray runs = new AtomicIntegerArray(BACKLOG + 2);
        final AtomicInteger ran = new AtomicInteger();

        Ring(String name) {
            queue = TWO_WORKERS.createQueue(name);
            Arbiter.activate(queue, Arbiter.receive(true, port, i -> {
                runs.incrementAndGet(i);
                ran.incrementAndGet();
            }));
            for (int i = 0; i < BACKLOG; i++) {
                port.post(i);
            }
        }

        /** The most times any item ran. */
        final int maxRuns() {
            int max = 0;
            for (int i = 0; i < runs.length(); i++) {
                max = Math.max(max, runs.get(i));
            }
            return max;
        }
    }

    /** Two posters. Outcome: (runs of the first actor's item, of the second's, all runs). */
    @JCStressTest
    @Outcome(id = "1, 1, 8", expect = ACCEPTABLE, desc = "Every item ran once.")
    @Outcome(expect = FORBIDDEN, desc = "An item lost or run twice.")
    @State
    public static class TwoPosters extends Ring {
        public TwoPosters() {
            super("ring-posters");
        }

        @Actor
        public void first() {
            port.post(BACKLOG);
        }

        @Actor
        public void second() {
            port.post(BACKLOG + 1);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r3 = await(ran::get, BACKLOG + 2);
            r.r1 = runs.get(BACKLOG);
            r.r2 = runs.get(BACKLOG + 1);
            queue.dispose();
        }
    }

    /**
     * One actor suspends and resumes the queue (a batch that sees the suspension gives its
     * unstarted items back as tasks of their own); the other posts an item and submits an ordinary
     * task, which must not overtake the drain's earlier items. Outcome: (all item runs, the most runs of any item, the ordinary
     * task's runs).
     */
    @JCStressTest
    @Outcome(id = "7, 1, 1", expect = ACCEPTABLE, desc = "Every item and the task ran once.")
    @Outcome(expect = FORBIDDEN, desc = "An item or the task lost or run twice.")
    @State
    public static class SuspendAgainstRing extends Ring {
        final AtomicInteger taskRuns = new AtomicInteger();

        public SuspendAgainstRing() {
            super("ring-suspend");
        }

        @Actor
        public void suspendAndResume() {
            queue.suspend();
            Thread.onSpinWait();
            queue.resume();
        }

        @Actor
        public void poster() {
            queue.execute(taskRuns::incrementAndGet);
            port.post(BACKLOG);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r1 = await(ran::get, BACKLOG + 1);
            r.r2 = maxRuns();
            r.r3 = await(taskRuns::get, 1);
            queue.dispose();
        }
    }

    /**
     * One actor disposes of the queue while shares are taken; the other posts an item, which the
     * disposed queue's receiver may decline (it stays in the port, and the post throws). Outcome:
     * (items accounted for: ran, discarded with the drain, or left in the port; the most runs
     * of any item; 1 if no item was both run and discarded, that is, the three add up exactly).
     */
    @JCStressTest
    @Outcome(id = "7, [01], 1", expect = ACCEPTABLE, desc = "Every item ran, was discarded or stayed in the port, once.")
    @Outcome(expect = FORBIDDEN, desc = "An item lost, run twice, or counted twice.")
    @State
    public static class DisposeAgainstRing extends Ring {
        public DisposeAgainstRing() {
            super("ring-dispose");
        }

        @Actor
        public void disposer() {
            queue.dispose();
        }

        @Actor
        public void poster() {
            try {
                port.post(BACKLOG);
            } catch (RuntimeException declined) {
                // the item stays in the port
            }
        }

        private int accounted() {
            return ran.get() + (int) queue.discardedCount() + port.itemCount();
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r1 = await(this::accounted, BACKLOG + 1);
            r.r2 = maxRuns();
            r.r3 = r.r1 == BACKLOG + 1 ? 1 : 0;
        }
    }
}
