package io.ccrj.core.internal;

import io.ccrj.core.Handler;

import java.util.List;
import java.util.Map;

/**
 * A handler bound to the one item a single-port receiver consumed: the hot path's one allocation
 * per message, so it holds only the receiver (handler and port) and the stored entry.
 */
final class ItemTask extends Task {
    private final SimpleReceiver receiver;
    private final Object entry;

    ItemTask(TaskSink sink, SimpleReceiver receiver, Object entry) {
        super(sink, CausalEnvelope.causalities(entry));
        this.receiver = receiver;
        this.entry = entry;
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
