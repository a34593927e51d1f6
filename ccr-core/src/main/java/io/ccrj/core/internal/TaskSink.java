package io.ccrj.core.internal;

/**
 * Where an activated arbiter's tasks go: a dispatcher queue, or a sequential task waiting in
 * {@code SequentialContext} that runs the task itself when it resumes.
 */
@Internal
public interface TaskSink {
    /** Accepts a task for execution; must not block under a port lock (it is never called under one). */
    void submit(Task task);

    /**
     * {@code true} if a task submitted now by the calling thread would be accepted; receivers ask
     * before consuming so that an item meant for a closed dispatcher stays in its port.
     */
    default boolean accepts() {
        return true;
    }

    /** Why {@link #accepts()} is false, for the exception a post throws. */
    default String refusal() {
        return sinkName() + " no longer accepts work";
    }

    /** Throws if this sink can take no more activations (its dispatcher is closed). */
    void checkOpen();

    /** A short name for diagnostics. */
    String sinkName();

    /** Where an exception with no causality goes when raised by a task of this sink. */
    void reportUnhandled(Throwable failure);
}
