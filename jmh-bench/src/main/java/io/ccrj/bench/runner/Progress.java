package io.ccrj.bench.runner;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress lines on stderr: what just ran, done/total, elapsed, and an ETA from the runs' predicted
 * compute times scaled by how the finished runs compared with their predictions.
 */
public final class Progress {
    private final PrintStream out;
    private final int totalRuns;
    private final double predictedTotalSeconds;
    private final LongSupplier clock;
    private final long startNanos;
    private int doneRuns;
    private double predictedDoneSeconds;

    /**
     * @param out where to print (stderr)
     * @param totalRuns how many runs are planned
     * @param predictedTotalSeconds their predicted wall time
     * @param clock nanosecond clock
     */
    public Progress(PrintStream out, int totalRuns, double predictedTotalSeconds, LongSupplier clock) {
        this.out = out;
        this.totalRuns = totalRuns;
        this.predictedTotalSeconds = predictedTotalSeconds;
        this.clock = clock;
        this.startNanos = clock.getAsLong();
    }

    /**
     * Records a finished run and prints its line.
     *
     * @param what e.g. "Shift 4-way match(4) T(S) rep 2/3"
     * @param predictedSeconds what this run was predicted to take
     * @param tookNanos what it took
     */
    public void done(String what, double predictedSeconds, long tookNanos) {
        doneRuns++;
        predictedDoneSeconds += predictedSeconds;
        long elapsed = clock.getAsLong() - startNanos;
        double eta = etaSeconds(elapsed / 1e9, predictedDoneSeconds, predictedTotalSeconds - predictedDoneSeconds);
        int width = Integer.toString(totalRuns).length();
        out.printf(Locale.ROOT, "[%" + width + "d/%d] %-44s %8.3f s   elapsed %s   ETA %s%n",
                doneRuns, totalRuns, what, tookNanos / 1e9, clockTime(elapsed / 1e9), clockTime(eta));
        out.flush();
    }

    /** The predicted seconds of the runs left, scaled by elapsed / predicted seconds of the runs done when known. */
    static double etaSeconds(double elapsedSeconds, double predictedDone, double predictedRemaining) {
        double remaining = Math.max(0, predictedRemaining);
        return predictedDone <= 0 || elapsedSeconds <= 0 ? remaining : remaining * (elapsedSeconds / predictedDone);
    }

    /** A duration as "m:ss" or "h:mm:ss". */
    public static String clockTime(double seconds) {
        long s = Math.round(Math.max(0, seconds));
        long h = s / 3600;
        long m = (s % 3600) / 60;
        long sec = s % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, sec) : String.format(Locale.ROOT, "%d:%02d", m, sec);
    }
}
