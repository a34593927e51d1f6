package io.ccrj.core.internal;

import io.ccrj.core.Handler;

/**
 * A handler whose work outlives the call that starts it (a sequential handler on its own
 * virtual thread). The task it belongs to completes when the work ends, which is what lets an
 * exclusive interleave branch hold exclusivity until its sequential task finishes.
 *
 * @param <T> item type
 */
@Internal
public interface AsyncHandler<T> extends Handler<T> {
    /** Starts the work; must call {@link Task#complete()} on {@code task} exactly once when it ends. */
    void start(T item, Task task);

    /** Runs the work on the calling (virtual) thread, exceptions propagating. */
    void runHere(T item) throws Exception;

    @Override
    default void handle(T item) throws Exception {
        runHere(item);
    }
}
