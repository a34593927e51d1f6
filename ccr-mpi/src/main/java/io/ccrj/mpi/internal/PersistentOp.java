package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.function.Supplier;

/**
 * A persistent request: the arguments of one operation, captured at creation by
 * {@code starter}, which each {@link #start()} calls to start a fresh non-blocking operation.
 * Active from a start until a wait or test returns its status.
 *
 * <p>Owner-thread only, as every request.
 */
final class PersistentOp implements PersistentRequest, LocalRequest {
    private static final Status EMPTY = new Status(Comm.ANY_SOURCE, Comm.ANY_TAG, 0);

    private final PointToPointComm comm;
    private final String description;
    private final Supplier<Request> starter;
    /** The operation of the current start, or {@code null} while inactive. */
    private Request current;

    PersistentOp(PointToPointComm comm, String description, Supplier<Request> starter) {
        this.comm = comm;
        this.description = description;
        this.starter = starter;
    }

    @Override
    public void start() {
        comm.checkThread();
        if (current != null) {
            throw new MpiException(ErrorClass.REQUEST, description + " on " + comm.label()
                    + ": started while still active (complete it with waitFor or test first)");
        }
        current = starter.get();
    }

    @Override
    public boolean isActive() {
        return current != null;
    }

    @Override
    public Status waitFor() {
        comm.checkThread();
        if (current == null) {
            return EMPTY;
        }
        Request r = current;
        current = null;
        return r.waitFor();
    }

    @Override
    public Status test() {
        comm.checkThread();
        if (current == null) {
            return EMPTY;
        }
        Status s;
        try {
            s = current.test();
        } catch (MpiException e) {
            current = null;
            throw e;
        }
        if (s != null) {
            current = null;
        }
        return s;
    }

    @Override
    public boolean isComplete() {
        return current == null || current.isComplete();
    }

    @Override
    public boolean needsMessage() {
        return !(current instanceof Pending p) || p.needsMessage();
    }

    @Override
    public void cancel() {
        if (current != null) {
            current.cancel();
        }
    }

    @Override
    public RankMailbox mailbox() {
        return comm.mailbox();
    }

    @Override
    public String describe() {
        return current instanceof Pending p ? p.describe() : description + " on " + comm.label();
    }

    @Override
    public String toString() {
        return description + (current == null ? " inactive" : " active");
    }
}
