package io.ccrj.bench.mpi;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * Latency of the collectives and send modes beyond the papers' set, back to back on every rank, on
 * ccr-mpi and MPJ Express in the same run at 2 and 4 ranks: the v-collectives, reduce-scatter and
 * scan with one double per rank, and a ring of one-double messages in synchronous, buffered and
 * persistent mode. The target: at least 20x below MPJ Express per call.
 */
public class NewOperationsBenchmark extends WorldBenchmark {

    static final int OPS = 200;

    /** The operation timed. */
    public enum Operation {
        /** {@code gatherv} of one double per rank to rank 0. */
        GATHERV,
        /** {@code scatterv} of one double per rank from rank 0. */
        SCATTERV,
        /** {@code allgatherv} of one double per rank. */
        ALLGATHERV,
        /** {@code alltoallv} of one double per pair of ranks. */
        ALLTOALLV,
        /** {@code reduceScatter} (SUM) of one double per rank. */
        REDUCE_SCATTER,
        /** {@code scan} (SUM) of one double. */
        SCAN,
        /** Ring shift by {@code issend} and {@code irecv} (ranks' sends are synchronous). */
        SSEND_RING,
        /** Ring shift by {@code bsend} and {@code recv}, with an attached buffer. */
        BSEND_RING,
        /** Ring shift by persistent send and receive requests, started and waited for each time. */
        PERSISTENT_RING
    }

    @Param({"2", "4"})
    public int ranks;

    @Param({"GATHERV", "SCATTERV", "ALLGATHERV", "ALLTOALLV", "REDUCE_SCATTER", "SCAN", "SSEND_RING", "BSEND_RING",
            "PERSISTENT_RING"})
    public Operation operation;

    @Override
    int worldSize() {
        return ranks;
    }

    /** One invocation: {@link #OPS} operations on every rank; the score is per operation. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void operation() {
        round(OPS);
    }

    /** The rank program of the operation: buffers made once, then rounds of {@code n} operations. */
    @Override
    DrivenWorld.RankBody body() {
        Operation op = operation;
        return comm -> {
            int size = comm.size();
            int rank = comm.rank();
            int right = (rank + 1) % size;
            int left = (rank - 1 + size) % size;
            double[] one = {rank + 1.0};
            double[] all = new double[size];
            double[] send = new double[size];
            double[] out = new double[1];
            int[] ones = new int[size];
            Arrays.fill(ones, 1);
            int[] displs = IntStream.range(0, size).toArray();
            return switch (op) {
                case GATHERV -> times(() -> comm.gatherv(one, 0, 1, Datatype.DOUBLE, all, 0, ones, displs, Datatype.DOUBLE, 0));
                case SCATTERV -> times(() -> comm.scatterv(all, 0, ones, displs, Datatype.DOUBLE, out, 0, 1, Datatype.DOUBLE, 0));
                case ALLGATHERV -> times(() -> comm.allgatherv(one, 0, 1, Datatype.DOUBLE, all, 0, ones, displs,
                        Datatype.DOUBLE));
                case ALLTOALLV -> times(() -> comm.alltoallv(send, 0, ones, displs, Datatype.DOUBLE, all, 0, ones, displs,
                        Datatype.DOUBLE));
                case REDUCE_SCATTER -> times(() -> comm.reduceScatter(send, 0, out, 0, ones, Datatype.DOUBLE, Op.SUM));
                case SCAN -> times(() -> comm.scan(one, 0, out, 0, 1, Datatype.DOUBLE, Op.SUM));
                case SSEND_RING -> times(() -> Request.waitAll(comm.irecv(out, 0, 1, Datatype.DOUBLE, left, 0),
                        comm.issend(one, 0, 1, Datatype.DOUBLE, right, 0)));
                case BSEND_RING -> {
                    comm.bufferAttach(1 << 16);
                    yield times(() -> {
                        comm.bsend(one, 0, 1, Datatype.DOUBLE, right, 0);
                        comm.recv(out, 0, 1, Datatype.DOUBLE, left, 0);
                    });
                }
                case PERSISTENT_RING -> {
                    PersistentRequest r = comm.recvInit(out, 0, 1, Datatype.DOUBLE, left, 0);
                    PersistentRequest s = comm.sendInit(one, 0, 1, Datatype.DOUBLE, right, 0);
                    yield times(() -> {
                        Request.startAll(r, s);
                        Request.waitAll(r, s);
                    });
                }
            };
        };
    }

    /** One call of the operation timed. */
    private interface Call {
        void run() throws Exception;
    }

    /**
     * {@code n} calls back to back. Each JMH fork times one operation, so the call site sees one
     * lambda and the JIT inlines it.
     */
    private static DrivenWorld.Operations times(Call call) {
        return n -> {
            for (int i = 0; i < n; i++) {
                call.run();
            }
        };
    }
}
