package io.ccrj.core.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The implementation of a port: an unbounded FIFO of stored entries (items, or items wrapped with
 * their causalities) plus an ordered list of receivers.
 *
 * <h2>Thread safety</h2>
 * Every method may be called from any thread. {@link #lock} guards {@link #items}, the receiver
 * list and its entries' link fields, and the state of the parts below. {@link #post} never blocks
 * on anything but that lock, which is only ever held for O(receivers) steps with no user code
 * inside (except predicates).
 *
 * <h2>Invariant</h2>
 * At rest, no item in {@link #items} is accepted by any non-join receiver on the list: a post
 * offers the new item to every receiver before queuing it, and a registration offers every queued
 * item to the new receiver. Joins are the exception by design (they never consume on offer; they
 * commit from the queue once every part is available).
 *
 * <h2>Completion</h2>
 * {@link #close()} sets {@link #closed} under the lock; from then on posts are refused, and the
 * completion watchers ({@link CompletionReceiver}) fire once the port is closed and holds no item.
 * Every path that can empty the queue (close, a registration draining it, {@code test}, {@code
 * clear}, a join commit) checks that condition under the lock and dispatches the fired watchers
 * after releasing it, so a watcher fires exactly once, after the last item was taken.
 *
 * <h2>Departures</h2>
 * The same paths ({@link #afterTakeLocked}) also hand the port's departure watchers to the
 * caller, to run after the unlock: a {@code PortSubscriber} asks its publisher for more only
 * as queued items leave the port. A post whose item a receiver takes at once never queues it, so
 * the post path does not call them (its poster knows). With no watcher the cost is one null check
 * on those paths, none on the post path.
 *
 * <h2>Parts</h2>
 * This class holds what every path shares (the item queue, the receiver list, the closed flag)
 * and the paths that change them: post, close, registration, and the join commit's access to the
 * queue. {@link PortWatchers} holds the completion and departure watchers, {@link PortJoins} what
 * the port keeps for its joins (their notification, the reservation, presizing); each is made on
 * first use, so a port without watchers or joins allocates nothing for them. {@link
 * PortInspection} holds the snapshots and counters the {@code Port} API reads.
 */
@Internal
public final class PortCore {
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final String name;
    final ReentrantLock lock = new ReentrantLock();
    /** Guarded by the lock; replaced only by a larger copy ({@link PortJoins#presizeLocked}). */
    ArrayDeque<Object> items = new ArrayDeque<>();
    /** The receiver list, in registration order; guarded by the lock. */
    ReceiverEntry head;
    private ReceiverEntry tail;
    int receiverCount;
    private int joinCount;
    long posted;
    /** Written under the lock; read without it only as a hint ({@link #isClosed()}). */
    private volatile boolean closed;
    /**
     * An entry wrapped with its causalities was ever queued here; guarded by the lock. Sticky, so
     * it needs no bookkeeping on the many paths that take entries: while it is false, every queued
     * entry is the posted item itself, and a join commit skips unwrapping and merging causalities
     * item by item ({@link #onlyPlainItemsLocked()}).
     */
    private boolean envelopesQueued;
    /** Made by the first watch; guarded by the lock; {@code null} until then. */
    private PortWatchers watchers;
    /** Made when the first join registers (so never {@code null} while {@link #joinCount} is positive); guarded by the lock. */
    private PortJoins joins;

    public PortCore(String name) {
        this.name = name;
    }

    /**
     * Takes {@link #lock} on the paths that run per message (a post, a drain's worker running dry),
     * spinning briefly while another thread holds it: those sections are a few dozen
     * instructions, and a thread that queues on a {@link ReentrantLock} allocates a wait node and
     * may park, which would cost a message on the other side an allocation and a wake-up.
     */
    void lockBriefly() {
        if (lock.tryLock()) {
            return;
        }
        for (int i = 0; i < LOCK_SPINS; i++) {
            Thread.onSpinWait();
            if (lock.tryLock()) {
                return;
            }
        }
        lock.lock();
    }

    /** Spin-wait hints {@link #lockBriefly()} spends before it queues on the lock. */
    private static final int LOCK_SPINS = 256;

    /** A process-wide unique id; join commits lock ports in ascending id order. */
    public long id() {
        return id;
    }

    public String name() {
        return name;
    }

    /**
     * Posts an item: offers it to the receivers in registration order, queues it if none takes it,
     * and then runs what the taker decided (enqueue a task) with the lock released. If the item was
     * queued because a receiver's dispatcher is closed, throws {@link RejectedExecutionException}
     * after queuing it (nothing is lost).
     */
    public void post(Object item) {
        post(item, true);
    }

    /**
     * Posts an item, or, with {@code throwOnRefusal} false, tries to: returns {@code false} instead
     * of throwing when the port is closed (nothing is queued) or when the item stays queued because
     * the receivers' dispatcher is closed or the task could not be accepted.
     */
    public boolean post(Object item, boolean throwOnRefusal) {
        if (item == null) { // not requireNonNull with a message supplier: no capture to allocate per post
            throw new NullPointerException("cannot post null to port '" + name + "'");
        }
        Object entry = CausalityContext.wrap(item);
        Dispatchable toRun = null;
        List<Dispatchable> rejections = null;
        boolean notifyJoins = false;
        lockBriefly();
        try {
            if (closed) {
                if (throwOnRefusal) {
                    throw new IllegalStateException("port '" + name + "' is closed: cannot post " + item.getClass().getName());
                }
                return false;
            }
            posted++;
            for (ReceiverEntry r = head; r != null; ) {
                ReceiverEntry next = r.next; // r may unlink itself when it fires
                Dispatchable d = r.offer(entry, this);
                if (d != null) {
                    if (d instanceof Rejection) {
                        rejections = Dispatchable.add(rejections, d);
                    } else {
                        toRun = d;
                        break;
                    }
                }
                r = next;
            }
            if (toRun == null) {
                notifyJoins = queueLocked(entry, entry != item);
            }
        } finally {
            lock.unlock();
        }
        if (toRun != null && rejections == null && throwOnRefusal) {
            toRun.dispatch(); // the hot path: a receiver took the item
            return true;
        }
        return afterPost(toRun, rejections, notifyJoins, throwOnRefusal);
    }

    /**
     * Queues a posted entry nobody took; caller holds the lock. Returns {@code true} if the joins
     * should be told (after the unlock): more than one, or a lone one that may now commit.
     */
    private boolean queueLocked(Object entry, boolean envelope) {
        items.addLast(entry);
        envelopesQueued |= envelope;
        PortJoins j = joins;
        if (j != null && j.reservation != null) {
            j.reservation.itemQueued();
        }
        return joinCount > 1 || (joinCount == 1 && j.soleJoinMayCommitLocked());
    }

    /**
     * The rest of {@link #post} after the unlock, where rejections were met or the caller asked
     * not to throw: rejections first, then the taker's work, or the joins told.
     */
    private boolean afterPost(Dispatchable toRun, List<Dispatchable> rejections, boolean notifyJoins,
                              boolean throwOnRefusal) {
        Dispatchable.runAll(rejections);
        if (toRun != null) {
            if (throwOnRefusal) {
                toRun.dispatch();
                return true;
            }
            try {
                toRun.dispatch();
                return true;
            } catch (RejectedExecutionException refused) {
                return false; // the task put its items back: the item is queued here
            }
        }
        if (notifyJoins) {
            joins.notifyJoins();
        }
        if (rejections != null) {
            for (Dispatchable d : rejections) {
                if (((Rejection) d).isClosed()) {
                    if (throwOnRefusal) {
                        throw ((Rejection) d).toException(this);
                    }
                    return false;
                }
            }
        }
        return true;
    }

    // ---- completion ----

    /**
     * Closes the port: later posts are refused; items already queued stay and can still be
     * received; completion watchers fire once none is left. Idempotent.
     *
     * @return {@code true} if this call closed it
     */
    public boolean close() {
        List<Dispatchable> toRun;
        boolean reserved;
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            closed = true;
            // A reservation holds items back for a join that waits for more; none will come.
            reserved = joins != null && joins.reservation != null && joins.reservation.clear();
            toRun = completionLocked(null);
        } finally {
            lock.unlock();
        }
        Dispatchable.runAll(toRun);
        if (reserved) {
            notifyJoinsIfQueued();
        }
        return true;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Adds a completion watcher; it fires at once (after the unlock) if the port is already drained. */
    void watch(CompletionReceiver w) {
        List<Dispatchable> toRun;
        lock.lock();
        try {
            if (w.isDoneLocked()) {
                return;
            }
            watchersLocked().addCompletionLocked(w);
            toRun = completionLocked(null);
        } finally {
            lock.unlock();
        }
        Dispatchable.runAll(toRun);
    }

    /** The completion watchers registered now; caller holds the lock ({@link PortInspection}). */
    int completionWatcherCountLocked() {
        return watchers == null ? 0 : watchers.completionCountLocked();
    }

    /** Removes a completion watcher; caller holds the lock. */
    void unwatchLocked(CompletionReceiver w) {
        if (watchers != null) {
            watchers.removeCompletionLocked(w);
        }
    }

    /**
     * Adds a departure watcher: {@code watcher.dispatch()} runs, with no port lock held, on the
     * thread that took queued items from this port (a registration, a join commit, {@code test},
     * {@code clear}) after it took them. It may run spuriously (nothing left) and concurrently
     * with itself on several threads: it must re-read what it needs and be thread safe.
     */
    public void watchDepartures(Dispatchable watcher) {
        lock.lock();
        try {
            watchersLocked().addDepartureLocked(watcher);
        } finally {
            lock.unlock();
        }
    }

    /** Removes a departure watcher (idempotent). */
    public void unwatchDepartures(Dispatchable watcher) {
        lock.lock();
        try {
            if (watchers != null) {
                watchers.removeDepartureLocked(watcher);
            }
        } finally {
            lock.unlock();
        }
    }

    private PortWatchers watchersLocked() {
        if (watchers == null) {
            watchers = new PortWatchers(this);
        }
        return watchers;
    }

    /**
     * Called under the lock by every path that took queued items (or may have): adds the
     * departure watchers and, if the port is now closed and empty, the fired completion watchers
     * to {@code toRun}, to dispatch once the lock is released.
     */
    List<Dispatchable> afterTakeLocked(List<Dispatchable> toRun) {
        return watchers == null ? toRun : watchers.afterTakeLocked(toRun);
    }

    /**
     * If the port is closed and empty, fires the watchers; caller holds the lock. Returns
     * {@code toRun} with the work to dispatch once the lock is released added to it.
     */
    List<Dispatchable> completionLocked(List<Dispatchable> toRun) {
        return watchers == null ? toRun : watchers.completionLocked(toRun);
    }

    // ---- joins (see PortJoins) ----

    /** Tells the joins that items are queued, if there are joins and items (no lock held). */
    void notifyJoinsIfQueued() {
        boolean any;
        lock.lock();
        try {
            any = joinCount > 0 && !items.isEmpty();
        } finally {
            lock.unlock();
        }
        if (any) {
            joins.notifyJoins();
        }
    }

    /** This port's reservation, created on first use; caller holds the lock. */
    PortReservation reservationLocked() {
        return joinsLocked().reservationLocked();
    }

    /** This port's reservation, or {@code null} if no join ever reserved it; caller holds the lock. */
    PortReservation reservationOrNullLocked() {
        return joins == null ? null : joins.reservation;
    }

    /** Number of registered joins; caller holds the lock. */
    int joinCountLocked() {
        return joinCount;
    }

    private PortJoins joinsLocked() {
        if (joins == null) {
            joins = new PortJoins(this);
        }
        return joins;
    }

    // ---- receivers ----

    /**
     * Appends a receiver and offers it every queued item in FIFO order (a one-shot receiver takes
     * the first it accepts; a persistent one drains all it accepts). Joins are told afterwards.
     *
     * <p>A receiver that is already done is not linked. An arbiter registers on its ports one at a
     * time, so it can fire (a join committing through a port it registered on first) or be
     * cancelled (a losing choice branch, {@code cancel()} from another thread) before it reaches
     * this port; its unregistration then found nothing to unlink here. Its done flag is written
     * under this port's lock (a join's under all its ports' locks), so checking it under the lock
     * decides the race: either the arbiter finished before (skip it) or it will unlink afterwards.
     */
    public void register(ReceiverEntry r) {
        List<Dispatchable> toRun = null;
        lock.lock();
        try {
            if (r.owner != null) {
                throw new IllegalStateException("receiver already registered on port '" + r.owner.name + "'");
            }
            if (r.isDone()) {
                return;
            }
            link(r);
            if (r.isJoin()) {
                items = joins.presizeLocked(items, r.itemsNeededOn(this));
            } else {
                toRun = offerQueuedLocked(r);
            }
        } finally {
            lock.unlock();
        }
        Dispatchable.runAll(toRun);
    }

    /** Offers the queued items to a new receiver, in FIFO order; caller holds the lock. */
    private List<Dispatchable> offerQueuedLocked(ReceiverEntry r) {
        List<Dispatchable> toRun = null;
        boolean took = false;
        for (Iterator<Object> it = items.iterator(); it.hasNext() && !r.isDone(); ) {
            Object entry = it.next();
            Dispatchable d = r.offer(entry, this);
            if (d == null) {
                continue;
            }
            if (!(d instanceof Rejection)) {
                it.remove();
                took = true;
                // Queued items go to the new receiver's queue before the lock lets any concurrent
                // post through, so a one-thread dispatcher runs them in port order. Only where
                // submitting can neither block nor call out.
                if (d instanceof Task t && t.sink instanceof QueueCore q && q.submitsWithoutBlocking() && q.accepts()) {
                    try {
                        q.submit(t);
                        continue;
                    } catch (RejectedExecutionException closedMeanwhile) {
                        // fall through: dispatched after the unlock, which returns the item
                    }
                }
            }
            toRun = Dispatchable.add(toRun, d);
        }
        return took ? afterTakeLocked(toRun) : completionLocked(toRun);
    }

    /** Removes a receiver if it is still registered here. */
    public void unregister(ReceiverEntry r) {
        lock.lock();
        try {
            unlinkLocked(r);
        } finally {
            lock.unlock();
        }
    }

    /** Unlinks a receiver; the caller holds the lock (a firing one-shot receiver does). */
    public void unlinkLocked(ReceiverEntry r) {
        if (r.owner != this) {
            return;
        }
        if (r.prev == null) {
            head = r.next;
        } else {
            r.prev.next = r.next;
        }
        if (r.next == null) {
            tail = r.prev;
        } else {
            r.next.prev = r.prev;
        }
        // r.next stays intact so that a post walking the list past r can continue.
        r.prev = null;
        r.owner = null;
        receiverCount--;
        if (r.isJoin()) {
            joinCount--;
        }
    }

    private void link(ReceiverEntry r) {
        r.owner = this;
        r.prev = tail;
        r.next = null;
        if (tail == null) {
            head = r;
        } else {
            tail.next = r;
        }
        tail = r;
        receiverCount++;
        if (r.isJoin()) {
            joinCount++;
            joinsLocked();
        }
    }

    /**
     * Puts entries taken from this port back, ahead of everything queued (they are older), after
     * offering each to the current receivers exactly as a post would. Used when an interleave
     * retires with items still pending inside it, so nothing is lost.
     */
    public void returnEntries(List<Object> entries) {
        if (entries.isEmpty()) {
            return;
        }
        List<Dispatchable> toRun = null;
        boolean queued;
        lock.lock();
        try {
            List<Object> keep = new ArrayList<>();
            for (Object entry : entries) {
                Dispatchable taken = null;
                for (ReceiverEntry r = head; r != null; ) {
                    ReceiverEntry next = r.next;
                    Dispatchable d = r.offer(entry, this);
                    if (d != null) {
                        toRun = Dispatchable.add(toRun, d);
                        if (!(d instanceof Rejection)) {
                            taken = d;
                            break;
                        }
                    }
                    r = next;
                }
                if (taken == null) {
                    keep.add(entry);
                }
            }
            for (int i = keep.size() - 1; i >= 0; i--) {
                Object entry = keep.get(i);
                items.addFirst(entry);
                envelopesQueued |= entry instanceof CausalEnvelope;
            }
            queued = !keep.isEmpty() && joinCount > 0;
        } finally {
            lock.unlock();
        }
        Dispatchable.runAll(toRun);
        if (queued) {
            joins.notifyJoins();
        }
    }

    // ---- used by join commits, which hold this lock (and others) ----

    /** Number of queued entries; caller holds the lock. */
    public int sizeLocked() {
        return items.size();
    }

    /**
     * Removes and returns the first {@code n} entries in FIFO order; caller holds the lock and
     * checked {@link #sizeLocked()}. Taking all of them is one array copy.
     */
    public Object[] takeLocked(int n) {
        if (n == items.size()) {
            Object[] out = items.toArray();
            items.clear();
            return out;
        }
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            out[i] = items.pollFirst();
        }
        return out;
    }

    /**
     * {@code true} if every entry queued here is a posted item itself, none wrapped with
     * causalities (no causality was active at any post that queued one); caller holds the lock.
     */
    public boolean onlyPlainItemsLocked() {
        return !envelopesQueued;
    }

    /** Puts an entry back at the head (a refused join commit rolling back); caller holds the lock. */
    public void pushBackLocked(Object entry) {
        items.addFirst(entry);
    }

    @Override
    public String toString() {
        return "port '" + name + "'";
    }
}
