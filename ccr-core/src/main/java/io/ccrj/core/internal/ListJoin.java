package io.ccrj.core.internal;

import io.ccrj.core.Handler;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * {@code Arbiter.multiplePortReceive} (one item from each of several ports) and
 * {@code Arbiter.multipleItemReceive} (n items of one port: the port repeated n times): the
 * handler gets one list in slot order.
 */
final class ListJoin extends JoinReceiver {
    private final Handler<Object> handler;
    private final boolean onePort;

    @SuppressWarnings("unchecked")
    ListJoin(boolean persistent, PortCore[] slots, Handler<?> handler, boolean onePort) {
        super(persistent, slots);
        this.handler = (Handler<Object>) handler;
        this.onePort = onePort;
    }

    @Override
    protected void invoke(Object[][] taken) throws Exception {
        handler.handle(list(bySlot(taken)));
    }

    @Override
    protected Object value(Object[][] taken) {
        return list(bySlot(taken));
    }

    /** An unmodifiable view: the items were copied once, out of the port; no second copy. */
    private static List<Object> list(Object[] items) {
        return Collections.unmodifiableList(Arrays.asList(items));
    }

    @Override
    protected String kindName() {
        return onePort ? "multipleItemReceive(n=" + slots.length + ")" : "multiplePortReceive";
    }

    @Override
    protected PortCore[] describedPorts() {
        return onePort ? ports : slots;
    }
}
