package io.ccrj.core.internal;

/**
 * The one-port receivers ({@link SimpleReceiver}, {@link CompletionReceiver}) and the offer
 * protocol they share, written once here as a template:
 * <ol>
 *   <li>a receiver that is done (fired one-shot, or cancelled) declines;</li>
 *   <li>a receiver whose sink no longer accepts work (closed dispatcher, disposed queue) declines
 *   with a {@link Rejection}, so the item stays in the port and the post reports it;</li>
 *   <li>the subclass decides ({@link #accept}): decline, decline with a report, or a task;</li>
 *   <li>a receiver inside a choice or an interleave asks its parent to commit;</li>
 *   <li>a one-shot receiver marks itself done and unlinks itself, still under the lock.</li>
 * </ol>
 *
 * <p>Threading: {@link #done} is guarded by {@link #port}'s lock; every step above runs under it,
 * so the post (or registration, or drain) that fires a one-shot receiver is the only one that can.
 */
@Internal
public abstract class PortReceiver extends ArbiterNode {
    protected final PortCore port;
    /** Guarded by the port lock. */
    protected boolean done;

    protected PortReceiver(boolean persistent, PortCore port) {
        super(persistent);
        this.port = port;
    }

    /**
     * Under the port lock: what to do with {@code stored}, the entry on offer (or {@code null} for
     * a completion): {@code null} to decline, a {@link Rejection} to decline and report, or the
     * {@link Task} that consumes it.
     */
    protected abstract Dispatchable accept(Object stored);

    /** Under the port lock: removes this receiver from the port's list (or watchers). */
    protected abstract void unlinkLocked(PortCore from);

    /** The template: see the class description. Runs under {@code from}'s lock. */
    protected final Dispatchable offerLocked(Object stored, PortCore from) {
        if (done) {
            return null;
        }
        if (!sink.accepts()) {
            return Rejection.closed(sink);
        }
        Dispatchable decided = accept(stored);
        if (!(decided instanceof Task task)) {
            return decided;
        }
        Dispatchable out = task;
        if (parent != null) {
            out = parent.commit(this, task);
            if (out == null) {
                return null;
            }
        }
        if (!persistent) {
            done = true;
            markFired();
            unlinkLocked(from);
        }
        return out;
    }

    @Override
    protected final void unregister() {
        port.lock.lock();
        try {
            done = true;
            unlinkLocked(port);
        } finally {
            port.lock.unlock();
        }
    }

    /**
     * Withdraws a one-shot receiver that has not fired.
     *
     * @return {@code true} if it had not fired (now it never will); {@code false} if it already
     *     consumed an item (its task is dispatched or about to be)
     */
    public final boolean withdraw() {
        port.lock.lock();
        try {
            if (done) {
                return false;
            }
            done = true;
            cancelled = true;
            unlinkLocked(port);
            return true;
        } finally {
            port.lock.unlock();
        }
    }

    @Override
    protected final boolean isFinished() {
        port.lock.lock();
        try {
            return done;
        } finally {
            port.lock.unlock();
        }
    }
}
