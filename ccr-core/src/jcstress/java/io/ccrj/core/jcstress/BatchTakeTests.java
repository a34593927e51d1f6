package io.ccrj.core.jcstress;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A worker of a multi-worker dispatcher takes a batch of a queue's tasks per token, hands the
 * token back once and runs the batch; the tasks of a batch that a suspend or a dispose finds not
 * started go back to the queue. These run on a real two-worker dispatcher, shared by all states;
 * each state has its own queue and starts with a backlog, so batches are being taken and run
 * while the actors submit, suspend, resume and dispose.
 */
public final class BatchTakeTests {
    private BatchTakeTests() {
    }

    /** The two-worker dispatcher every state's queue lives on; daemon workers, never closed. */
    static final Dispatcher TWO_WORKERS = new Dispatcher(2, "jcstress-batch");

    /** Tasks each state submits before its actors run. */
    static final int BACKLOG = 6;

    /** Waits up to 2 s for {@code value} to reach {@code n}; returns what it reached. */
    static int await(IntSupplier value, int n) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        int c;
        while ((c = value.getAsInt()) < n && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(10_000);
        }
        return c;
    }

    /** Per task: how many times it ran; the queue and the futures of its submitted tasks. */
    abstract static class Ledger {
        final DispatcherQueue queue;
        final AtomicIntegerArray runs = new AtomicIntegerArray(BACKLOG + 2);
        final AtomicInteger ran = new AtomicInteger();
        final CompletableFuture<?>[] futures = new CompletableFuture<?>[BACKLOG + 2];

        Ledger(String name) {
            queue = TWO_WORKERS.createQueue(name);
            for (int i = 0; i < BACKLOG; i++) {
                submit(i);
            }
        }

        final void submit(int i) {
            futures[i] = queue.execute(() -> {
                runs.incrementAndGet(i);
                ran.incrementAndGet();
            });
        }

        /** The most times any task ran. */
        final int maxRuns() {
            int max = 0;
            for (int i = 0; i < runs.length(); i++) {
                max = Math.max(max, runs.get(i));
            }
            return max;
        }
    }

    /**
     * Two actors submit a task each while the backlog is being taken in batches. Outcome: (runs of
     * the first actor's task, runs of the second's, all runs).
     */
    @JCStressTest
    @Outcome(id = "1, 1, 8", expect = ACCEPTABLE, desc = "Every task ran once.")
    @Outcome(expect = FORBIDDEN, desc = "A task lost or run twice.")
    @State
    public static class SubmitsAgainstBatches extends Ledger {
        public SubmitsAgainstBatches() {
            super("batch-submits");
        }

        @Actor
        public void first() {
            submit(BACKLOG);
        }

        @Actor
        public void second() {
            submit(BACKLOG + 1);
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
     * One actor suspends and resumes the queue while batches run (a batch that sees the suspension
     * gives its unstarted tasks back); the other submits a task. Outcome: (all runs, the most runs
     * of any task, the queue's pending count once all ran).
     */
    @JCStressTest
    @Outcome(id = "7, 1, 0", expect = ACCEPTABLE, desc = "Every task ran once; nothing left pending.")
    @Outcome(expect = FORBIDDEN, desc = "A task lost, run twice, or a count left behind.")
    @State
    public static class SuspendAgainstBatches extends Ledger {
        public SuspendAgainstBatches() {
            super("batch-suspend");
        }

        @Actor
        public void suspendAndResume() {
            queue.suspend();
            Thread.onSpinWait();
            queue.resume();
        }

        @Actor
        public void submitter() {
            submit(BACKLOG);
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r1 = await(ran::get, BACKLOG + 1);
            r.r2 = maxRuns();
            r.r3 = await(() -> -queue.pendingCount(), 0) == 0 ? 0 : queue.pendingCount();
            queue.dispose();
        }
    }

    /**
     * One actor disposes of the queue while batches run (a batch that sees the disposal gives its
     * unstarted tasks back, and they are discarded); the other submits a task, which may be
     * refused. Outcome: (tasks settled: ran, or failed as discarded, or refused; the most runs of
     * any task; 1 if ran plus discarded count every accepted task exactly).
     */
    @JCStressTest
    @Outcome(id = "7, [01], 1", expect = ACCEPTABLE, desc = "Every task ran once or was discarded once.")
    @Outcome(expect = FORBIDDEN, desc = "A task lost, run twice, or both run and discarded.")
    @State
    public static class DisposeAgainstBatches extends Ledger {
        volatile int refused;

        public DisposeAgainstBatches() {
            super("batch-dispose");
        }

        @Actor
        public void disposer() {
            queue.dispose();
        }

        @Actor
        public void submitter() {
            try {
                submit(BACKLOG);
            } catch (RuntimeException disposedFirst) {
                refused = 1;
            }
        }

        private int settled() {
            int n = refused;
            for (CompletableFuture<?> f : futures) {
                if (f != null && f.isDone()) {
                    n++;
                }
            }
            return n;
        }

        @org.openjdk.jcstress.annotations.Arbiter
        public void outcome(III_Result r) {
            r.r1 = await(this::settled, BACKLOG + 1);
            r.r2 = maxRuns();
            int accepted = BACKLOG + 1 - refused;
            r.r3 = ran.get() + queue.discardedCount() == accepted ? 1 : 0;
        }
    }
}
