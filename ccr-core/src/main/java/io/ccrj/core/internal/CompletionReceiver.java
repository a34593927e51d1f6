package io.ccrj.core.internal;

import io.ccrj.core.Causality;

import java.util.List;
import java.util.Map;

/**
 * {@code Arbiter.completion}: a one-shot arbiter that fires once its port is closed and holds no
 * item, and runs its handler as a task on its sink (or through its parent: a choice branch, an
 * interleave's teardown group).
 *
 * <p>It is not on the port's receiver list (posts never offer items to it, so the hot path does
 * not pay for it); the port keeps it in a list of watchers and calls {@link #fireLocked} under its
 * lock whenever it may have become closed and empty. {@link #done} is guarded by the port lock.
 */
public final class CompletionReceiver extends ArbiterNode {
    private final PortCore port;
    private final Runnable handler;
    /** Guarded by the port lock. */
    private boolean done;
    /** The activating thread's causalities: the handler's failures go there. */
    private Causality[] causalities;

    public CompletionReceiver(PortCore port, Runnable handler) {
        super(false);
        this.port = port;
        this.handler = handler;
    }

    @Override
    protected void register() {
        causalities = CausalityContext.get(); // published to the firing thread by the port lock
        port.watch(this);
    }

    @Override
    protected void unregister() {
        port.lock.lock();
        try {
            done = true;
            port.unwatchLocked(this);
        } finally {
            port.lock.unlock();
        }
    }

    boolean isDoneLocked() {
        return done;
    }

    /** Fires under the port lock; returns what to dispatch after the unlock, or {@code null}. */
    Dispatchable fireLocked(PortCore from) {
        if (done || !sink.accepts()) {
            return null;
        }
        Task task = new Task(sink, causalities) {
            @Override
            protected boolean invoke() {
                handler.run();
                return false;
            }

            @Override
            protected void collectItems(Map<PortCore, List<Object>> byPort) {
                // consumes no item
            }

            @Override
            protected String describe() {
                return "task(completion of " + port + ")";
            }
        };
        Dispatchable d = task;
        if (parent != null) {
            d = parent.commit(this, task);
            if (d == null) {
                return null;
            }
        }
        done = true;
        markFired();
        from.unwatchLocked(this);
        return d;
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
        return "completion(" + port + (parent != null ? ", in " + parent.describe() : "")
                + (sink != null ? ", on " + sink.sinkName() : "") + ")";
    }
}
