package io.ccrj.mpi.patterns;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;

/**
 * Exchange as two shifts (Qiu et al. 2007, Figs. 6 and 7): the {@link RendezvousExchange} computed as a
 * right shift followed by a left shift, two {@link Comm#sendrecv} calls per stage with no
 * computation between them. Produces the same values as {@link RendezvousExchange}.
 */
public final class ExchangeAsTwoShifts {

    private ExchangeAsTwoShifts() {
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
        double[] value = {rank + 1.0};
        double[] in = new double[2];
        for (long s = 0; s < stages; s++) {
            comm.sendrecv(value, 0, 1, Datatype.DOUBLE, right, RendezvousExchange.TAG_RIGHTWARD,
                    in, 0, 1, Datatype.DOUBLE, left, RendezvousExchange.TAG_RIGHTWARD);
            comm.sendrecv(value, 0, 1, Datatype.DOUBLE, left, RendezvousExchange.TAG_LEFTWARD,
                    in, 1, 1, Datatype.DOUBLE, right, RendezvousExchange.TAG_LEFTWARD);
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
