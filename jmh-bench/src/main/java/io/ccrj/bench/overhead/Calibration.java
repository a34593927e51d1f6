package io.ccrj.bench.overhead;

import java.util.Arrays;

/**
 * Times {@link BasicUnit} on this machine and turns the seeds' time per stage into a number of
 * units per stage.
 *
 * @param unitMicros measured time of one unit: the fastest of several trials (interference from
 *     other processes only ever makes a trial slower)
 * @param trialsMicros the per-unit time of each trial
 */
public record Calibration(double unitMicros, double[] trialsMicros) {
    /** The seeds' unit on the AMD machine of Tables 1-2 (µs; seed 000: 14 s / 10^7 units). */
    public static final double SEED_AMD_UNIT_MICROS = 1.4;

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
        double[] perUnit = new double[trials];
        for (int t = 0; t < trials; t++) {
            long start = System.nanoTime();
            s += BasicUnit.compute(unitsPerTrial);
            long took = System.nanoTime() - start;
            perUnit[t] = took / 1000.0 / unitsPerTrial;
        }
        sink = s;
        return new Calibration(Arrays.stream(perUnit).min().orElseThrow(), perUnit);
    }

    /**
     * Units per stage that give a stage of about {@code stageMicros} of computation.
     *
     * @param stageMicros wanted compute time per stage
     * @return at least 1
     */
    public int unitsPerStage(double stageMicros) {
        return unitsFor(stageMicros, unitMicros);
    }

    /**
     * @param stageMicros wanted compute time per stage
     * @param unitMicros time of one unit
     * @return the nearest whole number of units, at least 1
     */
    public static int unitsFor(double stageMicros, double unitMicros) {
        if (!(stageMicros > 0) || !(unitMicros > 0)) {
            throw new IllegalArgumentException("stage and unit times must be positive: " + stageMicros + ", " + unitMicros);
        }
        return (int) Math.max(1, Math.round(stageMicros / unitMicros));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Calibration c && c.unitMicros == unitMicros && Arrays.equals(c.trialsMicros, trialsMicros);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(unitMicros) * 31 + Arrays.hashCode(trialsMicros);
    }

    @Override
    public String toString() {
        return "Calibration[unit=" + unitMicros + " µs, trials=" + Arrays.toString(trialsMicros) + "]";
    }

    static double sink() {
        return sink;
    }
}
