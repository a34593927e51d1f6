package io.ccrj.core;

/**
 * An arbiter made by one of {@link Arbiter}'s factories: a receive, a join, a choice, an
 * interleave, or a handler to run once. It does nothing until activated, with
 * {@link Arbiter#activate(DispatcherQueue, ArbiterTask...)}, by a choice or an interleave that
 * contains it, or by a sequential task's {@link SequentialContext#await(ArbiterTask)}. Each
 * arbiter can be activated once.
 *
 * <p>Implementations are provided by ccr-core only.
 */
public interface ArbiterTask {
    /** {@return {@code true} if the arbiter stays registered after firing} */
    boolean isPersistent();

    /**
     * {@return {@code true} once activated and until a one-shot arbiter fired, an interleave
     *     retired, or the arbiter was cancelled}
     */
    boolean isActive();

    /**
     * Unregisters the arbiter from its ports. Items stay in the ports; a handler already scheduled
     * still runs. Idempotent; safe from any thread.
     */
    void cancel();

    /**
     * Where the arbiter is in its life: {@link State#CREATED} until activated, then
     * {@link State#ACTIVE}, and finally {@link State#DONE} (a one-shot arbiter fired, a choice
     * chose a branch, an interleave retired) or {@link State#CANCELLED} (cancelled before that,
     * or a losing choice branch). A persistent receive or join stays active until cancelled. A
     * snapshot: another thread may change it right after.
     *
     * @return the current state
     */
    State state();

    /** {@return a one-line description: kind, persistence, ports, queue} */
    String describe();

    /** The life cycle of an arbiter; see {@link #state()}. */
    enum State {
        /** Made by a factory, not activated yet. */
        CREATED,
        /** Activated and registered on its ports; it may fire. */
        ACTIVE,
        /** Fired (one-shot), chose a branch (choice), or retired (interleave): it fires no more. */
        DONE,
        /** Cancelled before it fired, or retracted as a losing choice branch. */
        CANCELLED
    }
}
