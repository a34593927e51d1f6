package io.ccrj.mpi.internal;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Comparison;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Intercomm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import io.ccrj.mpi.ThreadLevel;
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
 * <p>Thread safety: confined to the thread that owns the rank's mailbox ({@link #checkThread()}):
 * the rank's own thread, or at {@link ThreadLevel#SERIALIZED} whichever thread calls, one at a
 * time. Subclasses add topologies ({@link DefaultCartComm}, {@link DefaultGraphComm}) and the
 * intercommunicator ({@link DefaultIntercomm}).
 */
public class DefaultComm implements Comm {
    static final int TAG_BARRIER = 1;
    static final int TAG_BCAST = 2;
    static final int TAG_REDUCE = 3;
    static final int TAG_ALLREDUCE = 4;
    static final int TAG_GATHER = 5;
    static final int TAG_SCATTER = 6;
    static final int TAG_ALLGATHER = 7;
    static final int TAG_ALLTOALL = 8;
    static final int TAG_SPLIT = 9;
    static final int TAG_MERGE = 10;

    private static final Object EMPTY = new int[0];

    /**
     * From this many elements on, {@code sendrecv} and {@code isend} lend the send buffer to the
     * receiver instead of copying it (one copy instead of two; the send completes when the
     * receiver has taken the elements). Measured on 2 vCPUs, 2-rank sendrecv: 1,000 doubles take
     * 0.9 us eager and 0.35 us lent; up to about 64 elements the two cannot be told apart, and
     * small sends stay eager so that {@code isend} completes at once. Blocking {@code send} always
     * copies, so it never waits for a receiver.
     */
    static final int ZERO_COPY_THRESHOLD = 256;

    final World world;
    private final RankMailbox mailbox;
    private final int rank;
    private final int size;
    final int[] worldRanks;
    final int context;
    private final String label;
    private int splits;
    /** Communicators derived from this one by dup, create and the topology constructors (owner only). */
    int derived;
    /** Set by {@link #free()} (owner only). */
    private boolean freed;
    /** Lazily made {@link #group()} (owner only). */
    private Group group;
    /** Barrier/allreduce state shared with the other members, or {@code null} for message-based collectives. */
    private final SharedMemoryCollectives shared;
    /** Shared-memory collectives this rank has called on this communicator (owner only). */
    private long sharedGeneration;

    DefaultComm(World world, int rank, int[] worldRanks, int context, String label) {
        this(world, rank, worldRanks, world.mailboxes[worldRanks[rank]], context, label, true);
    }

    /**
     * A communicator whose destinations are {@code peerWorldRanks} and whose mailbox is given: for
     * an intercommunicator, the peers are the remote group, {@code rank} is this rank's number in
     * its local group and collectives are never shared-memory ({@code collectivesAllowed} false).
     */
    DefaultComm(World world, int rank, int[] peerWorldRanks, RankMailbox mailbox, int context, String label,
            boolean collectivesAllowed) {
        this.world = world;
        this.rank = rank;
        this.size = peerWorldRanks.length;
        this.worldRanks = peerWorldRanks;
        this.mailbox = mailbox;
        this.context = context;
        this.label = label;
        this.shared = collectivesAllowed && world.sharedMemoryCollectives && size > 1
                ? world.sharedCollectives(context, peerWorldRanks) : null;
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
        if (dest == PROC_NULL) {
            checkSendTag("send", tag);
            return;
        }
        checkBuffer("send", buf, offset, count, type);
        checkDest("send", dest);
        checkSendTag("send", tag);
        deliver(context, buf, offset, count, type, dest, tag);
    }

