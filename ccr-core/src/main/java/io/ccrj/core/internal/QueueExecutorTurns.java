package io.ccrj.core.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * An executor-backed {@link QueueCore}'s turns: each accepted task hands one turn to the
 * executor (virtual threads, a user's executor or event loop), and each turn takes and runs the
 * oldest pending task. There is no token: turns run concurrently, so the queue's task queue is a
 * multi-consumer one.
 *
 * <h2>Concurrency invariants</h2>
 * <ul>
 *   <li>One turn per counted task: {@link #schedule()} is called once per push, after the count
 *   and the offer, so a turn always finds a task (or waits the instant until its offer lands, see
 *   {@link QueueToken#takeOne()}).</li>
 *   <li>A turn that finds the queue suspended counts itself in {@link #deferredTurns} and
 *   re-reads the flags (volatile) after counting: a resume or dispose writes its flag, then
 *   claims the deferred turns ({@code getAndSet(0)}), so each deferred turn is handed back
 *   exactly once, by whichever side sees the other.</li>
 *   <li>A turn on a disposed queue discards its task instead of running it, following the same
 *   count, so each task accepted before the disposal is discarded once.</li>
 * </ul>
 */
final class QueueExecutorTurns {
    private final QueueCore queue;
    private final Executor executor;
    private final PaddedCounter count;
    private final LongAdder executed;
    private final QueueToken token;
    private final QueuePolicies policies;
    /** Turns that found the queue suspended, to hand back on resume. */
    private final AtomicInteger deferredTurns = new AtomicInteger();
    /** The one turn object, handed to the executor per task: no allocation per task. */
    private final Runnable turn = this::runOne;

    QueueExecutorTurns(QueueCore queue, Executor executor, PaddedCounter count, LongAdder executed,
            QueueToken token, QueuePolicies policies) {
        this.queue = queue;
        this.executor = executor;
        this.count = count;
        this.executed = executed;
        this.token = token;
        this.policies = policies;
    }

    /** Hands the executor the turn of one task just counted and offered. */
    void schedule() {
        executor.execute(turn);
    }

    private void runOne() {
        if (queue.isDisposed()) {
            Task t = token.takeOne();
            count.decrementAndGet();
            policies.afterTake();
            queue.discardDisposed(t);
            return;
        }
        if (queue.isSuspended()) {
            // Keep the turn for resume(); re-check so a resume racing with this cannot miss it.
            deferredTurns.incrementAndGet();
            if (!queue.isSuspended() || queue.isDisposed()) { // a resume() or dispose() may have released the turns already
                releaseDeferred();
            }
            return;
        }
        Task t = token.takeOne();
        count.decrementAndGet();
        policies.afterTake();
        run(t);
    }

    /**
     * Runs one task on an executor turn and counts it. A worker's batch ({@link QueueDrains})
     * counts its tasks once at the end instead: one add on the shared counter per batch, not per
     * task; the count trails the handlers' effects by at most the batch in hand.
     */
    private void run(Task t) {
        t.execute();
        executed.increment();
    }

    /** Hands the executor back the turns that found the queue suspended (each claimed once). */
    void releaseDeferred() {
        for (int n = deferredTurns.getAndSet(0); n > 0; n--) {
            executor.execute(turn);
        }
    }
}
