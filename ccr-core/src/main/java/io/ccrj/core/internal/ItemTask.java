package io.ccrj.core.internal;

import io.ccrj.core.Handler;

import java.util.List;
import java.util.Map;

/** A handler bound to the one item a single-port receiver consumed. */
final class ItemTask extends Task {
    private final Handler<Object> handler;
    private final Object entry;
    private final PortCore source;

    ItemTask(TaskSink sink, Handler<Object> handler, Object entry, PortCore source) {
        super(sink, CausalEnvelope.causalities(entry));
        this.handler = handler;
        this.entry = entry;
        this.source = source;
    }

    @Override
    protected boolean invoke() throws Exception {
        Object item = CausalEnvelope.item(entry);
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
        collect(byPort, source, entry);
    }

    @Override
    protected String describe() {
        return "task(" + source + ")";
    }
}
