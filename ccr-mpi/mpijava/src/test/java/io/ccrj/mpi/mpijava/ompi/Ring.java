package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/**
 * Open MPI's examples/Ring.java kind of program: rank 0 sends a counter around the ring; rank 0
 * decrements it each time it comes back, and every rank passes it on until it reaches zero.
 */
public class Ring {

    /**
     * Runs the ring.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int tag = 201;
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        int[] message = new int[1];
        int passes = 0;
        if (rank == 0) {
            message[0] = 10;
            System.out.println("Process 0 sending " + message[0] + " to " + next + ", tag " + tag + " (" + size
                    + " processes in ring)");
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
            System.out.println("Process 0 sent to " + next);
        }
        while (true) {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
            passes++;
            if (rank == 0) {
                message[0]--;
                System.out.println("Process 0 decremented value: " + message[0]);
            }
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
            if (message[0] == 0) {
                System.out.println("Process " + rank + " exiting");
                break;
            }
        }
        if (rank == 0) {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
        }
        Out.check("ring", "passes", passes, rank == 0 ? 10 : 11);
        MPI.Finalize();
    }
}
