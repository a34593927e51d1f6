package io.ccrj.mpi.mpijava.missing;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * An Open MPI-style program calling {@code Intracomm.createFromGroup} (MPI-4's
 * {@code MPI_Comm_create_from_group}, which neither Open MPI's Java bindings nor this package
 * have), compiled by OpenMpiLauncherTest against the signatures-only stubs of Open MPI's classes
 * (src/test/openmpi-stubs) with that one method added: the launcher must name the call before the
 * ranks start.
 */
public class UsesCreateFromGroup {

    /**
     * Makes a communicator of the world's group with createFromGroup.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        System.out.println("started rank " + MPI.COMM_WORLD.getRank());
        Intracomm copy = MPI.COMM_WORLD.createFromGroup(MPI.COMM_WORLD.getGroup(), "tag", null, null);
        copy.free();
        MPI.Finalize();
    }
}
