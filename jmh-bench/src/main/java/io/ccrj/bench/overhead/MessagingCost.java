package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Progress;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost of a stage with (almost) nothing to compute: each stage runs one basic unit, so a run
 * of S stages takes S times the stage's messaging cost plus S units, and the cost per stage is read
 * directly, {@code T(S) / S - unit}, instead of as the small difference of two long runs.
 *
 * <p>Why beside the papers' method: with 28 µs of compute per stage, an overhead of 0.05 µs is
 * 0.2% of the run time, and consecutive runs on this VM differ by 0.3-0.8%, so {@code (T(S) -
 * T(1)) / S} resolves a few tenths of a microsecond at best (see the noise bands). This figure is
 * sharp, but it is not the papers' quantity: with back-to-back stages every worker takes every
 * stage from the one shared dispatcher queue, so at 2 ways it measures the queue under constant
 * contention (each stage moves the queue's cache lines between cores), a regime the papers' 28 µs
 * stages never reach. One-way Pipeline, one worker, is the same cost uncontended. The papers'
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
     * Times every pattern on a dispatcher with one thread per computation, after one-way Pipeline
     * on one thread (the uncontended cost) when {@code ways} is more than 1.
     *
     * @return one figure per pattern and ways, one-way Pipeline first, keyed
     *     {@code overhead, messaging, pattern, ways, stages}: the cost per stage of each run, µs
     */
    static List<Figure> run(List<SpawnedPattern> patterns, int ways, int stages, double unitMicros, int cores, Progress progress)
            throws InterruptedException {
        List<Figure> out = new ArrayList<>();
        if (ways != 1) {
            out.addAll(run(List.of(SpawnedPattern.PIPELINE), 1, stages, unitMicros, cores, progress)); // uncontended
        }
        try (Dispatcher d = new Dispatcher(ways, "overhead-messaging")) {
            DispatcherQueue q = d.createQueue("messaging");
            Duration timeout = Duration.ofSeconds(120 + stages / 10_000L);
            for (SpawnedPattern p : patterns) {
                // One untimed run: the handlers were compiled by the warm-up, but with 28 µs of compute between them.
                SpawnedPatterns.run(p, q, ways, Math.min(stages, 20_000), 1, timeout);
                double[] micros = new double[REPS];
                for (int r = 0; r < REPS; r++) {
                    long nanos = SpawnedPatterns.run(p, q, ways, stages, 1, timeout).elapsedNanos();
                    micros[r] = Stats.observedStageMicros(nanos, ways, cores, stages) - unitMicros;
                    progress.done(String.format(Locale.ROOT, "messaging %-9s %d-way S=%,d rep %d/%d", p.id(), ways, stages,
                            r + 1, REPS), predictedSeconds(ways, stages, cores), nanos);
                }
                out.add(Figure.median(List.of("overhead", "messaging", p, ways, stages), "spawned " + p.id()
                        + ", back-to-back stages of one unit, " + ways + "-way match, per stage", "µs", true, micros));
            }
        }
        return out;
    }

    /** @return a generous guess of one run's time (1 µs per stage per computation) */
    static double predictedSeconds(int ways, int stages, int cores) {
        return OverheadExperiment.predictedSeconds(ways, stages, 1.0, cores);
    }

    /** @return the figures as CSV, every repetition included */
    static Csv csv(List<Figure> figures) {
        Csv csv = new Csv("pattern", "ways", "threads_mode", "stages", "median_us_per_stage", "min_us", "max_us", "samples_us");
        figures.forEach(f -> csv.row(f.key(2, SpawnedPattern.class).id(), f.key(3, Integer.class), "match", f.key(4, Integer.class),
                Csv.num("%.4f", f.ours().value()), Csv.num("%.4f", f.min()), Csv.num("%.4f", f.max()), Csv.samples("%.4f", f.samples())));
        return csv;
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
                        + " is not the papers' quantity: with no compute between stages, every worker takes every stage"
                        + " from the one shared dispatcher queue, so beyond one way it measures that queue under constant"
                        + " contention, which the papers' 28 µs stages never reach. One-way Pipeline (one worker) is the"
                        + " same cost uncontended. The targets are judged with the papers' method.%n%n",
                unitMicros, first.key(4, Integer.class), first.samples().length));
        MarkdownTable t = new MarkdownTable("lrrr", "pattern", "ways", "µs per stage", "range over runs");
        figures.forEach(f -> t.row(f.key(2, SpawnedPattern.class).paperName(), f.key(3, Integer.class),
                OverheadReport.fmt("%.3f", f.ours().value()), OverheadReport.range(f.min(), f.max())));
        return sb.append(t).toString();
    }
}
