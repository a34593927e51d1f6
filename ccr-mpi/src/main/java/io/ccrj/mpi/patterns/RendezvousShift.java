package io.ccrj.mpi.patterns;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;

/**
 * Rendezvous Shift (Qiu et al. 2007, Fig. 3(d) and Table 1): long-running ranks on a ring; at each stage
 * every rank sends its value to its right neighbour and receives its left neighbour's with one
 * {@link Comm#sendrecv}, then computes the stage from what it received. The run ends with the
 * papers' reduction: rank 0 collects every rank's final value ({@link Comm#gather}) and sums them
 * in rank order.
 *
 * <p>Rank {@code r} starts with the value {@code r + 1}. Stage {@code s} at rank {@code r}:
 * {@code v = computation.compute(r, s, v[r - 1 mod n])}. Uses tag {@link #TAG}.
 */
public final class RendezvousShift {

    /** The tag of the shift's messages. */
    public static final int TAG = 11;

    private RendezvousShift() {
    }

    /**
     * Runs this rank's part.
     *
     * @param comm the communicator of the ring
     * @param stages number of stages, {@code >= 1}
     * @param computation the stage computation
     * @return at rank 0 the sum of every rank's final value; elsewhere this rank's final value
     */
    public static double runRank(Comm comm, long stages, StageComputation computation) {
        PatternSupport.checkStages(stages);
        int rank = comm.rank();
        int size = comm.size();
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        double[] out = {rank + 1.0};
        double[] in = new double[1];
        for (long s = 0; s < stages; s++) {
            comm.sendrecv(out, 0, 1, Datatype.DOUBLE, right, TAG, in, 0, 1, Datatype.DOUBLE, left, TAG);
            out[0] = computation.compute(rank, s, in[0]);
        }
        return PatternSupport.reduceAtRoot(comm, out[0]);
    }

    /**
     * This pattern as a kernel.
     *
     * @param stages number of stages
     * @param computation the stage computation
     * @return a kernel whose rank 0 result is the reduction
     */
    public static Kernel<Double> kernel(long stages, StageComputation computation) {
        PatternSupport.checkStages(stages);
        return comm -> runRank(comm, stages, computation);
    }

    /**
     * Runs the pattern on {@code world}.
     *
     * @param world the world (its size is the ring's)
     * @param stages number of stages
     * @param computation the stage computation
     * @return the sum of the ranks' final values
     */
    public static double run(SpmdWorld world, long stages, StageComputation computation) {
        return world.run(kernel(stages, computation)).get(0);
    }
}
