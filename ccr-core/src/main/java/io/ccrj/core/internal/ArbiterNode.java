package io.ccrj.core.internal;

import io.ccrj.core.ArbiterTask;

/**
 * Base of every arbiter implementation: created unbound by {@code Arbiter}'s factories, bound to
 * a {@link TaskSink} once by activation (directly, or through a choice or interleave that owns it).
 *
 * <p>Threading: {@link #activate} is called once, by the activating thread. {@link #parent} and
 * {@link #sink} are written before the node registers on any port; the port lock's release
 * publishes them to posting threads.
 */
@Internal
public abstract class ArbiterNode implements ArbiterTask {
    protected final boolean persistent;
    protected TaskSink sink;
    protected Parent parent;
    private volatile boolean bound;
    protected volatile boolean cancelled;
    /**
     * Set once a one-shot node fired (its items are consumed, its task dispatched), a choice chose,
     * or an interleave retired; written by the committing thread (under the port lock(s) for
     * receives and joins), read racily by {@link #state()}. Once set it wins over a later cancel.
     */
    private volatile boolean fired;

    protected ArbiterNode(boolean persistent) {
        this.persistent = persistent;
    }

    /** Binds this node to a sink and registers it on its ports. */
    public final void activate(TaskSink target) {
        claimBinding();
        this.sink = target;
        if (!cancelled) {
            register();
        }
    }

    /** Marks this node bound; throws if it was activated before. */
    protected final synchronized void claimBinding() {
        if (bound) {
            throw new IllegalStateException("arbiter already activated: " + describe()
                    + " (create a new one for each activation)");
        }
        bound = true;
    }

    /**
     * {@code false} for arbiters that decide their own commits without asking a parent (a choice,
     * an interleave): nested in a choice or an interleave group they would fire behind its back.
     */
    protected boolean nestable() {
        return true;
    }

    /** Throws unless {@code node} may be a choice branch or an interleave group member. */
    public static void requireNestable(ArbiterNode node, String owner) {
        if (!node.nestable()) {
            throw new IllegalArgumentException(node.describe() + " cannot be nested in " + owner
                    + ": only receives, joins and fromHandler can (a nested choice or interleave would"
                    + " commit without asking its owner)");
        }
    }

    /** Sets the owner that arbitrates this node's commits (a choice or an interleave branch). */
    public final void setParent(Parent owner) {
        if (this.parent != null) {
            throw new IllegalArgumentException("arbiter already belongs to another choice or interleave: " + describe());
        }
        this.parent = owner;
    }

    /** Registers on the node's ports (and offers already-queued items). */
    protected abstract void register();

    /** Unregisters from every port; a one-shot node that already fired is unaffected. */
    protected abstract void unregister();

    @Override
    public final boolean isPersistent() {
        return persistent;
    }

    @Override
    public final void cancel() {
        cancelled = true;
        unregister();
    }

    @Override
    public boolean isActive() {
        return bound && !cancelled && !isFinished();
    }

    @Override
    public final State state() {
        if (fired) {
            return State.DONE;
        }
        if (cancelled) {
            return State.CANCELLED;
        }
        return bound ? State.ACTIVE : State.CREATED;
    }

    /** Records that this node fired (one-shot), chose (choice) or retired (interleave). */
    protected final void markFired() {
        fired = true;
    }

    /** {@code true} once a one-shot node has fired. */
    protected abstract boolean isFinished();

    /** The owner of commits for a node inside a choice or an interleave. */
    public interface Parent {
        /**
         * Asked under the lock(s) of the branch's port(s) when the branch is ready to consume.
         *
         * @return {@code null} to refuse (nothing is consumed), else what to dispatch once the lock
         *     is released ({@link Dispatchable#NONE} when the task is parked inside the parent)
         */
        Dispatchable commit(ArbiterNode branch, Task task);

        /** A short description for diagnostics. */
        String describe();
    }

    @Override
    public String toString() {
        return describe();
    }
}
