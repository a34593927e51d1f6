package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The multi-request waits and tests of {@link Request} ({@code waitAny}, {@code waitSome},
 * {@code testAll}, {@code testAny}, {@code testSome}).
 *
 * <p>Blocking: when every pending request is a ccr-mpi request of one rank, the caller parks on
 * that rank's mailbox until one of them completes (no polling); requests of another backend (the
 * MPJ Express adapter) are polled, yielding the processor between rounds. Confined to the rank
 * that owns the requests.
 */
@Internal
public final class Requests {
    private Requests() {
    }

    private static boolean active(Request r) {
        return r != null && !(r instanceof PersistentRequest p && !p.isActive());
    }

    /**
     * {@link Request#waitAny}.
     *
     * @param requests the requests
     * @return the completed request's status with its index
     */
    public static Status waitAny(Request... requests) {
        Objects.requireNonNull(requests, "requests");
        while (true) {
            Status s = testAny(requests);
            if (s != null) {
                return s;
            }
            block(requests);
        }
    }

    /**
     * {@link Request#waitSome}.
     *
     * @param requests the requests
     * @return the completed requests' statuses
     */
    public static Status[] waitSome(Request... requests) {
        Objects.requireNonNull(requests, "requests");
        while (true) {
            boolean anyActive = false;
            for (Request r : requests) {
                anyActive |= active(r);
            }
            if (!anyActive) {
                return new Status[0];
            }
            Status[] done = testSome(requests);
            if (done.length > 0) {
                return done;
            }
            block(requests);
        }
    }

    /**
     * {@link Request#testAll}.
     *
     * @param requests the requests
     * @return every status, or {@code null} if some request is pending
     */
    public static Status[] testAll(Request... requests) {
        Objects.requireNonNull(requests, "requests");
        for (Request r : requests) {
            if (active(r) && !r.isComplete() && r.test() == null) {
                return null;
            }
        }
        Status[] out = new Status[requests.length];
        MpiException failure = null;
        for (int i = 0; i < requests.length; i++) {
            if (active(requests[i])) {
                try {
                    out[i] = requests[i].test().withIndex(i);
                } catch (MpiException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return out;
    }

    /**
     * {@link Request#testAny}.
     *
     * @param requests the requests
     * @return a completed request's status, an UNDEFINED-index status if none is active, or
     *     {@code null}
     */
    public static Status testAny(Request... requests) {
        Objects.requireNonNull(requests, "requests");
        boolean anyActive = false;
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (!active(r)) {
                continue;
            }
            anyActive = true;
            Status s = r.test();
            if (s != null) {
                return s.withIndex(i);
            }
        }
        return anyActive ? null : new Status(Comm.ANY_SOURCE, Comm.ANY_TAG, 0).withIndex(Comm.UNDEFINED);
    }

    /**
     * {@link Request#testSome}.
     *
     * @param requests the requests
     * @return the completed requests' statuses, possibly none
     */
    public static Status[] testSome(Request... requests) {
        Objects.requireNonNull(requests, "requests");
        List<Status> done = new ArrayList<>();
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (active(r)) {
                Status s = r.test();
                if (s != null) {
                    done.add(s.withIndex(i));
                }
            }
        }
        return done.toArray(new Status[0]);
    }

    /** Blocks until one of the active requests is complete (or might be, for foreign requests). */
    private static void block(Request[] requests) {
        RankMailbox mailbox = null;
        List<Request> pending = new ArrayList<>();
        boolean foreign = false;
        for (Request r : requests) {
            if (!active(r)) {
                continue;
            }
            pending.add(r);
            if (r instanceof LocalRequest l) {
                mailbox = l.mailbox();
            } else {
                foreign = true;
            }
        }
        if (foreign || mailbox == null) {
            Thread.yield();
            return;
        }
        mailbox.await(new AnyOf(pending));
    }

    /** Complete once any of the requests is. */
    private record AnyOf(List<Request> requests) implements Pending {
        @Override
        public boolean isComplete() {
            for (Request r : requests) {
                if (r.isComplete()) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean needsMessage() {
            for (Request r : requests) {
                if (r instanceof Pending p && !p.needsMessage()) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean mayTake(Message m) {
            for (Request r : requests) {
                if (!(r instanceof Pending p) || p.mayTake(m)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String describe() {
            StringBuilder sb = new StringBuilder("waitAny/waitSome of [");
            for (int i = 0; i < requests.size(); i++) {
                Request r = requests.get(i);
                sb.append(i == 0 ? "" : ", ").append(r instanceof Pending p ? p.describe() : r.toString());
            }
            return sb.append(']').toString();
        }
    }
}
