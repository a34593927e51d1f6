package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;

/**
 * ccr-mpi's {@link Request} over MPJ Express's {@code mpi.Request}. The status of a completed
 * request is kept, because MPJ Express's {@code Wait} and {@code Test} may be called only until
 * the request completes; a send's status is made here (MPJ Express reports no destination).
 * Persistent requests ({@code mpi.Prequest}) are the same object started again: each
 * {@link #start()} forgets the previous status. Confined to the rank that started the request.
 */
class MpjRequest implements Request {

    private static final Status EMPTY = new Status(Comm.ANY_SOURCE, Comm.ANY_TAG, 0);

    private final RankContext context;
    final mpi.Request request;
    final String operation;
    private final boolean send;
    private final int dest;
    private final int tag;
    private final int count;
    private final Datatype type;
    Status status;
    MpiException failure;

    private MpjRequest(RankContext context, mpi.Request request, String operation, boolean send, int dest, int tag,
            int count, Datatype type) {
        this.context = context;
        this.request = request;
        this.operation = operation;
        this.send = send;
        this.dest = dest;
        this.tag = tag;
        this.count = count;
        this.type = type;
    }

    static MpjRequest send(RankContext context, mpi.Request request, String operation, int dest, int tag, int count) {
        return new MpjRequest(context, request, operation, true, dest, tag, count, null);
    }

    static MpjRequest receive(RankContext context, mpi.Request request, String operation, Datatype type) {
        return new MpjRequest(context, request, operation, false, -1, -1, -1, type);
    }

    static PersistentRequest persistentSend(RankContext context, mpi.Prequest request, String operation, int dest,
            int tag, int count) {
        return new Persistent(context, request, operation, true, dest, tag, count, null);
    }

    static PersistentRequest persistentReceive(RankContext context, mpi.Prequest request, String operation,
            Datatype type) {
        return new Persistent(context, request, operation, false, -1, -1, -1, type);
    }

    /**
     * A ccr-mpi status of an MPJ Express receive status, counted in {@code type}. Never cancelled:
     * MPJ Express 0.44 cannot cancel a request, and its {@code Status.Test_cancelled()} prints
     * "Cancel functionality is not implemented." to standard output on every call before it
     * returns {@code false}, so asking it would print a line per receive (and slow every measured
     * receive down by a console write).
     */
    static Status status(RankContext context, String op, mpi.Status st, Datatype type) {
        int count = context.callNonBlocking(op, () -> st.Get_count(Types.mpj(type)));
        int elements = count == mpi.MPI.UNDEFINED ? Comm.UNDEFINED : count * type.size();
        return new Status(st.source, st.tag, count == mpi.MPI.UNDEFINED ? Comm.UNDEFINED : count, elements, false,
                Comm.UNDEFINED);
    }

    @Override
    public Status waitFor() {
        if (status == null && failure == null) {
            try {
                complete(context.call("wait(" + operation + ")", request::Wait));
            } catch (MpiException e) {
                failure = e;
            }
        }
        return result();
    }

    @Override
    public Status test() {
        if (status == null && failure == null) {
            try {
                mpi.Status st = context.callNonBlocking("test(" + operation + ")", request::Test);
                if (st == null) {
                    return null;
                }
                complete(st);
            } catch (MpiException e) {
                failure = e;
            }
        }
        return result();
    }

    @Override
    public boolean isComplete() {
        try {
            return test() != null;
        } catch (MpiException e) {
            return true;
        }
    }

    @Override
    public void cancel() {
        if (status == null && failure == null) {
            context.callNonBlocking("cancel(" + operation + ")", () -> {
                request.Cancel();
                return null;
            });
        }
    }

    private void complete(mpi.Status st) {
        if (send) {
            status = new Status(dest, tag, count);
        } else {
            status = status(context, operation, st, type);
        }
    }

    Status result() {
        if (failure != null) {
            throw failure;
        }
        return status;
    }

    @Override
    public String toString() {
        return "MpjRequest[" + operation + (status != null ? ", complete" : failure != null ? ", failed" : "") + "]";
    }

    /** A persistent request: inactive until started, and again once a wait or test has returned. */
    private static final class Persistent extends MpjRequest implements PersistentRequest {
        private final RankContext context;
        private boolean active;

        Persistent(RankContext context, mpi.Prequest request, String operation, boolean send, int dest, int tag,
                int count, Datatype type) {
            super(context, request, operation, send, dest, tag, count, type);
            this.context = context;
        }

        @Override
        public void start() {
            if (active) {
                throw new MpiException(ErrorClass.REQUEST, operation
                        + ": started while still active (complete it with waitFor or test first)");
            }
            status = null;
            failure = null;
            context.callNonBlocking("start(" + operation + ")", () -> {
                ((mpi.Prequest) request).Start();
                return null;
            });
            active = true;
        }

        @Override
        public boolean isActive() {
            return active;
        }

        @Override
        public Status waitFor() {
            if (!active) {
                return EMPTY;
            }
            active = false;
            return super.waitFor();
        }

        @Override
        public Status test() {
            if (!active) {
                return EMPTY;
            }
            Status s;
            try {
                s = super.test();
            } catch (MpiException e) {
                active = false;
                throw e;
            }
            if (s != null) {
                active = false;
            }
            return s;
        }

        @Override
        public boolean isComplete() {
            return !active || super.isComplete();
        }
    }
}
