package io.ccrj.bench.overhead;

import java.util.Arrays;
import java.util.LongSummaryStatistics;

/**
 * The timings of one cell of the papers' tables.
 *
 * <p>Medians are taken over the repetitions during which other processes left the machine alone
 * (at most {@link OverheadExperiment#MAX_FOREIGN_LOAD} of it, see
 * {@link io.ccrj.bench.machine.ForeignLoad}); only if there is none are all repetitions used.
 *
 * @param pattern the message pattern
 * @param ways parallel computations
 * @param mode match or default
 * @param threads the dispatcher's worker count
 * @param stages S
 * @param unitsPerStage basic units per stage
 * @param singleStageNanos T(1) of each repetition (the same total computation as one stage)
 * @param stagedNanos T(S) of each repetition
 * @param singleStageLoads other processes' share of the machine during each T(1) (NaN if unknown)
 * @param stagedLoads the same for each T(S)
 * @param sameAs a note when this cell reuses another's measurement (the configuration is
 *     identical: "default" is 2 threads here, so 2-way default = 2-way match), else {@code null}
 */
public record CellTiming(SpawnedPattern pattern, int ways, ThreadMode mode, int threads, int stages, int unitsPerStage,
                          long[] singleStageNanos, long[] stagedNanos, double[] singleStageLoads, double[] stagedLoads,
                          String sameAs) {
    /** @return the T(1) samples used: the undisturbed ones, or all if none was */
    public long[] usedSingleStageNanos() {
        return Stats.quietSamples(singleStageNanos, singleStageLoads, OverheadExperiment.MAX_FOREIGN_LOAD);
    }

    /** @return the T(S) samples used: the undisturbed ones, or all if none was */
    public long[] usedStagedNanos() {
        return Stats.quietSamples(stagedNanos, stagedLoads, OverheadExperiment.MAX_FOREIGN_LOAD);
    }

    /** @return median T(1) in seconds */
    public double singleStageSeconds() {
        return Stats.median(usedSingleStageNanos()) / 1e9;
    }

    /** @return median T(S) in seconds */
    public double stagedSeconds() {
        return Stats.median(usedStagedNanos()) / 1e9;
    }

    /** @return (median T(S) - median T(1)) / S, in microseconds */
    public double overheadMicros() {
        return Stats.overheadPerStageMicros(Stats.median(usedSingleStageNanos()), Stats.median(usedStagedNanos()), stages);
    }

    /**
     * The noise band of {@link #overheadMicros()}: the lowest and highest overhead that any pairing of
     * one used T(1) run with one used T(S) run gives, {@code (min T(S) - max T(1)) / S} and
     * {@code (max T(S) - min T(1)) / S}. The medians' figure lies inside it; a target inside it is
     * neither met nor missed by this measurement. With one repetition the band is the figure itself.
     *
     * @return {low, high} in microseconds
     */
    public double[] overheadRangeMicros() {
        LongSummaryStatistics t1 = Arrays.stream(usedSingleStageNanos()).summaryStatistics();
        LongSummaryStatistics ts = Arrays.stream(usedStagedNanos()).summaryStatistics();
        return new double[] {Stats.overheadPerStageMicros(t1.getMax(), ts.getMin(), stages),
                Stats.overheadPerStageMicros(t1.getMin(), ts.getMax(), stages)};
    }

    /** @return the largest share of the machine other processes took during a run whose time is used (NaN if unknown) */
    public double foreignLoad() {
        return Math.max(maxUsed(singleStageLoads), maxUsed(stagedLoads));
    }

    /** @return how many runs were left out for being disturbed */
    public int disturbedRunsLeftOut() {
        return singleStageNanos.length - usedSingleStageNanos().length + stagedNanos.length - usedStagedNanos().length;
    }

    /** The largest of the known loads that count as quiet, or of all known loads if none does. */
    private static double maxUsed(double[] loads) {
        double[] known = Arrays.stream(loads).filter(l -> !Double.isNaN(l)).toArray();
        double[] quiet = Arrays.stream(known).filter(l -> l <= OverheadExperiment.MAX_FOREIGN_LOAD).toArray();
        return Arrays.stream(quiet.length > 0 ? quiet : known).max().orElse(Double.NaN);
    }

    /** @return the same measurement filed under another thread mode */
    public CellTiming as(ThreadMode otherMode, String note) {
        return new CellTiming(pattern, ways, otherMode, threads, stages, unitsPerStage, singleStageNanos, stagedNanos,
                singleStageLoads, stagedLoads, note);
    }
}
