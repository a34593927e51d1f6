package io.ccrj.core.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/** {@code DispatcherQueue.execute/submit}: a callable whose completion is observable. */
@Internal
public final class RunnableTask<V> extends Task {
    private final Callable<V> body;
    private final CompletableFuture<V> result = new CompletableFuture<>();

    public RunnableTask(TaskSink sink, Callable<V> body) {
        super(sink, CausalityContext.get());
        this.body = body;
    }

    public CompletableFuture<V> result() {
        return result;
    }

    @Override
    protected boolean invoke() throws Exception {
        try {
            result.complete(body.call());
        } catch (Throwable t) {
            result.completeExceptionally(t);
            throw t;
        }
        return false;
    }

    @Override
    protected void discarded() {
        result.completeExceptionally(new java.util.concurrent.RejectedExecutionException(
                "task discarded by " + sink.sinkName()
                + " (its scheduling policy, or its dispatcher shutting down)"));
    }

    @Override
    protected void collectItems(Map<PortCore, List<Object>> byPort) {
    }

    @Override
    protected String describe() {
        return "task(" + body + ")";
    }
}
