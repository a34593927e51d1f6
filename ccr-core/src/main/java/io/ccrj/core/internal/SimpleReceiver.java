package io.ccrj.core.internal;

import io.ccrj.core.Handler;

import java.util.function.Predicate;

/**
 * {@code Arbiter.receive}: one item per firing from one port, one-shot or persistent, with an
 * optional predicate. A persistent receiver with no predicate and no parent is the hot path: one
 * allocation (the task) per message.
 */
public final class SimpleReceiver extends ArbiterNode {
    private final PortCore port;
    private final Handler<Object> handler;
    private final Predicate<Object> predicate;
    private final Entry entry = new Entry();
    /** Guarded by the port lock. */
    private boolean done;

    @SuppressWarnings("unchecked")
    public SimpleReceiver(boolean persistent, PortCore port, Handler<?> handler, Predicate<?> predicate) {
        super(persistent);
        this.port = port;
        this.handler = (Handler<Object>) handler;
        this.predicate = (Predicate<Object>) predicate;
    }

    @Override
    protected void register() {
        port.register(entry);
    }

    @Override
    protected void unregister() {
        port.lock.lock();
        try {
            done = true;
            port.unlinkLocked(entry);
        } finally {
            port.lock.unlock();
        }
    }

    /**
     * Withdraws a one-shot receiver that has not fired.
     *
     * @return {@code true} if it had not fired (now it never will); {@code false} if it already
     *     consumed an item (its task is dispatched or about to be)
     */
    public boolean withdraw() {
        port.lock.lock();
        try {
            if (done) {
                return false;
            }
            done = true;
            cancelled = true;
            port.unlinkLocked(entry);
            return true;
        } finally {
            port.lock.unlock();
        }
    }

    @Override
    protected boolean isFinished() {
        port.lock.lock();
        try {
            return done;
        } finally {
            port.lock.unlock();
        }
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
            if (done) {
                return null;
            }
            if (!sink.accepts()) {
                return Rejection.closed(sink);
            }
            if (predicate != null) {
                try {
                    if (!predicate.test(CausalEnvelope.item(stored))) {
                        return null;
                    }
                } catch (Throwable failure) {
                    return new Rejection(failure, CausalEnvelope.causalities(stored), sink);
                }
            }
            Task task = new ItemTask(sink, handler, stored, port);
            Dispatchable d = task;
            if (parent != null) {
                d = parent.commit(SimpleReceiver.this, task);
                if (d == null) {
                    return null;
                }
            }
            if (!persistent) {
                done = true;
                markFired();
                from.unlinkLocked(this);
            }
            return d;
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
