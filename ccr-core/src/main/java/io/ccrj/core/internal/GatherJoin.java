package io.ccrj.core.internal;

import io.ccrj.core.BiHandler;
import io.ccrj.core.Joined;

/**
 * The gather form of {@code Arbiter.multipleItemReceive}: n items in total across the two ports
 * of a two-type port set, one list per port. It needs no fixed count per port, so it never
 * reserves one (see {@link JoinReceiver}).
 */
final class GatherJoin extends JoinReceiver {
    private final int total;
    private final BiHandler<Object, Object> handler;

    @SuppressWarnings("unchecked")
    GatherJoin(boolean persistent, PortCore first, PortCore second, int total, BiHandler<?, ?> handler) {
        super(persistent, new PortCore[] {first, second});
        this.total = total;
        this.handler = (BiHandler<Object, Object>) handler;
    }

    @Override
    protected boolean availableLocked() {
        return ports[0].sizeLocked() + ports[1].sizeLocked() >= total;
    }

    /** The total may come from either port: one item on this one may complete it. */
    @Override
    protected int itemsNeededOn(PortCore p) {
        return 1;
    }

    @Override
    protected Object[][] takeLocked() {
        // Slot order, not lock order: the first port of the set is drained first.
        Object[][] out = new Object[2][];
        int fromFirst = Math.min(slots[0].sizeLocked(), total);
        int firstIndex = ports[0] == slots[0] ? 0 : 1;
        out[firstIndex] = slots[0].takeLocked(fromFirst);
        out[1 - firstIndex] = slots[1].takeLocked(total - fromFirst);
        return out;
    }

    @Override
    protected boolean reserves() {
        return false;
    }

    @Override
    protected void invoke(Object[][] taken) throws Exception {
        int first = indexOf(slots[0]);
        handler.handle(items(taken[first]), items(taken[1 - first]));
    }

    @Override
    protected Object value(Object[][] taken) {
        int first = indexOf(slots[0]);
        return new Joined<>(items(taken[first]), items(taken[1 - first]));
    }

    @Override
    protected String kindName() {
        return "multipleItemReceive(gather n=" + total + ")";
    }
}