    @Override
    public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        checkThread();
        if (source == PROC_NULL) {
            return procNullStatus();
        }
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
        if (dest == PROC_NULL || source == PROC_NULL) {
            return sendrecvWithNull(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf, recvoffset,
                    recvcount, recvtype, source, recvtag);
        }
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
        if (dest == PROC_NULL) {
            checkSendTag("isend", tag);
            return new CompletedRequest(new Status(PROC_NULL, tag, 0));
        }
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
        if (source == PROC_NULL) {
            return new CompletedRequest(procNullStatus());
        }
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
        if (source == PROC_NULL) {
            return procNullStatus();
        }
        checkSource("probe", source);
        checkRecvTag("probe", tag);
        Probe p = new Probe(source, tag);
        mailbox.await(p);
        return p.status();
    }

    @Override
    public Status iprobe(int source, int tag) {
        checkThread();
        if (source == PROC_NULL) {
            return procNullStatus();
        }
        checkSource("iprobe", source);
        checkRecvTag("iprobe", tag);
        mailbox.progress();
        Probe p = new Probe(source, tag);
        if (p.isComplete()) {
            return p.status();
        }
        mailbox.failIfEnded(p);
        return null;
    }

    /** What a receive from {@link #PROC_NULL} completes with (MPI: source PROC_NULL, tag ANY_TAG, count 0). */
    private static Status procNullStatus() {
        return new Status(PROC_NULL, ANY_TAG, 0);
    }

    /** A sendrecv with {@link #PROC_NULL} on either side: the other half alone. */
    private Status sendrecvWithNull(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
            int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        Request s = dest == PROC_NULL ? null : isend(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        Status st = source == PROC_NULL ? procNullStatus()
                : recv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        if (s != null) {
            s.waitFor();
        }
        if (dest == PROC_NULL) {
            checkSendTag("sendrecv", sendtag);
        }
        return st;
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
        Thread t = Thread.currentThread();
        if (t != mailbox.owner) {
            adopt(t);
        }
        if (freed) {
            throw new MpiException(ErrorClass.ARG, "communicator " + label + " of rank " + rank + " was freed");
        }
    }

    /**
     * A call from a thread other than the mailbox's owner: allowed from {@link ThreadLevel#SERIALIZED}
     * on, where the calling thread becomes the owner (a volatile write: producers read
     * {@code owner} after {@code waiting} to unpark it, and the world's abort interrupts it). The
     * application's ordering of the calls, which MPI requires at this level, makes the previous
     * owner's writes to the matching queues visible here.
     */
    private void adopt(Thread t) {
        if (mailbox.threadLevel.compareTo(ThreadLevel.SERIALIZED) < 0) {
            throw new MpiException(ErrorClass.ARG, "communicator " + label + " of rank " + rank
                    + " used from thread '" + t.getName() + "': at thread level " + mailbox.threadLevel
                    + " a communicator belongs to its rank's thread (requestThreadLevel(SERIALIZED) allows"
                    + " other threads, one call at a time)");
        }
        mailbox.owner = t;
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

    void checkRoot(String op, int root) {
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

    // ------------------------------------------------------------------ groups, communicators, topologies

    @Override
    public Group group() {
        checkThread();
        if (group == null) {
            group = new GroupImpl(worldRanks, mailbox.worldRank);
        }
        return group;
    }

    @Override
    public Comm self() {
        checkThread();
        if (mailbox.self == null) {
            mailbox.self = new DefaultComm(world, 0, new int[] {mailbox.worldRank}, world.contextFor("self"),
                    world.name + "/self(rank " + mailbox.worldRank + ")");
        }
        return mailbox.self;
    }

    /**
     * The context of the {@code n}-th communicator derived from this one, {@code variant} telling
     * apart the communicators one derivation makes (colors): every member computes the same key,
     * so all agree without messages.
     */
    int derivedContext(int n, int variant) {
        return world.contextFor("derived/" + context + "/" + n + "/" + variant);
    }

    @Override
    public Comm dup() {
        checkThread();
        int n = derived++;
        return new DefaultComm(world, rank, worldRanks, derivedContext(n, 0), label + "/dup" + n);
    }

    @Override
    public Comm create(Group g) {
        checkThread();
        GroupImpl gi = GroupImpl.impl("create on " + label, g);
        int n = derived++;
        for (int m : gi.members()) {
            if (GroupImpl.indexOf(worldRanks, m) == Group.UNDEFINED) {
                throw new MpiException(ErrorClass.ARG, "create on " + label + ": world rank " + m
                        + " of the group is not a member of this communicator");
            }
        }
        int newRank = GroupImpl.indexOf(gi.members(), mailbox.worldRank);
        if (newRank == Group.UNDEFINED) {
            return null;
        }
        return new DefaultComm(world, newRank, gi.members().clone(), derivedContext(n, 0), label + "/create" + n);
    }

    @Override
    public Comparison compare(Comm other) {
        checkThread();
        if (other == this) {
            return Comparison.IDENT;
        }
        if (!(other instanceof DefaultComm o) || o.world != world) {
            return Comparison.UNEQUAL;
        }
        Comparison c = GroupImpl.compareMembers(memberWorldRanks(), o.memberWorldRanks());
        if (c == Comparison.IDENT) {
            return o.context == context && o.isInter() == isInter() ? Comparison.IDENT : Comparison.CONGRUENT;
        }
        return c;
    }

    /** This communicator's (local) members, in rank order. */
    int[] memberWorldRanks() {
        return worldRanks;
    }

    @Override
    public void free() {
        checkThread();
        if (context == 0 || this == mailbox.self) {
            throw new MpiException(ErrorClass.ARG, "free on " + label + ": the world communicator and the self"
                    + " communicator cannot be freed");
        }
        freed = true;
    }

    @Override
    public boolean isFreed() {
        return freed;
    }

    @Override
    public boolean isInter() {
        return false;
    }

    @Override
    public Intercomm createIntercomm(int localLeader, Comm peer, int remoteLeader, int tag) {
        checkThread();
        checkRoot("createIntercomm", localLeader);
        return DefaultIntercomm.create(this, localLeader, peer, remoteLeader, tag);
    }

    @Override
    public void abort(int errorCode) {
        checkThread();
        MpiException e = new MpiException(ErrorClass.ABORTED, "rank " + rank + " of " + label + " called abort("
                + errorCode + ")");
        world.abort(mailbox.worldRank, e);
        throw e;
    }

    @Override
    public CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        checkThread();
        if (dims == null || periods == null || dims.length != periods.length) {
            throw new MpiException(ErrorClass.ARG, "createCart on " + label + ": dims and periods must be arrays of"
                    + " one length, got " + Arrays.toString(dims) + " and " + Arrays.toString(periods));
        }
        long points = 1;
        for (int d : dims) {
            if (d < 1) {
                throw new MpiException(ErrorClass.ARG, "createCart on " + label + ": every dimension must be >= 1, got "
                        + Arrays.toString(dims));
            }
            points *= d;
        }
        if (points > size) {
            throw new MpiException(ErrorClass.ARG, "createCart on " + label + ": grid " + Arrays.toString(dims)
                    + " has " + points + " points, more than the " + size + " ranks");
        }
        int n = derived++;
        if (rank >= points) {
            return null;
        }
        return new DefaultCartComm(world, rank, Arrays.copyOf(worldRanks, (int) points), derivedContext(n, 0),
                label + "/cart" + n, dims.clone(), periods.clone());
    }

    @Override
    public GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        checkThread();
        DefaultGraphComm.check(label, index, edges, size);
        int n = derived++;
        if (rank >= index.length) {
            return null;
        }
        return new DefaultGraphComm(world, rank, Arrays.copyOf(worldRanks, index.length), derivedContext(n, 0),
                label + "/graph" + n, index.clone(), edges.clone());
    }

    @Override
    public ThreadLevel threadLevel() {
        return mailbox.threadLevel;
    }

    @Override
    public ThreadLevel requestThreadLevel(ThreadLevel required) {
        checkThread();
        if (required == null) {
            throw new MpiException(ErrorClass.ARG, "requestThreadLevel on " + label + ": level is null");
        }
        ThreadLevel provided = required == ThreadLevel.MULTIPLE ? ThreadLevel.SERIALIZED : required;
        mailbox.threadLevel = provided;
        return provided;
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
