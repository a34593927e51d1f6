package io.ccrj.bench.overhead;

/**
 * Times {@link BasicUnit} on this machine and turns the papers' time per stage into a number of
 * units per stage.
 *
 * @param unitMicros measured time of one unit: the fastest of several trials (interference from
 *     other processes only ever makes a trial slower)
 */
public record Calibration(double unitMicros) {
    /** Sink for results, so the JIT cannot drop the timed loops. */
    private static volatile double sink;

    /**
     * Warms the unit up and times it.
     *
     * @param trials timed trials (fastest taken)
     * @param unitsPerTrial units per trial
     * @return the calibration
     */
    public static Calibration measure(int trials, int unitsPerTrial) {
        double s = 0;
        for (int i = 0; i < 40; i++) { // enough calls for C2 at its default thresholds
            s += BasicUnit.compute(unitsPerTrial / 10 + 1);
        }
        double fastest = Double.POSITIVE_INFINITY;
        for (int t = 0; t < trials; t++) {
            long start = System.nanoTime();
            s += BasicUnit.compute(unitsPerTrial);
            long took = System.nanoTime() - start;
            fastest = Math.min(fastest, took / 1000.0 / unitsPerTrial);
        }
        sink = s;
        return new Calibration(fastest);
    }

    /**
     * Units per stage that give a stage of about {@code stageMicros} of computation.
     *
     * @param stageMicros wanted compute time per stage
     * @return the nearest whole number of units, at least 1
     */
    public int unitsPerStage(double stageMicros) {
        if (!(stageMicros > 0) || !(unitMicros > 0)) {
            throw new IllegalArgumentException("stage and unit times must be positive: " + stageMicros + ", " + unitMicros);
        }
        return (int) Math.max(1, Math.round(stageMicros / unitMicros));
    }
}
