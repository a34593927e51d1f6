package io.ccrj.mpi.internal;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a rank's mailbox needs at {@link io.ccrj.mpi.ThreadLevel#MULTIPLE}, where several threads of
 * the rank call at once: a lock over the matching engine and the set of threads waiting in it.
 * A mailbox has one only once its rank asked for {@code MULTIPLE} ({@link RankMailbox#multi}), so
 * the lower levels keep the single-owner matching engine without a lock.
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>Everything {@link RankMailbox} calls "owner only" (the inbound queue's consumer side, the
 *       posted-receive and unexpected-message queues, a {@link RecvRequest}'s completion) runs
 *       with {@link #lock} held. The lock is reentrant: the mailbox's entry points take it when
 *       the calling thread does not hold it yet and then run their single-owner code.</li>
 *   <li>No thread waits with the lock held: {@link #await} takes it only to drain the inbound
 *       queue and test its condition, and parks without it, so that the rank's other threads
 *       can send, post and drain meanwhile.</li>
 *   <li>No lost wake-up. A waiting thread is in {@link #waiters}, with what it waits for, from
 *       before the last test of its condition that precedes a park until it returns (while it
 *       spins and yields it re-tests by itself and needs no waking; it registers when those end
 *       and then tests once more), and the mailbox's {@code waiting} flag stays set for good. A waiter spins, then yields, re-testing, and
 *       marks itself parked before its last look ({@link Waiter}). A delivered message wakes every
 *       parked waiter whose wait it may complete ({@link Pending#mayTake}: a receive or probe
 *       whose source, tag and communicator it matches, any other kind of wait), after appending
 *       it; a thread whose drain moved messages advances {@link #generation} and then wakes every
 *       other parked waiter; the other producers (a zero-copy message consumed, a shared-memory
 *       collective completed, the world's abort) wake every waiter. A waiter reads the generation
 *       before its test and parks only if neither it nor the inbound queue changed since, after
 *       marking itself parked: so a message, whichever thread drains it, either is seen by the
 *       waiter's last look or wakes it.</li>
 *   <li>For the watchdog the rank is blocked while at least one of its threads waits past its
 *       spin ({@link #blocked}, changed under the lock; every such wait advances the mailbox's
 *       epoch) and none of the rank's other known threads runs outside a wait
 *       ({@link #threadRunningOutsideWaits}): the rank's own thread and every thread that has
 *       called MPI on the rank ({@link #callers}). A thread that computes before its first MPI
 *       call is not known and cannot be seen.</li>
 * </ul>
 */
final class MultipleCalls {
    /**
     * Yields of a waiting thread before it parks (after its spin), when nothing moved since its last test: threads
     * of one rank may outnumber the cores. Bounded: a virtual thread that yields in a loop goes back
     * to its carrier's local queue and can keep the carrier from the threads queued elsewhere.
     */
    private static final int YIELDS = 2;

    private final ReentrantLock lock = new ReentrantLock();
    /** The rank's waiting threads and what each waits for. */
    private final Map<Thread, Waiter> waiters = new ConcurrentHashMap<>();

    /**
     * A waiting thread's entry: what it waits for, and whether it is parked (or about to park).
     * {@link #parked} is written by the waiter only, volatile: it sets it and then re-reads the
     * inbound queue and {@link #generation} before parking; a producer appends (a full fence) and a
     * draining thread advances the generation (a full fence) before reading it, so either the
     * waiter sees the message or the drain, or its waker sees it parked and unparks it. A waiter
     * that is still spinning or yielding is not unparked: it re-tests by itself.
     */
    static final class Waiter {
        final Pending pending;
        volatile boolean parked;

        Waiter(Pending pending) {
            this.pending = pending;
        }
    }
    /** Advanced (after unlocking) by every thread whose drain moved a message. */
    private final AtomicLong generation = new AtomicLong();
    /**
     * Waiters marked parked ({@link Waiter#parked}), counted up before the waiter's last look
     * and down after its park: a producer or drainer reads it after its own full fence and walks
     * {@link #waiters} only if it is not zero. So a message to a rank whose threads are spinning
     * costs the sender one read of a line that changes only when a thread parks, not a walk over
     * a map the receiving threads change at every wait.
     */
    private final ParkedCount parkedWaiters = new ParkedCount();
    /**
     * Every thread other than the rank's own that has called MPI on the rank, until the watchdog
     * finds it ended: entered by the thread itself at its first call ({@link #noteCaller}), read
     * and trimmed by the watchdog.
     */
    private final Map<Thread, Boolean> callers = new ConcurrentHashMap<>();
    /** Whether the current thread is in {@link #callers} already: one thread-local read a call. */
    private final ThreadLocal<Boolean> known = new ThreadLocal<>();

    /** Threads of the rank waiting in {@link #await} past their spin (under {@link #lock}). */
    private int blocked;

    boolean heldByCurrentThread() {
        return lock.isHeldByCurrentThread();
    }

    void lock() {
        lock.lock();
    }

    void unlock() {
        lock.unlock();
    }

    /** Drains the inbound queue under the lock and wakes the other waiters if it moved a message. */
    boolean progress(RankMailbox mailbox) {
        boolean drained;
        lock.lock();
        try {
            drained = mailbox.progress();
        } finally {
            lock.unlock();
        }
        if (drained) {
            drained();
        }
        return drained;
    }

    /**
     * After a drain that moved messages. The waiters those messages are for were woken by their
     * delivery; a waiter that tested meanwhile sees the generation move and tests again.
     */
    private void drained() {
        generation.incrementAndGet();
        if (parkedWaiters.get() == 0) {
            return;
        }
        Thread me = Thread.currentThread();
        for (Map.Entry<Thread, Waiter> w : waiters.entrySet()) {
            if (w.getKey() != me && w.getValue().parked) {
                LockSupport.unpark(w.getKey());
            }
        }
    }

    /**
     * Unparks every thread waiting on the rank (a completion without a message; the abort). Any
     * thread. Registered waiters are unparked whether they parked yet or not: a waiter that has
     * not parked keeps the permit, and its park returns at once.
     *
     * @return the number of threads unparked (the JCStress models count them)
     */
    int unparkAll() {
        int n = 0;
        for (Thread t : waiters.keySet()) {
            LockSupport.unpark(t);
            n++;
        }
        return n;
    }

    /**
     * Unparks every parked waiting thread: after a message put in a {@link PairRing}, which is no
     * {@link Message} that {@link #unparkFor} could match. Any thread.
     *
     * @return the number of threads unparked
     */
    int unparkParked() {
        if (parkedWaiters.get() == 0) {
            return 0;
        }
        int n = 0;
        for (Map.Entry<Thread, Waiter> w : waiters.entrySet()) {
            if (w.getValue().parked) {
                LockSupport.unpark(w.getKey());
                n++;
            }
        }
        return n;
    }

    /**
     * Unparks the waiting threads whose wait {@code m}, just delivered, may complete. Any thread.
     *
     * @return the number of threads unparked
     */
    int unparkFor(Message m) {
        if (parkedWaiters.get() == 0) {
            return 0;
        }
        int n = 0;
        for (Map.Entry<Thread, Waiter> w : waiters.entrySet()) {
            Waiter waiter = w.getValue();
            if (waiter.parked && waiter.pending.mayTake(m)) {
                LockSupport.unpark(w.getKey());
                n++;
            }
        }
        return n;
    }

    /**
     * For a deadlock report: what each of the rank's registered waiters waits in, or {@code null}
     * if none is registered or the only one is {@code owner} (the rank's own thread, which the
     * mailbox's single-owner description names). Racy, as the watchdog's reads are: a waiter may
     * come or go meanwhile. Without the rank's collective label ({@link RankMailbox#collective}),
     * which is the rank's and at MULTIPLE may be another thread's.
     */
    String describeWaiters(Thread owner) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        boolean others = false;
        for (Map.Entry<Thread, Waiter> w : waiters.entrySet()) {
            others |= w.getKey() != owner;
            sb.append(n++ == 0 ? "" : "; ").append("thread '").append(w.getKey().getName()).append("' in ")
                    .append(w.getValue().pending.describe());
        }
        if (n == 0 || !others) {
            return null;
        }
        return n + (n == 1 ? " thread" : " threads") + " waiting at THREAD_MULTIPLE (threads of the rank outside"
                + " MPI calls and not waiting are not shown): " + sb;
    }

    /** Enters the calling thread, a thread of the rank other than its own, in {@link #callers}. */
    void noteCaller(Thread me) {
        if (known.get() == null) {
            known.set(Boolean.TRUE);
            callers.put(me, Boolean.TRUE);
        }
    }

    /**
     * Whether the rank's own thread or a thread in {@link #callers} runs outside a registered
     * wait: runnable (computing, or in an MPI call that is not waiting), or in a timed wait of
     * its own (a sleep) from which it returns by itself. A thread waiting without a time limit
     * outside MPI (a join, a latch) counts as blocked, so a rank whose thread joins threads that
     * wait in MPI for ever is still a deadlock. Ended threads leave {@link #callers}. Watchdog only.
     */
    boolean threadRunningOutsideWaits(Thread owner) {
        if (owner != null && runsOutsideWaits(owner)) {
            return true;
        }
        for (Thread t : callers.keySet()) {
            if (t.getState() == Thread.State.TERMINATED) {
                callers.remove(t);
            } else if (t != owner && runsOutsideWaits(t)) {
                return true;
            }
        }
        return false;
    }

    private boolean runsOutsideWaits(Thread t) {
        if (waiters.containsKey(t)) {
            return false;
        }
        Thread.State s = t.getState();
        return s == Thread.State.RUNNABLE || s == Thread.State.TIMED_WAITING;
    }

    /** The drain count a waiter reads before its test ({@link #await}). */
    long generation() {
        return generation.get();
    }

    /**
     * One pass of a waiter's test: drains the inbound queue and tests {@code p} under the lock,
     * then wakes the other parked waiters if the drain moved a message. Not with the lock held.
     *
     * @return whether {@code p} is complete
     */
    boolean test(RankMailbox mailbox, Pending p) {
        boolean drained;
        boolean complete;
        lock.lock();
        try {
            drained = mailbox.progress();
            complete = p.isComplete();
        } finally {
            lock.unlock();
        }
        if (drained) {
            drained();
        }
        return complete;
    }

    /**
     * A registered waiter's last look before it parks: marks it parked (volatile) and counts it
     * in {@link #parkedWaiters} (an atomic add, a full fence), then re-reads the drain count and
     * the inbound queue (volatile reads). A producer appends (a full fence) and then reads the
     * count; a drainer advances the count (a full fence) and then reads it: so either this sees
     * the message or the drain and returns {@code false}, or its waker sees the waiter parked and
     * unparks it. Pair with {@link #doneParking}, parked or not. The waiter's thread only.
     *
     * @param g the drain count read before the waiter's last test
     * @return whether the waiter may park
     */
    boolean readyToPark(RankMailbox mailbox, Waiter self, long g) {
        self.parked = true;
        parkedWaiters.add(1);
        return generation.get() == g && mailbox.inboundEmpty() && !mailbox.world.aborted;
    }

    /** After {@link #readyToPark}: the waiter is no longer parked. The waiter's thread only. */
    void doneParking(Waiter self) {
        parkedWaiters.add(-1);
        self.parked = false;
    }

    /**
     * Blocks the calling thread until {@code p} is complete, draining the inbound queue under the
     * lock and parking without it.
     *
     * @throws MpiException {@link ErrorClass#ABORTED} if the world ends meanwhile,
     *     {@link ErrorClass#INTERRUPTED} if the thread is interrupted otherwise
     */
    void await(RankMailbox mailbox, Pending p) {
        if (lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("await with the rank's lock held would keep the rank's other threads out");
        }
        Thread me = Thread.currentThread();
        Waiter self = null;          // registered once the spin and the yields are over
        try {
            // Spin first, as a single-owner wait does (RankMailbox.await): a park and its unpark
            // cost a message tens of microseconds, so a reply due within the spin window is taken
            // without one. The window is the rank's (none for virtual-thread ranks, shortened where
            // ranks outnumber the processors); each poll re-tests under the lock, held only briefly.
            int spinPolls = mailbox.spinPolls();
            int polls = 0;
            int yielded = 0;
            while (true) {
                long g = generation.get();
                if (test(mailbox, p)) {
                    return;
                }
                if (mailbox.world.aborted) {
                    throw mailbox.world.abortedWhile(mailbox.worldRank, p.describe());
                }
                if (generation.get() != g || !mailbox.inboundEmpty()) {
                    continue;        // something moved since the test: test again at once
                }
                if (polls < spinPolls) {
                    mailbox.pauseBetweenPolls(++polls);
                    continue;
                }
                if (yielded < YIELDS) {
                    yielded++;
                    Thread.yield();
                    continue;
                }
                if (self == null) {
                    // Registered now, then tested once more before the park: a completion that
                    // is no message (a shared-memory collective, a zero-copy send taken) wakes
                    // only the registered waiters, so the test that lets a waiter park must come
                    // after its registration.
                    self = register(mailbox, me, p);
                    continue;
                }
                if (readyToPark(mailbox, self, g)) {
                    LockSupport.park(this);
                }
                doneParking(self);
                yielded = 0;
                if (Thread.interrupted()) {
                    if (mailbox.world.aborted) {
                        throw mailbox.world.abortedWhile(mailbox.worldRank, p.describe());
                    }
                    me.interrupt();
                    throw new MpiException(ErrorClass.INTERRUPTED, "rank " + mailbox.worldRank + " of world '"
                            + mailbox.world.name + "': thread '" + me.getName() + "' was interrupted while waiting in "
                            + p.describe());
                }
            }
        } finally {
            if (self != null) {
                waiters.remove(me);
                lock.lock();
                try {
                    if (--blocked == 0) {
                        mailbox.leaveBlocked();
                    }
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /**
     * Enters the calling thread in {@link #waiters} and counts it blocked, before the test that
     * precedes its first park.
     * A thread that is still spinning or yielding needs neither: no one unparks it (it re-tests by
     * itself) and a wait that ends within the spin is no deadlock; so a wait that its spin ends
     * costs no map entry and no lock beyond its tests.
     */
    Waiter register(RankMailbox mailbox, Thread me, Pending p) {
        Waiter self = new Waiter(p);
        waiters.put(me, self);
        lock.lock();
        try {
            if (blocked++ == 0) {
                mailbox.enterBlocked(p);
            } else {
                mailbox.nextEpoch(p);
            }
        } finally {
            lock.unlock();
        }
        return self;
    }
}

/*
 * MultipleCalls.parkedWaiters on a cache line of its own: other ranks' threads read it at every
 * message they send to the rank, and the rank's threads allocated it beside the objects they
 * write at every wait (the generation, the lock). Byte padding, as RankMailbox's (which says why).
 */

abstract class ParkedCountPad0 {
    byte a00, a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15,
            a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31,
            a32, a33, a34, a35, a36, a37, a38, a39, a40, a41, a42, a43, a44, a45, a46, a47,
            a48, a49, a50, a51, a52, a53, a54, a55, a56, a57, a58, a59, a60, a61, a62, a63;
}

abstract class ParkedCountField extends ParkedCountPad0 {
    volatile int value;
}

/** The number of parked waiters of a rank at MULTIPLE ({@link MultipleCalls}). */
final class ParkedCount extends ParkedCountField {
    byte b00, b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11, b12, b13, b14, b15,
            b16, b17, b18, b19, b20, b21, b22, b23, b24, b25, b26, b27, b28, b29, b30, b31,
            b32, b33, b34, b35, b36, b37, b38, b39, b40, b41, b42, b43, b44, b45, b46, b47,
            b48, b49, b50, b51, b52, b53, b54, b55, b56, b57, b58, b59, b60, b61, b62, b63;

    private static final java.lang.invoke.VarHandle VALUE;

    static {
        try {
            VALUE = java.lang.invoke.MethodHandles.lookup().findVarHandle(ParkedCountField.class, "value", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The count (a volatile read). */
    int get() {
        return value;
    }

    /** Adds {@code delta} (an atomic add: a full fence). */
    void add(int delta) {
        VALUE.getAndAdd(this, delta);
    }
}
