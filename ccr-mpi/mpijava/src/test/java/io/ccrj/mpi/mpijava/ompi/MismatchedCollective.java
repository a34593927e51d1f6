package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/**
 * A collective whose ranks disagree, chosen by the first argument: {@code root} (bcast with each
 * rank's own rank as root at rank 1), {@code count} (rank 1 reduces 2 items, the others 1),
 * {@code type} (rank 1 reduces LONG, the others INT), {@code op} (rank 1 reduces with MAX, the
 * others SUM), {@code operation} (rank 1 calls barrier, the others allReduce), {@code gatherRoot}
 * (rank 1 gathers to itself, the others to rank 0: two ranks wait as roots, a deadlock),
 * {@code extra} (rank 0 broadcasts once more than the others), {@code iGatherRoot} ({@code gatherRoot}
 * nonblocking), {@code iOp} (a nonblocking allReduce whose rank 1 uses MAX). The launcher must name the
 * mismatch as such, not only report a deadlock or a silently wrong result.
 */
public class MismatchedCollective {

    /**
     * Makes the mismatch.
     *
     * @param args the kind of mismatch, then anything for {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean odd = MPI.COMM_WORLD.getRank() == 1;
        switch (args[0]) {
            case "root" -> MPI.COMM_WORLD.bcast(new int[1], 1, MPI.INT, odd ? 1 : 0);
            case "count" -> MPI.COMM_WORLD.allReduce(new int[2], new int[2], odd ? 2 : 1, MPI.INT, MPI.SUM);
            case "type" -> {
                if (odd) {
                    MPI.COMM_WORLD.allReduce(new long[1], new long[1], 1, MPI.LONG, MPI.SUM);
                } else {
                    MPI.COMM_WORLD.allReduce(new int[1], new int[1], 1, MPI.INT, MPI.SUM);
                }
            }
            case "op" -> MPI.COMM_WORLD.allReduce(new int[1], new int[1], 1, MPI.INT, odd ? MPI.MAX : MPI.SUM);
            case "operation" -> {
                if (odd) {
                    MPI.COMM_WORLD.barrier();
                } else {
                    MPI.COMM_WORLD.allReduce(new int[1], new int[1], 1, MPI.INT, MPI.SUM);
                }
            }
            case "gatherRoot" -> MPI.COMM_WORLD.gather(new int[1], 1, MPI.INT, new int[MPI.COMM_WORLD.getSize()],
                    1, MPI.INT, odd ? 1 : 0);
            case "extra" -> {
                if (MPI.COMM_WORLD.getRank() == 0) {
                    MPI.COMM_WORLD.bcast(new int[1], 1, MPI.INT, 0);
                }
                MPI.COMM_WORLD.allReduce(new int[1], new int[1], 1, MPI.INT, MPI.SUM);
            }
            case "iGatherRoot" -> MPI.COMM_WORLD.iGather(MPI.newIntBuffer(1), 1, MPI.INT,
                    MPI.newIntBuffer(MPI.COMM_WORLD.getSize()), 1, MPI.INT, odd ? 1 : 0).waitFor();
            case "iOp" -> MPI.COMM_WORLD.iAllReduce(MPI.newIntBuffer(1), MPI.newIntBuffer(1), 1, MPI.INT,
                    odd ? MPI.MAX : MPI.SUM).waitFor();
            default -> throw new IllegalArgumentException("no such mismatch: " + args[0]);
        }
        System.out.println("returned on rank " + MPI.COMM_WORLD.getRank());
        MPI.Finalize();
    }
}
