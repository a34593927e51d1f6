import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * A program written for Open MPI's Java bindings: a token goes once around the ring with a
 * nonblocking receive into a direct buffer, then the ranks agree on the largest token seen.
 * Compiles against ccrj's package mpi or Open MPI's mpi.jar.
 */
public class RingOpenMpi {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        IntBuffer token = MPI.newIntBuffer(1);
        Request r = MPI.COMM_WORLD.iRecv(token, 1, MPI.INT, prev, 0);
        if (rank == 0) {
            MPI.COMM_WORLD.send(new int[] {1}, 1, MPI.INT, next, 0);
        }
        Status s = r.waitStatus();
        if (rank != 0) {
            MPI.COMM_WORLD.send(new int[] {token.get(0) + 1}, 1, MPI.INT, next, 0);
        }
        int[] max = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {token.get(0)}, max, 1, MPI.INT, MPI.MAX);
        System.out.println("Open MPI style: rank " + rank + " got " + token.get(0) + " from " + s.getSource()
                + ", largest token " + max[0]);
        MPI.Finalize();
    }
}
