package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;

/**
 * The request of a request-based one-sided operation ({@code rput}, {@code rget},
 * {@code raccumulate}, {@code rgetAccumulate}): complete when made, since the operation completed
 * at origin and target before the call returned ({@code Window}'s memory model). Its status names
 * the target rank, as a send's names its destination. Immutable.
 */
final class RmaRequest implements Request {
    private final String op;
    private final String window;
    private final Status status;

    RmaRequest(String op, int targetRank, String window) {
        this.op = op;
        this.window = window;
        this.status = new Status(targetRank, Comm.ANY_TAG, 0);
    }

    @Override
    public Status waitFor() {
        return status;
    }

    @Override
    public Status test() {
        return status;
    }

    @Override
    public boolean isComplete() {
        return true;
    }

    @Override
    public String toString() {
        return op + " to rank " + status.source() + " on window " + window + ": complete";
    }
}
