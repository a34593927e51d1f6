package io.ccrj.mpi.mpijava.programs;

import java.util.ArrayList;
import java.util.List;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Misuses of the bound markers ({@code MPI.LB}, {@code MPI.UB}): as a buffer datatype, in a
 * constructor other than {@code Struct}, and bounds out of order; each must fail with an
 * MPIException naming the problem.
 */
public class UnsupportedProgram {

    /**
     * Runs the program; rank 0 prints one line per operation with the exception's message.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        List<Runnable> calls = List.of(
            () -> w.Send(new int[1], 0, 1, MPI.LB, 0, 0),
            () -> Datatype.Contiguous(2, MPI.UB),
            () -> Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 5, 2}, new Datatype[] {MPI.INT, MPI.LB, MPI.UB}));
        List<String> messages = new ArrayList<>();
        for (Runnable c : calls) {
            try {
                c.run();
                messages.add("no exception");
            } catch (MPIException e) {
                messages.add(e.getMessage());
            }
        }
        if (w.Rank() == 0) {
            messages.forEach(m -> System.out.println("UNSUPPORTED " + m));
        }
        MPI.Finalize();
    }
}
