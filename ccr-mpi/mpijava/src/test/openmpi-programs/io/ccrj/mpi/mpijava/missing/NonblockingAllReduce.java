package io.ccrj.mpi.mpijava.missing;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * An Open MPI-style program calling a nonblocking collective, compiled by OpenMpiLauncherTest
 * against the signatures-only stubs of Open MPI's classes (src/test/openmpi-stubs): the launcher
 * must name the call before the ranks start.
 */
public class NonblockingAllReduce {

    /**
     * Sums the ranks with iAllReduce.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        System.out.println("started rank " + MPI.COMM_WORLD.getRank());
        IntBuffer in = MPI.newIntBuffer(1);
        IntBuffer out = MPI.newIntBuffer(1);
        in.put(0, MPI.COMM_WORLD.getRank());
        MPI.COMM_WORLD.iAllReduce(in, out, 1, MPI.INT, MPI.SUM).waitFor();
        MPI.Finalize();
    }
}
