package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * The data-moving intercommunicator collectives (barrier, bcast, gather(v), scatter(v),
 * allgather(v), alltoall(v)) as one flat round: for each rank {@code j} of the remote group, at
 * most one block to send to it and one block to receive from it. MPI defines these collectives
 * between the two groups only (the data of one group goes to the other), so a rank never needs
 * its own group's ranks, which the intercommunicator's transport cannot address. A flat round is
 * one message per pair that moves data: the fewest hops, and what in-process ranks of one machine
 * (a few to a few dozen) favour over the trees MPICH uses between nodes.
 *
 * <p>Thread safety as {@link Schedule}.
 */
final class IntercommExchange extends Schedule {
    private static final int[] NOTHING = new int[0];

    private final String name;
    private final int tag;
    private final Object sendbuf;
    private final int[] sendAt;
    private final int[] sendcounts;
    private final Datatype sendtype;
    private final Object recvbuf;
    private final int[] recvAt;
    private final int[] recvcounts;
    private final Datatype recvtype;

    /**
     * A round in which this rank sends {@code sendcounts[j]} items of {@code sendtype} from element
     * {@code sendAt[j]} of {@code sendbuf} to remote rank {@code j}, where {@code sendAt[j] >= 0},
     * and receives likewise; {@code null} arrays mean no sends (receives) at all.
     */
    IntercommExchange(String name, int tag, Object sendbuf, int[] sendAt, int[] sendcounts, Datatype sendtype,
            Object recvbuf, int[] recvAt, int[] recvcounts, Datatype recvtype) {
        this.name = name;
        this.tag = tag;
        this.sendbuf = sendbuf;
        this.sendAt = sendAt;
        this.sendcounts = sendcounts;
        this.sendtype = sendtype;
        this.recvbuf = recvbuf;
        this.recvAt = recvAt;
        this.recvcounts = recvcounts;
        this.recvtype = recvtype;
    }

    /** The barrier between two groups: an empty message to and from every remote rank. */
    static IntercommExchange barrier(String name, int remoteSize) {
        int[] zeros = new int[remoteSize];
        return new IntercommExchange(name, CollectiveComm.TAG_BARRIER, NOTHING, zeros, zeros, Datatype.INT,
                NOTHING, zeros, zeros, Datatype.INT);
    }

    /** Offsets that reach only remote rank {@code j}: -1 everywhere but there. */
    static int[] only(int remoteSize, int j, int at) {
        int[] a = new int[remoteSize];
        java.util.Arrays.fill(a, -1);
        a[j] = at;
        return a;
    }

    @Override
    boolean round(int r, CollTransport t) {
        if (r > 0) {
            return false;
        }
        int n = t.size();
        if (recvAt != null) {
            for (int j = 0; j < n; j++) {
                if (recvAt[j] >= 0) {
                    t.recv(recvbuf, recvAt[j], recvcounts[j], recvtype, j, tag);
                }
            }
        }
        if (sendAt != null) {
            for (int j = 0; j < n; j++) {
                if (sendAt[j] >= 0) {
                    t.send(sendbuf, sendAt[j], sendcounts[j], sendtype, j, tag);
                }
            }
        }
        return true;
    }

    @Override
    String name() {
        return name;
    }
}
