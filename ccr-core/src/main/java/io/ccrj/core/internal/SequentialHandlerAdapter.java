package io.ccrj.core.internal;

import io.ccrj.core.SequentialHandler;

/**
 * Runs a {@link SequentialHandler} on a fresh virtual thread; the task completes (an exclusive
 * interleave branch releases) only when that thread ends.
 *
 * @param <T> item type
 */
@Internal
public final class SequentialHandlerAdapter<T> implements AsyncHandler<T> {
    private final SequentialHandler<? super T> handler;

    public SequentialHandlerAdapter(SequentialHandler<? super T> handler) {
        this.handler = handler;
    }

    @Override
    public void start(T item, Task task) {
        var causalities = CausalityContext.get();
        Thread.ofVirtual().start(() -> {
            // A virtual thread starts with no causality: set only if there is one, so that a
            // task that never uses causalities never allocates a thread-local map (~130 bytes
            // per task, which counts with a million pending tasks).
            if (causalities != null) {
                CausalityContext.set(causalities);
            }
            try {
                handler.handle(item, new SequentialContextImpl(Thread.currentThread(), task.sink()));
            } catch (Throwable failure) {
                Failures.route(failure, CausalityContext.get(), task.sink());
            } finally {
                task.complete();
            }
        });
    }

    @Override
    public void runHere(T item) throws Exception {
        handler.handle(item, new SequentialContextImpl(Thread.currentThread(), null));
    }
}
