package io.ccrj.mpi.mpjexpress.rank;

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
import io.ccrj.mpi.internal.GroupImpl;
import mpi.Intracomm;
import mpi.MPI;

/**
 * ccr-mpi's {@link Comm} over MPJ Express's {@code mpi.Intracomm}: each method checks its
 * arguments as the contract says, then calls the mpiJava method of the same name with the same
 * arguments ({@code send} → {@code Isend}, {@code recv} → {@code Recv}, ..., {@code split} →
 * {@code Split}), mapping datatypes, wildcards, operations and statuses.
 *
 * <p>Departures of MPJ Express 0.44 from the contract, and what this class does about them:
 * <ul>
 *   <li>its multicore {@code Send} waits for the matching receive (two ranks that send to each
 *       other first deadlock even for one element): {@code send} is an {@code Isend}, which copies
 *       the buffer, and the request is completed in the background ({@link RankContext});
 *   <li>it combines reduction operands in a tree order whatever an operation's commutativity
 *       flag says: a non-commutative operation is reduced here by gathering the operands and
 *       combining them in rank order;
 *   <li>its predefined operations fail on {@code OBJECT} (a {@code NullPointerException}): they
 *       are passed as user functions applying ccr-mpi's operation;
 *   <li>a {@code null} receive buffer at a non-root rank makes it fail and corrupts the next
 *       collective: a scratch array is passed instead;
 *   <li>{@code Split} with {@code MPI.UNDEFINED} returns a communicator: {@code split} returns
 *       {@code null} for {@link Comm#UNDEFINED};
 *   <li>its {@code Gather}, {@code Allgather}, {@code Scatter}, {@code Reduce} and
 *       {@code Allreduce} mishandle non-zero buffer offsets (they write at offset 0, read the
 *       wrong elements, or fail on {@code OBJECT}); {@code Gather} and {@code Reduce} also write
 *       into non-root ranks' receive buffers: these calls go through offset-0 staging arrays
 *       when an offset is not 0 (and non-roots always pass a scratch array), so kernels with
 *       offset-0 buffers cost no copies;
 *   <li>{@code ANY_TAG} is -2 in MPJ Express and -1 in ccr-mpi; a send request's status names no
 *       destination: the request fills in destination, tag and count itself.
 * </ul>
 * Objects sent as {@link Datatype#OBJECT} are serialized by MPJ Express (copies arrive, and they
 * must be {@link java.io.Serializable}), where ccr-mpi passes references.
 *
 * <p>Confined to its rank's thread, as the contract says.
 */
class MpjComm implements Comm {

    final Intracomm comm;
    final RankContext context;
    private final int rank;
    private final int size;

    MpjComm(Intracomm comm, RankContext context) {
        this.comm = comm;
        this.context = context;
        this.rank = context.callNonBlocking("Rank()", comm::Rank);
        this.size = context.callNonBlocking("Size()", comm::Size);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        Checks.buffer("send", "buf", buf, offset, count, type);
        Checks.dest("send", dest, size);
        Checks.sendTag("send", tag);
        context.callNonBlocking("send(dest=" + dest + ", tag=" + tag + ")", () -> {
            context.deferSend(comm.Isend(buf, offset, count, Types.mpj(type), dest, tag));
            return null;
        });
    }

