package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import java.util.Arrays;

/**
 * The collective layer of ccr-mpi's communicator ({@link DefaultComm} is the whole): argument
 * checks, then one collective schedule ({@link Schedule}) run by the blocking driver on the
 * collective transport of {@link PointToPointComm}, or started as a request by the nonblocking
 * driver ({@link NonblockingCollective}). The neighbourhood collectives are the next layer,
 * {@link NeighborhoodComm}.
 */
abstract class CollectiveComm extends PointToPointComm {
    static final int TAG_BARRIER = 1;
    static final int TAG_BCAST = 2;
    static final int TAG_REDUCE = 3;
    static final int TAG_ALLREDUCE = 4;
    static final int TAG_GATHER = 5;
    static final int TAG_SCATTER = 6;
    static final int TAG_ALLGATHER = 7;
    static final int TAG_ALLTOALL = 8;
    static final int TAG_SPLIT = 9;
    static final int TAG_SCAN = 10;
    static final int TAG_MERGE = 11;

    /** Tags of the neighbourhood collectives: this plus the tag the topology gives an edge. */
    static final int TAG_NEIGHBOR = 64;
    /**
     * The largest allreduce (in base elements) that combines in the communicator's scratch arrays
     * instead of new ones: up to 1 MiB of doubles per array. Past a few hundred KiB an array is
     * a humongous allocation for G1 (straight into the old generation), which cost an allreduce
     * of 10^5 doubles more than its copies and combining; a communicator keeps at most two such
     * arrays, the size of its largest allreduce so far.
     */
    private static final int SCRATCH_ELEMENTS = 1 << 17;
    /** Barrier/allreduce state shared with the other members, or {@code null} for message-based collectives. */
    private final SharedMemoryCollectives shared;
    /** Shared-memory collectives this rank has called on this communicator (owner only). */
    private long sharedGeneration;
    /**
     * The message-based allreduce's two arrays to combine in, for primitive calls of at most
     * {@link #SCRATCH_ELEMENTS} elements below {@link ThreadLevel#MULTIPLE} (owner only; MPI lets
     * one thread at a time call collectives on a communicator anyway). {@code null} while a call
     * holds them, so that a call that failed half-way leaves none half-used behind. They never
     * leave the rank: collective sends copy (eager protocol).
     */
    private Object allreduceScratch;
    private Object allreduceScratch2;

    /** The blocking driver's transport (owner only). */
    private final BlockingTransport transport = new BlockingTransport(this);
    /** The barrier's schedule: stateless, so one serves every barrier, blocking or not. */
    private static final DisseminationBarrier BARRIER = new DisseminationBarrier();
    /** The blocking bcast's and allreduce's schedules, re-armed per call below MULTIPLE (owner only). */
    private BinomialTreeBroadcast bcastSchedule;
    private RecursiveDoublingAllreduce allreduceSchedule;
    /**
     * Nonblocking collectives started on this communicator: the next one's sequence number, which
     * names its {@link CollectiveExchange}. Every member starts collectives in the same order
     * (MPI requires it), so all number an instance alike. Owner only (MPI lets one thread at a
     * time call collectives on a communicator).
     */
    private long nonblockingSequence;
    /**
     * This communicator's reused nonblocking collective channels, looked up on first use (owner
     * only, as the sequence).
     */
    private NonblockingChannels channels;

    CollectiveComm(World world, int rank, int[] peerWorldRanks, RankMailbox mailbox, int context, String label,
            boolean collectivesAllowed) {
        super(world, rank, peerWorldRanks, mailbox, context, label);
        this.shared = collectivesAllowed && world.sharedMemoryCollectives && peerWorldRanks.length > 1
                ? world.sharedCollectives(context, peerWorldRanks) : null;
    }

    /**
     * Whether a collective on {@code type} goes through shared memory: not for objects when ranks
     * have class loaders of their own, since there every rank would read the others' objects.
     */
    boolean sharedMemory(Datatype type) {
        return shared != null && !(world.copiesObjects && type.base() == Datatype.Base.OBJECT);
    }

