package io.ccrj.core.internal;

import io.ccrj.core.Handler;

import java.util.List;
import java.util.Map;

/**
 * A handler bound to the one item a single-port receiver consumed: it holds only the receiver
 * (handler and port) and the stored entry. A persistent receive on a queue reuses its spent tasks
 * ({@link SimpleReceiver#reuse}), so that the hot path allocates nothing per message.
 *
 * <p>Threading: {@link #entry} and the causalities are written by the poster that takes the task
 * (under the port lock) before the task is handed to its queue, whose hand-off publishes them to
 * the running thread; the running thread clears them before it hands the task back through the
 * receiver's spare queue, whose hand-off publishes the cleared task to the next poster.
 */
final class ItemTask extends Task {
    private final SimpleReceiver receiver;
    private Object entry;

    ItemTask(TaskSink sink, SimpleReceiver receiver, Object entry) {
        super(sink, CausalEnvelope.causalities(entry));
        this.receiver = receiver;
        this.entry = entry;
    }

    /** Binds this spent task to a new entry. Poster, under the port lock. */
    ItemTask reuse(Object stored) {
        entry = stored;
        causalities = CausalEnvelope.causalities(stored);
        return this;
    }

    @Override
    protected void spent() {
        if (receiver.reusesTasks()) {
            entry = null; // the item may be garbage once its handler ran
            causalities = null;
            receiver.reuse(this);
        }
    }

    @Override
    protected boolean invoke() throws Exception {
        Object item = CausalEnvelope.item(entry);
        Handler<Object> handler = receiver.handler();
        if (handler instanceof AsyncHandler<Object> async) {
            async.start(item, this);
            return true;
        }
        handler.handle(item);
        return false;
    }

    @Override
    public void runInline() throws Exception {
        Object item = CausalEnvelope.item(entry);
        Handler<Object> handler = receiver.handler();
        if (handler instanceof AsyncHandler<Object> async) {
            async.runHere(item);
        } else {
            handler.handle(item);
        }
    }

    @Override
    public Object value() {
        return CausalEnvelope.item(entry);
    }

    @Override
    protected void collectItems(Map<PortCore, List<Object>> byPort) {
        collect(byPort, receiver.port(), entry);
    }

    @Override
    protected String describe() {
        return "task(" + receiver.port() + ")";
    }
}
