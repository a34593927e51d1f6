package io.ccrj.core.jcstress;

import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.SchedulingPolicy;

/**
 * The dispatcher queue every JCStress state uses: its executor runs each task at once, on the
 * thread that enqueued it. A port dispatches the task of the item it handed to a receiver right
 * after releasing its lock, still inside {@code post} (or inside {@code Arbiter.activate}, when the
 * registration took a queued item), so the handler has run by the time the actor returns and its
 * effects are part of the actor's outcome. With several tasks in one queue, a thread's turn runs
 * the queue's head, which may be a task another actor enqueued; each turn runs exactly one task.
 */
final class Inline {
    private Inline() {
    }

    static DispatcherQueue queue() {
        return DispatcherQueue.onExecutor("inline", Runnable::run, SchedulingPolicy.unconstrained());
    }
}
