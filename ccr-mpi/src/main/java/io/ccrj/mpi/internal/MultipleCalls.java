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
 *       before its first test of the condition until it returns, and the mailbox's
 *       {@code waiting} flag stays set for good. A delivered message wakes every waiter whose
 *       wait it may complete ({@link Pending#mayTake}: a receive or probe whose source, tag and
 *       communicator it matches, any other kind of wait), after appending it; the other
 *       producers (a zero-copy message consumed, a shared-memory collective completed, the
 *       world's abort) wake every waiter. So whichever thread drains a message, the waiter it is
 *       for was woken by its delivery, or registered after it and drains before parking. A
 *       thread whose drain moved messages advances {@link #generation}; a waiter reads it before
 *       its test and parks only if it has not changed since, which saves a park when another
 *       thread's drain raced its test.</li>
 *   <li>For the watchdog the rank is blocked while at least one of its threads waits
 *       ({@link #blocked}, changed under the lock); every wait advances the mailbox's epoch.</li>
 * </ul>
 */
final class MultipleCalls {
    /**
     * Yields of a waiting thread before it parks, when nothing moved since its last test: threads
     * of one rank outnumber the cores. Bounded: a virtual thread that yields in a loop goes back
     * to its carrier's local queue and can keep the carrier from the threads queued elsewhere.
     */
    private static final int YIELDS = 2;

    private final ReentrantLock lock = new ReentrantLock();
    /** The rank's waiting threads and what each waits for. */
    private final Map<Thread, Pending> waiters = new ConcurrentHashMap<>();
    /** Advanced (after unlocking) by every thread whose drain moved a message. */
    private final AtomicLong generation = new AtomicLong();
    /** Threads of the rank waiting in {@link #await} (under {@link #lock}). */
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
    }

    /** Unparks every thread waiting on the rank (a completion without a message; the abort). Any thread. */
    void unparkAll() {
        for (Thread t : waiters.keySet()) {
            LockSupport.unpark(t);
        }
    }

    /** Unparks the waiting threads whose wait {@code m}, just delivered, may complete. Any thread. */
    void unparkFor(Message m) {
        for (Map.Entry<Thread, Pending> w : waiters.entrySet()) {
            if (w.getValue().mayTake(m)) {
                LockSupport.unpark(w.getKey());
            }
        }
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
        waiters.put(me, p);
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
        try {
            int yielded = 0;
            while (true) {
                long g = generation.get();
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
                if (complete) {
                    return;
                }
                if (mailbox.world.aborted) {
                    throw mailbox.world.abortedWhile(mailbox.worldRank, p.describe());
                }
                if (generation.get() != g || !mailbox.inboundEmpty()) {
                    continue;        // something moved since the test: test again at once
                }
                if (yielded < YIELDS) {
                    yielded++;
                    Thread.yield();
                    continue;
                }
                if (generation.get() == g && mailbox.inboundEmpty() && !mailbox.world.aborted) {
                    LockSupport.park(this);
                }
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
