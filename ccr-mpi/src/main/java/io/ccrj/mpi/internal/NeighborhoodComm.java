package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Request;
import java.util.Arrays;

/**
 * The neighbourhood-collective layer of ccr-mpi's communicator ({@link DefaultComm} is the whole):
 * {@code neighborAllgather(v)} and {@code neighborAlltoall(v/w)}, blocking and nonblocking, as one
 * {@link NeighborExchange} schedule over the neighbour lists a topology communicator gives
 * ({@link #neighbors}: {@link DefaultCartComm}, {@link DefaultGraphComm},
 * {@link DefaultDistGraphComm}), run by {@link CollectiveComm}'s two drivers. Thread safety as
 * {@link CollectiveComm}.
 */
abstract class NeighborhoodComm extends CollectiveComm {

    NeighborhoodComm(World world, int rank, int[] peerWorldRanks, RankMailbox mailbox, int context, String label,
            boolean collectivesAllowed) {
        super(world, rank, peerWorldRanks, mailbox, context, label, collectivesAllowed);
    }

    // ------------------------------------------------------------------ neighbourhood collectives

    /**
     * A topology's neighbour lists for the neighbourhood collectives: the sources a rank receives
     * from and the destinations it sends to, in MPI's order, and the tag of each edge at each end
     * ({@link NeighborExchange}).
     */
    record Neighbors(int[] sources, int[] recvTags, int[] destinations, int[] sendTags) {
    }

    /**
     * This communicator's neighbour lists; a communicator without a topology has none. Topology
     * communicators override.
     *
     * @throws MpiException of class {@link ErrorClass#TOPOLOGY}
     */
    Neighbors neighbors(String op) {
        throw new MpiException(ErrorClass.TOPOLOGY, where(op) + ": the communicator has no topology (make one with "
                + "createCart, createGraph, createDistGraph or createDistGraphAdjacent)");
    }

    private static int[] plus(int[] tags, int base) {
        int[] out = new int[tags.length];
        for (int i = 0; i < tags.length; i++) {
            out[i] = tags[i] + base;
        }
        return out;
    }

    private NeighborExchange neighborSchedule(String w, Object sendbuf, int[] sendcounts, int[] sendAt,
            Datatype[] sendtypes, Object recvbuf, int[] recvcounts, int[] recvAt, Datatype[] recvtypes, Neighbors nb) {
        return new NeighborExchange(w, nb.sources(), plus(nb.recvTags(), TAG_NEIGHBOR), recvbuf, recvAt, recvcounts,
                recvtypes, nb.destinations(), plus(nb.sendTags(), TAG_NEIGHBOR), sendbuf, sendAt, sendcounts,
                sendtypes);
    }

