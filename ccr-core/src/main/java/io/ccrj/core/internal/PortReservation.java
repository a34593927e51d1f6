package io.ccrj.core.internal;

import java.util.concurrent.TimeUnit;

/**
 * One port's reservation for a starving join (see {@link JoinReceiver}): which join holds the
 * port's items back, which one takes the reservation next, and when an unused reservation lapses.
 * What the port and the joins on it both did to these fields is kept here, in one place.
 *
 * <h2>Concurrency invariants</h2>
 * Every field is plain and guarded by the port's lock ({@link PortCore#lock}): each method but
 * {@link #lapseIfQuiet()} is called with it held (a join holds all its ports' locks). The port
 * creates its reservation lazily, under the lock, the first time a join competing with another
 * one reserves it ({@link PortCore#reservationLocked()}), so ports without competing joins
 * allocate nothing for it; once created it stays. {@link #lapseIfQuiet()} runs on the timer
 * thread, takes the lock itself, and notifies the port's joins after releasing it.
 */
final class PortReservation {
    /**
     * A reservation lapses after this long without an item queued: when the stream goes quiet the
     * items it held back go to the other joins instead of waiting for items that may never come.
     */
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final PortCore port;
    /** The join that reserved the port because it starves there, or {@code null}. */
    private JoinReceiver holder;
    /**
     * The join that wants the reservation next (it was refused by the current one, or starves and
     * found it taken); the reservation passes to it when the holder lets go, so joins take turns
     * instead of a persistent holder re-reserving at once.
     */
    private JoinReceiver next;
    /** When the reservation was taken or last saw an item queued ({@code System.nanoTime}). */
    private long activity;
    /** A lapse check is scheduled. */
    private boolean lapseScheduled;
    /**
     * A reservation lapsed and no item was queued since: the port cannot be reserved again until
     * one is, or the starving join would re-reserve it at once and hold the items back forever.
     */
    private boolean lapsedSinceLastItem;

    PortReservation(PortCore port) {
        this.port = port;
    }

    /** The join holding the reservation, or {@code null}. */
    JoinReceiver holder() {
        return holder;
    }

    /** An item was queued on the port: it may be reserved again, and a held reservation is active. */
    void itemQueued() {
        lapsedSinceLastItem = false;
        if (holder != null) {
            activity = System.nanoTime();
        }
    }

    /** Reserves the port for {@code join}, unless a reservation lapsed since the last item. */
    boolean take(JoinReceiver join) {
        if (lapsedSinceLastItem) {
            return false;
        }
        holder = join;
        activity = System.nanoTime();
        return true;
    }

    /** {@code join} wants the reservation next, unless another join already does. */
    void queueNext(JoinReceiver join) {
        if (next == null) {
            next = join;
        }
    }

    /**
     * {@code join} lets go of the port: it no longer waits for the reservation and, if it held it,
     * gives it up. Returns the join waiting to take it next (taken off), or {@code null} when
     * {@code join} held nothing or nobody waits (a caller tells those apart by {@link #holder()}
     * before).
     */
    JoinReceiver release(JoinReceiver join) {
        if (next == join) {
            next = null;
        }
        if (holder != join) {
            return null;
        }
        holder = null;
        JoinReceiver n = next;
        next = null;
        return n;
    }

    /** Drops the reservation and its successor (the port closed); {@code true} if one was held. */
    boolean clear() {
        boolean held = holder != null;
        holder = null;
        next = null;
        return held;
    }

    /**
     * A join was refused because of the reservation: make sure a check that lets it lapse after a
     * quiet period is scheduled (scheduling a timer does not call out).
     */
    void scheduleLapse() {
        if (!lapseScheduled) {
            lapseScheduled = true;
            TimerService.runAfter(QUIET_NANOS, this::lapseIfQuiet);
        }
    }

    private void lapseIfQuiet() {
        boolean lapsed = false;
        port.lock.lock();
        try {
            lapseScheduled = false;
            if (holder == null) {
                return;
            }
            long quiet = System.nanoTime() - activity;
            if (quiet >= QUIET_NANOS) {
                holder = null;
                next = null;
                lapsedSinceLastItem = true;
                lapsed = true;
            } else {
                lapseScheduled = true;
                TimerService.runAfter(QUIET_NANOS - quiet, this::lapseIfQuiet);
            }
        } finally {
            port.lock.unlock();
        }
        if (lapsed) {
            port.notifyJoinsIfQueued();
        }
    }
}
