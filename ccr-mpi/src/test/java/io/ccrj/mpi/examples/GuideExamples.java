package io.ccrj.mpi.examples;

import io.ccrj.core.Dispatcher;
import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.DeadlockException;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.RankThreads;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.Status;
import io.ccrj.mpi.patterns.Pipeline;
import io.ccrj.mpi.patterns.RendezvousExchange;
import io.ccrj.mpi.patterns.StageComputation;
import java.time.Duration;
import java.util.List;

/**
 * The examples of the ccr-mpi guide's chapters (docs/ccr-mpi/): the regions between {@code tag::}
 * and {@code end::} markers appear in the guide verbatim ({@link DocsSnippetsTest}); {@link ExamplesTest} runs them.
 */
final class GuideExamples {
    private GuideExamples() {
    }

    static List<Double> allreduce() {
        // tag::allreduce[]
        List<Double> totals = SpmdWorld.run(4, comm -> {
            double[] mine = {comm.rank() + 1.0};
            double[] total = new double[1];
            comm.allreduce(mine, 0, total, 0, 1, Datatype.DOUBLE, Op.SUM);
            return total[0];
        });
        // totals = [10.0, 10.0, 10.0, 10.0]: one result per rank, in rank order
        // end::allreduce[]
        return totals;
    }

    static List<String> ringShift() {
        // tag::ring-shift[]
        SpmdWorld world = SpmdWorld.builder()
                .size(3)
                .name("ring")
                .rankThreads(RankThreads.AUTO)             // platform threads while ranks fit the cores
                .deadlockTimeout(Duration.ofSeconds(10))
                .build();
        List<String> got = world.run(comm -> {
            int right = (comm.rank() + 1) % comm.size();
            int left = (comm.rank() + comm.size() - 1) % comm.size();
            int[] out = {comm.rank() * 10};
            int[] in = new int[1];
            Status s = comm.sendrecv(out, 0, 1, Datatype.INT, right, 0,
                                     in, 0, 1, Datatype.INT, left, 0);
            return "rank " + comm.rank() + " got " + in[0] + " from " + s.source();
        });
        // got = ["rank 0 got 20 from 2", "rank 1 got 0 from 0", "rank 2 got 10 from 1"]
        // end::ring-shift[]
        return got;
    }

    static List<String> nonBlocking() {
        // tag::nonblocking[]
        List<String> got = SpmdWorld.run(2, comm -> {
            int peer = 1 - comm.rank();
            long[] in = new long[2];
            Request r = comm.irecv(in, 0, 2, Datatype.LONG, Comm.ANY_SOURCE, Comm.ANY_TAG);
            Request s = comm.isend(new long[] {comm.rank(), 42}, 0, 2, Datatype.LONG, peer, 5);
            Status[] done = Request.waitAll(r, s);
            return in[0] + "," + in[1] + " tag " + done[0].tag() + " count " + done[0].count();
        });
        // got = ["1,42 tag 5 count 2", "0,42 tag 5 count 2"]
        // end::nonblocking[]
        return got;
    }

    static List<String> stridedColumn() {
        // tag::strided-column[]
        int n = 3;
        List<String> got = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            double[] matrix = new double[n * n];                   // row-major, element (i, j) = 10 i + j
            for (int i = 0; i < matrix.length; i++) {
                matrix[i] = 10 * (i / n) + i % n;
            }
            Datatype column = Datatype.vector(n, 1, n, Datatype.DOUBLE);
            double[] row = new double[n];
            // send column r to the right neighbour, receive the left one's column as a row
            comm.sendrecv(matrix, r, 1, column, (r + 1) % n, 0, row, 0, n, Datatype.DOUBLE, (r - 1 + n) % n, 0);
            return java.util.Arrays.toString(row);
        });
        // got = ["[2.0, 12.0, 22.0]", "[0.0, 10.0, 20.0]", "[1.0, 11.0, 21.0]"]
        // end::strided-column[]
        return got;
    }

    static List<String> split() {
        // tag::split[]
        List<String> got = SpmdWorld.run(6, comm -> {
            Comm row = comm.split(comm.rank() / 3, comm.rank());   // ranks 0-2 and 3-5
            int[] sum = new int[1];
            row.allreduce(new int[] {comm.rank()}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
            return row.rank() + "/" + row.size() + " sum " + sum[0];
        });
        // got = ["0/3 sum 3", "1/3 sum 3", "2/3 sum 3", "0/3 sum 12", "1/3 sum 12", "2/3 sum 12"]
        // end::split[]
        return got;
    }

    static List<String> groups() {
        // tag::groups[]
        List<String> got = SpmdWorld.run(4, comm -> {
            Group evens = comm.group().rangeIncl(new int[][] {{0, 3, 2}});   // world ranks 0 and 2
            Comm even = comm.create(evens);                                  // null on ranks 1 and 3
            Comm copy = comm.dup();                                          // same ranks, own context
            return (even == null ? "-" : even.rank() + "/" + even.size()) + " " + comm.compare(copy);
        });
        // got = ["0/2 CONGRUENT", "- CONGRUENT", "1/2 CONGRUENT", "- CONGRUENT"]
        // end::groups[]
        return got;
    }

    static List<String> cartesian() {
        // tag::cartesian[]
        List<String> got = SpmdWorld.run(6, comm -> {
            int[] dims = {0, 0};
            CartComm.dimsCreate(comm.size(), dims);                          // [3, 2]
            CartComm grid = comm.createCart(dims, new boolean[] {true, false}, false);
            CartComm.Shift east = grid.shift(1, 1);                          // PROC_NULL past the edge
            int[] fromWest = {-1};
            grid.sendrecv(new int[] {grid.rank()}, 0, 1, Datatype.INT, east.dest(), 0,
                    fromWest, 0, 1, Datatype.INT, east.source(), 0);
            return java.util.Arrays.toString(grid.coords(grid.rank())) + " got " + fromWest[0];
        });
        // got = ["[0, 0] got -1", "[0, 1] got 0", "[1, 0] got -1", "[1, 1] got 2", "[2, 0] got -1", "[2, 1] got 4"]
        // end::cartesian[]
        return got;
    }

    static String deadlock() {
        // tag::deadlock[]
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofMillis(200)).build();
        String report;
        try {
            world.run(comm -> {
                double[] buf = new double[1];
                comm.recv(buf, 0, 1, Datatype.DOUBLE, 1 - comm.rank(), 7);   // both ranks receive first
                comm.send(buf, 0, 1, Datatype.DOUBLE, 1 - comm.rank(), 7);
                return null;
            });
            report = "no deadlock";
        } catch (DeadlockException e) {
            report = String.join("; ", e.pendingOperations());
        }
        // report = "rank 0: recv(source=1, tag=7, DOUBLE x 1) on world; rank 1: recv(source=0, tag=7, DOUBLE x 1) on world"
        // end::deadlock[]
        return report;
    }

    static double[] patterns() throws InterruptedException {
        // tag::patterns[]
        StageComputation work = StageComputation.basicUnits(10);        // ten basic units (the SALSA CCR/MPI page) per stage
        SpmdWorld world = SpmdWorld.builder().size(4).build();
        double exchange = RendezvousExchange.run(world, 10_000, work);  // rendezvous model

        double pipeline;
        try (Dispatcher dispatcher = new Dispatcher(4, "pipeline")) {   // spawned model
            pipeline = Pipeline.run(dispatcher.createQueue("stages"), 4, 10_000, work);
        }
        // end::patterns[]
        return new double[] {exchange, pipeline};
    }
}
