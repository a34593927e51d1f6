package io.ccrj.core.internal;

import io.ccrj.core.BiHandler;
import io.ccrj.core.Causality;
import io.ccrj.core.Handler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The one lock-ordered join that every join arbiter extends: {@link JoinedReceive} (one item from
 * each of two ports), {@link ListJoin} (one item from each of k ports, or n items of one port) and
 * {@link GatherJoin} (n items in total across the two ports of a two-type port set). This class
 * owns the registration, the commit protocol, the reservations and the task; a subclass says what
 * a whole set is ({@link #availableLocked}, {@link #takeLocked}) and what its handler gets
 * ({@link #invoke}, {@link #value}).
 *
 * <h2>Two-phase, non-greedy commit</h2>
 * A join's entries never consume on offer. After an item is queued on one of its ports (or when
 * the join registers), the join tries to commit: it locks all its distinct ports in ascending
 * {@link PortCore#id()} order, checks that every part is available, asks its parent (a choice, an
 * interleave) if it has one, and only then takes the items. A refusal puts them back at the head.
 * Because nothing is taken until the whole set is there, competing joins never strand a partial
 * set; because locks are taken in one global order, they never deadlock; because the check and the
 * take happen under all the locks, no item is taken twice.
 *
 * <h2>Fairness between competing joins</h2>
 * Joins that share a port take turns ({@link PortCore} rotates which is told first), but a join
 * that needs more items of a port than its competitors would never see them accumulate: the
 * smaller join takes each one as it comes. So a join that fails to commit while short of items on
 * exactly one port, shared with another join, <em>reserves</em> that port
 * ({@link PortReservation}, guarded by the port's lock): until it commits, is cancelled, or the
 * port closes, other joins commit on that port only if they leave at least the reserver's need
 * queued. A reservation thus holds back at most that many items, and only while the reserver
 * waits for them and items keep coming: it lapses after a quiet millisecond with no item queued on
 * the port ({@link PortReservation#QUIET_NANOS}), and the port cannot be reserved again
 * before the next item is queued, so nothing stays stranded once a stream stops; a join short on several ports reserves none (and drops what it held), so it
 * cannot hold items that its other ports keep it from using.
 *
 * <p>Reservations are ordered by the ticket a join draws when it first reserves: a join that holds
 * an older reservation ignores younger ones (otherwise two joins could each hold what the other
 * needs). A join refused by a reservation asks the holder to re-check ({@link #tryCommit}); the
 * holder commits, drops a reservation it can no longer use, or is itself refused by an older one,
 * so the chain of re-checks runs towards the oldest holder and ends.
 */
@Internal
public abstract class JoinReceiver extends ArbiterNode {
    /** The parts in the user's order; a multiple-item receive repeats its one port n times. */
    protected final PortCore[] slots;
    /** The distinct ports in ascending id: the lock order. */
    protected final PortCore[] ports;
    /** Items needed per entry of {@link #ports} (a gather overrides what "available" means). */
    protected final int[] required;
    private final Entry[] entries;
    /** Written under all the join's port locks; read under any of them, or racily as a hint. */
    private volatile boolean done;

    protected JoinReceiver(boolean persistent, PortCore[] slots) {
        super(persistent);
        this.slots = slots;
        if (onePort(slots)) {
            // multipleItemReceive(port, n): one port n times, counted without a map (the join is
            // often made per request, and n in the thousands).
            this.ports = new PortCore[] {slots[0]};
            this.required = new int[] {slots.length};
        } else {
            Map<PortCore, Integer> counts = new LinkedHashMap<>();
            for (PortCore p : slots) {
                counts.merge(p, 1, Integer::sum);
            }
            this.ports = counts.keySet().stream().sorted(Comparator.comparingLong(PortCore::id)).toArray(PortCore[]::new);
            this.required = Arrays.stream(ports).mapToInt(counts::get).toArray();
        }
        this.entries = new Entry[ports.length];
        for (int i = 0; i < ports.length; i++) {
            entries[i] = new Entry();
        }
    }

    /** {@code true} if every slot is the same port. */
    private static boolean onePort(PortCore[] slots) {
        for (PortCore p : slots) {
            if (p != slots[0]) {
                return false;
            }
        }
        return true;
    }

    /** One item from each of two ports, handed to a two-argument handler. */
    public static JoinReceiver joined(boolean persistent, PortCore a, PortCore b, BiHandler<?, ?> handler) {
        return new JoinedReceive(persistent, a, b, handler);
    }

    /** One item from each port, as a list in port order. */
    public static JoinReceiver ports(boolean persistent, PortCore[] ports, Handler<?> handler) {
        return new ListJoin(persistent, ports.clone(), handler, false);
    }

    /** Exactly n items of one port, as a list in FIFO order. */
    public static JoinReceiver items(boolean persistent, PortCore port, int n, Handler<?> handler) {
        PortCore[] slots = new PortCore[n];
        Arrays.fill(slots, port);
        return new ListJoin(persistent, slots, handler, true);
    }

    /** n items in total across two ports, as one list per port. */
    public static JoinReceiver gather(boolean persistent, PortCore first, PortCore second, int total, BiHandler<?, ?> handler) {
        if (first == second) {
            throw new IllegalArgumentException("gather needs two different ports");
        }
        return new GatherJoin(persistent, first, second, total, handler);
    }

    @Override
    protected void register() {
        for (int i = 0; i < ports.length; i++) {
            ports[i].register(entries[i]);
        }
        tryCommit();
    }

    @Override
    protected void unregister() {
        boolean released;
        lockAll();
        try {
            done = true;
            for (int i = 0; i < ports.length; i++) {
                ports[i].unlinkLocked(entries[i]);
            }
            released = releaseReservationsLocked();
        } finally {
            unlockAll();
        }
        if (released) {
            notifyReleased();
        }
    }

    @Override
    protected boolean isFinished() {
        return done;
    }

    /** Commits as many times as the items allow (once for a one-shot join). */
    void tryCommit() {
        tryCommit(0);
    }

    private void tryCommit(int depth) {
        boolean released = false;
        Outcome outcome = new Outcome();
        try {
            while (!done && !cancelled) {
                Dispatchable d = commitOnce(outcome);
                if (d == null) {
                    JoinReceiver holder = outcome.blockedBy;
                    if (holder != null && depth < MAX_RECHECK_DEPTH) {
                        // Refused by another join's reservation: let it re-check. It commits if it
                        // can; short on several ports, it drops the reservation, which notifies
                        // this join again. A reservation can so never outlive the holder's need.
                        holder.tryCommit(depth + 1);
                    }
                    return;
                }
                released |= outcome.released;
                d.dispatch();
                if (!persistent) {
                    return;
                }
            }
        } finally {
            if (released) {
                notifyReleased();
            }
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong TICKETS = new java.util.concurrent.atomic.AtomicLong();
    /** Bounds the chain of re-checks; tickets make it finite anyway, racy reads aside. */
    private static final int MAX_RECHECK_DEPTH = 32;
    /**
     * When this join first reserved one of its ports (0: it holds none). Written under the reserved
     * port's lock, read by competitors holding theirs: a stale value only changes the order in
     * which reservations are honoured, never what a commit takes.
     */
    private volatile long ticket;

    /** What one {@link #commitOnce} call found besides its result; confined to the calling thread. */
    private static final class Outcome {
        /** The commit dropped a reservation of this join. */
        boolean released;
        /** Another join's reservation refused the commit. */
        JoinReceiver blockedBy;
    }

    private Dispatchable commitOnce(Outcome outcome) {
        outcome.released = false;
        outcome.blockedBy = null;
        lockAll();
        try {
            if (done || !sink.accepts()) {
                return null;
            }
            if (!availableLocked()) {
                reserveIfStarvingLocked();
                return null;
            }
            if (!leavesReservedItemsLocked(outcome)) {
                return null;
            }
            boolean plain = onlyPlainItemsLocked();
            Object[][] taken = takeLocked();
            JoinTask task = new JoinTask(taken, plain);
            Dispatchable d = task;
            if (parent != null) {
                d = parent.commit(this, task);
                if (d == null) {
                    putBack(taken);
                    return null;
                }
            }
            if (!persistent) {
                done = true;
                markFired();
                for (int i = 0; i < ports.length; i++) {
                    ports[i].unlinkLocked(entries[i]);
                }
            }
            outcome.released = releaseReservationsLocked();
            // The take may have emptied a closed port: its completion watchers fire after the unlock.
            List<Dispatchable> completions = null;
            for (PortCore p : ports) {
                completions = p.afterTakeLocked(completions);
            }
            if (completions != null) {
                Dispatchable work = d;
                List<Dispatchable> fired = completions;
                d = () -> {
                    work.dispatch();
                    Dispatchable.runAll(fired);
                };
            }
            return d;
        } finally {
            unlockAll();
        }
    }

    /**
     * Called under all the locks after a failed availability check: reserves the one port this
     * join is short on if another join competes for it; short on several, drops its reservations.
     */
    private void reserveIfStarvingLocked() {
        if (!reserves()) {
            return;
        }
        int shortOn = -1;
        for (int i = 0; i < ports.length; i++) {
            if (ports[i].sizeLocked() < required[i]) {
                if (shortOn >= 0) {
                    releaseReservationsLocked();
                    return;
                }
                shortOn = i;
            }
        }
        PortCore p = ports[shortOn];
        if (p.joinCountLocked() < 2 || p.isClosed()) {
            return;
        }
        PortReservation r = p.reservationLocked();
        if (r.holder() == null) {
            takeReservationLocked(p);
        } else if (r.holder() != this) {
            r.queueNext(this);
        }
    }

    private void takeReservationLocked(PortCore p) {
        if (p.reservationLocked().take(this) && ticket == 0) {
            ticket = TICKETS.incrementAndGet();
        }
    }

    /** Under all the locks: {@code true} unless a commit would eat into another join's reservation. */
    private boolean leavesReservedItemsLocked(Outcome outcome) {
        if (!reserves()) {
            return true;
        }
        for (int i = 0; i < ports.length; i++) {
            PortReservation r = ports[i].reservationOrNullLocked();
            JoinReceiver holder = r == null ? null : r.holder();
            long mine = ticket;
            if (holder != null && holder != this && (mine == 0 || holder.ticket < mine)
                    && ports[i].sizeLocked() - required[i] < holder.requiredOn(ports[i])) {
                outcome.blockedBy = holder;
                r.queueNext(this);
                r.scheduleLapse();
                return false;
            }
        }
        return true;
    }

    private int requiredOn(PortCore p) {
        return required[indexOf(p)];
    }

    /**
     * Under {@code p}'s lock: fewer items than this queued on {@code p} and a commit cannot succeed
     * (see {@link PortCore#post}, which then spares the commit attempt). By default the port's
     * share of {@link #required}; a join whose need on one port depends on another overrides it.
     */
    protected int itemsNeededOn(PortCore p) {
        return requiredOn(p);
    }

    /** Under all the locks: drops this join's reservations; {@code true} if it held any. */
    private boolean releaseReservationsLocked() {
        boolean any = false;
        for (PortCore p : ports) {
            PortReservation r = p.reservationOrNullLocked();
            if (r == null) {
                continue;
            }
            boolean held = r.holder() == this;
            JoinReceiver next = r.release(this);
            if (held) {
                any = true;
                if (next != null && !next.done && !next.cancelled) {
                    // Hand the turn over; the caller notifies the port's joins afterwards. The next
                    // holder's ticket is written under this port's lock, which it also takes.
                    next.takeReservationLocked(p);
                }
            }
        }
        ticket = 0;
        return any;
    }

    /** After a reservation was dropped: joins it held back may commit on what is queued. */
    private void notifyReleased() {
        for (PortCore p : ports) {
            p.notifyJoinsIfQueued();
        }
    }

    // ---- what a subclass decides ----

    /** Under all the locks: no port holds an item wrapped with causalities. */
    private boolean onlyPlainItemsLocked() {
        for (PortCore p : ports) {
            if (!p.onlyPlainItemsLocked()) {
                return false;
            }
        }
        return true;
    }

    /** Under all the locks: is a whole set queued? By default, {@link #required} per port. */
    protected boolean availableLocked() {
        for (int i = 0; i < ports.length; i++) {
            if (ports[i].sizeLocked() < required[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Under all the locks, after {@link #availableLocked()} said yes: takes one set, per distinct
     * port (index into {@link #ports}), FIFO. By default, {@link #required} per port.
     */
    protected Object[][] takeLocked() {
        Object[][] out = new Object[ports.length][];
        for (int i = 0; i < ports.length; i++) {
            out[i] = ports[i].takeLocked(required[i]);
        }
        return out;
    }

    /** {@code false} for joins that take no fixed count per port, which cannot reserve one. */
    protected boolean reserves() {
        return true;
    }

    /**
     * Runs the user's handler on a committed set: the items per distinct port, FIFO, already
     * unwrapped from their causality envelopes. The arrays are the handler's to keep.
     */
    protected abstract void invoke(Object[][] taken) throws Exception;

    /** What a sequential task's {@code await} returns for a committed set (items as for {@link #invoke}). */
    protected abstract Object value(Object[][] taken);

    /** The factory's name, with its parameters, for {@link #describe()}. */
    protected abstract String kindName();

    /** The ports as {@link #describe()} lists them. */
    protected PortCore[] describedPorts() {
        return slots;
    }

    /** The committed items (as {@link #invoke} gets them) in slot (user) order. */
    protected final Object[] bySlot(Object[][] taken) {
        if (ports.length == 1) {
            return taken[0]; // one port: the slots are its items in FIFO order, as taken
        }
        int[] next = new int[ports.length];
        Object[] out = new Object[slots.length];
        for (int s = 0; s < slots.length; s++) {
            int i = indexOf(slots[s]);
            out[s] = taken[i][next[i]++];
        }
        return out;
    }

    /** The items of one port, in order, as a list the handler may change. */
    protected static List<Object> items(Object[] taken) {
        return new ArrayList<>(Arrays.asList(taken));
    }

    private void putBack(Object[][] taken) {
        for (int i = 0; i < ports.length; i++) {
            for (int j = taken[i].length - 1; j >= 0; j--) {
                ports[i].pushBackLocked(taken[i][j]);
            }
        }
    }

    private void lockAll() {
        for (PortCore p : ports) {
            p.lock.lock();
        }
    }

    private void unlockAll() {
        for (int i = ports.length - 1; i >= 0; i--) {
            ports[i].lock.unlock();
        }
    }

    protected final int indexOf(PortCore p) {
        for (int i = 0; i < ports.length; i++) {
            if (ports[i] == p) {
                return i;
            }
        }
        throw new IllegalStateException();
    }

    @Override
    public String describe() {
        String ps = Arrays.stream(describedPorts()).map(PortCore::toString).collect(Collectors.joining(", "));
        return kindName() + "(" + (persistent ? "persistent" : "one-shot") + ", " + ps
                + (parent != null ? ", in " + parent.describe() : "")
                + (sink != null ? ", on " + sink.sinkName() : "") + ")";
    }

    private final class Entry extends ReceiverEntry {
        @Override
        protected Dispatchable offer(Object entry, PortCore port) {
            return null; // non-greedy: commit happens from the queue, under all the join's locks
        }

        @Override
        protected boolean isJoin() {
            return true;
        }

        @Override
        protected void itemQueued(PortCore port) {
            tryCommit();
        }

        @Override
        protected int itemsNeededOn(PortCore port) {
            return JoinReceiver.this.itemsNeededOn(port);
        }

        @Override
        protected boolean isDone() {
            return done;
        }

        @Override
        protected String describe() {
            return JoinReceiver.this.describe();
        }
    }

    /** The handler bound to one committed set of items. */
    private final class JoinTask extends Task {
        /** The entries per distinct port, FIFO, as queued (with their envelopes, if any). */
        private final Object[][] taken;
        /** No entry is wrapped: {@link #taken} holds the items themselves. */
        private final boolean plain;

        JoinTask(Object[][] taken, boolean plain) {
            super(JoinReceiver.this.sink, plain ? null : causalitiesOf(taken));
            this.taken = taken;
            this.plain = plain;
        }

        @Override
        protected boolean invoke() throws Exception {
            JoinReceiver.this.invoke(items());
            return false;
        }

        @Override
        public Object value() {
            return JoinReceiver.this.value(items());
        }

        /** The items without their envelopes; the entries stay as taken for a put-back or a discard. */
        private Object[][] items() {
            if (plain) {
                return taken;
            }
            Object[][] out = new Object[taken.length][];
            for (int i = 0; i < taken.length; i++) {
                out[i] = new Object[taken[i].length];
                for (int j = 0; j < out[i].length; j++) {
                    out[i][j] = CausalEnvelope.item(taken[i][j]);
                }
            }
            return out;
        }

        @Override
        protected void collectItems(Map<PortCore, List<Object>> byPort) {
            for (int i = 0; i < ports.length; i++) {
                collect(byPort, ports[i], taken[i]);
            }
        }

        @Override
        protected String describe() {
            return "task(" + JoinReceiver.this.describe() + ")";
        }
    }

    private static Causality[] causalitiesOf(Object[][] taken) {
        Causality[] out = null;
        for (Object[] perPort : taken) {
            for (Object e : perPort) {
                out = CausalityContext.merge(out, CausalEnvelope.causalities(e));
            }
        }
        return out;
    }
}