    private NeighborExchange neighborAllgatherSchedule(String w, Object sendbuf, int sendoffset, int sendcount,
            Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, int[] recvcounts, int[] displs,
            Datatype recvtype, boolean vform) {
        checkThread();
        Neighbors nb = neighbors(w);
        int in = nb.sources().length;
        int out = nb.destinations().length;
        Args.buffer(w, label, sendbuf, sendoffset, sendcount, sendtype);
        int[] counts;
        int[] at;
        if (vform) {
            Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, displs, in, recvtype);
            counts = Arrays.copyOf(recvcounts, in);
            at = displacedAt(in, recvoffset, displs, recvtype);
        } else {
            Args.blocks(w, label, recvbuf, recvoffset, recvcount, in, recvtype);
            counts = uniformCounts(in, recvcount);
            at = uniformAt(in, recvoffset, recvcount, recvtype);
        }
        Args.sameBase(w, label, sendtype, recvtype);
        return neighborSchedule(w, sendbuf, uniformCounts(out, sendcount), uniformCounts(out, sendoffset),
                uniformTypes(out, sendtype), recvbuf, counts, at, uniformTypes(in, recvtype), nb);
    }

    @Override
    public void neighborAllgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        blocking("neighborAllgather", neighborAllgatherSchedule("neighborAllgather", sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, recvcount, null, null, recvtype, false));
    }

    @Override
    public Request ineighborAllgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        return startNonblocking("ineighborAllgather", neighborAllgatherSchedule("ineighborAllgather", sendbuf,
                sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, null, null, recvtype, false));
    }

    @Override
    public void neighborAllgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype) {
        blocking("neighborAllgatherv", neighborAllgatherSchedule("neighborAllgatherv", sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, 0, recvcounts, displs, recvtype, true));
    }

    @Override
    public Request ineighborAllgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype) {
        return startNonblocking("ineighborAllgatherv", neighborAllgatherSchedule("ineighborAllgatherv", sendbuf,
                sendoffset, sendcount, sendtype, recvbuf, recvoffset, 0, recvcounts, displs, recvtype, true));
    }

    private NeighborExchange neighborAlltoallSchedule(String w, Object sendbuf, int sendoffset, int sendcount,
            int[] sendcounts, int[] sdispls, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
            int[] recvcounts, int[] rdispls, Datatype recvtype, boolean vform) {
        checkThread();
        Neighbors nb = neighbors(w);
        int in = nb.sources().length;
        int out = nb.destinations().length;
        int[] rc;
        int[] ra;
        int[] sc;
        int[] sa;
        if (vform) {
            Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, rdispls, in, recvtype);
            Args.vblocks(w, label, sendbuf, sendoffset, sendcounts, sdispls, out, sendtype);
            rc = Arrays.copyOf(recvcounts, in);
            ra = displacedAt(in, recvoffset, rdispls, recvtype);
            sc = Arrays.copyOf(sendcounts, out);
            sa = displacedAt(out, sendoffset, sdispls, sendtype);
        } else {
            Args.blocks(w, label, recvbuf, recvoffset, recvcount, in, recvtype);
            Args.blocks(w, label, sendbuf, sendoffset, sendcount, out, sendtype);
            rc = uniformCounts(in, recvcount);
            ra = uniformAt(in, recvoffset, recvcount, recvtype);
            sc = uniformCounts(out, sendcount);
            sa = uniformAt(out, sendoffset, sendcount, sendtype);
        }
        Args.sameBase(w, label, sendtype, recvtype);
        return neighborSchedule(w, sendbuf, sc, sa, uniformTypes(out, sendtype), recvbuf, rc, ra,
                uniformTypes(in, recvtype), nb);
    }

    @Override
    public void neighborAlltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        blocking("neighborAlltoall", neighborAlltoallSchedule("neighborAlltoall", sendbuf, sendoffset, sendcount, null,
                null, sendtype, recvbuf, recvoffset, recvcount, null, null, recvtype, false));
    }

    @Override
    public Request ineighborAlltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        return startNonblocking("ineighborAlltoall", neighborAlltoallSchedule("ineighborAlltoall", sendbuf, sendoffset,
                sendcount, null, null, sendtype, recvbuf, recvoffset, recvcount, null, null, recvtype, false));
    }

    @Override
    public void neighborAlltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        blocking("neighborAlltoallv", neighborAlltoallSchedule("neighborAlltoallv", sendbuf, sendoffset, 0,
                sendcounts, sdispls, sendtype, recvbuf, recvoffset, 0, recvcounts, rdispls, recvtype, true));
    }

    @Override
    public Request ineighborAlltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls,
            Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        return startNonblocking("ineighborAlltoallv", neighborAlltoallSchedule("ineighborAlltoallv", sendbuf,
                sendoffset, 0, sendcounts, sdispls, sendtype, recvbuf, recvoffset, 0, recvcounts, rdispls, recvtype,
                true));
    }

    private NeighborExchange neighborAlltoallwSchedule(String w, Object sendbuf, int[] sendcounts, int[] sdispls,
            Datatype[] sendtypes, Object recvbuf, int[] recvcounts, int[] rdispls, Datatype[] recvtypes) {
        checkThread();
        Neighbors nb = neighbors(w);
        int in = nb.sources().length;
        int out = nb.destinations().length;
        wblocks(w, "receive", recvbuf, recvcounts, rdispls, recvtypes, in);
        wblocks(w, "send", sendbuf, sendcounts, sdispls, sendtypes, out);
        return neighborSchedule(w, sendbuf, Arrays.copyOf(sendcounts, out), Arrays.copyOf(sdispls, out),
                Arrays.copyOf(sendtypes, out), recvbuf, Arrays.copyOf(recvcounts, in), Arrays.copyOf(rdispls, in),
                Arrays.copyOf(recvtypes, in), nb);
    }

    @Override
    public void neighborAlltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes,
            Object recvbuf, int[] recvcounts, int[] rdispls, Datatype[] recvtypes) {
        blocking("neighborAlltoallw", neighborAlltoallwSchedule("neighborAlltoallw", sendbuf, sendcounts, sdispls,
                sendtypes, recvbuf, recvcounts, rdispls, recvtypes));
    }

    @Override
    public Request ineighborAlltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes,
            Object recvbuf, int[] recvcounts, int[] rdispls, Datatype[] recvtypes) {
        return startNonblocking("ineighborAlltoallw", neighborAlltoallwSchedule("ineighborAlltoallw", sendbuf,
                sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes));
    }
}
