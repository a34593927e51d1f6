package io.ccrj.core.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The snapshots and counters of a port that the {@code Port} API reads ({@code test},
 * {@code itemCount}, {@code toString}...), and the takes that are not receives ({@code test},
 * {@code clear}). Each takes the port's lock for its own short read or take; a take hands the
 * port's departure and completion watchers on as every take does ({@link PortCore#afterTakeLocked}).
 */
@Internal
public final class PortInspection {
    private PortInspection() {
    }

    /** Takes the head item or returns {@code null}; the entry's causalities are dropped. */
    public static Object test(PortCore port) {
        Object out;
        List<Dispatchable> toRun = null;
        port.lock.lock();
        try {
            out = port.items.isEmpty() ? null : CausalEnvelope.item(port.items.pollFirst());
            if (out != null) {
                toRun = port.afterTakeLocked(null);
            }
        } finally {
            port.lock.unlock();
        }
        Dispatchable.runAll(toRun);
        return out;
    }

    /** Takes exactly {@code n} head items, or none ({@code null}). */
    public static List<Object> test(PortCore port, int n) {
        List<Dispatchable> toRun = null;
        port.lock.lock();
        try {
            if (port.items.size() < n) {
                return null;
            }
            List<Object> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(CausalEnvelope.item(port.items.pollFirst()));
            }
            toRun = port.afterTakeLocked(null);
            return out;
        } finally {
            port.lock.unlock();
            Dispatchable.runAll(toRun);
        }
    }

    /** Removes every queued item and returns how many there were. */
    public static int clear(PortCore port) {
        List<Dispatchable> toRun = null;
        port.lock.lock();
        try {
            int n = port.items.size();
            port.items.clear();
            toRun = port.afterTakeLocked(null);
            return n;
        } finally {
            port.lock.unlock();
            Dispatchable.runAll(toRun);
        }
    }

    /** The number of queued items. */
    public static int itemCount(PortCore port) {
        port.lock.lock();
        try {
            return port.items.size();
        } finally {
            port.lock.unlock();
        }
    }

    /** The number of items ever accepted by {@code post} (taken at once or queued). */
    public static long postedCount(PortCore port) {
        port.lock.lock();
        try {
            return port.posted;
        } finally {
            port.lock.unlock();
        }
    }

    /** The number of registered receivers, joins included. */
    public static int receiverCount(PortCore port) {
        port.lock.lock();
        try {
            return port.receiverCount;
        } finally {
            port.lock.unlock();
        }
    }

    /**
     * The number of registered completion arbiters ({@code Arbiter.completion}): they watch the
     * port instead of sitting on its receiver list, so {@link #receiverCount} does not count them.
     */
    public static int completionWatcherCount(PortCore port) {
        port.lock.lock();
        try {
            return port.completionWatcherCountLocked();
        } finally {
            port.lock.unlock();
        }
    }

    /** A snapshot of the queued items, head first. */
    public static List<Object> itemsSnapshot(PortCore port) {
        port.lock.lock();
        try {
            List<Object> out = new ArrayList<>(port.items.size());
            for (Object e : port.items) {
                out.add(CausalEnvelope.item(e));
            }
            return out;
        } finally {
            port.lock.unlock();
        }
    }

    /** Descriptions of the registered receivers, in registration order (at most 1,000, then a count). */
    public static List<String> receiverDescriptions(PortCore port) {
        port.lock.lock();
        try {
            int count = port.receiverCount;
            List<String> out = new ArrayList<>(Math.min(count, 1000));
            for (ReceiverEntry r = port.head; r != null; r = r.next) {
                if (out.size() == 1000) {
                    out.add("... " + (count - 1000) + " more");
                    break;
                }
                out.add(r.describe());
            }
            return out;
        } finally {
            port.lock.unlock();
        }
    }
}
