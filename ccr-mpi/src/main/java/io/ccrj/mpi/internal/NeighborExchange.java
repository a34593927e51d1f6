package io.ccrj.mpi.internal;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;

/**
 * The neighbourhood collectives ({@code MPI_Neighbor_allgather(v)}, {@code _alltoall(v/w)}): one
 * round in which a rank receives one block from each of its sources and sends one block to each
 * of its destinations, in the order of its topology's neighbour lists. {@link Comm#PROC_NULL}
 * neighbours (the edges of a non-periodic Cartesian grid) take part with no message, their blocks
 * left as they are.
 *
 * <p>Matching: the {@code k}-th destination's message carries tag {@code sendTags[k]} and the
 * {@code j}-th source's receive expects {@code recvTags[j]}, which the topology chooses so that
 * the two ends of each edge agree even when two ranks are neighbours twice (a periodic dimension
 * of size 1 or 2, a multigraph): see {@link CollectiveComm}'s neighbour lists.
 */
final class NeighborExchange extends Schedule {
    private final String name;
    private final int[] sources;
    private final int[] recvTags;
    private final Object recvbuf;
    private final int[] recvAt;
    private final int[] recvcounts;
    private final Datatype[] recvtypes;
    private final int[] destinations;
    private final int[] sendTags;
    private final Object sendbuf;
    private final int[] sendAt;
    private final int[] sendcounts;
    private final Datatype[] sendtypes;

    NeighborExchange(String name, int[] sources, int[] recvTags, Object recvbuf, int[] recvAt, int[] recvcounts,
            Datatype[] recvtypes, int[] destinations, int[] sendTags, Object sendbuf, int[] sendAt, int[] sendcounts,
            Datatype[] sendtypes) {
        this.name = name;
        this.sources = sources;
        this.recvTags = recvTags;
        this.recvbuf = recvbuf;
        this.recvAt = recvAt;
        this.recvcounts = recvcounts;
        this.recvtypes = recvtypes;
        this.destinations = destinations;
        this.sendTags = sendTags;
        this.sendbuf = sendbuf;
        this.sendAt = sendAt;
        this.sendcounts = sendcounts;
        this.sendtypes = sendtypes;
    }

    @Override
    boolean round(int r, CollTransport t) {
        if (r > 0) {
            return false;
        }
        for (int j = 0; j < sources.length; j++) {
            if (sources[j] != Comm.PROC_NULL) {
                t.recv(recvbuf, recvAt[j], recvcounts[j], recvtypes[j], sources[j], recvTags[j]);
            }
        }
        for (int k = 0; k < destinations.length; k++) {
            if (destinations[k] != Comm.PROC_NULL) {
                t.send(sendbuf, sendAt[k], sendcounts[k], sendtypes[k], destinations[k], sendTags[k]);
            }
        }
        return true;
    }

    @Override
    String name() {
        return name;
    }
}