    @Override
    public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        Checks.buffer("recv", "buf", buf, offset, count, type);
        Checks.source("recv", source, size);
        Checks.recvTag("recv", tag);
        String op = "recv(" + Types.source("source", source) + ", " + Types.tag("tag", tag) + ", " + type + " x " + count + ")";
        mpi.Status st = context.call(op, () -> comm.Recv(buf, offset, count, Types.mpj(type), Types.source(source),
                Types.tag(tag)));
        return status(op, st, type);
    }

    @Override
    public Status sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        Checks.buffer("sendrecv", "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        Checks.buffer("sendrecv", "recvbuf", recvbuf, recvoffset, recvcount, recvtype);
        Checks.dest("sendrecv", dest, size);
        Checks.sendTag("sendrecv", sendtag);
        Checks.source("sendrecv", source, size);
        Checks.recvTag("sendrecv", recvtag);
        String op = "sendrecv(dest=" + dest + ", sendtag=" + sendtag + ", " + sendtype + " x " + sendcount + "; "
                + Types.source("source", source) + ", " + Types.tag("recvtag", recvtag) + ", " + recvtype + " x "
                + recvcount + ")";
        mpi.Status st = context.call(op, () -> comm.Sendrecv(sendbuf, sendoffset, sendcount, Types.mpj(sendtype),
                dest, sendtag, recvbuf, recvoffset, recvcount, Types.mpj(recvtype), Types.source(source),
                Types.tag(recvtag)));
        return status(op, st, recvtype);
    }

    @Override
    public Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        Checks.buffer("isend", "buf", buf, offset, count, type);
        Checks.dest("isend", dest, size);
        Checks.sendTag("isend", tag);
        String op = "isend(dest=" + dest + ", tag=" + tag + ", " + type + " x " + count + ")";
        mpi.Request r = context.callNonBlocking(op, () -> comm.Isend(buf, offset, count, Types.mpj(type), dest, tag));
        return MpjRequest.send(context, r, op, dest, tag, count);
    }

    @Override
    public Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        Checks.buffer("irecv", "buf", buf, offset, count, type);
        Checks.source("irecv", source, size);
        Checks.recvTag("irecv", tag);
        String op = "irecv(" + Types.source("source", source) + ", " + Types.tag("tag", tag) + ", " + type + " x " + count + ")";
        mpi.Request r = context.callNonBlocking(op, () -> comm.Irecv(buf, offset, count, Types.mpj(type),
                Types.source(source), Types.tag(tag)));
        return MpjRequest.receive(context, r, op, type);
    }

    @Override
    public Status probe(int source, int tag) {
        Checks.source("probe", source, size);
        Checks.recvTag("probe", tag);
        String op = "probe(" + Types.source("source", source) + ", " + Types.tag("tag", tag) + ")";
        mpi.Status st = context.call(op, () -> comm.Probe(Types.source(source), Types.tag(tag)));
        return new Status(st.source, st.tag, st.numEls);
    }

    @Override
    public Status iprobe(int source, int tag) {
        Checks.source("iprobe", source, size);
        Checks.recvTag("iprobe", tag);
        String op = "iprobe(" + Types.source("source", source) + ", " + Types.tag("tag", tag) + ")";
        mpi.Status st = context.callNonBlocking(op, () -> comm.Iprobe(Types.source(source), Types.tag(tag)));
        return st == null ? null : new Status(st.source, st.tag, st.numEls);
    }

    @Override
    public void barrier() {
        context.call("barrier()", () -> {
            comm.Barrier();
            return null;
        });
    }

    @Override
    public void bcast(Object buf, int offset, int count, Datatype type, int root) {
        Checks.buffer("bcast", "buf", buf, offset, count, type);
        Checks.root("bcast", root, size);
        context.call("bcast(root=" + root + ", " + type + " x " + count + ")", () -> {
            comm.Bcast(buf, offset, count, Types.mpj(type), root);
            return null;
        });
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root) {
        Checks.buffer("reduce", "sendbuf", sendbuf, sendoffset, count, type);
        Checks.root("reduce", root, size);
        Checks.op("reduce", op, type);
        if (rank == root) {
            Checks.buffer("reduce", "recvbuf", recvbuf, recvoffset, count, type);
        }
        String name = "reduce(root=" + root + ", " + op.name() + ", " + type + " x " + count + ")";
        Object in = atZero(sendbuf, sendoffset, count, type);
        if (!op.isCommutative() && size > 1) {
            Object all = type.newArray(size * count);
            context.call(name, () -> {
                comm.Gather(in, 0, count, Types.mpj(type), all, 0, count, Types.mpj(type), root);
                return null;
            });
            if (rank == root) {
                foldInRankOrder(all, count, type, op, recvbuf, recvoffset);
            }
            return;
        }
        boolean direct = rank == root && recvoffset == 0;
        Object out = direct ? recvbuf : type.newArray(count);
        mpi.Op mop = context.mpiOp(op, type);
        context.call(name, () -> {
            comm.Reduce(in, 0, out, 0, count, Types.mpj(type), mop, root);
            return null;
        });
        if (rank == root && !direct) {
            System.arraycopy(out, 0, recvbuf, recvoffset, count);
        }
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        Checks.buffer("allreduce", "sendbuf", sendbuf, sendoffset, count, type);
        Checks.buffer("allreduce", "recvbuf", recvbuf, recvoffset, count, type);
        Checks.op("allreduce", op, type);
        String name = "allreduce(" + op.name() + ", " + type + " x " + count + ")";
        Object in = atZero(sendbuf, sendoffset, count, type);
        if (!op.isCommutative() && size > 1) {
            Object all = type.newArray(size * count);
            context.call(name, () -> {
                comm.Allgather(in, 0, count, Types.mpj(type), all, 0, count, Types.mpj(type));
                return null;
            });
            foldInRankOrder(all, count, type, op, recvbuf, recvoffset);
            return;
        }
        Object out = recvoffset == 0 ? recvbuf : type.newArray(count);
        mpi.Op mop = context.mpiOp(op, type);
        context.call(name, () -> {
            comm.Allreduce(in, 0, out, 0, count, Types.mpj(type), mop);
            return null;
        });
        if (out != recvbuf) {
            System.arraycopy(out, 0, recvbuf, recvoffset, count);
        }
    }

    /**
     * {@code out = x0 op x1 op ... op x(n-1)} for the blocks of {@code all}, combined from the
     * right ({@code x(i) op acc}), the convention of {@link Op#apply}; equal to the left fold
     * because operations are associative.
     */
    private void foldInRankOrder(Object all, int count, Datatype type, Op op, Object out, int outOffset) {
        Object acc = type.newArray(count);
        System.arraycopy(all, (size - 1) * count, acc, 0, count);
        for (int i = size - 2; i >= 0; i--) {
            op.apply(all, i * count, acc, 0, count, type);
        }
        System.arraycopy(acc, 0, out, outOffset, count);
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        Checks.buffer("gather", "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        Checks.root("gather", root, size);
        Object out;
        int outCount;
        Datatype outType;
        if (rank == root) {
            Checks.count("gather", "recvcount", recvcount);
            Checks.buffer("gather", "recvbuf", recvbuf, recvoffset, blocks(recvcount), recvtype);
            out = recvoffset == 0 ? recvbuf : recvtype.newArray(blocks(recvcount));
            outCount = recvcount;
            outType = recvtype;
        } else {
            out = sendtype.newArray(size * sendcount);
            outCount = sendcount;
            outType = sendtype;
        }
        Object in = atZero(sendbuf, sendoffset, sendcount, sendtype);
        context.call("gather(root=" + root + ", " + sendtype + " x " + sendcount + ")", () -> {
            comm.Gather(in, 0, sendcount, Types.mpj(sendtype), out, 0, outCount, Types.mpj(outType), root);
            return null;
        });
        if (rank == root && out != recvbuf) {
            System.arraycopy(out, 0, recvbuf, recvoffset, blocks(recvcount));
        }
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        Checks.buffer("scatter", "recvbuf", recvbuf, recvoffset, recvcount, recvtype);
        Checks.root("scatter", root, size);
        Object in;
        int inCount;
        Datatype inType;
        if (rank == root) {
            Checks.count("scatter", "sendcount", sendcount);
            Checks.buffer("scatter", "sendbuf", sendbuf, sendoffset, blocks(sendcount), sendtype);
            in = atZero(sendbuf, sendoffset, blocks(sendcount), sendtype);
            inCount = sendcount;
            inType = sendtype;
        } else {
            in = recvtype.newArray(size * recvcount);
            inCount = recvcount;
            inType = recvtype;
        }
        Object out = recvoffset == 0 ? recvbuf : recvtype.newArray(recvcount);
        context.call("scatter(root=" + root + ", " + recvtype + " x " + recvcount + ")", () -> {
            comm.Scatter(in, 0, inCount, Types.mpj(inType), out, 0, recvcount, Types.mpj(recvtype), root);
            return null;
        });
        if (out != recvbuf) {
            System.arraycopy(out, 0, recvbuf, recvoffset, recvcount);
        }
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        Checks.buffer("allgather", "sendbuf", sendbuf, sendoffset, sendcount, sendtype);
        Checks.count("allgather", "recvcount", recvcount);
        Checks.buffer("allgather", "recvbuf", recvbuf, recvoffset, blocks(recvcount), recvtype);
        Object in = atZero(sendbuf, sendoffset, sendcount, sendtype);
        Object out = recvoffset == 0 ? recvbuf : recvtype.newArray(blocks(recvcount));
        context.call("allgather(" + sendtype + " x " + sendcount + ")", () -> {
            comm.Allgather(in, 0, sendcount, Types.mpj(sendtype), out, 0, recvcount, Types.mpj(recvtype));
            return null;
        });
        if (out != recvbuf) {
            System.arraycopy(out, 0, recvbuf, recvoffset, blocks(recvcount));
        }
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        Checks.count("alltoall", "sendcount", sendcount);
        Checks.buffer("alltoall", "sendbuf", sendbuf, sendoffset, blocks(sendcount), sendtype);
        Checks.count("alltoall", "recvcount", recvcount);
        Checks.buffer("alltoall", "recvbuf", recvbuf, recvoffset, blocks(recvcount), recvtype);
        context.call("alltoall(" + sendtype + " x " + sendcount + ")", () -> {
            comm.Alltoall(sendbuf, sendoffset, sendcount, Types.mpj(sendtype), recvbuf, recvoffset, recvcount,
                    Types.mpj(recvtype));
            return null;
        });
    }

    @Override
    public Comm split(int color, int key) {
        if (color < 0 && color != UNDEFINED) {
            throw new MpiException(ErrorClass.ARG, "split: color " + color + " is negative and not UNDEFINED");
        }
        Intracomm sub = context.call("split(color=" + color + ", key=" + key + ")",
                () -> comm.Split(color == UNDEFINED ? MPI.UNDEFINED : color, key));
        return color == UNDEFINED ? null : new MpjComm(sub, context);
    }

    // =============================================================================================
    // Groups, communicator management, intercommunicators, topologies and environment: what maps
    // onto MPJ Express directly (groups as lists of world ranks; topologies in MpjCartComm and
    // MpjGraphComm); intercommunicators are not offered by this adapter yet (see unsupported).
    // =============================================================================================

    /** Set by {@link #free()}; the adapter is confined to the rank's thread. */
    private boolean freed;

    /** MPJ Express's group of this communicator, as world ranks (a ccr-mpi group is a list of them). */
    @Override
    public Group group() {
        int[] here = new int[size];
        for (int i = 0; i < size; i++) {
            here[i] = i;
        }
        int[] world = context.callNonBlocking("group()",
                () -> mpi.Group.Translate_ranks(comm.Group(), here, MPI.COMM_WORLD.Group()));
        int self = context.callNonBlocking("group()", () -> MPI.COMM_WORLD.Rank());
        return GroupImpl.of(world, self);
    }

    @Override
    public Comm self() {
        return new MpjComm((Intracomm) MPI.COMM_SELF, context);
    }

    @Override
    public Comm dup() {
        return new MpjComm(context.call("dup()", () -> (Intracomm) comm.clone()), context);
    }

    /**
     * MPJ Express's {@code Create} with the group's members as a subgroup of {@code COMM_WORLD};
     * ranks outside the group get {@code null} (MPJ Express hands them a communicator whose
     * {@code Rank()} is -1).
     */
    @Override
    public Comm create(Group group) {
        int[] members = new int[group.size()];
        for (int i = 0; i < members.length; i++) {
            members[i] = i;
        }
        int[] all = new int[context.callNonBlocking("create()", () -> MPI.COMM_WORLD.Size())];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        int[] world = Group.translateRanks(group, members, GroupImpl.of(all, -1));
        Intracomm created = context.call("create(" + group + ")",
                () -> comm.Create(MPI.COMM_WORLD.Group().Incl(world)));
        return group.rank() == Group.UNDEFINED ? null : new MpjComm(created, context);
    }

    @Override
    public Comparison compare(Comm other) {
        if (!(other instanceof MpjComm o)) {
            return Comparison.UNEQUAL;
        }
        int c = context.callNonBlocking("compare()", () -> mpi.Comm.Compare(comm, o.comm));
        return c == MPI.IDENT ? Comparison.IDENT : c == MPI.CONGRUENT ? Comparison.CONGRUENT
                : c == MPI.SIMILAR ? Comparison.SIMILAR : Comparison.UNEQUAL;
    }

    @Override
    public void free() {
        context.callNonBlocking("free()", () -> {
            comm.Free();
            return null;
        });
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
        throw unsupported("createIntercomm");
    }

    /**
     * Ends the world by failing this rank (MPJ Express's own {@code Abort} exits the JVM, which
     * would take the launching test or benchmark with it).
     */
    @Override
    public void abort(int errorCode) {
        throw new MpiException(ErrorClass.ABORTED, "rank " + rank + " called abort(" + errorCode + ")");
    }

    /** MPJ Express's {@code Create_cart}; ranks beyond the grid get {@code null}. */
    @Override
    public CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        long points = 1;
        for (int d : dims) {
            points *= d;
        }
        mpi.Cartcomm cart = context.call("createCart()", () -> comm.Create_cart(dims, periods, reorder));
        return rank >= points ? null : new MpjCartComm(cart, context);
    }

    /** MPJ Express's {@code Create_graph}; ranks beyond the graph get {@code null}. */
    @Override
    public GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        mpi.Graphcomm graph = context.call("createGraph()", () -> comm.Create_graph(index, edges, reorder));
        return rank >= index.length ? null : new MpjGraphComm(graph, context);
    }

    /** The adapter is confined to the rank's thread, whatever level is asked for. */
    @Override
    public ThreadLevel threadLevel() {
        return ThreadLevel.FUNNELED;
    }

    @Override
    public ThreadLevel requestThreadLevel(ThreadLevel required) {
        return ThreadLevel.FUNNELED;
    }

    private static MpiException unsupported(String op) {
        return new MpiException(ErrorClass.ARG, op + " is not offered by the MPJ Express adapter yet (mpiJava"
                + " programs reach MPJ Express's own intercommunicators through package mpi)");
    }

    /** {@code buf} itself if {@code offset} is 0, else a copy of its {@code count} elements from {@code offset}. */
    private static Object atZero(Object buf, int offset, int count, Datatype type) {
        if (offset == 0) {
            return buf;
        }
        Object copy = type.newArray(count);
        System.arraycopy(buf, offset, copy, 0, count);
        return copy;
    }

    private int blocks(int count) {
        long n = (long) size * count;
        if (n > Integer.MAX_VALUE) {
            throw new MpiException(ErrorClass.COUNT, size + " blocks of " + count + " elements exceed an array");
        }
        return (int) n;
    }

    private Status status(String op, mpi.Status st, Datatype type) {
        int count = context.callNonBlocking(op, () -> st.Get_count(Types.mpj(type)));
        return new Status(st.source, st.tag, count);
    }

    @Override
    public String toString() {
        return "MpjComm[rank " + rank + " of " + size + ", world rank " + context.worldRank + "]";
    }
}
