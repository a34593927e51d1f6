package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Status;

/**
 * A request to or from {@link Comm#PROC_NULL}, completed by the adapter itself: MPJ Express 0.44
 * rejects {@code PROC_NULL} ("requested negative message destination"), where the contract says
 * the call completes at once. As a persistent request it is inactive until started, and each
 * start completes at once. Confined to the rank that made it.
 */
final class ProcNullRequest implements PersistentRequest {

    private static final Status EMPTY = new Status(Comm.ANY_SOURCE, Comm.ANY_TAG, 0);

    private final String operation;
    private final Status status;
    private final boolean persistent;
    private boolean active;

    private ProcNullRequest(String operation, Status status, boolean persistent) {
        this.operation = operation;
        this.status = status;
        this.persistent = persistent;
        this.active = !persistent;
    }

    /** A completed send to PROC_NULL: status (PROC_NULL, tag, 0). */
    static ProcNullRequest send(String operation, int tag) {
        return new ProcNullRequest(operation, new Status(Comm.PROC_NULL, tag, 0), false);
    }

    /** A completed receive from PROC_NULL: status (PROC_NULL, ANY_TAG, 0). */
    static ProcNullRequest receive(String operation) {
        return new ProcNullRequest(operation, receiveStatus(), false);
    }

    /** A persistent send to PROC_NULL. */
    static ProcNullRequest persistentSend(String operation, int tag) {
        return new ProcNullRequest(operation, new Status(Comm.PROC_NULL, tag, 0), true);
    }

    /** A persistent receive from PROC_NULL. */
    static ProcNullRequest persistentReceive(String operation) {
        return new ProcNullRequest(operation, receiveStatus(), true);
    }

    /** What a receive or probe from PROC_NULL yields. */
    static Status receiveStatus() {
        return new Status(Comm.PROC_NULL, Comm.ANY_TAG, 0);
    }

    @Override
    public void start() {
        if (!persistent) {
            throw new MpiException(ErrorClass.REQUEST, operation + ": not a persistent request");
        }
        if (active) {
            throw new MpiException(ErrorClass.REQUEST, operation
                    + ": started while still active (complete it with waitFor or test first)");
        }
        active = true;
    }

    @Override
    public boolean isActive() {
        return active;
    }

    @Override
    public Status waitFor() {
        return test();
    }

    @Override
    public Status test() {
        if (!active) {
            return persistent ? EMPTY : status;
        }
        if (persistent) {
            active = false;
        }
        return status;
    }

    @Override
    public boolean isComplete() {
        return true;
    }

    @Override
    public String toString() {
        return "ProcNullRequest[" + operation + "]";
    }
}
