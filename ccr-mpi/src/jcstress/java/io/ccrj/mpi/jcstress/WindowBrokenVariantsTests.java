package io.ccrj.mpi.jcstress;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Deliberately broken copies of the window protocols that {@link WindowLockTests} and
 * {@link WindowEpochTests} check, each with one mistake a maintainer could make: these tests are
 * EXPECTED TO FAIL (jcstress reports their FORBIDDEN outcomes), which shows that the properties
 * and their outcomes catch the mistake. Run them apart from the others, for example
 * {@code -t WindowBrokenVariantsTests}, and count a run in which one of them passes as a failure
 * of the check.
 */
public final class WindowBrokenVariantsTests {
    private WindowBrokenVariantsTests() {
    }

    /**
     * The exclusive lock taken by a check and then a store instead of a compare-and-set (the
     * mistake {@link WindowLockTests.ExclusiveAgainstExclusive} catches). Outcome: (rank 0 got it,
     * rank 1 got it).
     */
    @JCStressTest
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "Exactly one rank holds the lock.")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "Both ranks hold the exclusive lock (the expected failure).")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "A free lock refused both.")
    @State
    public static class BrokenCheckThenStoreLock {
        final AtomicInteger lockWord = new AtomicInteger();

        boolean tryLockExclusive() {
            if (lockWord.get() == 0) {          // BROKEN: another rank may pass this check too
                lockWord.set(-1);
                return true;
            }
            return false;
        }

        @Actor
        public void rank0(II_Result r) {
            r.r1 = tryLockExclusive() ? 1 : 0;
        }

        @Actor
        public void rank1(II_Result r) {
            r.r2 = tryLockExclusive() ? 1 : 0;
        }
    }

    /**
     * The release as an ordered (lazy) store instead of a volatile one, so the releaser's scan
     * of the waiters' flags may pass it (store-load reordering, which x86 does): the mistake
     * {@link WindowLockTests.WaiterAgainstRelease} catches. Outcome: (rank 1's retry got the lock,
     * rank 0's scan saw rank 1 waiting).
     */
    @JCStressTest
    @Outcome(id = {"1, 0", "1, 1", "0, 1"}, expect = ACCEPTABLE, desc = "The waiter got the lock or is woken.")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Lost wake-up (the expected failure).")
    @State
    public static class BrokenLazyRelease {
        final AtomicInteger lockWord = new AtomicInteger(-1);
        final AtomicIntegerArray waiters = new AtomicIntegerArray(2);

        @Actor
        public void releaser(II_Result r) {
            lockWord.lazySet(0);                // BROKEN: the scan below may overtake this store
            r.r2 = waiters.get(1);
        }

        @Actor
        public void waiter(II_Result r) {
            waiters.set(1, 1);
            r.r1 = lockWord.compareAndSet(0, -1) ? 1 : 0;
        }
    }

    /**
     * The origin of a post/start epoch reading the target's element before it checks the post
     * (the mistake {@link WindowEpochTests.PostPublishesTheTargetsStores} catches). Outcome:
     * (posts seen, element read; -1 when not posted).
     */
    @JCStressTest
    @Outcome(id = {"1, 5", "0, -1"}, expect = ACCEPTABLE, desc = "Consistent: posted with the store, or not posted.")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "Posted, but the element read is stale (the expected failure).")
    @State
    public static class BrokenStartReadsBeforeThePost {
        final int[] window = new int[1];
        final AtomicIntegerArray posts = new AtomicIntegerArray(2);

        @Actor
        public void target() {
            window[0] = 5;
            posts.incrementAndGet(0);
        }

        @Actor
        public void origin(II_Result r) {
            int early = window[0];              // BROKEN: read before the post is seen
            int p = posts.get(0);
            r.r1 = p;
            r.r2 = p > 0 ? early : -1;
        }
    }
}
