package io.ccrj.mpi.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The state of one window that all its ranks share: each rank's {@link RmaTarget}. Made by the
 * first rank to arrive at the window's creation and found by the others through a registry keyed
 * by the world and the context of the window's private communicator, which every member computes
 * alike: a rank's array cannot travel in a message, since an {@code OBJECT} message copies its
 * elements where ranks have their own class loaders, while this class and primitive arrays are
 * the same for every rank of a world.
 *
 * <p>Creation: each rank writes its slot of {@link #targets}, then the ranks pass a barrier on
 * the window's communicator, which orders every slot write before every rank's reads of the
 * slots; the last rank to have read them removes the registry entry ({@link #leave}). The
 * registry holds worlds weakly, so a world that ended half-way through a creation leaves nothing
 * behind.
 */
final class WindowShared {
    /** Windows being created, by world and context; guarded by its own monitor (creation is rare). */
    private static final Map<World, Map<Integer, WindowShared>> OPEN = new WeakHashMap<>();

    final String label;
    /** Slot {@code r}: rank {@code r}'s target; written by that rank before the creation barrier. */
    final RmaTarget[] targets;
    private final AtomicInteger read = new AtomicInteger();

    private WindowShared(String label, int ranks) {
        this.label = label;
        this.targets = new RmaTarget[ranks];
    }

    /** The shared state of the window being created on {@code context}; the same instance for every member. */
    static WindowShared join(World world, int context, String label, int ranks) {
        synchronized (OPEN) {
            return OPEN.computeIfAbsent(world, w -> new HashMap<>())
                    .computeIfAbsent(context, c -> new WindowShared(label, ranks));
        }
    }

    /** Called by each member after it read the slots: the last one removes the registry entry. */
    void leave(World world, int context) {
        if (read.incrementAndGet() == targets.length) {
            synchronized (OPEN) {
                Map<Integer, WindowShared> open = OPEN.get(world);
                if (open != null) {
                    open.remove(context);
                    if (open.isEmpty()) {
                        OPEN.remove(world);
                    }
                }
            }
        }
    }
}
