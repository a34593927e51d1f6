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

    @Override
    public void barrier() {
        throw notDefined("barrier");
    }

    @Override
    public void bcast(Object buf, int offset, int count, Datatype type, int root) {
        throw notDefined("bcast");
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root) {
        throw notDefined("reduce");
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        throw notDefined("allreduce");
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) {
        throw notDefined("gather");
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) {
        throw notDefined("scatter");
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        throw notDefined("allgather");
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        throw notDefined("alltoall");
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
