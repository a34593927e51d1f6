package io.ccrj.mpi.patterns;

import io.ccrj.core.DispatcherQueue;

/**
 * Shift (Qiu et al. 2007, Fig. 3(b)): each way's stage handler posts its result to its right
 * neighbour's port, where a fresh handler computes the next stage (a toroidal nearest-neighbour
 * shift without rendezvous).
 * The run ends with the papers' reduction: an end port receives each way's final value and one
 * {@code multipleItemReceive} of all of them sums them (in way order).
 *
 * <p>Values: stage s at way r computes from the value way r - 1 posted; the values equal
 * {@link RendezvousShift}'s. The handlers run on {@code queue}'s dispatcher: the papers' "match" setting is
 * a dispatcher with as many threads as ways, "default" one thread per core.
 */
public final class Shift {

    private Shift() {
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
        return SpawnedStages.run("Shift", queue, ways, stages, computation, 1, 1);
    }
}
