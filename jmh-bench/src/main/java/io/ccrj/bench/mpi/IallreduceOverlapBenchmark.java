package io.ccrj.bench.mpi;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * Overlap of a nonblocking allreduce of 10^5 doubles with computation, as the OSU micro-benchmarks
 * define it ({@code osu_iallreduce}): three scores of one run, each the time of one operation on
 * every rank,
 * <ul>
 *   <li>{@code PURE}: {@code iallreduce}, then wait at once (t_pure);</li>
 *   <li>{@code COMPUTE}: the computation alone, a busy loop of {@link #computeNanos} (t_compute);</li>
 *   <li>{@code OVERALL}: {@code iallreduce}, the computation, then wait (t_overall);</li>
 *   <li>{@code BLOCKING}: the blocking {@code allreduce} of the same data, the floor of
 *   {@code PURE};</li>
 * </ul>
 * and overlap = (t_compute + t_pure - t_overall) / t_pure: 1 when the collective completed
 * entirely behind the computation, 0 when none of it did. OSU sets the computation to about
 * t_pure; set {@code computeNanos} near the {@code PURE} score of the same run ({@code bin/ccrj mpi}
 * times {@code PURE} first and sets it so, as {@code native_mpi3.c} does). The computation
 * never calls into MPI, so whatever progress the collective makes meanwhile it makes by itself.
 */
public class IallreduceOverlapBenchmark extends Mpi3State {

    static final int OPS = 10;

    /** What one operation is. */
    public enum Phase {
        PURE, COMPUTE, OVERALL, BLOCKING
    }

    @Param({"2", "4"})
    public int ranks;

    @Param({"PURE", "COMPUTE", "OVERALL", "BLOCKING"})
    public Phase phase;

    /** Length of the computation, in nanoseconds (busy, no MPI call). */
    @Param({"500000"})
    public long computeNanos;

    /** Doubles reduced. */
    @Param({"100000"})
    public int count;

    @Override
    int worldSize() {
        return ranks;
    }

    /** Busy computation for {@code nanos}: a data-dependent loop, checked against the clock. */
    static double compute(long nanos) {
        long end = System.nanoTime() + nanos;
        double x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 64; i++) {
                x = x * 1.000001 + 1e-9;
            }
        }
        return x;
    }

    @Override
    DrivenWorld.RankBody body() {
        Phase p = phase;
        long nanos = computeNanos;
        int m = count;
        return comm -> {
            double[] in = new double[m];
            Arrays.fill(in, comm.rank() + 1.0);
            double[] out = new double[m];
            double[] sink = new double[1];
            return n -> {
                for (int i = 0; i < n; i++) {
                    switch (p) {
                        case PURE -> comm.iallreduce(in, 0, out, 0, m, Datatype.DOUBLE, Op.SUM).waitFor();
                        case COMPUTE -> sink[0] += compute(nanos);
                        case BLOCKING -> comm.allreduce(in, 0, out, 0, m, Datatype.DOUBLE, Op.SUM);
                        case OVERALL -> {
                            Request r = comm.iallreduce(in, 0, out, 0, m, Datatype.DOUBLE, Op.SUM);
                            sink[0] += compute(nanos);
                            r.waitFor();
                        }
                    }
                }
            };
        };
    }

    /**
     * One invocation: {@link #OPS} operations of {@link #phase} on every rank, so that the
     * driver's start and wait of a round ({@link DrivenWorld}) is spread over them; the score is
     * per operation.
     */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void operation() {
        round(OPS);
    }
}
