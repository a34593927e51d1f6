package io.ccrj.mpi.examples;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MatchedMessage;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.Status;
import java.util.Arrays;
import java.util.List;

/**
 * The examples of the guide's section on nonblocking and neighbourhood collectives and matched
 * probe (docs/ccr-mpi/collectives.md): the regions between {@code tag::} and {@code end::} markers appear in
 * the guide verbatim; {@link Mpi3ExamplesTest} runs them.
 */
final class Mpi3Examples {
    private Mpi3Examples() {
    }

    static List<String> overlappedReduction() {
        // tag::overlapped-reduction[]
        List<String> got = SpmdWorld.run(4, comm -> {
            double[] local = new double[100_000];
            Arrays.fill(local, comm.rank() + 1.0);
            double[] global = new double[local.length];
            Request sum = comm.iallreduce(local, 0, global, 0, local.length, Datatype.DOUBLE, Op.SUM);
            double work = 0;                          // computation that touches neither buffer
            for (int i = 1; i <= 200_000; i++) {
                work += 1.0 / i;
            }
            sum.waitFor();                            // no test call was needed meanwhile
            return global[0] + " " + global[local.length - 1] + (work > 0 ? "" : "?");
        });
        // got = ["10.0 10.0", "10.0 10.0", "10.0 10.0", "10.0 10.0"]
        // end::overlapped-reduction[]
        return got;
    }

    static List<String> haloExchange() {
        // tag::halo-exchange[]
        List<String> got = SpmdWorld.run(4, comm -> {
            CartComm ring = comm.createCart(new int[] {4}, new boolean[] {true}, false);
            int r = ring.rank();
            // u[0] and u[4] are ghost cells; u[1..3] this rank's strip
            double[] u = {0, 10 * r + 1, 10 * r + 2, 10 * r + 3, 0};
            // neighbours in order: left (-1), right (+1); send u[1] left and u[3] right,
            // receive the left neighbour's u[3] into u[0] and the right one's u[1] into u[4]
            int[] one = {1, 1};
            ring.neighborAlltoallv(u, 0, one, new int[] {1, 3}, Datatype.DOUBLE,
                                   u, 0, one, new int[] {0, 4}, Datatype.DOUBLE);
            return "rank " + r + ": " + Arrays.toString(u);
        });
        // got = ["rank 0: [33.0, 1.0, 2.0, 3.0, 11.0]", "rank 1: [3.0, 11.0, 12.0, 13.0, 21.0]",
        //        "rank 2: [13.0, 21.0, 22.0, 23.0, 31.0]", "rank 3: [23.0, 31.0, 32.0, 33.0, 1.0]"]
        // end::halo-exchange[]
        return got;
    }

    static List<String> matchedProbe() {
        // tag::matched-probe[]
        List<String> got = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new int[] {1, 2, 3}, 0, 3, Datatype.INT, 1, 7);
                return "sent";
            }
            MatchedMessage m = comm.mprobe(Comm.ANY_SOURCE, Comm.ANY_TAG);  // now this thread's alone
            int[] buf = new int[m.status().count()];                       // sized from the probe
            Status s = m.recv(buf, 0, buf.length, Datatype.INT);
            return Arrays.toString(buf) + " tag " + s.tag();
        });
        // got = ["sent", "[1, 2, 3] tag 7"]
        // end::matched-probe[]
        return got;
    }
}
