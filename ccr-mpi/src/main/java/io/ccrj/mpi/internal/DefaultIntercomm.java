package io.ccrj.mpi.internal;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Intercomm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import java.util.Arrays;

/**
 * ccr-mpi's {@link Intercomm}: a {@link DefaultComm} whose peers (destinations and sources) are the
 * remote group's world ranks while its mailbox and {@code rank} are this rank's own, so every
 * point-to-point method of {@link DefaultComm} works unchanged and a message's source is the
 * sender's rank in its local group, as MPI defines it.
 *
 * <p>Contexts: {@link #create} has one leader allocate three consecutive context bases: the
 * intercommunicator's own ({@code base}, collective traffic on {@code base + 1}), and a private
 * intracommunicator for each group ({@code base + 2} and {@code base + 4}), used for the
 * group-internal steps of {@link #merge}. Thread safety as {@link DefaultComm}.
 */
final class DefaultIntercomm extends DefaultComm implements Intercomm {
    private final DefaultComm local;
    /** Whether this is the group whose lowest world rank is the lower of the two (ordering tie-break). */
    private final boolean sideA;

    private DefaultIntercomm(World world, int rank, int[] remote, RankMailbox mailbox, int base, String label,
            DefaultComm local, boolean sideA) {
        super(world, rank, remote, mailbox, base, label, false);
        this.local = local;
        this.sideA = sideA;
    }

    /** Intercomm_create over {@code local}; arguments checked by the caller except the leader's. */
    static Intercomm create(DefaultComm local, int localLeader, Comm peer, int remoteLeader, int tag) {
        int[] header = new int[3];
        int[] remote = null;
        int[] mine = local.worldRanks;
        if (local.rank() == localLeader) {
            if (peer == null) {
                throw new MpiException(ErrorClass.ARG, "createIntercomm on " + local.label()
                        + ": the local leader needs a peer communicator");
            }
            int[] theirSize = new int[1];
            peer.sendrecv(new int[] {mine.length}, 0, 1, Datatype.INT, remoteLeader, tag, theirSize, 0, 1,
                    Datatype.INT, remoteLeader, tag);
            remote = new int[theirSize[0]];
            peer.sendrecv(mine, 0, mine.length, Datatype.INT, remoteLeader, tag, remote, 0, remote.length,
                    Datatype.INT, remoteLeader, tag);
            for (int m : remote) {
                if (GroupImpl.indexOf(mine, m) != Group.UNDEFINED) {
                    throw new MpiException(ErrorClass.ARG, "createIntercomm on " + local.label() + ": world rank "
                            + m + " is in both groups; an intercommunicator joins disjoint groups");
                }
            }
            boolean sideA = Arrays.stream(mine).min().getAsInt() < Arrays.stream(remote).min().getAsInt();
            int[] base = new int[1];
            if (sideA) {
                base[0] = local.world.allocateContexts(3);
                peer.send(base, 0, 1, Datatype.INT, remoteLeader, tag);
            } else {
                peer.recv(base, 0, 1, Datatype.INT, remoteLeader, tag);
            }
            header[0] = remote.length;
            header[1] = base[0];
            header[2] = sideA ? 1 : 0;
        }
        local.bcast(header, 0, 3, Datatype.INT, localLeader);
        if (remote == null) {
            remote = new int[header[0]];
        }
        local.bcast(remote, 0, remote.length, Datatype.INT, localLeader);
        int base = header[1];
        boolean sideA = header[2] == 1;
        String label = local.label() + "/inter(" + base + ")";
        DefaultComm localIntra = new DefaultComm(local.world, local.rank(), mine, base + (sideA ? 2 : 4),
                label + "/local");
        return new DefaultIntercomm(local.world, local.rank(), remote, local.mailbox(), base, label, localIntra,
                sideA);
    }

    @Override
    public int size() {
        return local.size();
    }

    @Override
    public Group group() {
        return local.group();
    }

    @Override
    int[] memberWorldRanks() {
        return local.worldRanks;
    }

    @Override
    public int remoteSize() {
        return worldRanks.length;
    }

    @Override
    public Group remoteGroup() {
        checkThread();
        return new GroupImpl(worldRanks, mailbox().worldRank);
    }

    @Override
    public boolean isInter() {
        return true;
    }

