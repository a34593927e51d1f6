package io.ccrj.core.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The implementation of a port: an unbounded FIFO of stored entries (items, or items wrapped with
 * their causalities) plus an ordered list of receivers.
 *
 * <h2>Thread safety</h2>
 * Every method may be called from any thread. {@link #lock} guards {@link #items}, the receiver
 * list and its entries' link fields. {@link #post} never blocks on anything but that lock, which is
 * only ever held for O(receivers) steps with no user code inside (except predicates).
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
 */
@Internal
public final class PortCore {
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final String name;
    final ReentrantLock lock = new ReentrantLock();
    /** Guarded by the lock; replaced only by a larger copy ({@link #presizeLocked}). */
    private ArrayDeque<Object> items = new ArrayDeque<>();
    /**
     * The most items a join's registration sizes the queue for in advance; a join needing more
     * lets the queue grow as items come.
     */
    static final int PRESIZE_LIMIT = 1 << 16;
    /** The capacity {@link #items} was last made for by {@link #presizeLocked}; guarded by the lock. */
    private int presized;
    private ReceiverEntry head;
    private ReceiverEntry tail;
    private int receiverCount;
    private int joinCount;
    private long posted;
    /** Racy round-robin hint for {@link #notifyJoins()}; a lost update only changes who goes first. */
    private int joinRotation;
    /** Written under the lock; read without it only as a hint ({@link #isClosed()}). */
    private volatile boolean closed;
    /**
     * The port's reservation for a starving join ({@link PortReservation}), created under the
     * lock the first time a join competing with another reserves this port; {@code null} until
     * then, so a port without competing joins allocates nothing for it. Guarded by the lock.
     */
    private PortReservation reservation;
    /**
     * An entry wrapped with its causalities was ever queued here; guarded by the lock. Sticky, so
     * it needs no bookkeeping on the many paths that take entries: while it is false, every queued
     * entry is the posted item itself, and a join commit skips unwrapping and merging causalities
     * item by item ({@link #onlyPlainItemsLocked()}).
     */
    private boolean envelopesQueued;
    /** Completion watchers, guarded by the lock; {@code null} while there are none. */
    private List<CompletionReceiver> watchers;
    /**
     * Departure watchers: run (after the unlock, on the thread that took the items) whenever
     * queued items may have left the port. Guarded by the lock; {@code null} while there are none.
     */
    private List<Dispatchable> departureWatchers;

    public PortCore(String name) {
        this.name = name;
    }

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
     * queued because a receiver's dispatcher is closed, throws {@link
     * java.util.concurrent.RejectedExecutionException} after queuing it (nothing is lost).
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
        lock.lock();
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
                        rejections = add(rejections, d);
                    } else {
                        toRun = d;
                        break;
                    }
                }
                r = next;
            }
            if (toRun == null) {
                items.addLast(entry);
                if (entry != item) {
                    envelopesQueued = true;
                }
                notifyJoins = joinCount > 1 || (joinCount == 1 && soleJoinMayCommitLocked());
                if (reservation != null) {
                    reservation.itemQueued();
                }
            }
        } finally {
            lock.unlock();
        }
        runAll(rejections);
        if (toRun != null) {
            if (throwOnRefusal) {
                toRun.dispatch();
                return true;
            }
            try {
                toRun.dispatch();
                return true;
            } catch (java.util.concurrent.RejectedExecutionException refused) {
                return false; // the task put its items back: the item is queued here
            }
        }
        if (notifyJoins) {
            notifyJoins();
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
            reserved = reservation != null && reservation.clear();
            toRun = completionLocked(null);
        } finally {
            lock.unlock();
        }
        runAll(toRun);
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
            if (watchers == null) {
                watchers = new ArrayList<>(2);
            }
            watchers.add(w);
            toRun = completionLocked(null);
        } finally {
            lock.unlock();
        }
        runAll(toRun);
    }

    /** Removes a completion watcher; caller holds the lock. */
    void unwatchLocked(CompletionReceiver w) {
        if (watchers != null) {
            watchers.remove(w);
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
            if (departureWatchers == null) {
                departureWatchers = new ArrayList<>(1);
            }
            departureWatchers.add(watcher);
        } finally {
            lock.unlock();
        }
    }

    /** Removes a departure watcher (idempotent). */
    public void unwatchDepartures(Dispatchable watcher) {
        lock.lock();
        try {
            if (departureWatchers != null) {
                departureWatchers.remove(watcher);
                if (departureWatchers.isEmpty()) {
                    departureWatchers = null;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Called under the lock by every path that took queued items (or may have): adds the
     * departure watchers and, if the port is now closed and empty, the fired completion watchers
     * to {@code toRun}, to dispatch once the lock is released.
     */
    List<Dispatchable> afterTakeLocked(List<Dispatchable> toRun) {
        List<Dispatchable> departures = departureWatchers;
        if (departures != null) {
            for (Dispatchable d : departures) {
                toRun = add(toRun, d);
            }
        }
        return completionLocked(toRun);
    }

    /**
     * If the port is closed and empty, fires the watchers; caller holds the lock. Returns
     * {@code toRun} with the work to dispatch once the lock is released added to it.
     */
    List<Dispatchable> completionLocked(List<Dispatchable> toRun) {
        if (!closed || watchers == null || watchers.isEmpty() || !items.isEmpty()) {
            return toRun;
        }
        for (CompletionReceiver w : watchers.toArray(new CompletionReceiver[0])) {
            Dispatchable d = w.fireLocked(this); // unlinks itself when it fires
            if (d != null) {
                toRun = add(toRun, d);
            }
        }
        return toRun;
    }

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
            notifyJoins();
        }
    }

    /** This port's reservation, created on first use; caller holds the lock. */
    PortReservation reservationLocked() {
        if (reservation == null) {
            reservation = new PortReservation(this);
        }
        return reservation;
    }

    /** This port's reservation, or {@code null} if no join ever reserved it; caller holds the lock. */
    PortReservation reservationOrNullLocked() {
        return reservation;
    }

    /** Number of registered joins; caller holds the lock. */
    int joinCountLocked() {
        return joinCount;
    }

    private void notifyJoins() {
        ReceiverEntry[] joins = joinSnapshot();
        int n = joins.length;
        if (n == 0) {
            return;
        }
        // Rotate which competing join tries first, so joins of equal need take turns instead of
        // the earliest registered one always winning (fairness among joins on shared ports).
        int start = Math.floorMod(joinRotation++, n);
        for (int i = 0; i < n; i++) {
            joins[(start + i) % n].itemQueued(this);
        }
    }

    /**
     * With one join on this port: {@code false} if it needs more items queued here than there are,
     * so that telling it would only lock its ports to find it short (a {@code multipleItemReceive}
     * of n would otherwise try n - 1 times in vain). A lone join reserves nothing (reservations
     * arbitrate between competing joins), so skipping a doomed attempt changes nothing else.
     * Caller holds the lock.
     */
    private boolean soleJoinMayCommitLocked() {
        for (ReceiverEntry r = head; r != null; r = r.next) {
            if (r.isJoin()) {
                return items.size() >= r.itemsNeededOn(this);
            }
        }
        return true;
    }

    private ReceiverEntry[] joinSnapshot() {
        lock.lock();
        try {
            ReceiverEntry[] out = new ReceiverEntry[joinCount];
            int n = 0;
            for (ReceiverEntry r = head; r != null && n < out.length; r = r.next) {
                if (r.isJoin()) {
                    out[n++] = r;
                }
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

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
                presizeLocked(r.itemsNeededOn(this));
            } else {
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
                        // Queued items go to the new receiver's queue before the lock lets any
                        // concurrent post through, so a one-thread dispatcher runs them in port
                        // order. Only where submitting can neither block nor call out.
                        if (d instanceof Task t && t.sink instanceof QueueCore q && q.submitsWithoutBlocking()
                                && q.accepts()) {
                            try {
                                q.submit(t);
                                continue;
                            } catch (java.util.concurrent.RejectedExecutionException closedMeanwhile) {
                                // fall through: dispatched after the unlock, which returns the item
                            }
                        }
                    }
                    toRun = add(toRun, d);
                }
                toRun = took ? afterTakeLocked(toRun) : completionLocked(toRun);
            }
        } finally {
            lock.unlock();
        }
        runAll(toRun);
    }

    /**
     * A join that commits once {@code needed} items are queued here (a {@code multipleItemReceive}
     * of n) makes room for them at once, instead of the queue growing by half its size again and
     * again, copying what it holds each time, under the lock that the posters wait for. Caller
     * holds the lock.
     */
    private void presizeLocked(int needed) {
        if (needed <= 16 || needed > PRESIZE_LIMIT || needed <= presized || needed <= items.size()) {
            return; // an ArrayDeque never shrinks: once made for this many, it still has the room
        }
        ArrayDeque<Object> larger = new ArrayDeque<>(needed);
        larger.addAll(items);
        items = larger;
        presized = needed;
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
        boolean queued = false;
        lock.lock();
        try {
            List<Object> keep = new ArrayList<>();
            for (Object entry : entries) {
                Dispatchable taken = null;
                for (ReceiverEntry r = head; r != null; ) {
                    ReceiverEntry next = r.next;
                    Dispatchable d = r.offer(entry, this);
                    if (d != null) {
                        toRun = add(toRun, d);
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
        runAll(toRun);
        if (queued) {
            notifyJoins();
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

    // ---- snapshots and counters ----

    /** Takes the head item or returns {@code null}; the entry's causalities are dropped. */
    public Object test() {
        Object out;
        List<Dispatchable> toRun = null;
        lock.lock();
        try {
            out = items.isEmpty() ? null : CausalEnvelope.item(items.pollFirst());
            if (out != null) {
                toRun = afterTakeLocked(null);
            }
        } finally {
            lock.unlock();
        }
        runAll(toRun);
        return out;
    }

    /** Takes exactly {@code n} head items, or none. */
    public List<Object> test(int n) {
        List<Dispatchable> toRun = null;
        lock.lock();
        try {
            if (items.size() < n) {
                return null;
            }
            List<Object> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(CausalEnvelope.item(items.pollFirst()));
            }
            toRun = afterTakeLocked(null);
            return out;
        } finally {
            lock.unlock();
            runAll(toRun);
        }
    }

    public int itemCount() {
        lock.lock();
        try {
            return items.size();
        } finally {
            lock.unlock();
        }
    }

    public long postedCount() {
        lock.lock();
        try {
            return posted;
        } finally {
            lock.unlock();
        }
    }

    public int receiverCount() {
        lock.lock();
        try {
            return receiverCount;
        } finally {
            lock.unlock();
        }
    }

    /** A snapshot of the queued items, head first. */
    public List<Object> itemsSnapshot() {
        lock.lock();
        try {
            List<Object> out = new ArrayList<>(items.size());
            for (Object e : items) {
                out.add(CausalEnvelope.item(e));
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    /** Descriptions of the registered receivers, in registration order. */
    public List<String> receiverDescriptions() {
        lock.lock();
        try {
            List<String> out = new ArrayList<>(Math.min(receiverCount, 1000));
            for (ReceiverEntry r = head; r != null; r = r.next) {
                if (out.size() == 1000) {
                    out.add("... " + (receiverCount - 1000) + " more");
                    break;
                }
                out.add(r.describe());
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    /** Removes every queued item and returns how many there were. */
    public int clear() {
        List<Dispatchable> toRun = null;
        lock.lock();
        try {
            int n = items.size();
            items.clear();
            toRun = afterTakeLocked(null);
            return n;
        } finally {
            lock.unlock();
            runAll(toRun);
        }
    }

    static List<Dispatchable> add(List<Dispatchable> list, Dispatchable d) {
        if (list == null) {
            list = new ArrayList<>(2);
        }
        list.add(d);
        return list;
    }

    static void runAll(List<Dispatchable> list) {
        if (list != null) {
            for (Dispatchable d : list) {
                d.dispatch();
            }
        }
    }

    @Override
    public String toString() {
        return "port '" + name + "'";
    }
}
