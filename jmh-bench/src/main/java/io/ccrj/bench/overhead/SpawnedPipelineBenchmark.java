package io.ccrj.bench.overhead;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Straight Pipeline (Qiu, Fox &amp; Ho 2006, Fig. 7a) at the papers' 1, 2, 3, 4 and 8 parallel computations; see {@link SpawnedComputationBenchmark}. */
@State(Scope.Benchmark)
public class SpawnedPipelineBenchmark extends SpawnedComputationBenchmark {

    @Param({"1", "2", "3", "4", "8"})
    public int ways;

    @Override
    SpawnedPattern pattern() {
        return SpawnedPattern.PIPELINE;
    }

    @Override
    int ways() {
        return ways;
    }
}
