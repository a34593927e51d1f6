package io.ccrj.core.internal;

import io.ccrj.core.SequentialHandler;

/**
 * Runs a {@link SequentialHandler} on a fresh virtual thread; the task completes (an exclusive
 * interleave branch releases) only when that thread ends.
 *
 * @param <T> item type
 */
public final class SequentialHandlerAdapter<T> implements AsyncHandler<T> {
    private final SequentialHandler<? super T> handler;

    public SequentialHandlerAdapter(SequentialHandler<? super T> handler) {
        this.handler = handler;
    }

    @Override
    public void start(T item, Task task) {
        var causalities = CausalityContext.get();
        Thread.ofVirtual().start(() -> {
            CausalityContext.set(causalities);
            try {
                handler.handle(item, new SequentialContextImpl(Thread.currentThread(), task.sink()));
            } catch (Throwable failure) {
                Failures.route(failure, CausalityContext.get(), task.sink());
            } finally {
                CausalityContext.set(null);
                task.complete();
            }
        });
    }

    @Override
    public void runHere(T item) throws Exception {
        handler.handle(item, new SequentialContextImpl(Thread.currentThread(), null));
    }
}