    // ------------------------------------------------------------------ the two drivers

    /**
     * The blocking driver: runs {@code s} on the calling thread, waiting for each round's receives
     * on the rank mailbox before the round's local step. Small enough to be inlined where a
     * collective calls it, so the schedule's calls bind to its class.
     */
    final void runBlocking(Schedule s) {
        BlockingTransport t = transport;
        t.startCall(s.call());
        boolean finished = false;
        try {
            for (int r = 0; s.round(r, t); r++) {
                t.completeRound();
                s.afterRound(r);
            }
            s.finish();
            finished = true;
        } finally {
            if (!finished) {
                t.abandonRound();
                world.collectiveFailed = true;
            }
        }
    }

    /** {@return how many ranks take part in this communicator's collectives: its size; both groups' on an intercommunicator} */
    int collectiveMembers() {
        return size;
    }

    /** The nonblocking driver: starts {@code s} as this communicator's next nonblocking collective. */
    final Request startNonblocking(String op, Schedule s) {
        return NonblockingCollective.start(this, op, s, nonblockingSequence++);
    }

    /**
     * The channels of this communicator's nonblocking collective number {@code sequence} (see
     * {@link NonblockingChannels}).
     */
    final CollectiveExchange nonblockingExchange(long sequence) {
        NonblockingChannels c = channels;
        if (c == null) {
            c = world.nonblockingChannels(context + 1, collectiveMembers());
            channels = c;
        }
        return c.exchange(sequence);
    }

    /** Names the collective this rank is in, for deadlock reports; paired with {@link #end()}. */
    void begin(String collective) {
        mailbox.collective = collective;
        mailbox.collectiveCode = 0;
    }

    void end() {
        mailbox.collective = null;
    }

    /** Runs {@code s} with the blocking driver, named {@code op} for deadlock reports. */
    void blocking(String op, Schedule s) {
        begin(op);
        try {
            runBlocking(s);
        } finally {
            end();
        }
    }

    /**
     * Checks that the collective {@code op} is defined on this communicator: on an intercommunicator
     * ccr-mpi runs only point-to-point operations and merge ({@link DefaultIntercomm} overrides).
     */
    void checkCollective(String op) {
    }

    // ------------------------------------------------------------------ helpers

    /** The block starts {@code offset + i * count * extent} of {@code n} equal blocks. */
    static int[] uniformAt(int n, int offset, int count, Datatype type) {
        int[] at = new int[n];
        int step = count * type.extent();
        for (int i = 0; i < n; i++) {
            at[i] = offset + i * step;
        }
        return at;
    }

    int[] uniformAt(int offset, int count, Datatype type) {
        return uniformAt(size, offset, count, type);
    }

    static int[] uniformCounts(int n, int count) {
        int[] counts = new int[n];
        Arrays.fill(counts, count);
        return counts;
    }

    int[] uniformCounts(int count) {
        return uniformCounts(size, count);
    }

    /** The block starts {@code offset + displs[i] * extent}. */
    static int[] displacedAt(int n, int offset, int[] displs, Datatype type) {
        int[] at = new int[n];
        for (int i = 0; i < n; i++) {
            at[i] = offset + displs[i] * type.extent();
        }
        return at;
    }

    private int[] displacedAt(int offset, int[] displs, Datatype type) {
        return displacedAt(size, offset, displs, type);
    }

    static Datatype[] uniformTypes(int n, Datatype type) {
        Datatype[] types = new Datatype[n];
        Arrays.fill(types, type);
        return types;
    }

    /**
     * The operands of an {@code IN_PLACE} alltoall(v/w): a copy of the receive buffer (an array of
     * references is copied shallowly: the collective moves references and never changes them).
     */
    private static Object inPlaceOperands(Object recvbuf) {
        int n = java.lang.reflect.Array.getLength(recvbuf);
        Object copy = java.lang.reflect.Array.newInstance(recvbuf.getClass().getComponentType(), n);
        System.arraycopy(recvbuf, 0, copy, 0, n);
        return copy;
    }

