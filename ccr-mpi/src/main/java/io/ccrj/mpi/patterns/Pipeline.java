package io.ccrj.mpi.patterns;

import io.ccrj.core.DispatcherQueue;

/**
 * Straight Pipeline (Qiu et al. 2007, Fig. 1(b) and Fig. 3(a); Qiu, Fox &amp; Ho 2006, Fig. 2): each way's stage
 * handler posts its result to its own port, where a fresh handler computes the next stage.
 * The run ends with the papers' reduction: an end port receives each way's final value and one
 * {@code multipleItemReceive} of all of them sums them (in way order).
 *
 * <p>Values: way k starts from k + 1 and computes {@code v = computation.compute(k, s, v)} at
 * each stage s. The handlers run on {@code queue}'s dispatcher: the papers' "match" setting is
 * a dispatcher with as many threads as ways, "default" one thread per core.
 */
public final class Pipeline {

    private Pipeline() {
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
        return SpawnedStages.run("Pipeline", queue, ways, stages, computation, 0, 1);
    }
}
