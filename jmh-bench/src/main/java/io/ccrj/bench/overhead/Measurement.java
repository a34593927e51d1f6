package io.ccrj.bench.overhead;

/**
 * The timings of one cell of the seeds' tables.
 *
 * @param pattern the message pattern
 * @param ways parallel computations
 * @param mode match or default
 * @param threads the dispatcher's worker count
 * @param stages S
 * @param unitsPerStage basic units per stage
 * @param singleStageNanos T(1) of each repetition (the same total computation as one stage)
 * @param stagedNanos T(S) of each repetition
 * @param sameAs a note when this cell reuses another's measurement (the configuration is
 *     identical: "default" is 2 threads here, so 2-way default = 2-way match), else {@code null}
 * @param foreignLoad the largest share of the machine that other processes used during one of the
 *     kept runs (0..1; NaN if unknown)
 */
public record Measurement(Pattern pattern, int ways, ThreadMode mode, int threads, int stages, int unitsPerStage,
                          long[] singleStageNanos, long[] stagedNanos, String sameAs, double foreignLoad) {

    /** @return median T(1) in seconds */
    public double singleStageSeconds() {
        return Stats.median(singleStageNanos) / 1e9;
    }

    /** @return median T(S) in seconds */
    public double stagedSeconds() {
        return Stats.median(stagedNanos) / 1e9;
    }

    /** @return (median T(S) - median T(1)) / S, in microseconds */
    public double overheadMicros() {
        return Stats.overheadPerStageMicros(Stats.median(singleStageNanos), Stats.median(stagedNanos), stages);
    }

    /** @return the same measurement filed under another thread mode */
    public Measurement as(ThreadMode otherMode, String note) {
        return new Measurement(pattern, ways, otherMode, threads, stages, unitsPerStage, singleStageNanos, stagedNanos, note,
                foreignLoad);
    }
}
