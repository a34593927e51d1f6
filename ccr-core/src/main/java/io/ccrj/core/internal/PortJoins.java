package io.ccrj.core.internal;

import java.util.ArrayDeque;

/**
 * What a port keeps for the joins registered on it ({@link PortCore}'s join section): telling
 * them that items were queued, in a rotating order, skipping a lone join that is still short of
 * items; the port's reservation for a starving join; and sizing the item queue for a join that
 * needs many items. A port makes this part when the first join registers, so a port that never
 * has a join allocates nothing for it.
 *
 * <h2>Concurrency invariants</h2>
 * {@link #reservation} and {@link #presized} are guarded by the port's lock (the methods named
 * {@code ...Locked} are called with it held). {@link #rotation} is a racy hint read and written
 * without the lock: a lost update only changes which join tries first.
 */
final class PortJoins {
    /**
     * The most items a join's registration sizes the queue for in advance; a join needing more
     * lets the queue grow as items come.
     */
    static final int PRESIZE_LIMIT = 1 << 16;

    private final PortCore port;
    /** Round-robin start for {@link #notifyJoins()}; racy by design (class comment). */
    private int rotation;
    /** The capacity the item queue was last made for by {@link #presizeLocked}. */
    private int presized;
    /**
     * The reservation for a starving join ({@link PortReservation}), made the first time a join
     * competing with another reserves this port; {@code null} until then.
     */
    PortReservation reservation;

    PortJoins(PortCore port) {
        this.port = port;
    }

    PortReservation reservationLocked() {
        if (reservation == null) {
            reservation = new PortReservation(port);
        }
        return reservation;
    }

    /** Tells every registered join that items are queued (no lock held). */
    void notifyJoins() {
        ReceiverEntry[] joins = snapshot();
        int n = joins.length;
        if (n == 0) {
            return;
        }
        // Rotate which competing join tries first, so joins of equal need take turns instead of
        // the earliest registered one always winning (fairness among joins on shared ports).
        int start = Math.floorMod(rotation++, n);
        for (int i = 0; i < n; i++) {
            joins[(start + i) % n].itemQueued(port);
        }
    }

    /**
     * With one join on the port: {@code false} if it needs more items queued there than there
     * are, so that telling it would only lock its ports to find it short (a {@code
     * multipleItemReceive} of n would otherwise try n - 1 times in vain). A lone join reserves
     * nothing (reservations arbitrate between competing joins), so skipping a doomed attempt
     * changes nothing else. Caller holds the port's lock.
     */
    boolean soleJoinMayCommitLocked() {
        for (ReceiverEntry r = port.head; r != null; r = r.next) {
            if (r.isJoin()) {
                return port.sizeLocked() >= r.itemsNeededOn(port);
            }
        }
        return true;
    }

    /** The port's registered joins, in registration order (takes the port's lock). */
    private ReceiverEntry[] snapshot() {
        port.lock.lock();
        try {
            ReceiverEntry[] out = new ReceiverEntry[port.joinCountLocked()];
            int n = 0;
            for (ReceiverEntry r = port.head; r != null && n < out.length; r = r.next) {
                if (r.isJoin()) {
                    out[n++] = r;
                }
            }
            return out;
        } finally {
            port.lock.unlock();
        }
    }

    /**
     * A join that commits once {@code needed} items are queued (a {@code multipleItemReceive} of
     * n) makes room for them at once, instead of the queue growing by half its size again and
     * again, copying what it holds each time, under the lock that the posters wait for. Returns the
     * queue to use: {@code items} or a larger copy of it.
     */
    ArrayDeque<Object> presizeLocked(ArrayDeque<Object> items, int needed) {
        if (needed <= 16 || needed > PRESIZE_LIMIT || needed <= presized || needed <= items.size()) {
            return items; // an ArrayDeque never shrinks: once made for this many, it still has the room
        }
        ArrayDeque<Object> larger = new ArrayDeque<>(needed);
        larger.addAll(items);
        presized = needed;
        return larger;
    }
}
