package io.ccrj.core.internal;

import java.util.List;
import java.util.Map;

/** {@code Arbiter.fromHandler}: runs a handler once, as soon as it is activated. */
@Internal
public final class SingleTask extends ArbiterNode {
    private final Runnable handler;
    private volatile boolean fired;

    public SingleTask(Runnable handler) {
        super(false);
        this.handler = handler;
    }

    @Override
    protected void register() {
        fired = true;
        markFired();
        Task t = new Task(sink, CausalityContext.get()) {
            @Override
            protected boolean invoke() {
                handler.run();
                return false;
            }

            @Override
            protected void collectItems(Map<PortCore, List<Object>> byPort) {
            }

            @Override
            protected String describe() {
                return "fromHandler task";
            }
        };
        if (parent != null) {
            Dispatchable d = parent.commit(this, t);
            if (d != null) {
                d.dispatch();
            }
        } else {
            t.dispatch();
        }
    }

    @Override
    protected void unregister() {
    }

    @Override
    protected boolean isFinished() {
        return fired;
    }

    @Override
    public String describe() {
        return "fromHandler" + (sink != null ? "(on " + sink.sinkName() + ")" : "");
    }
}
