package io.ccrj.mpi.jcstress;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.internal.RmaTarget;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The passive-target lock word of a window ({@link RmaTarget}: 0 free, {@code n} shared holders,
 * -1 exclusive), through the very methods {@code Window.lock}, {@code unlock} and their waits
 * call: mutual exclusion of the compare-and-set acquisitions, the count of shared holders, the
 * Dekker pair between a waiter's announcement and a releaser's scan (no lost wake-up), and the
 * happens-before edge from an unlock to the lock that follows it. The same properties fail on
 * the deliberately broken copies in {@link WindowBrokenVariantsTests}.
 */
public final class WindowLockTests {
    private WindowLockTests() {
    }

    /** A target of a two-rank window over one int. */
    static RmaTarget target() {
        return new RmaTarget(new int[1], 0, 1, Datatype.INT, 2);
    }

    /** Two ranks try an exclusive lock of a free target at once. Outcome: (rank 0 got it, rank 1 got it). */
    @JCStressTest
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "Exactly one rank holds the lock.")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "Both ranks hold the exclusive lock.")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "A free lock refused both.")
    @State
    public static class ExclusiveAgainstExclusive {
        final RmaTarget t = target();

        @Actor
        public void rank0(II_Result r) {
            r.r1 = t.tryLock(true) ? 1 : 0;
        }

        @Actor
        public void rank1(II_Result r) {
            r.r2 = t.tryLock(true) ? 1 : 0;
        }
    }

    /** A shared and an exclusive lock of a free target at once. Outcome: (shared got it, exclusive got it). */
    @JCStressTest
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "Exactly one kind of lock is held.")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "A shared and an exclusive lock are held together.")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "A free lock refused both.")
    @State
    public static class SharedAgainstExclusive {
        final RmaTarget t = target();

        @Actor
        public void shared(II_Result r) {
            r.r1 = t.tryLock(false) ? 1 : 0;
        }

        @Actor
        public void exclusive(II_Result r) {
            r.r2 = t.tryLock(true) ? 1 : 0;
        }
    }

    /**
     * Two shared locks at once, then both released: the count must come back to 0. Outcome:
     * (rank 0 got it, rank 1 got it, an exclusive lock is free afterwards).
     */
    @JCStressTest
    @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "Both shared; released, the lock is free.")
    @Outcome(expect = FORBIDDEN, desc = "A shared lock refused, or the holder count went wrong.")
    @State
    public static class SharedAgainstShared {
        final RmaTarget t = target();

        @Actor
        public void rank0(III_Result r) {
            r.r1 = t.tryLock(false) ? 1 : 0;
        }

        @Actor
        public void rank1(III_Result r) {
            r.r2 = t.tryLock(false) ? 1 : 0;
        }

        @Arbiter
        public void after(III_Result r) {
            t.unlock(false);
            t.unlock(false);
            r.r3 = t.tryLock(true) ? 1 : 0;
        }
    }

    /**
     * Two shared holders release at once: exactly one release frees the lock (and wakes the
     * waiters). Outcome: (rank 0's release freed it, rank 1's release freed it).
     */
    @JCStressTest
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "The last release frees the lock.")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Neither release freed it: waiters are never woken.")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "Both releases freed it: the count went wrong.")
    @State
    public static class SharedReleases {
        final RmaTarget t = target();

        public SharedReleases() {
            t.tryLock(false);
            t.tryLock(false);
        }

        @Actor
        public void rank0(II_Result r) {
            r.r1 = t.unlock(false) ? 1 : 0;
        }

        @Actor
        public void rank1(II_Result r) {
            r.r2 = t.unlock(false) ? 1 : 0;
        }
    }

    /**
     * Rank 0 holds the exclusive lock and releases it while rank 1, refused, announces that it
     * waits and tries again (what {@code Window.lock} does before it parks). Outcome: (rank 1's
     * retry got the lock, rank 0's scan saw rank 1 waiting).
     */
    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "The retry saw the release; the scan came first.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The retry got the lock, and the releaser wakes rank 1 anyway.")
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The retry came first; the releaser saw rank 1 and wakes it.")
    @Outcome(id = "0, 0", expect = FORBIDDEN,
            desc = "Lost wake-up: rank 1 parks on a held lock, and the releaser saw nobody waiting.")
    @State
    public static class WaiterAgainstRelease {
        final RmaTarget t = target();

        public WaiterAgainstRelease() {
            t.tryLock(true);
        }

        @Actor
        public void releaser(II_Result r) {
            if (t.unlock(true)) {
                r.r2 = t.isWaiting(1) ? 1 : 0;
            }
        }

        @Actor
        public void waiter(II_Result r) {
            t.announceWaiter(1);
            r.r1 = t.tryLock(true) ? 1 : 0;
        }
    }

    /**
     * Rank 0 writes under its exclusive lock and releases it; rank 1 takes the lock and reads.
     * Outcome: (rank 1 got the lock, what it read; -1 when it got no lock).
     */
    @JCStressTest
    @Outcome(id = "1, 42", expect = ACCEPTABLE, desc = "Rank 1 locked after the release and sees the write.")
    @Outcome(id = "0, -1", expect = ACCEPTABLE, desc = "Rank 1 came while the lock was held.")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "Rank 1 holds the lock but misses the write made under it.")
    @State
    public static class UnlockPublishesToTheNextLock {
        final RmaTarget t = target();
        int data;

        public UnlockPublishesToTheNextLock() {
            t.tryLock(true);
        }

        @Actor
        public void holder() {
            data = 42;
            t.unlock(true);
        }

        @Actor
        public void next(II_Result r) {
            if (t.tryLock(true)) {
                r.r1 = 1;
                r.r2 = data;
            } else {
                r.r1 = 0;
                r.r2 = -1;
            }
        }
    }
}
