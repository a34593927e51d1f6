package io.ccrj.core.internal;

import io.ccrj.core.Handler;

import java.util.function.Predicate;

/**
 * {@code Arbiter.receive}: one item per firing from one port, one-shot or persistent, with an
 * optional predicate. A persistent receiver with no predicate and no parent is the hot path: one
 * allocation (the task) per message.
 */
public final class SimpleReceiver extends PortReceiver {
    private final Handler<Object> handler;
    private final Predicate<Object> predicate;
    private final Entry entry = new Entry();

    @SuppressWarnings("unchecked")
    public SimpleReceiver(boolean persistent, PortCore port, Handler<?> handler, Predicate<?> predicate) {
        super(persistent, port);
        this.handler = (Handler<Object>) handler;
        this.predicate = (Predicate<Object>) predicate;
    }

    @Override
    protected void register() {
        port.register(entry);
    }

    @Override
    protected void unlinkLocked(PortCore from) {
        from.unlinkLocked(entry);
    }

    @Override
    protected Dispatchable accept(Object stored) {
        if (predicate != null) {
            try {
                if (!predicate.test(CausalEnvelope.item(stored))) {
                    return null;
                }
            } catch (Throwable failure) {
                return new Rejection(failure, CausalEnvelope.causalities(stored), sink);
            }
        }
        return new ItemTask(sink, this, stored);
    }

    Handler<Object> handler() {
        return handler;
    }

    PortCore port() {
        return port;
    }

    @Override
    public String describe() {
        return (persistent ? "receive(persistent" : "receive(one-shot") + (predicate != null ? ", predicate" : "")
                + ", " + port + (parent != null ? ", in " + parent.describe() : "")
                + (sink != null ? ", on " + sink.sinkName() : "") + ")";
    }

    private final class Entry extends ReceiverEntry {
        @Override
        protected Dispatchable offer(Object stored, PortCore from) {
            return offerLocked(stored, from);
        }

        @Override
        protected boolean isDone() {
            return done;
        }

        @Override
        protected String describe() {
            return SimpleReceiver.this.describe();
        }
    }
}
