package io.ccrj.mpi.internal;

import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;

/**
 * A request that completed when it was created: an eager send, whose elements were copied before
 * {@code isend} returned. Immutable.
 */
final class CompletedRequest implements Request {
    private final Status status;

    CompletedRequest(Status status) {
        this.status = status;
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
        return "send request " + status + " complete";
    }
}
