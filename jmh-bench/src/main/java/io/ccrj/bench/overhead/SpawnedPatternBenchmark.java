package io.ccrj.bench.overhead;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The neighbour patterns of Qiu, Fox &amp; Ho 2006, Fig. 7 (Shift, Two Shifts) and the Exchange of Qiu et al. 2007 at 2, 3, 4
 * and 8 parallel computations (each needs a neighbour, so there is no 1-way column); see
 * {@link SpawnedComputationBenchmark}.
 */
@State(Scope.Benchmark)
public class SpawnedPatternBenchmark extends SpawnedComputationBenchmark {

    @Param({"SHIFT", "TWO_SHIFTS", "EXCHANGE"})
    public SpawnedPattern pattern;

    @Param({"2", "3", "4", "8"})
    public int ways;

    @Override
    SpawnedPattern pattern() {
        return pattern;
    }

    @Override
    int ways() {
        return ways;
    }
}
