package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Estimate;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The arithmetic of the hand-timed stage-overhead method, which the mpi runner still uses
 * ({@code bin/ccrj overhead} takes its figures from JMH's forks, see {@link OverheadCell}).
 */
public final class Stats {
    private Stats() {
    }

    /**
     * The papers' stage overhead (Qiu, Fox &amp; Ho 2006, section 2, Table 2): the run time with {@code stages}
     * stages minus the run time of the same computation done as a single stage, divided by the
     * number of stages (not {@code stages - 1}: Table 2-AMD's figures are Table 1-AMD's run times at
     * 500,000 stages minus ~14.0 s, divided by 500,000).
     *
     * @param singleStageNanos T(1), the same total computation as one stage
     * @param stagedNanos T(S)
     * @param stages S; at least 1
     * @return overhead per stage in microseconds (negative if T(S) came out below T(1): noise)
     */
    public static double overheadPerStageMicros(double singleStageNanos, double stagedNanos, long stages) {
        if (stages < 1) {
            throw new IllegalArgumentException("stages must be at least 1, was " + stages);
        }
        return (stagedNanos - singleStageNanos) / stages / 1_000.0;
    }

    /**
     * @param values at least one
     * @return the median (mean of the two middle values for an even count; commons-math3)
     */
    public static double median(long[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median of no values");
        }
        return Estimate.medianOf(Arrays.stream(values).asDoubleStream().toArray());
    }

    /**
     * The samples taken while other processes left the machine alone.
     *
     * @param nanos the samples
     * @param loads other processes' share of the machine during each (NaN = unknown, kept)
     * @param maxLoad the most that still counts as quiet
     * @return the quiet samples, or all of them if none was quiet
     */
    public static long[] quietSamples(long[] nanos, double[] loads, double maxLoad) {
        long[] quiet = IntStream.range(0, nanos.length)
                .filter(i -> i >= loads.length || Double.isNaN(loads[i]) || loads[i] <= maxLoad)
                .mapToLong(i -> nanos[i]).toArray();
        return quiet.length > 0 ? quiet : nanos.clone();
    }
}
