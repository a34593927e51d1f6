package io.ccrj.mpi.patterns;

import io.ccrj.core.DispatcherQueue;

/**
 * Two Shifts (Qiu et al. 2007, Fig. 3(c); Qiu, Fox &amp; Ho 2006, Fig. 7(c)): as {@link Shift}, but each handler posts
 * its result twice to its right neighbour's port and the next stage starts when both messages are
 * there (CCR's {@code MultipleItemReceive}), doubling the port operations per stage.
 * The run ends with the papers' reduction: an end port receives each way's final value and one
 * {@code multipleItemReceive} of all of them sums them (in way order).
 *
 * <p>Values: the next stage computes from the mean of the two identical messages, so the values
 * equal {@link Shift}'s. The handlers run on {@code queue}'s dispatcher: the papers' "match" setting is
 * a dispatcher with as many threads as ways, "default" one thread per core.
 */
public final class TwoShifts {

    private TwoShifts() {
    }

    /**
     * Runs the pattern and waits for its reduction.
     *
     * @param queue the dispatcher queue the stage handlers run on
     * @param ways number of parallel computations, {@code >= 1}
     * @param stages number of stages, {@code >= 1}
     * @param computation the stage computation
     * @return the sum of the ways' final values
     * @throws InterruptedException if the calling thread is interrupted while waiting
     */
    public static double run(DispatcherQueue queue, int ways, long stages, StageComputation computation)
            throws InterruptedException {
        return SpawnedStages.run("TwoShifts", queue, ways, stages, computation, 1, 2);
    }
}
