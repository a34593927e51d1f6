package io.ccrj.bench.mpi;

import io.ccrj.mpi.Datatype;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;

/**
 * A ring shift of {@code doubles} doubles per rank, sent either contiguously or as every other
 * element of an array twice as long (a {@code vector(doubles, 1, 2, DOUBLE)} datatype), received
 * contiguously; on ccr-mpi and MPJ Express in one run. The target: the strided send at
 * least half the bandwidth of the contiguous one of the same bytes. The score is per shift; the
 * bandwidth is {@code 8 * doubles} bytes per rank per shift.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StridedSendBandwidthBenchmark extends WorldBenchmark {

    static final int OPS = 20;

    /** How the sent elements lie in the send buffer. */
    public enum Layout {
        /** {@code doubles} consecutive doubles, datatype {@code DOUBLE}. */
        CONTIGUOUS,
        /** Every other double of an array of {@code 2 * doubles}, one {@code vector} item. */
        STRIDED
    }

    @Param({"2"})
    public int ranks;

    @Param({"1000", "100000"})
    public int doubles;

    @Param({"CONTIGUOUS", "STRIDED"})
    public Layout layout;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        int n = doubles;
        boolean contiguous = layout == Layout.CONTIGUOUS;
        return comm -> {
            int right = (comm.rank() + 1) % comm.size();
            int left = (comm.rank() - 1 + comm.size()) % comm.size();
            double[] send = new double[2 * n];
            Arrays.fill(send, comm.rank() + 0.5);
            double[] recv = new double[n];
            int count = contiguous ? n : 1;
            Datatype type = contiguous ? Datatype.DOUBLE : Datatype.vector(n, 1, 2, Datatype.DOUBLE);
            return ops -> {
                for (int i = 0; i < ops; i++) {
                    comm.sendrecv(send, 0, count, type, right, 0, recv, 0, n, Datatype.DOUBLE, left, 0);
                }
            };
        };
    }

    /** One invocation: {@link #OPS} shifts on every rank; the score is per shift. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void shift() {
        round(OPS);
    }
}
