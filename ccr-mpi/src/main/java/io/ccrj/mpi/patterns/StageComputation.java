package io.ccrj.mpi.patterns;

/**
 * The computation of one stage of a pattern: a rank (or, in the spawned model, the handler of a
 * way) turns the value it received into the value it sends on.
 *
 * <p>The papers' method (Qiu, Fox &amp; Ho 2006, section 2, the SALSA CCR/MPI page) fixes the total computation and splits it
 * into S stages, so that the overhead per stage is {@code (T(S) - T(1)) / S};
 * {@link #basicUnits(int)} is their computation. Implementations must be pure functions of their
 * arguments (patterns are checked against a sequential reference) and thread-safe (ranks call
 * them concurrently).
 */
@FunctionalInterface
public interface StageComputation {

    /**
     * Computes one stage.
     *
     * @param rank the rank (or way) computing
     * @param stage the stage, {@code 0 ..} stages - 1
     * @param input the value received for this stage
     * @return the value to send on
     */
    double compute(int rank, long stage, double input);

    /**
     * The papers' basic computation unit ({@code for i in 1..100: sum += 1/((i + 9.87654321) * i)},
     * the SALSA CCR/MPI page), repeated {@code units} times, on top of half the input: {@code input / 2 + units}
     * basic sums. The input keeps the work from being hoisted out of the stage loop; halving it
     * keeps values bounded over millions of stages.
     *
     * @param units basic units per stage, {@code >= 0}
     * @return the computation
     */
    static StageComputation basicUnits(int units) {
        if (units < 0) {
            throw new IllegalArgumentException("units must be >= 0, got " + units);
        }
        return (rank, stage, input) -> {
            double sum = input * 0.5;
            for (int u = 0; u < units; u++) {
                sum = basicUnit(sum);
            }
            return sum;
        };
    }

    /**
     * One basic unit: adds the papers' 100-term sum to {@code sum}.
     *
     * @param sum the running sum
     * @return {@code sum} plus {@code sum_{i=1..100} 1/((i + 9.87654321) * i)}
     */
    static double basicUnit(double sum) {
        for (int i = 1; i <= 100; i++) {
            sum += 1.0 / ((i + 9.87654321) * i);
        }
        return sum;
    }
}
