package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * ccr-mpi's communicator: one rank's view of a group of ranks of a {@link World}.
 *
 * <p>Each communicator owns two matching contexts: {@code context} for point-to-point traffic and
 * {@code context + 1} for its collectives, so neither ever matches the other or another
 * communicator's traffic. Sources and destinations are ranks in this communicator;
 * {@link #worldRanks} maps them to the mailboxes of the world.
 *
 * <p>Thread safety: confined to the rank's thread ({@link #checkThread()}).
 */
public final class DefaultComm implements Comm {
    static final int TAG_BARRIER = 1;
    static final int TAG_BCAST = 2;
    static final int TAG_REDUCE = 3;
    static final int TAG_ALLREDUCE = 4;
    static final int TAG_GATHER = 5;
    static final int TAG_SCATTER = 6;
    static final int TAG_ALLGATHER = 7;
    static final int TAG_ALLTOALL = 8;
    static final int TAG_SPLIT = 9;

    private static final Object EMPTY = new int[0];

    /**
     * From this many elements on, {@code sendrecv} and {@code isend} lend the send buffer to the
     * receiver instead of copying it (one copy instead of two; the send completes when the
     * receiver has taken the elements). Why 256: in the 2-rank sendrecv benchmarks lending is clearly
     * faster at 1,000 doubles and cannot be told apart from copying up to about 64 elements, and
     * small sends stay eager so that {@code isend} completes at once. Blocking {@code send} always
     * copies, so it never waits for a receiver.
     */
    static final int ZERO_COPY_THRESHOLD = 256;

    private final World world;
    private final RankMailbox mailbox;
    private final int rank;
    private final int size;
    private final int[] worldRanks;
    private final int context;
    private final String label;
    private int splits;
    /** Barrier/allreduce state shared with the other members, or {@code null} for message-based collectives. */
    private final SharedMemoryCollectives shared;
    /** Shared-memory collectives this rank has called on this communicator (owner only). */
    private long sharedGeneration;

    DefaultComm(World world, int rank, int[] worldRanks, int context, String label) {
        this.world = world;
        this.rank = rank;
        this.size = worldRanks.length;
        this.worldRanks = worldRanks;
        this.mailbox = world.mailboxes[worldRanks[rank]];
        this.context = context;
        this.label = label;
        this.shared = world.sharedMemoryCollectives && size > 1 ? world.sharedCollectives(context, worldRanks) : null;
    }

    RankMailbox mailbox() {
        return mailbox;
    }

    String label() {
        return label;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    // ------------------------------------------------------------------ point to point

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        checkThread();
        checkBuffer("send", buf, offset, count, type);
        checkDest("send", dest);
        checkSendTag("send", tag);
        deliver(context, buf, offset, count, type, dest, tag);
    }

    @Override
    public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        checkThread();
        checkBuffer("recv", buf, offset, count, type);
        checkSource("recv", source);
        checkRecvTag("recv", tag);
        RecvRequest r = new RecvRequest(this, "recv", context, source, tag, buf, offset, count, type);
        mailbox.post(r);
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        return r.result();
    }

    @Override
    public Status sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        checkThread();
        checkBuffer("sendrecv", sendbuf, sendoffset, sendcount, sendtype);
        checkDest("sendrecv", dest);
        checkSendTag("sendrecv", sendtag);
        checkBuffer("sendrecv", recvbuf, recvoffset, recvcount, recvtype);
        checkSource("sendrecv", source);
        checkRecvTag("sendrecv", recvtag);
        RecvRequest r = new RecvRequest(this, "sendrecv", context, source, recvtag, recvbuf, recvoffset, recvcount,
                recvtype);
        mailbox.post(r);
        if (sendcount >= ZERO_COPY_THRESHOLD) {
            ZeroCopySend s = lend("sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
            if (!r.isComplete()) {
                mailbox.await(r);
            }
            if (!s.isComplete()) {
                mailbox.await(s);
            }
            return r.result();
        }
        deliver(context, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        return r.result();
    }

    @Override
    public Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        checkThread();
        checkBuffer("isend", buf, offset, count, type);
        checkDest("isend", dest);
        checkSendTag("isend", tag);
        if (count >= ZERO_COPY_THRESHOLD) {
            return lend("isend", buf, offset, count, type, dest, tag);
        }
        deliver(context, buf, offset, count, type, dest, tag);
        return new CompletedRequest(new Status(dest, tag, count));
    }

    @Override
    public Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        checkThread();
        checkBuffer("irecv", buf, offset, count, type);
        checkSource("irecv", source);
        checkRecvTag("irecv", tag);
        RecvRequest r = new RecvRequest(this, "irecv", context, source, tag, buf, offset, count, type);
        mailbox.post(r);
        return r;
    }

    @Override
    public Status probe(int source, int tag) {
        checkThread();
        checkSource("probe", source);
        checkRecvTag("probe", tag);
        Probe p = new Probe(source, tag);
        mailbox.await(p);
        return p.status();
    }

    @Override
    public Status iprobe(int source, int tag) {
        checkThread();
        checkSource("iprobe", source);
        checkRecvTag("iprobe", tag);
        mailbox.progress();
        Probe p = new Probe(source, tag);
        return p.isComplete() ? p.status() : null;
    }

    /** A probe's wait: complete once a matching message is in the unexpected-message queue. */
    private final class Probe implements Pending {
        private final int source;
        private final int tag;
        private Message found;

        Probe(int source, int tag) {
            this.source = source;
            this.tag = tag;
        }

        @Override
        public boolean isComplete() {
            if (found == null) {
                found = mailbox.peekUnexpected(context, source, tag);
            }
            return found != null;
        }

        Status status() {
            return new Status(found.source, found.tag, found.count);
        }

        @Override
        public String describe() {
            return "probe(source=" + (source == ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source)) + ", tag="
                    + (tag == ANY_TAG ? "ANY_TAG" : String.valueOf(tag)) + ") on " + label;
        }
    }

    private ZeroCopySend lend(String op, Object buf, int offset, int count, Datatype type, int dest, int tag) {
        Message m = Message.borrowing(context, rank, tag, buf, offset, count, type, mailbox);
        world.mailboxes[worldRanks[dest]].deliver(m);
        return new ZeroCopySend(this, op, m, dest);
    }

    private void deliver(int ctx, Object buf, int offset, int count, Datatype type, int dest, int tag) {
        world.mailboxes[worldRanks[dest]].deliver(Message.copyOf(ctx, rank, tag, buf, offset, count, type));
    }

    // ------------------------------------------------------------------ collective transport

    /** Sends on the collective context; arguments already checked. */
    void collSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        deliver(context + 1, buf, offset, count, type, dest, tag);
    }

    /** Posts a receive on the collective context; arguments already checked. */
    RecvRequest collPost(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = new RecvRequest(this, "recv", context + 1, source, tag, buf, offset, count, type);
        mailbox.post(r);
        return r;
    }

    /** Waits for a collective receive and rethrows its error. */
    Status collWait(RecvRequest r) {
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        return r.result();
    }

    /** Receives on the collective context. */
    Status collRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        return collWait(collPost(buf, offset, count, type, source, tag));
    }

    /** Sends and receives on the collective context (receive posted first). */
    Status collSendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int tag) {
        RecvRequest r = collPost(recvbuf, recvoffset, recvcount, recvtype, source, tag);
        collSend(sendbuf, sendoffset, sendcount, sendtype, dest, tag);
        return collWait(r);
    }

    // ------------------------------------------------------------------ collectives

    @Override
    public void barrier() {
        checkThread();
        mailbox.collective = "barrier";
        try {
            if (shared != null) {
                shared.barrier(mailbox, sharedGeneration++, label, rank);
            } else {
                DisseminationBarrier.barrier(this, EMPTY);
            }
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public void bcast(Object buf, int offset, int count, Datatype type, int root) {
        checkThread();
        checkBuffer("bcast", buf, offset, count, type);
        checkRoot("bcast", root);
        mailbox.collective = "bcast";
        try {
            BinomialTreeBroadcast.bcast(this, buf, offset, count, type, root);
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root) {
        checkThread();
        checkBuffer("reduce", sendbuf, sendoffset, count, type);
        checkRoot("reduce", root);
        if (rank == root) {
            checkBuffer("reduce", recvbuf, recvoffset, count, type);
        }
        checkOp("reduce", op, type);
        mailbox.collective = "reduce";
        try {
            BinomialTreeReduce.reduce(this, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root);
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        checkThread();
        checkBuffer("allreduce", sendbuf, sendoffset, count, type);
        checkBuffer("allreduce", recvbuf, recvoffset, count, type);
        checkOp("allreduce", op, type);
        mailbox.collective = "allreduce";
        try {
            if (shared != null) {
                shared.allreduce(mailbox, sharedGeneration++, label, rank, sendbuf, sendoffset, recvbuf, recvoffset,
                        count, type, op);
            } else {
                RecursiveDoublingAllreduce.allreduce(this, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
            }
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkThread();
        checkBuffer("gather", sendbuf, sendoffset, sendcount, sendtype);
        checkRoot("gather", root);
        if (rank == root) {
            checkBlocks("gather", recvbuf, recvoffset, recvcount, recvtype);
            checkSameType("gather", sendtype, recvtype);
        }
        mailbox.collective = "gather";
        try {
            FlatTreeGather.gather(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype, root);
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkThread();
        checkBuffer("scatter", recvbuf, recvoffset, recvcount, recvtype);
        checkRoot("scatter", root);
        if (rank == root) {
            checkBlocks("scatter", sendbuf, sendoffset, sendcount, sendtype);
            checkSameType("scatter", sendtype, recvtype);
        }
        mailbox.collective = "scatter";
        try {
            FlatTreeScatter.scatter(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype, root);
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkThread();
        checkBuffer("allgather", sendbuf, sendoffset, sendcount, sendtype);
        checkBlocks("allgather", recvbuf, recvoffset, recvcount, recvtype);
        checkSameType("allgather", sendtype, recvtype);
        mailbox.collective = "allgather";
        try {
            RingAllgather.allgather(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                    recvtype);
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkThread();
        checkBlocks("alltoall", sendbuf, sendoffset, sendcount, sendtype);
        checkBlocks("alltoall", recvbuf, recvoffset, recvcount, recvtype);
        checkSameType("alltoall", sendtype, recvtype);
        mailbox.collective = "alltoall";
        try {
            PairwiseExchangeAlltoall.alltoall(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                    recvcount, recvtype);
        } finally {
            mailbox.collective = null;
        }
    }

    @Override
    public Comm split(int color, int key) {
        checkThread();
        if (color < 0 && color != UNDEFINED) {
            throw new MpiException(ErrorClass.ARG, "split on " + label + ": color must be >= 0 or Comm.UNDEFINED, got "
                    + color);
        }
        int splitNumber = splits++;
        int[] mine = {color, key};
        int[] all = new int[2 * size];
        mailbox.collective = "split";
        try {
            RingAllgather.allgather(this, mine, 0, 2, Datatype.INT, all, 0, 2, Datatype.INT);
        } finally {
            mailbox.collective = null;
        }
        if (color == UNDEFINED) {
            return null;
        }
        List<int[]> members = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (all[2 * r] == color) {
                members.add(new int[] {all[2 * r + 1], r});
            }
        }
        members.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        int[] newWorldRanks = new int[members.size()];
        int newRank = -1;
        for (int i = 0; i < newWorldRanks.length; i++) {
            int parentRank = members.get(i)[1];
            newWorldRanks[i] = worldRanks[parentRank];
            if (parentRank == rank) {
                newRank = i;
            }
        }
        int newContext = world.contextFor(context + 1, splitNumber, color);
        return new DefaultComm(world, newRank, newWorldRanks, newContext,
                label + "/split" + splitNumber + "(color " + color + ")");
    }

    @Override
    public String toString() {
        return "Comm[" + label + ", rank " + rank + " of " + size + ", world ranks " + Arrays.toString(worldRanks) + "]";
    }

    // ------------------------------------------------------------------ checks

    void checkThread() {
        if (Thread.currentThread() != mailbox.owner) {
            throw new MpiException(ErrorClass.ARG, "communicator " + label + " of rank " + rank
                    + " used from thread '" + Thread.currentThread().getName()
                    + "': a communicator belongs to its rank's thread");
        }
    }

    private void checkBuffer(String op, Object buf, int offset, int count, Datatype type) {
        if (type == null) {
            throw new MpiException(ErrorClass.TYPE, op + " on " + label + ": datatype is null");
        }
        if (count < 0) {
            throw new MpiException(ErrorClass.COUNT, op + " on " + label + ": count must be >= 0, got " + count);
        }
        if (buf == null) {
            throw new MpiException(ErrorClass.BUFFER, op + " on " + label + ": buffer is null");
        }
        if (!type.accepts(buf)) {
            throw new MpiException(ErrorClass.TYPE, op + " on " + label + ": buffer of type "
                    + buf.getClass().getSimpleName() + " does not match datatype " + type + " (expects "
                    + type.arrayClass().getSimpleName() + ")");
        }
        int length = java.lang.reflect.Array.getLength(buf);
        if (offset < 0 || offset > length - count) {
            throw new MpiException(ErrorClass.BUFFER, op + " on " + label + ": elements [" + offset + ", "
                    + ((long) offset + count) + ") lie outside the buffer of length " + length);
        }
    }

    private void checkBlocks(String op, Object buf, int offset, int countPerRank, Datatype type) {
        if (countPerRank < 0) {
            throw new MpiException(ErrorClass.COUNT, op + " on " + label + ": count must be >= 0, got "
                    + countPerRank);
        }
        long total = (long) countPerRank * size;
        if (total > Integer.MAX_VALUE) {
            throw new MpiException(ErrorClass.COUNT, op + " on " + label + ": " + countPerRank + " x " + size
                    + " elements exceed an array");
        }
        checkBuffer(op, buf, offset, (int) total, type);
    }

    private void checkSameType(String op, Datatype sendtype, Datatype recvtype) {
        if (sendtype != recvtype) {
            throw new MpiException(ErrorClass.TYPE, op + " on " + label + ": send datatype " + sendtype
                    + " differs from receive datatype " + recvtype);
        }
    }

    private void checkDest(String op, int dest) {
        if (dest < 0 || dest >= size) {
            throw new MpiException(ErrorClass.RANK, op + " on " + label + ": destination rank " + dest
                    + " is not in [0, " + size + ")");
        }
    }

    private void checkSource(String op, int source) {
        if ((source < 0 || source >= size) && source != ANY_SOURCE) {
            throw new MpiException(ErrorClass.RANK, op + " on " + label + ": source rank " + source
                    + " is not in [0, " + size + ") nor Comm.ANY_SOURCE");
        }
    }

    private void checkRoot(String op, int root) {
        if (root < 0 || root >= size) {
            throw new MpiException(ErrorClass.ROOT, op + " on " + label + ": root " + root + " is not in [0, "
                    + size + ")");
        }
    }

    private void checkSendTag(String op, int tag) {
        if (tag < 0) {
            throw new MpiException(ErrorClass.TAG, op + " on " + label + ": tag must be >= 0"
                    + (tag == ANY_TAG ? " (Comm.ANY_TAG is for receives only)" : "") + ", got " + tag);
        }
    }

    private void checkRecvTag(String op, int tag) {
        if (tag < 0 && tag != ANY_TAG) {
            throw new MpiException(ErrorClass.TAG, op + " on " + label + ": tag must be >= 0 or Comm.ANY_TAG, got "
                    + tag);
        }
    }

    private void checkOp(String op, Op operation, Datatype type) {
        if (operation == null) {
            throw new MpiException(ErrorClass.OP, op + " on " + label + ": operation is null");
        }
        if (!operation.supports(type)) {
            throw new MpiException(ErrorClass.OP, op + " on " + label + ": operation " + operation.name()
                    + " is not defined on datatype " + type);
        }
    }

    /** The world communicator of {@code worldRank}. */
    static DefaultComm world(World world, int worldRank) {
        int[] ranks = new int[world.size];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = i;
        }
        return new DefaultComm(world, worldRank, ranks, 0, world.name);
    }
}
