package io.ccrj.bench.mpi;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.patterns.RendezvousExchange;
import io.ccrj.mpi.patterns.RendezvousShift;

/**
 * The messaging of one stage of the papers' rendezvous patterns (Qiu et al. 2007, Fig. 3(d-e), Table 1),
 * written once for the JMH benchmark ({@link StageOverheadBenchmark}) that {@link MpiRunner}
 * runs. Each stage of a rank turns its value into the next through the pattern's
 * messages; the computation between stages is the caller's.
 */
public enum RendezvousPattern {
    /** One {@code sendrecv} to the right neighbour, from the left one (Fig. 3(d)). */
    RENDEZVOUS_SHIFT("Rendezvous Shift") {
        @Override
        double stage(Comm comm, double v, double[] value, double[] in, int left, int right) {
            value[0] = v;
            comm.sendrecv(value, 0, 1, Datatype.DOUBLE, right, RendezvousShift.TAG,
                    in, 0, 1, Datatype.DOUBLE, left, RendezvousShift.TAG);
            return in[0];
        }
    },
    /** ccr-mpi's dedicated exchange: irecv, irecv, send, send, wait, wait (Fig. 3(e), Code Sample 1). */
    RENDEZVOUS_EXCHANGE("Rendezvous Exchange") {
        @Override
        double stage(Comm comm, double v, double[] value, double[] in, int left, int right) {
            value[0] = v;
            RendezvousExchange.exchange(comm, value, in);
            return (in[0] + in[1]) * 0.5;
        }
    },
    /** The papers' second exchange: a right shift, then a left shift, nothing in between. */
    EXCHANGE_AS_TWO_SHIFTS("Exchange as two shifts") {
        @Override
        double stage(Comm comm, double v, double[] value, double[] in, int left, int right) {
            value[0] = v;
            comm.sendrecv(value, 0, 1, Datatype.DOUBLE, right, RendezvousExchange.TAG_RIGHTWARD,
                    in, 0, 1, Datatype.DOUBLE, left, RendezvousExchange.TAG_RIGHTWARD);
            comm.sendrecv(value, 0, 1, Datatype.DOUBLE, left, RendezvousExchange.TAG_LEFTWARD,
                    in, 1, 1, Datatype.DOUBLE, right, RendezvousExchange.TAG_LEFTWARD);
            return (in[0] + in[1]) * 0.5;
        }
    },
    /** No messaging: the computation alone (the JMH benchmark's subtrahend). */
    COMPUTE_ONLY("Compute only") {
        @Override
        double stage(Comm comm, double v, double[] value, double[] in, int left, int right) {
            return v;
        }
    };

    private final String paperName;

    RendezvousPattern(String paperName) {
        this.paperName = paperName;
    }

    /** @return the name in the papers' tables */
    public String paperName() {
        return paperName;
    }

    /**
     * One stage's messaging on one rank: {@code v} is what the stage computed, {@code value} the
     * rank's one-element send buffer, {@code in} its two-element receive buffer; returns the value
     * the next stage starts from.
     */
    abstract double stage(Comm comm, double v, double[] value, double[] in, int left, int right);
}
