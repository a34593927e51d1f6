package io.ccrj.core.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Work decided under a port lock and carried out after the lock is released: enqueue a task on a
 * dispatcher queue, wake a waiting sequential task, or report a rejected item's failure.
 */
@FunctionalInterface
@Internal
public interface Dispatchable {
    /** A dispatchable that does nothing: the item was consumed and parked inside an arbiter. */
    Dispatchable NONE = () -> { };

    /** Carries out the work; called with no port lock held. */
    void dispatch();

    /**
     * Adds {@code d} to {@code list}, made on first use: the work a path under a port lock collects
     * to dispatch after the unlock. Most such paths collect nothing and allocate nothing.
     */
    static List<Dispatchable> add(List<Dispatchable> list, Dispatchable d) {
        if (list == null) {
            list = new ArrayList<>(2);
        }
        list.add(d);
        return list;
    }

    /** Dispatches everything {@link #add} collected, in order; {@code null} is nothing. */
    static void runAll(List<Dispatchable> list) {
        if (list != null) {
            for (Dispatchable d : list) {
                d.dispatch();
            }
        }
    }
}