    @Override
    public Comm merge(boolean high) {
        checkThread();
        int[] remoteHigh = new int[1];
        if (rank() == 0) {
            collSendrecv(new int[] {high ? 1 : 0}, 0, 1, Datatype.INT, 0, remoteHigh, 0, 1, Datatype.INT, 0,
                    TAG_MERGE);
        }
        local.bcast(remoteHigh, 0, 1, Datatype.INT, 0);
        boolean localFirst = high != (remoteHigh[0] == 1) ? !high : sideA;
        int[] mine = local.worldRanks;
        int[] first = localFirst ? mine : worldRanks;
        int[] second = localFirst ? worldRanks : mine;
        int[] merged = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, merged, first.length, second.length);
        int n = derived++;
        // Both groups count their merges alike, so sideA's key names the same communicator.
        int ctx = world.contextFor("merge/" + context + "/" + n);
        return new DefaultComm(world, localFirst ? rank() : worldRanks.length + rank(), merged, ctx,
                label() + "/merge" + n);
    }

    private MpiException notDefined(String op) {
        return new MpiException(ErrorClass.ARG, op + " on " + label() + ": not defined on an intercommunicator"
                + " (merge it into an intracommunicator first)");
    }

    @Override
    void checkCollective(String op) {
        String base = op.startsWith("i") && !op.startsWith("intercomm") ? op.substring(1) : op;
        if (base.toLowerCase(java.util.Locale.ROOT).startsWith("reducescatter") || base.equals("alltoallw")) {
            throw notImplemented(op);
        }
        throw notDefined(op);
    }

    @Override
    public io.ccrj.mpi.DistGraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights,
            boolean reorder) {
        throw notDefined("createDistGraph");
    }

    @Override
    public io.ccrj.mpi.DistGraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
            int[] destWeights, boolean reorder) {
        throw notDefined("createDistGraphAdjacent");
    }

    // ------------------------------------------------------------------ collectives between the groups
    // MPI-2's intercommunicator collectives (MPI-3.1 section 5.2.2) and their nonblocking forms:
    // the data goes from one group to the other. Each is one flat round over the remote group
    // (IntercommExchange, IntercommReduce), run by the same two drivers as the intracommunicator's.

    /** The collectives MPI defines on intercommunicators that ccr-mpi does not implement there. */
    private MpiException notImplemented(String op) {
        return new MpiException(ErrorClass.UNSUPPORTED_OPERATION, op + " on " + label()
                + ": ccr-mpi implements barrier, bcast, reduce, allreduce, gather(v), scatter(v), allgather(v)"
                + " and alltoall(v), blocking and nonblocking, on intercommunicators, not this one (merge it into"
                + " an intracommunicator first)");
    }

    /** An intercommunicator root: {@link Comm#ROOT}, {@link Comm#PROC_NULL}, or a remote rank. */
    private void checkRoot(String op, int root) {
        if (root != ROOT && root != PROC_NULL && (root < 0 || root >= remoteSize())) {
            throw new MpiException(ErrorClass.ROOT, op + " on " + label() + ": root " + root + " is neither"
                    + " Comm.ROOT (the root itself), Comm.PROC_NULL (the root's group) nor a rank of the remote"
                    + " group [0, " + remoteSize() + ")");
        }
    }

    private void checkNotInPlace(String op, Object... buffers) {
        for (Object b : buffers) {
            if (b == IN_PLACE) {
                throw new MpiException(ErrorClass.BUFFER, op + " on " + label()
                        + ": IN_PLACE is not defined on an intercommunicator");
            }
        }
    }

    private void run(String op, Schedule s) {
        blocking(op, s);
    }

    private IntercommExchange barrierSchedule(String op) {
        checkThread();
        return IntercommExchange.barrier(op, remoteSize());
    }

    @Override
    public void barrier() {
        run("barrier", barrierSchedule("barrier"));
    }

    @Override
    public io.ccrj.mpi.Request ibarrier() {
        return startNonblocking("ibarrier", barrierSchedule("ibarrier"));
    }

    private IntercommExchange bcastSchedule(String op, Object buf, int offset, int count, Datatype type, int root) {
        checkThread();
        checkRoot(op, root);
        checkNotInPlace(op, buf);
        int m = remoteSize();
        if (root == ROOT) {
            Args.buffer(op, label(), buf, offset, count, type);
            int[] at = new int[m];
            Arrays.fill(at, offset);
            return new IntercommExchange(op, CollectiveComm.TAG_BCAST, buf, at, uniformCounts(m, count), type,
                    null, null, null, null);
        }
        if (root == PROC_NULL) {
            return new IntercommExchange(op, CollectiveComm.TAG_BCAST, null, null, null, null, null, null, null,
                    null);
        }
        Args.buffer(op, label(), buf, offset, count, type);
        return new IntercommExchange(op, CollectiveComm.TAG_BCAST, null, null, null, null, buf,
                IntercommExchange.only(m, root, offset), uniformCounts(m, count), type);
    }

    @Override
    public void bcast(Object buf, int offset, int count, Datatype type, int root) {
        run("bcast", bcastSchedule("bcast", buf, offset, count, type, root));
    }

    @Override
    public io.ccrj.mpi.Request ibcast(Object buf, int offset, int count, Datatype type, int root) {
        return startNonblocking("ibcast", bcastSchedule("ibcast", buf, offset, count, type, root));
    }

    private IntercommReduce reduceSchedule(String op, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
            int count, Datatype type, Op operation, int root) {
        checkThread();
        checkNotInPlace(op, sendbuf, recvbuf);
        int m = remoteSize();
        boolean all = root == Integer.MIN_VALUE;              // allreduce: every rank sends and receives
        if (!all) {
            checkRoot(op, root);
        }
        boolean receives = all || root == ROOT;
        boolean sends = all || (root != ROOT && root != PROC_NULL);
        if (sends) {
            Args.buffer(op, label(), sendbuf, sendoffset, count, type);
        }
        if (receives) {
            Args.buffer(op, label(), recvbuf, recvoffset, count, type);
        }
        Args.op(op, label(), operation, type);
        boolean[] to = null;
        if (sends) {
            to = new boolean[m];
            if (all) {
                Arrays.fill(to, true);
            } else {
                to[root] = true;
            }
        }
        return new IntercommReduce(op, sendbuf, sendoffset, to, receives, count, type, operation, recvbuf,
                recvoffset);
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root) {
        run("reduce", reduceSchedule("reduce", sendbuf, sendoffset, recvbuf, recvoffset, count, type, op, root));
    }

    @Override
    public io.ccrj.mpi.Request ireduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op, int root) {
        return startNonblocking("ireduce", reduceSchedule("ireduce", sendbuf, sendoffset, recvbuf, recvoffset, count,
                type, op, root));
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        run("allreduce", reduceSchedule("allreduce", sendbuf, sendoffset, recvbuf, recvoffset, count, type, op,
                Integer.MIN_VALUE));
    }

    @Override
    public io.ccrj.mpi.Request iallreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op) {
        return startNonblocking("iallreduce", reduceSchedule("iallreduce", sendbuf, sendoffset, recvbuf, recvoffset,
                count, type, op, Integer.MIN_VALUE));
    }

    /**
     * Gather (root {@code >= MIN}) or allgather (root {@code MIN_VALUE}): the receivers take block
     * {@code j} from remote rank {@code j}, uniform ({@code recvcounts == null}) or as the v-form's
     * counts and displacements say.
     */
    private IntercommExchange gatherSchedule(String op, Object sendbuf, int sendoffset, int sendcount,
            Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, int[] recvcounts, int[] displs,
            Datatype recvtype, int root) {
        checkThread();
        checkNotInPlace(op, sendbuf, recvbuf);
        int m = remoteSize();
        boolean all = root == Integer.MIN_VALUE;
        if (!all) {
            checkRoot(op, root);
        }
        boolean receives = all || root == ROOT;
        boolean sends = all || (root != ROOT && root != PROC_NULL);
        int[] sendAt = null;
        if (sends) {
            Args.buffer(op, label(), sendbuf, sendoffset, sendcount, sendtype);
            sendAt = all ? uniformAt(m, sendoffset, 0, sendtype) : IntercommExchange.only(m, root, sendoffset);
        }
        int[] counts = null;
        int[] at = null;
        if (receives) {
            if (recvcounts == null) {
                Args.blocks(op, label(), recvbuf, recvoffset, recvcount, m, recvtype);
                counts = uniformCounts(m, recvcount);
                at = uniformAt(m, recvoffset, recvcount, recvtype);
            } else {
                Args.vblocks(op, label(), recvbuf, recvoffset, recvcounts, displs, m, recvtype);
                counts = recvcounts.clone();
                at = displacedAt(m, recvoffset, displs, recvtype);
            }
            if (sends) {
                Args.sameBase(op, label(), sendtype, recvtype);
            }
        }
        return new IntercommExchange(op, all ? CollectiveComm.TAG_ALLGATHER : CollectiveComm.TAG_GATHER, sendbuf,
                sendAt, sends ? uniformCounts(m, sendcount) : null, sendtype, recvbuf, at, counts, recvtype);
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) {
        run("gather", gatherSchedule("gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, null, null, recvtype, root));
    }

    @Override
    public io.ccrj.mpi.Request igather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        return startNonblocking("igather", gatherSchedule("igather", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, null, null, recvtype, root));
    }

    @Override
    public void gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root) {
        run("gatherv", gatherSchedule("gatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, 0,
                vcounts("gatherv", recvcounts, root == ROOT), displs, recvtype, root));
    }

    @Override
    public io.ccrj.mpi.Request igatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root) {
        return startNonblocking("igatherv", gatherSchedule("igatherv", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, 0, vcounts("igatherv", recvcounts, root == ROOT), displs, recvtype, root));
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        run("allgather", gatherSchedule("allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, null, null, recvtype, Integer.MIN_VALUE));
    }

    @Override
    public io.ccrj.mpi.Request iallgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        return startNonblocking("iallgather", gatherSchedule("iallgather", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, null, null, recvtype, Integer.MIN_VALUE));
    }

    @Override
    public void allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype) {
        run("allgatherv", gatherSchedule("allgatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, 0, vcounts("allgatherv", recvcounts, true), displs, recvtype, Integer.MIN_VALUE));
    }

    @Override
    public io.ccrj.mpi.Request iallgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype) {
        return startNonblocking("iallgatherv", gatherSchedule("iallgatherv", sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, 0, vcounts("iallgatherv", recvcounts, true), displs, recvtype,
                Integer.MIN_VALUE));
    }

    /** A v-form's counts where they are read; a non-null stand-in elsewhere (the form stays a v-form). */
    private int[] vcounts(String op, int[] counts, boolean read) {
        if (read && counts == null) {
            throw new MpiException(ErrorClass.ARG, op + " on " + label() + ": the counts array is null");
        }
        return read ? counts : new int[0];
    }

    /**
     * Scatter: the root sends block {@code j} to remote rank {@code j}, uniform
     * ({@code sendcounts == null}) or as the v-form says; a rank of the other group receives one.
     */
    private IntercommExchange scatterSchedule(String op, Object sendbuf, int sendoffset, int sendcount,
            int[] sendcounts, int[] displs, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
            Datatype recvtype, int root) {
        checkThread();
        checkNotInPlace(op, sendbuf, recvbuf);
        checkRoot(op, root);
        int m = remoteSize();
        if (root == ROOT) {
            int[] counts;
            int[] at;
            if (sendcounts == null) {
                Args.blocks(op, label(), sendbuf, sendoffset, sendcount, m, sendtype);
                counts = uniformCounts(m, sendcount);
                at = uniformAt(m, sendoffset, sendcount, sendtype);
            } else {
                Args.vblocks(op, label(), sendbuf, sendoffset, sendcounts, displs, m, sendtype);
                counts = sendcounts.clone();
                at = displacedAt(m, sendoffset, displs, sendtype);
            }
            return new IntercommExchange(op, CollectiveComm.TAG_SCATTER, sendbuf, at, counts, sendtype, null, null,
                    null, null);
        }
        if (root == PROC_NULL) {
            return new IntercommExchange(op, CollectiveComm.TAG_SCATTER, null, null, null, null, null, null, null,
                    null);
        }
        Args.buffer(op, label(), recvbuf, recvoffset, recvcount, recvtype);
        return new IntercommExchange(op, CollectiveComm.TAG_SCATTER, null, null, null, null, recvbuf,
                IntercommExchange.only(m, root, recvoffset), uniformCounts(m, recvcount), recvtype);
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) {
        run("scatter", scatterSchedule("scatter", sendbuf, sendoffset, sendcount, null, null, sendtype, recvbuf,
                recvoffset, recvcount, recvtype, root));
    }

    @Override
    public io.ccrj.mpi.Request iscatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        return startNonblocking("iscatter", scatterSchedule("iscatter", sendbuf, sendoffset, sendcount, null, null,
                sendtype, recvbuf, recvoffset, recvcount, recvtype, root));
    }

    @Override
    public void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        run("scatterv", scatterSchedule("scatterv", sendbuf, sendoffset, 0, vcounts("scatterv", sendcounts,
                root == ROOT), displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root));
    }

    @Override
    public io.ccrj.mpi.Request iscatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs,
            Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        return startNonblocking("iscatterv", scatterSchedule("iscatterv", sendbuf, sendoffset, 0,
                vcounts("iscatterv", sendcounts, root == ROOT), displs, sendtype, recvbuf, recvoffset, recvcount,
                recvtype, root));
    }

    /** Alltoall(v): block {@code j} of the send buffer to remote rank {@code j}, block {@code j} of the receive buffer from it. */
    private IntercommExchange alltoallSchedule(String op, Object sendbuf, int sendoffset, int sendcount,
            int[] sendcounts, int[] sdispls, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
            int[] recvcounts, int[] rdispls, Datatype recvtype) {
        checkThread();
        checkNotInPlace(op, sendbuf, recvbuf);
        int m = remoteSize();
        int[] sc;
        int[] sa;
        int[] rc;
        int[] ra;
        if (sendcounts == null) {
            Args.blocks(op, label(), sendbuf, sendoffset, sendcount, m, sendtype);
            Args.blocks(op, label(), recvbuf, recvoffset, recvcount, m, recvtype);
            sc = uniformCounts(m, sendcount);
            sa = uniformAt(m, sendoffset, sendcount, sendtype);
            rc = uniformCounts(m, recvcount);
            ra = uniformAt(m, recvoffset, recvcount, recvtype);
        } else {
            if (recvcounts == null) {
                throw new MpiException(ErrorClass.ARG, op + " on " + label() + ": the receive counts array is null");
            }
            Args.vblocks(op, label(), sendbuf, sendoffset, sendcounts, sdispls, m, sendtype);
            Args.vblocks(op, label(), recvbuf, recvoffset, recvcounts, rdispls, m, recvtype);
            sc = sendcounts.clone();
            sa = displacedAt(m, sendoffset, sdispls, sendtype);
            rc = recvcounts.clone();
            ra = displacedAt(m, recvoffset, rdispls, recvtype);
        }
        Args.sameBase(op, label(), sendtype, recvtype);
        return new IntercommExchange(op, CollectiveComm.TAG_ALLTOALL, sendbuf, sa, sc, sendtype, recvbuf, ra, rc,
                recvtype);
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        run("alltoall", alltoallSchedule("alltoall", sendbuf, sendoffset, sendcount, null, null, sendtype, recvbuf,
                recvoffset, recvcount, null, null, recvtype));
    }

    @Override
    public io.ccrj.mpi.Request ialltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        return startNonblocking("ialltoall", alltoallSchedule("ialltoall", sendbuf, sendoffset, sendcount, null, null,
                sendtype, recvbuf, recvoffset, recvcount, null, null, recvtype));
    }

    @Override
    public void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        run("alltoallv", alltoallSchedule("alltoallv", sendbuf, sendoffset, 0, vcounts("alltoallv", sendcounts, true),
                sdispls, sendtype, recvbuf, recvoffset, 0, recvcounts, rdispls, recvtype));
    }

    @Override
    public io.ccrj.mpi.Request ialltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
            Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        return startNonblocking("ialltoallv", alltoallSchedule("ialltoallv", sendbuf, sendoffset, 0,
                vcounts("ialltoallv", sendcounts, true), sdispls, sendtype, recvbuf, recvoffset, 0, recvcounts, rdispls,
                recvtype));
    }

    /** Both groups take part in an intercommunicator's collective exchange. */
    @Override
    int collectiveMembers() {
        return remoteSize() + size();
    }

    @Override
    public Comm split(int color, int key) {
        throw notDefined("split");
    }

    @Override
    public Comm dup() {
        throw notDefined("dup");
    }

    @Override
    public Comm create(Group g) {
        throw notDefined("create");
    }

    @Override
    public Intercomm createIntercomm(int localLeader, Comm peer, int remoteLeader, int tag) {
        throw notDefined("createIntercomm");
    }

    @Override
    public CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        throw notDefined("createCart");
    }

    @Override
    public GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        throw notDefined("createGraph");
    }
}
