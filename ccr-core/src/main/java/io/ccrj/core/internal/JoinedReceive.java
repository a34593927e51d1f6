package io.ccrj.core.internal;

import io.ccrj.core.BiHandler;
import io.ccrj.core.Joined;

/** {@code Arbiter.joinedReceive}: one item from each of two ports, handed to a two-argument handler. */
final class JoinedReceive extends JoinReceiver {
    private final BiHandler<Object, Object> handler;

    @SuppressWarnings("unchecked")
    JoinedReceive(boolean persistent, PortCore first, PortCore second, BiHandler<?, ?> handler) {
        super(persistent, new PortCore[] {first, second});
        this.handler = (BiHandler<Object, Object>) handler;
    }

    @Override
    protected void invoke(Object[][] taken) throws Exception {
        Object[] both = bySlot(taken);
        handler.handle(both[0], both[1]);
    }

    @Override
    protected Object value(Object[][] taken) {
        Object[] both = bySlot(taken);
        return new Joined<>(both[0], both[1]);
    }

    @Override
    protected String kindName() {
        return "joinedReceive";
    }
}