    /** {@code IN_PLACE} is allowed only where MPI allows it (the root of some collectives). */
    private void checkInPlace(String w, Object buf, boolean allowed) {
        if (buf == IN_PLACE && !allowed) {
            throw new MpiException(ErrorClass.BUFFER, where(w) + ": IN_PLACE is allowed only "
                    + (w.contains("educe") || w.contains("ather") || w.contains("catter") ? "at the root"
                    : "as the send buffer"));
        }
    }

    // ------------------------------------------------------------------ barrier, bcast

    @Override
    public void barrier() {
        checkThread();
        begin("barrier");
        try {
            if (shared != null) {
                shared.barrier(mailbox, sharedGeneration++, label, rank);
            } else {
                runBlocking(BARRIER);
            }
        } finally {
            end();
        }
    }

    @Override
    public Request ibarrier() {
        checkThread();
        checkCollective("ibarrier");
        return startNonblocking("ibarrier", BARRIER);
    }

    private void checkBcast(String w, Object buf, int offset, int count, Datatype type, int root) {
        checkThread();
        checkCollective(w);
        Args.buffer(w, label, buf, offset, count, type);
        Args.root(w, label, root, size);
    }

    @Override
    public void bcast(Object buf, int offset, int count, Datatype type, int root) {
        checkBcast("bcast", buf, offset, count, type, root);
        BinomialTreeBroadcast s = bcastSchedule;
        if (s == null || mailbox.multi != null) {
            s = new BinomialTreeBroadcast();
            bcastSchedule = mailbox.multi == null ? s : null;
        }
        s.reset(buf, offset, count, type, root);
        begin("bcast");
        try {
            runBlocking(s);
        } finally {
            s.clear();
            end();
        }
    }

    @Override
    public Request ibcast(Object buf, int offset, int count, Datatype type, int root) {
        checkBcast("ibcast", buf, offset, count, type, root);
        return startNonblocking("ibcast", new BinomialTreeBroadcast().reset(buf, offset, count, type, root));
    }

    // ------------------------------------------------------------------ reductions

    /** The checks of reduce-like calls with one count ({@code root} -1: every rank receives). */
    private void checkReduce(String w, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op, int root, boolean inPlaceAnywhere) {
        checkThread();
        checkCollective(w);
        if (root >= 0 || !inPlaceAnywhere) {
            Args.root(w, label, root < 0 ? 0 : root, size);
        }
        if (!inPlaceAnywhere) {
            checkInPlace(w, sendbuf, rank == root);
        }
        if (sendbuf != IN_PLACE) {
            Args.buffer(w, label, sendbuf, sendoffset, count, type);
        }
        if (root < 0 || rank == root) {
            Args.buffer(w, label, recvbuf, recvoffset, count, type);
        }
        Args.op(w, label, op, type);
    }

    /** The packed private operands of a reduction: the send buffer's, or the receive buffer's in place. */
    private static Object operands(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op) {
        boolean inPlace = sendbuf == IN_PLACE;
        return OperandCopies.take(inPlace ? recvbuf : sendbuf, inPlace ? recvoffset : sendoffset, count, type,
                OperandCopies.needed(op, type));
    }

    private BinomialTreeReduce reduceSchedule(String w, Object sendbuf, int sendoffset, Object recvbuf,
            int recvoffset, int count, Datatype type, Op op, int root) {
        checkReduce(w, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root, false);
        return new BinomialTreeReduce(operands(sendbuf, sendoffset, recvbuf, recvoffset, count, type, op), count,
                type, op, root, rank == root ? recvbuf : null, recvoffset);
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root) {
        blocking("reduce", reduceSchedule("reduce", sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root));
    }

