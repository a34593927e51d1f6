package io.ccrj.core.internal;

import io.ccrj.core.Handler;

import java.util.function.Predicate;

/**
 * {@code Arbiter.receive}: one item per firing from one port, one-shot or persistent, with an
 * optional predicate. A persistent receiver with no predicate and no parent is the hot path: one
 * allocation (the task) per message, or none on a one-worker queue ({@link DirectDrain}).
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

    /**
     * The direct path ({@link DirectDrain}) when this receiver qualifies, else {@code null};
     * written before registration, whose port lock publishes it to posting threads.
     */
    private DirectDrain direct;

    @Override
    protected void register() {
        if (persistent && predicate == null && parent == null && DirectDrain.applies(sink, this)) {
            direct = new DirectDrain((QueueCore) sink, this);
        }
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
        DirectDrain d = direct;
        if (d != null) {
            Dispatchable taken = d.offerLocked(stored);
            if (taken != null) {
                return taken;
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
