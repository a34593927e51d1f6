package io.ccrj.mpi.mpijava.missing;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * An Open MPI-style program calling {@code iDup}, which this package does not have, compiled by
 * OpenMpiLauncherTest against the signatures-only stubs of Open MPI's classes
 * (src/test/openmpi-stubs): the launcher must name the call before the ranks start.
 */
public class UsesIdup {

    /**
     * Duplicates the world with iDup.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        System.out.println("started rank " + MPI.COMM_WORLD.getRank());
        Intracomm copy = MPI.COMM_WORLD.iDup();
        copy.getRequest().waitFor();
        MPI.Finalize();
    }
}
