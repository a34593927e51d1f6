package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One rank's part of a window as every rank of the window sees it: the exposed memory and the
 * synchronization state that other ranks change. One instance per rank and window, shared by all
 * the window's ranks ({@link WindowShared}); the memory fields are final, so every rank that got
 * the instance through the creation barrier sees them. Public only for the JCStress tests of the
 * lock word and the epoch counters ({@code io.ccrj.mpi.jcstress.WindowLockTests},
 * {@code WindowEpochTests}), which call the same methods the window calls.
 *
 * <h2>Memory</h2>
 * {@link #base} from {@link #offset}, {@link #elements} base elements. Every one-sided operation
 * on it runs under {@link #monitor} ({@link RmaWindow}): lock acquisition and release give each
 * operation a happens-before edge to the next on this target, which makes accumulates atomic and
 * publishes each operation's writes to whoever operates, or {@code sync}s, next.
 *
 * <h2>Passive-target lock word</h2>
 * {@code lockWord}: 0 free, {@code n > 0} held shared by {@code n} ranks, -1 held exclusively.
 * Taken by compare-and-set ({@link #tryLock}), released by a volatile write or decrement
 * ({@link #unlock}); the release happens-before the acquisition that reads it. A rank that must
 * wait sets its flag in {@code lockWaiters} (volatile) and then tries again before it parks; a
 * releaser that freed the lock reads the flags (volatile) after its release and wakes the flagged
 * ranks. Both sides write, then read the other's variable: a Dekker pair, so a waiter either
 * sees the lock free or is seen and woken (JCStress: {@code WindowLockTests}). The wake-up itself
 * is the mailbox's ({@link RankMailbox#wakeIfWaiting()}, its own Dekker pair with the parker).
 *
 * <h2>General active target</h2>
 * {@code posts}{@code [o]}: exposure epochs this rank opened to origin {@code o} (incremented by
 * this rank's {@code post}, read by {@code o}'s {@code start}); {@code completions}: access epochs
 * the origins closed on this rank ({@code complete}, read by {@code waitExposure}). Both are
 * volatile read-modify-writes after the writer's other actions, read with volatile loads: the
 * post publishes the target's stores to the origin, the completion the origin's operations to
 * the target.
 */
@Internal
public final class RmaTarget {
    /** The lock word's value while a rank holds the lock exclusively. */
    static final int EXCLUSIVE = -1;

    final Object base;
    final int offset;
    /** Items of {@link #type}. */
    final int length;
    final Datatype type;
    final Datatype.Base baseType;
    /** The displacement unit: base elements per item of {@link #type}. */
    final int unit;
    /** Base elements in the window: {@code length * unit}. */
    final int elements;

    /** Held by every one-sided operation on this memory, and by {@code sync}. */
    final ReentrantLock monitor = new ReentrantLock();
    private final AtomicInteger lockWord = new AtomicInteger();
    /** {@code [o]} is 1 while origin {@code o} waits for {@code lockWord}. */
    private final AtomicIntegerArray lockWaiters;
    private final AtomicIntegerArray posts;
    private final AtomicLong completions = new AtomicLong();

    /**
     * A target's state.
     *
     * @param base the exposed array
     * @param offset index of the window's first element
     * @param length items of {@code type}
     * @param type the window datatype
     * @param ranks the number of ranks of the window
     */
    public RmaTarget(Object base, int offset, int length, Datatype type, int ranks) {
        this.base = base;
        this.offset = offset;
        this.length = length;
        this.type = type;
        this.baseType = type.base();
        this.unit = type.extent();
        this.elements = length * unit;
        this.lockWaiters = new AtomicIntegerArray(ranks);
        this.posts = new AtomicIntegerArray(ranks);
    }

    /**
     * Takes the lock if no conflicting lock is held: compare-and-set of the lock word (a volatile
     * read-modify-write: acquires what the last releaser published).
     *
     * @param exclusive whether an exclusive lock is wanted (else a shared one)
     * @return whether the lock was taken
     */
    public boolean tryLock(boolean exclusive) {
        if (exclusive) {
            return lockWord.compareAndSet(0, EXCLUSIVE);
        }
        while (true) {
            int s = lockWord.get();
            if (s == EXCLUSIVE) {
                return false;
            }
            if (lockWord.compareAndSet(s, s + 1)) {
                return true;
            }
        }
    }

    /**
     * Releases a lock the caller holds (a volatile write or decrement: publishes the holder's
     * actions to the next acquirer). The caller then reads {@link #isWaiting} of each rank to
     * wake (the releaser's half of the Dekker pair).
     *
     * @param exclusive whether the caller holds it exclusively
     * @return whether the lock is now free, so that waiters must be woken
     */
    public boolean unlock(boolean exclusive) {
        if (exclusive) {
            lockWord.set(0);
            return true;
        }
        return lockWord.decrementAndGet() == 0;
    }

    /**
     * Origin {@code origin} is about to wait for the lock: a volatile write, after which it tries
     * {@link #tryLock} again before it parks (the waiter's half of the Dekker pair).
     *
     * @param origin the waiting rank
     */
    public void announceWaiter(int origin) {
        lockWaiters.set(origin, 1);
    }

    /**
     * Origin {@code origin} stopped waiting (it has the lock, or its wait failed).
     *
     * @param origin the rank
     */
    public void withdrawWaiter(int origin) {
        lockWaiters.set(origin, 0);
    }

    /**
     * Whether origin {@code origin} waits for the lock (a volatile read, after the release).
     *
     * @param origin the rank
     * @return whether it announced itself and has not withdrawn
     */
    public boolean isWaiting(int origin) {
        return lockWaiters.get(origin) != 0;
    }

    /**
     * This target opens an exposure epoch to {@code origin} ({@code post}): a volatile increment
     * after the target's stores, which it publishes to the origin's {@code start}.
     *
     * @param origin the origin rank
     */
    public void post(int origin) {
        posts.incrementAndGet(origin);
    }

    /**
     * The exposure epochs this target opened to {@code origin} so far (a volatile read: the
     * origin's {@code start} acquires the target's stores before the post).
     *
     * @param origin the origin rank
     * @return the number of posts
     */
    public int posts(int origin) {
        return posts.get(origin);
    }

    /**
     * An origin closes its access epoch on this target ({@code complete}): a volatile increment
     * after the origin's operations, which it publishes to the target's {@code waitExposure}.
     */
    public void complete() {
        completions.incrementAndGet();
    }

    /**
     * The access epochs origins closed on this target so far (a volatile read: acquires their
     * operations).
     *
     * @return the number of completes
     */
    public long completions() {
        return completions.get();
    }

    /** The lock's holders, for messages and deadlock reports (racy). */
    String lockState() {
        int s = lockWord.get();
        return s == 0 ? "free" : s == EXCLUSIVE ? "held exclusively" : "held shared by " + s + " rank(s)";
    }
}
