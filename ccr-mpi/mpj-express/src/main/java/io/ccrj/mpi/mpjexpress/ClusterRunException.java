package io.ccrj.mpi.mpjexpress;

import io.ccrj.mpi.MpiException;
import java.util.Objects;

/**
 * Thrown by {@link MpjExpressCluster#run} when a job on MPJ Express's cluster device did not give
 * every rank's result: a rank's kernel threw (or returned a result that could not be serialized),
 * a rank ended without writing a result, or the job ran past the cluster's timeout. It names the
 * rank ({@link #rank()}), carries the rank's exception as its {@link #getCause() cause} when there
 * is one, and the tail of the output of {@code mpjrun} (which relays the ranks' output) and of the
 * daemon ({@link #log()}), which the message repeats.
 *
 * <p>Its error class is {@link MpiException.ErrorClass#ABORTED}: the job ended before it
 * completed, as a ccr-mpi world does when one of its ranks fails.
 */
public final class ClusterRunException extends MpiException {
    private static final long serialVersionUID = 1L;

    /** How a cluster job failed. */
    public enum Kind {
        /**
         * A rank's kernel threw, or its result could not be serialized: the cause is what the rank
         * threw (a copy, deserialized from the rank's result file).
         */
        RANK_FAILED,
        /**
         * {@code mpjrun} ended but a rank wrote no result: its JVM could not start, crashed, or was
         * ended by another rank's {@code Abort}.
         */
        NO_RESULT,
        /** The job did not end within the cluster's timeout; its processes were ended. */
        TIMED_OUT
    }

    /** How the job failed. */
    private final Kind kind;
    /** The rank to blame, or -1. */
    private final int rank;
    /** The tail of mpjrun's and the daemon's output. */
    private final String log;

    /**
     * Creates an exception.
     *
     * @param kind how the job failed
     * @param rank the rank that failed, or the first that wrote no result; -1 if no rank is to blame
     *     (every rank wrote a result, but {@code mpjrun} did not end)
     * @param summary what happened, in a sentence
     * @param log the tail of the output of {@code mpjrun} and the daemon
     * @param cause the rank's exception, or {@code null}
     */
    public ClusterRunException(Kind kind, int rank, String summary, String log, Throwable cause) {
        super(ErrorClass.ABORTED, summary + "\n" + log, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.rank = rank;
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * How the job failed.
     *
     * @return the kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * The rank to blame: the one that threw ({@link Kind#RANK_FAILED}), or the lowest rank that
     * wrote no result ({@link Kind#NO_RESULT}, {@link Kind#TIMED_OUT}).
     *
     * @return a rank of the job, or -1 if every rank wrote its result
     */
    public int rank() {
        return rank;
    }

    /**
     * The last lines of {@code mpjrun}'s output (the ranks' output, relayed by the daemons, and
     * MPJ Express's own messages) and of the daemon's.
     *
     * @return the log tail, never {@code null}
     */
    public String log() {
        return log;
    }
}
