package io.ccrj.mpi.mpijava.programs;

import mpi.MPI;

/**
 * The test programs in one run (one MPI start-up): collectives, point-to-point, groups,
 * topologies, send modes and requests, v-collectives, datatypes, objects of the program's own
 * classes, what completion does to requests, zero-size datatypes, several threads after a plain
 * {@code Init}; {@code Reduce_scatter} last, on a communicator of its own.
 */
public class AllPrograms {

    /**
     * Runs the programs in turn, with an environment check first.
     *
     * @param args passed to {@code MPI.Init}; printed back
     * @throws InterruptedException if interrupted while joining the threads of one program
     */
    public static void main(String[] args) throws InterruptedException {
        String[] rest = MPI.Init(args);
        Out.line("env", "args", rest);
        Out.check("env", "initialized", MPI.Initialized(), true);
        double t0 = MPI.Wtime();
        MPI.COMM_WORLD.Barrier();
        Out.check("env", "wtime monotonic", MPI.Wtime() >= t0, true);
        Out.check("env", "wtick positive", MPI.Wtick() > 0, true);
        Out.check("env", "processor name set", !MPI.Get_processor_name().isEmpty(), true);
        Out.check("env", "self", new int[] {MPI.COMM_SELF.Size(), MPI.COMM_SELF.Rank()}, new int[] {1, 0});
        CollectivesProgram.run();
        PointToPointProgram.run();
        GroupsProgram.run();
        TopologyProgram.run();
        ModesProgram.run();
        VCollectivesProgram.run();
        DatatypesProgram.run();
        ObjectsProgram.run();
        RequestsProgram.run();
        ZeroSizeProgram.run();
        ThreadsAfterInitProgram.run();
        CompatProgram.run();
        VCollectivesProgram.reduceScatter();
        MPI.Finalize();
    }
}
