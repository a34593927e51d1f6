package io.ccrj.mpi.mpijava.missing;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * An Open MPI-style program calling {@code Intracomm.createGroup} ({@code MPI_Comm_create_group}),
 * which this package does not have, compiled by OpenMpiLauncherTest against the signatures-only
 * stubs of Open MPI's classes (src/test/openmpi-stubs): the launcher must name the call before the
 * ranks start.
 */
public class UsesCreateGroup {

    /**
     * Makes a communicator of the world's group with createGroup.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        System.out.println("started rank " + MPI.COMM_WORLD.getRank());
        Intracomm copy = MPI.COMM_WORLD.createGroup(MPI.COMM_WORLD.getGroup(), 7);
        copy.free();
        MPI.Finalize();
    }
}