    @Override
    public Request ireduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root) {
        return startNonblocking("ireduce", reduceSchedule("ireduce", sendbuf, sendoffset, recvbuf, recvoffset, count,
                type, op, root));
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        checkReduce("allreduce", sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, -1, true);
        boolean inPlace = sendbuf == IN_PLACE;
        Object src = inPlace ? recvbuf : sendbuf;
        int srcOffset = inPlace ? recvoffset : sendoffset;
        begin("allreduce");
        try {
            if (sharedMemory(type)) {
                if (!type.isDense()) {
                    src = OperandCopies.take(src, srcOffset, count, type, false);
                    srcOffset = 0;
                }
                shared.allreduce(mailbox, sharedGeneration++, label, rank, src, srcOffset, recvbuf, recvoffset,
                        count, type, op);
            } else {
                messageAllreduce(src, srcOffset, recvbuf, recvoffset, count, type, op);
            }
        } finally {
            end();
        }
    }

    /**
     * The message-based blocking allreduce ({@link RecursiveDoublingAllreduce}). A small primitive
     * one combines in the communicator's two {@link #allreduceScratch scratch arrays} instead of
     * two new ones per call, on the communicator's re-armed schedule; the arrays are taken out for
     * the call (left {@code null}) and put back after the result has been copied to {@code recvbuf}.
     */
    private void messageAllreduce(Object src, int srcOffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op) {
        boolean copies = OperandCopies.needed(op, type);
        int elements = count * type.size();
        Datatype.Base base = type.base();
        boolean reuse = !copies && base != Datatype.Base.OBJECT && elements <= SCRATCH_ELEMENTS
                && mailbox.multi == null;
        Object acc;
        Object tmp;
        RecursiveDoublingAllreduce s;
        if (reuse) {
            acc = scratchFor(allreduceScratch, base, elements);
            tmp = scratchFor(allreduceScratch2, base, elements);
            allreduceScratch = null;
            allreduceScratch2 = null;
            TypeMap.of(type).toContiguous(src, srcOffset, count, acc, 0);
            s = allreduceSchedule;
            if (s == null) {
                s = new RecursiveDoublingAllreduce();
                allreduceSchedule = s;
            }
        } else {
            acc = OperandCopies.take(src, srcOffset, count, type, copies);
            tmp = type.newArray(elements);
            s = new RecursiveDoublingAllreduce();
        }
        runBlocking(s.reset(acc, tmp, count, type, op, recvbuf, recvoffset));
        s.clear();
        if (reuse) {
            allreduceScratch = acc;
            allreduceScratch2 = tmp;
        }
    }

    /** {@code scratch} if it is an array of {@code base} with room for {@code elements}, else a new one. */
    private static Object scratchFor(Object scratch, Datatype.Base base, int elements) {
        if (scratch != null && scratch.getClass() == base.arrayClass()
                && java.lang.reflect.Array.getLength(scratch) >= elements) {
            return scratch;
        }
        return base.newArray(elements);
    }

    @Override
    public Request iallreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op) {
        checkReduce("iallreduce", sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, -1, true);
        Object acc = operands(sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
        return startNonblocking("iallreduce", new RecursiveDoublingAllreduce().reset(acc,
                type.newArray(count * type.size()), count, type, op, recvbuf, recvoffset));
    }

    private RecursiveDoublingScan scanSchedule(String w, boolean exclusive, Object sendbuf, int sendoffset,
            Object recvbuf, int recvoffset, int count, Datatype type, Op op) {
        checkReduce(w, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, -1, true);
        return new RecursiveDoublingScan(exclusive, operands(sendbuf, sendoffset, recvbuf, recvoffset, count, type,
                op), count, type, op, recvbuf, recvoffset);
    }

    @Override
    public void scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        blocking("scan", scanSchedule("scan", false, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op));
    }

    @Override
    public Request iscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        return startNonblocking("iscan", scanSchedule("iscan", false, sendbuf, sendoffset, recvbuf, recvoffset, count,
                type, op));
    }

    @Override
    public void exscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        blocking("exscan", scanSchedule("exscan", true, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op));
    }

    @Override
    public Request iexscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        return startNonblocking("iexscan", scanSchedule("iexscan", true, sendbuf, sendoffset, recvbuf, recvoffset,
                count, type, op));
    }

    private ReduceThenScatter reduceScatterSchedule(String w, Object sendbuf, int sendoffset, Object recvbuf,
            int recvoffset, int[] recvcounts, Datatype type, Op op) {
        checkThread();
        checkCollective(w);
        if (recvcounts == null || recvcounts.length < size) {
            throw new MpiException(ErrorClass.ARG, where(w) + ": " + (recvcounts == null ? "no" : recvcounts.length)
                    + " receive counts for " + size + " ranks");
        }
        long total = 0;
        for (int i = 0; i < size; i++) {
            Args.count(w, label, "count of rank " + i, recvcounts[i]);
            total += recvcounts[i];
        }
        if (total > Integer.MAX_VALUE) {
            throw new MpiException(ErrorClass.COUNT, where(w) + ": " + total + " items exceed an array");
        }
        int n = (int) total;
        boolean inPlace = sendbuf == IN_PLACE;
        if (!inPlace) {
            Args.buffer(w, label, sendbuf, sendoffset, n, type);
            Args.buffer(w, label, recvbuf, recvoffset, recvcounts[rank], type);
        } else {
            Args.buffer(w, label, recvbuf, recvoffset, n, type);
        }
        Args.op(w, label, op, type);
        Object acc = operands(sendbuf, sendoffset, recvbuf, recvoffset, n, type, op);
        return new ReduceThenScatter(w, acc, Arrays.copyOf(recvcounts, size), type, op, recvbuf, recvoffset);
    }

    @Override
    public void reduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype type, Op op) {
        blocking("reduceScatter", reduceScatterSchedule("reduceScatter", sendbuf, sendoffset, recvbuf, recvoffset,
                recvcounts, type, op));
    }

    @Override
    public Request ireduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype type, Op op) {
        return startNonblocking("ireduceScatter", reduceScatterSchedule("ireduceScatter", sendbuf, sendoffset,
                recvbuf, recvoffset, recvcounts, type, op));
    }

    private int[] blockCounts(String w, int recvcount) {
        checkThread();
        Args.count(w, label, "receive count", recvcount);
        return uniformCounts(recvcount);
    }

    @Override
    public void reduceScatterBlock(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int recvcount,
            Datatype type, Op op) {
        String w = "reduceScatterBlock";
        blocking(w, reduceScatterSchedule(w, sendbuf, sendoffset, recvbuf, recvoffset, blockCounts(w, recvcount),
                type, op));
    }

    @Override
    public Request ireduceScatterBlock(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int recvcount,
            Datatype type, Op op) {
        String w = "ireduceScatterBlock";
        return startNonblocking(w, reduceScatterSchedule(w, sendbuf, sendoffset, recvbuf, recvoffset,
                blockCounts(w, recvcount), type, op));
    }

    // ------------------------------------------------------------------ gather, scatter

    private FlatTreeGather gatherSchedule(String w, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, int[] recvcounts, int[] displs, Datatype recvtype,
            int root, boolean vform) {
        checkThread();
        checkCollective(w);
        Args.root(w, label, root, size);
        checkInPlace(w, sendbuf, rank == root);
        if (sendbuf != IN_PLACE) {
            Args.buffer(w, label, sendbuf, sendoffset, sendcount, sendtype);
        }
        int[] counts = null;
        int[] at = null;
        if (rank == root) {
            if (!vform) {
                Args.blocks(w, label, recvbuf, recvoffset, recvcount, size, recvtype);
                counts = uniformCounts(recvcount);
                at = uniformAt(recvoffset, recvcount, recvtype);
            } else {
                Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, displs, size, recvtype);
                counts = recvcounts;
                at = displacedAt(recvoffset, displs, recvtype);
            }
            if (sendbuf != IN_PLACE) {
                Args.sameBase(w, label, sendtype, recvtype);
            }
        }
        return new FlatTreeGather(sendbuf == IN_PLACE ? null : sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                counts, at, recvtype, root);
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        blocking("gather", gatherSchedule("gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, null, null, recvtype, root, false));
    }

    @Override
    public Request igather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        return startNonblocking("igather", gatherSchedule("igather", sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcount, null, null, recvtype, root, false));
    }

    @Override
    public void gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root) {
        blocking("gatherv", gatherSchedule("gatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, 0,
                recvcounts, displs, recvtype, root, true));
    }

    @Override
    public Request igatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root) {
        return startNonblocking("igatherv", gatherSchedule("igatherv", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, 0, recvcounts, displs, recvtype, root, true));
    }

    private FlatTreeScatter scatterSchedule(String w, Object sendbuf, int sendoffset, int sendcount, int[] sendcounts,
            int[] displs, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
            int root, boolean vform) {
        checkThread();
        checkCollective(w);
        Args.root(w, label, root, size);
        checkInPlace(w, recvbuf, rank == root);
        if (recvbuf != IN_PLACE) {
            Args.buffer(w, label, recvbuf, recvoffset, recvcount, recvtype);
        }
        int[] counts = null;
        int[] at = null;
        if (rank == root) {
            if (!vform) {
                Args.blocks(w, label, sendbuf, sendoffset, sendcount, size, sendtype);
                counts = uniformCounts(sendcount);
                at = uniformAt(sendoffset, sendcount, sendtype);
            } else {
                Args.vblocks(w, label, sendbuf, sendoffset, sendcounts, displs, size, sendtype);
                counts = sendcounts;
                at = displacedAt(sendoffset, displs, sendtype);
            }
            if (recvbuf != IN_PLACE) {
                Args.sameBase(w, label, sendtype, recvtype);
            }
        }
        return new FlatTreeScatter(sendbuf, counts, at, sendtype, recvbuf == IN_PLACE ? null : recvbuf, recvoffset,
                recvcount, recvtype, root);
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        blocking("scatter", scatterSchedule("scatter", sendbuf, sendoffset, sendcount, null, null, sendtype, recvbuf,
                recvoffset, recvcount, recvtype, root, false));
    }

    @Override
    public Request iscatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        return startNonblocking("iscatter", scatterSchedule("iscatter", sendbuf, sendoffset, sendcount, null, null,
                sendtype, recvbuf, recvoffset, recvcount, recvtype, root, false));
    }

    @Override
    public void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        blocking("scatterv", scatterSchedule("scatterv", sendbuf, sendoffset, 0, sendcounts, displs, sendtype, recvbuf,
                recvoffset, recvcount, recvtype, root, true));
    }

    @Override
    public Request iscatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        return startNonblocking("iscatterv", scatterSchedule("iscatterv", sendbuf, sendoffset, 0, sendcounts, displs,
                sendtype, recvbuf, recvoffset, recvcount, recvtype, root, true));
    }

    // ------------------------------------------------------------------ allgather, alltoall

    /** What a rank calls in a shared-memory allgather, by base type (no string built per call). */
    private static final String[] ALLGATHER_CALLS = Arrays.stream(Datatype.Base.values())
            .map(b -> "allgather(v) " + b).toArray(String[]::new);

    /** The checks of allgather(v); the receive blocks' counts and starts. */
    private int[][] allgatherBlocks(String w, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, int[] recvcounts, int[] displs, Datatype recvtype,
            boolean vform) {
        checkThread();
        checkCollective(w);
        if (sendbuf != IN_PLACE) {
            Args.buffer(w, label, sendbuf, sendoffset, sendcount, sendtype);
            Args.sameBase(w, label, sendtype, recvtype);
        }
        if (!vform) {
            Args.blocks(w, label, recvbuf, recvoffset, recvcount, size, recvtype);
            return new int[][] {uniformCounts(recvcount), uniformAt(recvoffset, recvcount, recvtype)};
        }
        Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, displs, size, recvtype);
        return new int[][] {recvcounts, displacedAt(recvoffset, displs, recvtype)};
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        int[][] b = allgatherBlocks("allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, null, null, recvtype, false);
        blockingAllgatherv("allgather", sendbuf == IN_PLACE ? null : sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, b[0], b[1], recvtype);
    }

    @Override
    public Request iallgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        int[][] b = allgatherBlocks("iallgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, null, null, recvtype, false);
        return startNonblocking("iallgather", new RingAllgather(sendbuf == IN_PLACE ? null : sendbuf, sendoffset,
                sendcount, sendtype, recvbuf, b[0], b[1], recvtype));
    }

    @Override
    public void allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype) {
        int[][] b = allgatherBlocks("allgatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, 0,
                recvcounts, displs, recvtype, true);
        blockingAllgatherv("allgatherv", sendbuf == IN_PLACE ? null : sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, b[0], b[1], recvtype);
    }

    @Override
    public Request iallgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype) {
        int[][] b = allgatherBlocks("iallgatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, 0,
                recvcounts, displs, recvtype, true);
        return startNonblocking("iallgatherv", new RingAllgather(sendbuf == IN_PLACE ? null : sendbuf, sendoffset,
                sendcount, sendtype, recvbuf, b[0], b[1], recvtype));
    }

    /**
     * Blocking allgather(v) of {@code recvcounts[b]} items at {@code recvAt[b]} from each rank
     * {@code b} ({@code sendbuf} {@code null}: in place): through shared memory where the world
     * chose it (every rank of a communicator makes the same choice), else the ring.
     */
    void blockingAllgatherv(String w, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcounts, int[] recvAt, Datatype recvtype) {
        begin(w);
        try {
            if (!sharedMemory(recvtype)) {
                runBlocking(new RingAllgather(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvcounts, recvAt,
                        recvtype));
                return;
            }
            Object own = sendbuf == null ? recvbuf : sendbuf;
            int ownOffset = sendbuf == null ? recvAt[rank] : sendoffset;
            int ownCount = sendbuf == null ? recvcounts[rank] : sendcount;
            Datatype ownType = sendbuf == null ? recvtype : sendtype;
            if (!ownType.isDense()) {
                own = OperandCopies.take(own, ownOffset, ownCount, ownType, false);
                ownOffset = 0;
            }
            shared.gatherv(mailbox, sharedGeneration++, label, rank, own, ownOffset, ownCount * ownType.size(),
                    ownType.base(), recvbuf, recvcounts, recvAt, recvtype, ALLGATHER_CALLS[recvtype.base().ordinal()]);
        } finally {
            end();
        }
    }

    private PairwiseExchangeAlltoall alltoallSchedule(String w, Object sendbuf, int sendoffset, int sendcount,
            int[] sendcounts, int[] sdispls, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
            int[] recvcounts, int[] rdispls, Datatype recvtype, boolean vform) {
        checkThread();
        checkCollective(w);
        if (vform) {
            Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, rdispls, size, recvtype);
        } else {
            Args.blocks(w, label, recvbuf, recvoffset, recvcount, size, recvtype);
        }
        if (sendbuf == IN_PLACE) {
            // the operands are the receive buffer's blocks, which other ranks' blocks overwrite
            sendbuf = inPlaceOperands(recvbuf);
            sendoffset = recvoffset;
            sendcount = recvcount;
            sendcounts = recvcounts;
            sdispls = rdispls;
            sendtype = recvtype;
        }
        if (vform) {
            Args.vblocks(w, label, sendbuf, sendoffset, sendcounts, sdispls, size, sendtype);
        } else {
            Args.blocks(w, label, sendbuf, sendoffset, sendcount, size, sendtype);
        }
        Args.sameBase(w, label, sendtype, recvtype);
        return new PairwiseExchangeAlltoall(w, sendbuf,
                vform ? sendcounts : uniformCounts(sendcount),
                vform ? displacedAt(sendoffset, sdispls, sendtype) : uniformAt(sendoffset, sendcount, sendtype),
                uniformTypes(size, sendtype), recvbuf,
                vform ? recvcounts : uniformCounts(recvcount),
                vform ? displacedAt(recvoffset, rdispls, recvtype) : uniformAt(recvoffset, recvcount, recvtype),
                uniformTypes(size, recvtype));
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        blocking("alltoall", alltoallSchedule("alltoall", sendbuf, sendoffset, sendcount, null, null, sendtype,
                recvbuf, recvoffset, recvcount, null, null, recvtype, false));
    }

    @Override
    public Request ialltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        return startNonblocking("ialltoall", alltoallSchedule("ialltoall", sendbuf, sendoffset, sendcount, null, null,
                sendtype, recvbuf, recvoffset, recvcount, null, null, recvtype, false));
    }

    @Override
    public void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        blocking("alltoallv", alltoallSchedule("alltoallv", sendbuf, sendoffset, 0, sendcounts, sdispls, sendtype,
                recvbuf, recvoffset, 0, recvcounts, rdispls, recvtype, true));
    }

    @Override
    public Request ialltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        return startNonblocking("ialltoallv", alltoallSchedule("ialltoallv", sendbuf, sendoffset, 0, sendcounts,
                sdispls, sendtype, recvbuf, recvoffset, 0, recvcounts, rdispls, recvtype, true));
    }

    /**
     * The checks of the w-forms: {@code n} blocks, block {@code i} {@code counts[i]} items of
     * {@code types[i]} from element {@code displs[i]} of {@code buf}.
     */
    void wblocks(String w, String which, Object buf, int[] counts, int[] displs, Datatype[] types, int n) {
        if (counts == null || displs == null || types == null) {
            throw new MpiException(ErrorClass.ARG, where(w) + ": the " + which + " "
                    + (counts == null ? "counts" : displs == null ? "displacements" : "datatypes") + " array is null");
        }
        if (counts.length < n || displs.length < n || types.length < n) {
            throw new MpiException(ErrorClass.ARG, where(w) + ": " + counts.length + " " + which + " counts, "
                    + displs.length + " displacements and " + types.length + " datatypes for " + n + " blocks");
        }
        for (int i = 0; i < n; i++) {
            if (types[i] == null) {
                throw new MpiException(ErrorClass.TYPE, where(w) + ": the " + which + " datatype of block " + i
                        + " is null");
            }
            Args.count(w, label, which + " count of block " + i, counts[i]);
            Args.buffer(w + " (" + which + " block " + i + ")", label, buf, displs[i], counts[i], types[i]);
        }
    }

    private PairwiseExchangeAlltoall alltoallwSchedule(String w, Object sendbuf, int[] sendcounts, int[] sdispls,
            Datatype[] sendtypes, Object recvbuf, int[] recvcounts, int[] rdispls, Datatype[] recvtypes) {
        checkThread();
        checkCollective(w);
        wblocks(w, "receive", recvbuf, recvcounts, rdispls, recvtypes, size);
        if (sendbuf == IN_PLACE) {
            sendbuf = inPlaceOperands(recvbuf);
            sendcounts = recvcounts;
            sdispls = rdispls;
            sendtypes = recvtypes;
        }
        wblocks(w, "send", sendbuf, sendcounts, sdispls, sendtypes, size);
        return new PairwiseExchangeAlltoall(w, sendbuf, sendcounts.clone(), sdispls.clone(), sendtypes.clone(),
                recvbuf, recvcounts.clone(), rdispls.clone(), recvtypes.clone());
    }

    @Override
    public void alltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, Object recvbuf,
            int[] recvcounts, int[] rdispls, Datatype[] recvtypes) {
        blocking("alltoallw", alltoallwSchedule("alltoallw", sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                recvcounts, rdispls, recvtypes));
    }

    @Override
    public Request ialltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, Object recvbuf,
            int[] recvcounts, int[] rdispls, Datatype[] recvtypes) {
        return startNonblocking("ialltoallw", alltoallwSchedule("ialltoallw", sendbuf, sendcounts, sdispls, sendtypes,
                recvbuf, recvcounts, rdispls, recvtypes));
    }
}
