package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Intercomm;
import io.ccrj.mpi.internal.GroupImpl;
import mpi.MPI;

/**
 * ccr-mpi's {@link Intercomm} over MPJ Express's {@code mpi.Intercomm}: point-to-point calls name
 * ranks of the remote group (inherited from {@link MpjComm}, which sends them through the
 * intercommunicator), collectives and communicator constructors fail with {@code ARG} as the
 * contract says, {@link #merge} is MPJ Express's {@code Merge}. Confined to its rank's thread.
 */
final class MpjIntercomm extends MpjComm implements Intercomm {
    private final mpi.Intercomm inter;

    MpjIntercomm(mpi.Intercomm inter, RankContext context) {
        super(inter, context);
        this.inter = inter;
    }

    @Override
    public int remoteSize() {
        return context.callNonBlocking("remoteSize()", inter::Remote_size);
    }

    /** The remote group as world ranks (a ccr-mpi group is a list of them); this rank is not in it. */
    @Override
    public Group remoteGroup() {
        int n = remoteSize();
        int[] here = new int[n];
        for (int i = 0; i < n; i++) {
            here[i] = i;
        }
        int[] world = context.callNonBlocking("remoteGroup()",
                () -> mpi.Group.Translate_ranks(inter.Remote_group(), here, MPI.COMM_WORLD.Group()));
        return GroupImpl.of(world, -1);
    }

    @Override
    public Comm merge(boolean high) {
        return new MpjComm(context.call("merge(high=" + high + ")", () -> inter.Merge(high)), context);
    }

    @Override
    public boolean isInter() {
        return true;
    }
}
