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
@Internal
public final class CompletionReceiver extends PortReceiver {
    private final Runnable handler;
    /** The activating thread's causalities: the handler's failures go there. */
    private Causality[] causalities;

    public CompletionReceiver(PortCore port, Runnable handler) {
        super(false, port);
        this.handler = handler;
    }

    @Override
    protected void register() {
        causalities = CausalityContext.get(); // published to the firing thread by the port lock
        port.watch(this);
    }

    @Override
    protected void unlinkLocked(PortCore from) {
        from.unwatchLocked(this);
    }

    boolean isDoneLocked() {
        return done;
    }

    /** Fires under the port lock; returns what to dispatch after the unlock, or {@code null}. */
    Dispatchable fireLocked(PortCore from) {
        return offerLocked(null, from);
    }

    @Override
    protected Dispatchable accept(Object none) {
        return new Task(sink, causalities) {
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
    }

    @Override
    public String describe() {
        return "completion(" + port + (parent != null ? ", in " + parent.describe() : "")
                + (sink != null ? ", on " + sink.sinkName() : "") + ")";
    }
}
