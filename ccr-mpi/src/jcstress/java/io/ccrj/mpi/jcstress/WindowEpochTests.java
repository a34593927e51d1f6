package io.ccrj.mpi.jcstress;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.internal.RmaTarget;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The counters of a window's general active-target epochs ({@link RmaTarget}), through the
 * methods {@code post}, {@code start}, {@code complete} and {@code waitExposure} call: a post
 * publishes the target's stores before it to the origin whose {@code start} sees it, and a
 * complete publishes the origin's operations before it (puts into the target's array, which is
 * what makes a flush unnecessary once the epoch closes) to the target whose wait sees it. The
 * same properties fail on the deliberately broken copy in {@link WindowBrokenVariantsTests}.
 */
public final class WindowEpochTests {
    private WindowEpochTests() {
    }

    /**
     * The target stores into its window, then posts to origin 0; the origin reads the post count
     * and, if posted, the element. Outcome: (posts seen, element read; -1 when not posted).
     */
    @JCStressTest
    @Outcome(id = "1, 5", expect = ACCEPTABLE, desc = "The start saw the post and the store before it.")
    @Outcome(id = "0, -1", expect = ACCEPTABLE, desc = "Not posted yet: the start waits.")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "The start saw the post but not the target's store.")
    @State
    public static class PostPublishesTheTargetsStores {
        final int[] window = new int[1];
        final RmaTarget t = new RmaTarget(window, 0, 1, Datatype.INT, 2);

        @Actor
        public void target() {
            window[0] = 5;
            t.post(0);
        }

        @Actor
        public void origin(II_Result r) {
            int posts = t.posts(0);
            r.r1 = posts;
            r.r2 = posts > 0 ? window[0] : -1;
        }
    }

    /**
     * The origin puts into the target's array, then completes; the target reads the completion
     * count and, if complete, the element. Outcome: (completions seen, element read; -1 when not
     * complete).
     */
    @JCStressTest
    @Outcome(id = "1, 7", expect = ACCEPTABLE, desc = "The wait saw the complete and the put before it.")
    @Outcome(id = "0, -1", expect = ACCEPTABLE, desc = "Not complete yet: the wait goes on.")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "The wait ended without the origin's put.")
    @State
    public static class CompletePublishesTheOriginsPuts {
        final int[] window = new int[1];
        final RmaTarget t = new RmaTarget(window, 0, 1, Datatype.INT, 2);

        @Actor
        public void origin() {
            window[0] = 7;
            t.complete();
        }

        @Actor
        public void target(II_Result r) {
            long done = t.completions();
            r.r1 = (int) done;
            r.r2 = done >= 1 ? window[0] : -1;
        }
    }
}
