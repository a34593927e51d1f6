package io.ccrj.bench.machine;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.util.Collection;
import java.util.List;

/**
 * A JMH profiler that reports, per iteration, the share of the machine that <em>other</em>
 * processes used ({@link ForeignLoad}), as the secondary result {@code ·other-load} (percent, max
 * over iterations). On a shared 2-core machine it tells a measurement of the code from a
 * measurement of somebody's build: {@code -prof io.ccrj.bench.machine.ForeignLoadProfiler}.
 */
public final class ForeignLoadProfiler implements InternalProfiler {
    private final int cores = Runtime.getRuntime().availableProcessors();
    private ForeignLoad.Sample before;

    @Override
    public String getDescription() {
        return "CPU share used by other processes during each iteration (Linux /proc/stat)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before = ForeignLoad.sample();
    }

    @Override
    @SuppressWarnings("rawtypes") // JMH's InternalProfiler declares the raw Result
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        double load = ForeignLoad.between(before, ForeignLoad.sample(), cores);
        if (Double.isNaN(load)) {
            return List.of();
        }
        return List.of(new ScalarResult("other-load", load * 100, "%", AggregationPolicy.MAX));
    }
}
