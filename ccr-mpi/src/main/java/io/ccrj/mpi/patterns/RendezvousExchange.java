package io.ccrj.mpi.patterns;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.SpmdWorld;

/**
 * Rendezvous Exchange (Qiu et al. 2007, Fig. 3(e), Code Sample 1 and Table 1): long-running ranks on a
 * ring; at each stage every rank sends its value to both neighbours, then waits until both
 * neighbours' values have arrived (CCR's {@code MultipleItemReceive} in the papers; here the
 * dedicated {@link #exchange} primitive: both receives posted, both sends, one wait), and
 * computes the stage from their mean. The run ends with the papers' reduction at rank 0.
 *
 * <p>Rank {@code r} starts with {@code r + 1}. Stage {@code s} at rank {@code r}:
 * {@code v = computation.compute(r, s, (v[r - 1] + v[r + 1]) * 0.5)} (indices mod n). Uses tags
 * {@link #TAG_RIGHTWARD} and {@link #TAG_LEFTWARD}, so that the two messages stay apart when
 * both neighbours are one rank (n = 2). {@link ExchangeAsTwoShifts} computes the same values
 * with two {@code sendrecv} calls per stage.
 */
public final class RendezvousExchange {

    /** Tag of the messages sent to the right neighbour. */
    public static final int TAG_RIGHTWARD = 21;
    /** Tag of the messages sent to the left neighbour. */
    public static final int TAG_LEFTWARD = 22;

    private RendezvousExchange() {
    }

    /**
     * Exchanges one double with both ring neighbours: sends {@code value} left and right and
     * returns what the left neighbour sent rightward in {@code fromNeighbours[0]} and what the
     * right neighbour sent leftward in {@code fromNeighbours[1]}.
     *
     * @param comm the communicator of the ring
     * @param value this rank's value ({@code value[0]})
     * @param fromNeighbours receives the left value at index 0 and the right value at index 1
     */
    public static void exchange(Comm comm, double[] value, double[] fromNeighbours) {
        int rank = comm.rank();
        int size = comm.size();
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        Request fromLeft = comm.irecv(fromNeighbours, 0, 1, Datatype.DOUBLE, left, TAG_RIGHTWARD);
        Request fromRight = comm.irecv(fromNeighbours, 1, 1, Datatype.DOUBLE, right, TAG_LEFTWARD);
        comm.send(value, 0, 1, Datatype.DOUBLE, right, TAG_RIGHTWARD);
        comm.send(value, 0, 1, Datatype.DOUBLE, left, TAG_LEFTWARD);
        fromLeft.waitFor();
        fromRight.waitFor();
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
        double[] value = {rank + 1.0};
        double[] in = new double[2];
        for (long s = 0; s < stages; s++) {
            exchange(comm, value, in);
            value[0] = computation.compute(rank, s, (in[0] + in[1]) * 0.5);
        }
        return PatternSupport.reduceAtRoot(comm, value[0]);
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
