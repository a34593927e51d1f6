package io.ccrj.mpi.mpijava.programs;

import java.util.ArrayList;
import java.util.List;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Calls operations the compatibility layer does not pass on yet; each must fail with an MPIException naming it. */
public class NotYetProgram {

    /**
     * Runs the program; rank 0 prints one line per operation with the exception's message.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int[] b = new int[4];
        List<Runnable> calls = List.of(
            () -> w.Ssend(b, 0, 1, MPI.INT, 0, 0),
            () -> w.Bsend(b, 0, 1, MPI.INT, 0, 0),
            () -> w.Send_init(b, 0, 1, MPI.INT, 0, 0),
            () -> w.Gatherv(b, 0, 1, MPI.INT, b, 0, new int[] {1}, new int[] {0}, MPI.INT, 0),
            () -> w.Scan(b, 0, b, 0, 1, MPI.INT, MPI.SUM),
            () -> w.Send(new byte[1], 0, 1, MPI.BYTE, 0, 0),
            () -> w.Allreduce(b, 0, b, 0, 1, MPI.INT, MPI.BAND),
            () -> Datatype.Vector(2, 1, 2, MPI.INT),
            () -> Request.Waitany(new Request[0]));
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
            messages.forEach(m -> System.out.println("NOTYET " + m));
        }
        MPI.Finalize();
    }
}
