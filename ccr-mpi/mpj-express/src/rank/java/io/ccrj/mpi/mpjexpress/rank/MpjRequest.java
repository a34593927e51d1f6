package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;

/**
 * ccr-mpi's {@link Request} over MPJ Express's {@code mpi.Request}. The status of a completed
 * request is kept, because MPJ Express's {@code Wait} and {@code Test} may be called only until
 * the request completes; a send's status is made here (MPJ Express reports no destination).
 * Confined to the rank that started the request.
 */
final class MpjRequest implements Request {

    private final RankContext context;
    private final mpi.Request request;
    private final String operation;
    private final boolean send;
    private final int dest;
    private final int tag;
    private final int count;
    private final Datatype type;
    private Status status;
    private MpiException failure;

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

    private void complete(mpi.Status st) {
        if (send) {
            status = new Status(dest, tag, count);
        } else {
            int n = context.callNonBlocking(operation, () -> st.Get_count(Types.mpj(type)));
            status = new Status(st.source, st.tag, n);
        }
    }

    private Status result() {
        if (failure != null) {
            throw failure;
        }
        return status;
    }

    @Override
    public String toString() {
        return "MpjRequest[" + operation + (status != null ? ", complete" : failure != null ? ", failed" : "") + "]";
    }
}
