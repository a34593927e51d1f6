package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Progress;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The cost of a stage with (almost) nothing to compute: each stage runs one basic unit, so a run
 * of S stages takes S times the stage's messaging cost plus S units, and the cost per stage is read
 * directly, {@code T(S) / S - unit}, instead of as the small difference of two long runs.
 *
 * <p>Why beside the seeds' method: with 28 µs of compute per stage, an overhead of 0.05 µs is
 * 0.2% of the run time, and consecutive runs on this VM differ by 0.3-0.8%, so {@code (T(S) -
 * T(1)) / S} resolves a few tenths of a microsecond at best (see the noise bands). This figure is
 * sharp, but it is not the seeds' quantity: with back-to-back stages every worker takes every
 * stage from the one shared dispatcher queue, so at 2 ways it measures the queue under constant
 * contention (each stage moves the queue's cache lines between cores), a regime the seeds' 28 µs
 * stages never reach. One-way Pipeline, one worker, is the same cost uncontended. The seeds'
 * targets are judged with their own method, not with this.
 */
final class MessagingCost {
    /** Stages per run: quick mode. */
    static final int QUICK_STAGES = 200_000;
    /** Stages per run: full mode. */
    static final int FULL_STAGES = 1_000_000;
    /** Repetitions (median reported). */
    static final int REPS = 5;

    private MessagingCost() {
    }

    /**
     * One pattern's figure.
     *
     * @param pattern the pattern
     * @param ways parallel computations (one dispatcher thread each)
     * @param stages stages per run
     * @param stageMicros the cost per stage of each run, unit time taken off
     */
    record Figure(SpawnedPattern pattern, int ways, int stages, double[] stageMicros) {
        /** @return the median cost per stage, µs */
        double median() {
            return Stats.median(stageMicros);
        }

        double min() {
            return Arrays.stream(stageMicros).min().orElseThrow();
        }

        double max() {
            return Arrays.stream(stageMicros).max().orElseThrow();
        }
    }

    /**
     * Times every pattern on a dispatcher with one thread per computation, after one-way Pipeline
     * on one thread (the uncontended cost) when {@code ways} is more than 1.
     *
     * @param patterns patterns that apply to {@code ways}
     * @param ways parallel computations
     * @param stages stages per run
     * @param reps repetitions
     * @param unitMicros the calibrated time of one basic unit
     * @param cores available processors
     * @param progress where each run is reported
     * @return one figure per pattern and ways, one-way Pipeline first
     */
    static List<Figure> run(List<SpawnedPattern> patterns, int ways, int stages, int reps, double unitMicros, int cores,
                            Progress progress) throws InterruptedException {
        List<Figure> out = new ArrayList<>();
        if (ways != 1) {
            out.addAll(run(List.of(SpawnedPattern.PIPELINE), 1, stages, reps, unitMicros, cores, progress)); // uncontended
        }
        try (Dispatcher d = new Dispatcher(ways, "overhead-messaging")) {
            DispatcherQueue q = d.createQueue("messaging");
            Duration timeout = Duration.ofSeconds(120 + stages / 10_000L);
            for (SpawnedPattern p : patterns) {
                // One untimed run: the handlers were compiled by the warm-up, but with 28 µs of compute between them.
                SpawnedPatterns.run(p, q, ways, Math.min(stages, 20_000), 1, timeout);
                double[] micros = new double[reps];
                for (int r = 0; r < reps; r++) {
                    long nanos = SpawnedPatterns.run(p, q, ways, stages, 1, timeout).elapsedNanos();
                    micros[r] = Stats.observedStageMicros(nanos, ways, cores, stages) - unitMicros;
                    progress.done(String.format(Locale.ROOT, "messaging %-9s %d-way S=%,d rep %d/%d", p.id(), ways, stages,
                            r + 1, reps), predictedSeconds(ways, stages, cores), nanos);
                }
                out.add(new Figure(p, ways, stages, micros));
            }
        }
        return out;
    }

    /** @return a generous guess of one run's time (1 µs per stage per computation) */
    static double predictedSeconds(int ways, int stages, int cores) {
        return OverheadExperiment.predictedSeconds(ways, stages, 1.0, cores);
    }

    /** @return the figures as CSV, every repetition included */
    static String csv(List<Figure> figures) {
        StringBuilder sb = new StringBuilder("pattern,ways,threads_mode,stages,median_us_per_stage,min_us,max_us,samples_us\n");
        for (Figure f : figures) {
            sb.append(f.pattern().id()).append(',').append(f.ways()).append(",match,").append(f.stages()).append(',')
                    .append(fmt(f.median())).append(',').append(fmt(f.min())).append(',').append(fmt(f.max())).append(',')
                    .append(String.join(";", Arrays.stream(f.stageMicros()).mapToObj(MessagingCost::fmt).toList()))
                    .append('\n');
        }
        return sb.toString();
    }

    /** @return a Markdown section: one row per pattern */
    static String markdown(List<Figure> figures, double unitMicros) {
        if (figures.isEmpty()) {
            return "";
        }
        Figure first = figures.get(0);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%n## Back-to-back stages: messaging cost per stage with nothing to compute, match threads%n%n"
                        + "Each stage runs one basic unit (%.3f µs, taken off); %,d stages per run, %d runs, median and"
                        + " range. Read directly rather than as the difference of two long runs, so it is sharp, but it"
                        + " is not the seeds' quantity: with no compute between stages, every worker takes every stage"
                        + " from the one shared dispatcher queue, so beyond one way it measures that queue under constant"
                        + " contention, which the seeds' 28 µs stages never reach. One-way Pipeline (one worker) is the"
                        + " same cost uncontended. The targets are judged with the seeds' method.%n%n",
                unitMicros, first.stages(), first.stageMicros().length));
        MarkdownTable t = new MarkdownTable("lrrr", "pattern", "ways", "µs per stage", "range over runs");
        figures.forEach(f -> t.row(f.pattern().seedName(), f.ways(), fmt3(f.median()), fmt3(f.min()) + " .. " + fmt3(f.max())));
        return sb.append(t).toString();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    private static String fmt3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
