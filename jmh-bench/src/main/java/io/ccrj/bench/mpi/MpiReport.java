package io.ccrj.bench.mpi;

import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.bench.mpi.MpiRunner.Options.Part;
import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Charts.Axis;
import io.ccrj.bench.runner.Charts.Series;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.FigureKey;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Metric;
import io.ccrj.bench.runner.PublishedFigures;
import io.ccrj.bench.runner.Section;
import io.ccrj.bench.runner.Verdict;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;
import java.util.function.LongFunction;
import java.util.stream.IntStream;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.knowm.xchart.XYChart;

/**
 * The figures of {@code bin/ccrj mpi}, as the runners' one {@link Figure} keyed {@code mpi,
 * experiment, item, backend, ranks, size, metric}, every part typed:
 * <ul>
 *   <li>experiment: a {@link MpiRunner.Options.Part} (stages, latency, bandwidth or mpi3);</li>
 *   <li>item: what was timed, a {@link RendezvousPattern}, a {@link MpiKernels.LatencyOp}, a
 *   {@link MpiKernels.CopyModel}, a {@link Mpi3Op} or a {@link Baseline}; tables, charts and the headline find
 *   figures by it, never by its display text ({@link #label(Enum)});</li>
 *   <li>backend: a {@link Source} (ccr-mpi, MPJ Express, native MPI, or the plain-Java
 *   baselines); ranks (threads, for the baselines); size in doubles (bandwidth), else 0;</li>
 *   <li>metric: a {@link Metric} ({@code overhead_us}, a pattern's stage minus a compute-only
 *   stage; {@code messaging_us}, a stage with no computation; {@code compute_us}; {@code latency_us};
 *   {@code op_us}, one bandwidth operation; {@code GB/s}, summed over ranks; {@code overlap_%}, a
 *   nonblocking collective's overlap with computation; {@code MB/s}, one rank's puts).</li>
 * </ul>
 * A misspelt part is a compile error, not a figure read back as NaN; {@code mpi.csv} writes the
 * parts' names.
 *
 * <p>Every figure but native MPI's comes from JMH's forks ({@link Forks}): the median of the
 * forks' scores with a bootstrap interval over forks and iterations, turned into the metric
 * (times scaled, bandwidth as bytes over time, an overhead as the difference of two benchmarks
 * resampled together). Beside each figure it keeps the figure ratios and the headline use
 * ({@link Forks#acrossForks}: no interval from one fork, which cannot show which of the forks'
 * modes it caught) and the forks' two modes where they split. Native MPI's figures are the C
 * program's own timing of its repetitions.
 *
 * <p>Made of them: the tables (Markdown, printed and written), the chart panels (drawn by
 * {@link Charts}: log y axes, as ccr-mpi and MPJ Express differ by two orders of magnitude), the
 * rows of {@code mpi.csv} and the headline (no verdicts are printed; the committed figures are in
 * docs/results.md). Ratios are MPJ Express over ccr-mpi (how many times slower the peer is) and ccr-mpi
 * over System.arraycopy (what share of a plain copy's bandwidth).
 */
final class MpiReport {
    /** The columns of {@code mpi.csv}, one row per figure ({@link #csv}). */
    static final String[] CSV_HEADER = {"experiment", "item", "backend", "ranks", "size", "metric", "value", "low", "high", "forks",
        "modes", "note"};

    /** What a figure's key names as its backend: one of the two compared, native MPI, or a plain-Java baseline. */
    enum Source {
        /** ccr-mpi. */
        CCR_MPI("ccr-mpi"),
        /** MPJ Express 0.44, multicore device. */
        MPJ_EXPRESS("mpj-express"),
        /** The machine's MPI in C, timed by the program itself. */
        NATIVE_MPI("native-mpi"),
        /** The baselines: plain threads, System.arraycopy. */
        JAVA("java");

        /** The name in mpi.csv and the labels. */
        final String id;

        Source(String id) {
            this.id = id;
        }

        /** @return the source of a backend's figures */
        static Source of(MpiBackend b) {
            return switch (b) {
                case CCR_MPI -> CCR_MPI;
                case MPJ_EXPRESS -> MPJ_EXPRESS;
            };
        }
    }

    /** The setting that narrows the intervals (forks), as the tables say it: more forks than this run had. */
    private String rerun() {
        return Headline.rerunAfterForks("mpi", options.jmh().forks());
    }

    /** The same run's baselines measured with nothing of ccr's, items beside the patterns, operations and copy models. */
    enum Baseline {
        /** Two platform threads bouncing one counter: the floor of a one-way hand-off. */
        CORE_TO_CORE("core-to-core hand-off floor (two threads, one shared counter)"),
        /** One thread's System.arraycopy. */
        ARRAYCOPY_ONE("System.arraycopy, 1 thread"),
        /** One System.arraycopy thread per rank, all at once. */
        ARRAYCOPY_ALL("System.arraycopy, every rank's thread at once");

        final String label;

        Baseline(String label) {
            this.label = label;
        }
    }

    /**
     * One figure of the run.
     *
     * @param figure the figure: its value and the interval the tables show (from one fork, that
     *     fork's iterations only)
     * @param acrossForks the figure for ratios and the headline: no interval from one fork
     * @param modes where the forks fell into two groups more than 1.5x apart, the groups (e.g.
     *     "two modes: 3 forks at 0.250, 2 forks at 0.510"); else empty
     */
    record Measured(Figure figure, Estimate acrossForks, String modes) {
        FigureKey key() {
            return FigureKey.of(figure.key());
        }

        boolean measured() {
            return figure.measured();
        }
    }

    /** @return the key of a figure (the parts as in the class comment) */
    static FigureKey key(Part experiment, Enum<?> item, Source backend, int ranks, long size, Metric metric) {
        return new FigureKey(Section.MPI, experiment, item, backend, ranks, size, metric);
    }

    /**
     * A time from JMH: the forks' scores times {@code scale} (JMH's unit to µs per operation of
     * the figure).
     */
    static Measured time(FigureKey key, Forks f, double scale) {
        return fromForks(key, f, v -> v * scale);
    }

    /**
     * A bandwidth from JMH: {@code bytes} per operation over the forks' times ({@code scale}: JMH's
     * unit to µs), in GB/s. The median and the interval's ends map over as the times' do (a
     * monotone map; the ends swap).
     */
    static Measured rate(FigureKey key, Forks f, double scale, double bytes) {
        return fromForks(key, f, v -> bytes / (v * scale * 1e3));
    }

    /**
     * One rank's bandwidth from JMH in MB/s (10^6 bytes a second): {@code bytes} per operation
     * over the forks' times ({@code scale}: JMH's unit to µs).
     */
    static Measured megabytesPerSecond(FigureKey key, Forks f, double scale, double bytes) {
        return fromForks(key, f, v -> bytes / (v * scale));
    }

    private static Measured fromForks(FigureKey key, Forks f, DoubleUnaryOperator g) {
        double[] samples = java.util.Arrays.stream(f.scores()).map(g).toArray();
        return new Measured(figure(key, map(f.estimate(), g), samples, f.iterations().size(), ""), map(f.acrossForks(), g),
                modes(f, g));
    }

    /**
     * An overhead: {@code with}'s score minus {@code without}'s, times {@code scale}, with an
     * interval from resampling both benchmarks' forks (and each drawn fork's iterations), as
     * {@link Forks#estimate} does for one; for ratios and the headline no interval unless both
     * have two forks or more.
     */
    static Measured difference(FigureKey key, Forks with, Forks without, double scale) {
        return combined(key, m -> (m[0] - m[1]) * scale, with, without);
    }

    /**
     * A nonblocking collective's overlap with computation as the OSU micro-benchmarks define it,
     * in percent: 100 (t_compute + t_pure - t_overall) / t_pure from three benchmarks' scores (any
     * one unit), with an interval from resampling all three benchmarks' forks as
     * {@link #difference} does for two.
     */
    static Measured overlap(FigureKey key, Forks pure, Forks compute, Forks overall) {
        return combined(key, m -> NativeMpi3.overlapPercent(m[0], m[1], m[2]), pure, compute, overall);
    }

    /**
     * A figure computed from several benchmarks' medians ({@code f} of their medians, in order),
     * with a bootstrap interval from resampling every benchmark's forks (and each drawn fork's
     * iterations), as {@link Forks#estimate} does for one; for ratios and the headline no interval
     * unless every benchmark has two forks or more.
     */
    private static Measured combined(FigureKey key, ToDoubleFunction<double[]> f, Forks... forks) {
        double value = f.applyAsDouble(Arrays.stream(forks).mapToDouble(k -> Estimate.medianOf(k.scores())).toArray());
        Estimate e = new Estimate(value, value, value);
        if (Arrays.stream(forks).anyMatch(k -> k.iterations().stream().mapToInt(i -> i.length).sum() > 1)) {
            RandomGenerator random = new Well19937c(0x5eed); // the same forks always give the same interval
            double[] stats = new double[2_000];
            double[] medians = new double[forks.length];
            for (int b = 0; b < stats.length; b++) {
                for (int k = 0; k < forks.length; k++) {
                    medians[k] = resampledMedian(forks[k], random);
                }
                stats[b] = f.applyAsDouble(medians);
            }
            Percentile p = new Percentile();
            e = new Estimate(value, Math.min(value, p.evaluate(stats, 2.5)), Math.max(value, p.evaluate(stats, 97.5)));
        }
        int fewest = Arrays.stream(forks).mapToInt(k -> k.iterations().size()).min().orElse(0);
        return new Measured(figure(key, e, new double[0], fewest, ""), fewest < 2 ? Estimate.oneFork(e) : e, "");
    }

    /** The median of the fork means of one resample: forks drawn with replacement, then each drawn fork's iterations. */
    private static double resampledMedian(Forks f, RandomGenerator random) {
        List<double[]> forks = f.iterations();
        double[] drawn = new double[forks.size()];
        for (int k = 0; k < drawn.length; k++) {
            double[] fork = forks.get(random.nextInt(forks.size()));
            double sum = 0;
            for (int i = 0; i < fork.length; i++) {
                sum += fork[random.nextInt(fork.length)];
            }
            drawn[k] = sum / fork.length;
        }
        return Estimate.medianOf(drawn);
    }

    /**
     * Native MPI's figure: the median of the C program's own timed repetitions (µs per operation)
     * with a bootstrap interval over them; not from JMH, there is no JVM in it.
     */
    static Measured external(FigureKey key, double[] micros) {
        return external(key, micros, "");
    }

    /**
     * As {@link #external(List, double[])}, with a note on how it was measured (e.g. the MPI
     * component it needed), which the table prints under it and {@code mpi.csv} keeps.
     */
    static Measured external(FigureKey key, double[] values, String note) {
        Estimate e = Estimate.median(values);
        return new Measured(figure(key, e, values, 0, note), e, "");
    }

    /** @return a figure that could not be measured, and why (e.g. "not installed") */
    static Measured missing(FigureKey key, String why) {
        return new Measured(figure(key, Estimate.point(Double.NaN), new double[0], 0, why), Estimate.point(Double.NaN), "");
    }

    private static Figure figure(FigureKey key, Estimate ours, double[] samples, int forks, String note) {
        Metric metric = key.metric();
        String label = label(key.item()) + ", " + key.backend(Source.class).id + ", " + key.ranks() + " ranks"
                + (key.size() > 0 ? ", " + key.size() + " doubles" : "") + ", " + metric.id;
        return new Figure(key.parts(), label, metric.unit, metric.lowerIsBetter, ours, samples, new Figure.Runs(forks, forks, Double.NaN),
                note, null, null, null);
    }

    /** An estimate through a monotone map ({@link Estimate#map}). */
    static Estimate map(Estimate e, DoubleUnaryOperator g) {
        return e.map(g);
    }

    /** The forks' two modes in the figure's metric, or empty where they are one. */
    private static String modes(Forks f, DoubleUnaryOperator g) {
        Forks.Modes m = f.modes();
        if (!m.split()) {
            return "";
        }
        Forks.Modes.Group a = m.groups().get(0);
        Forks.Modes.Group b = m.groups().get(1);
        return "two modes: " + forks(a.forks()) + " at " + Headline.fmt(g.applyAsDouble(a.median())) + ", " + forks(b.forks())
                + " at " + Headline.fmt(g.applyAsDouble(b.median()));
    }

    private static String forks(int n) {
        return n == 1 ? "1 fork" : n + " forks";
    }

    private static Part experiment(Figure f) {
        return f.key(1, Part.class);
    }

    private static Enum<?> item(Figure f) {
        return f.key(2, Enum.class);
    }

    private static int ranks(Figure f) {
        return f.key(4, Integer.class);
    }

    private static long size(Figure f) {
        return f.key(5, Long.class);
    }

    /** @return an item's display text (the CSV's {@code item} column, the tables' first column) */
    private static String label(Enum<?> item) {
        return switch (item) {
            case RendezvousPattern p -> p.paperName();
            case MpiKernels.LatencyOp op -> op.label;
            case MpiKernels.CopyModel m -> m.label;
            case Baseline b -> b.label;
            case Mpi3Op op -> op.label;
            default -> item.name();
        };
    }

    private final List<Measured> measured;
    private final MpiRunner.Options options;
    private final ForkSpread spread;

    private final int cores;

    MpiReport(List<Measured> measured, MpiRunner.Options options, ForkSpread spread) {
        this(measured, options, spread, Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param cores the machine's cores: a row at more ranks than cores is labelled oversubscribed
     */
    MpiReport(List<Measured> measured, MpiRunner.Options options, ForkSpread spread, int cores) {
        this.measured = List.copyOf(measured);
        this.options = options;
        this.spread = spread;
        this.cores = cores;
    }

    /** @return how far the run's forks varied, which widens a single fork's interval in the verdicts */
    ForkSpread spread() {
        return spread;
    }

    List<Figure> figures() {
        return measured.stream().map(Measured::figure).toList();
    }

    /** @return the figure, if measured or marked missing */
    private Optional<Measured> find(Part experiment, Enum<?> item, Source backend, int ranks, long size, Metric metric) {
        FigureKey key = key(experiment, item, backend, ranks, size, metric);
        return measured.stream().filter(m -> m.key().equals(key)).findFirst();
    }

    /** @return the figure for ratios (no interval from one fork), NaN where there is none */
    private Estimate across(Part experiment, Enum<?> item, Source backend, int ranks, long size, Metric metric) {
        return find(experiment, item, backend, ranks, size, metric).map(Measured::acrossForks).orElse(Estimate.point(Double.NaN));
    }

    /** @return the headline figures: ccr-mpi with MPJ Express as the peer, the papers' where they published one */
    List<Figure> headline() {
        List<Figure> out = new ArrayList<>();
        for (RendezvousPattern p : List.of(RendezvousPattern.RENDEZVOUS_SHIFT, RendezvousPattern.RENDEZVOUS_EXCHANGE)) {
            for (int ranks : new int[] {2, 4}) {
                String label = p.paperName() + ", per stage, " + ranks + " ranks";
                String publishedId = "rendezvous.amd." + p.name() + "." + ranks;
                measured(Part.STAGES, p, Source.CCR_MPI, ranks, 0, Metric.MESSAGING_US).ifPresent(f -> out.add(peer(
                        Figure.of(List.of("mpi", "stages", p, ranks), label, "µs", true, f.acrossForks(), publishedId),
                        "MPJ Express", measured(Part.STAGES, p, Source.MPJ_EXPRESS, ranks, 0, Metric.MESSAGING_US))));
            }
        }
        Optional<Measured> floor = measured(Part.LATENCY, Baseline.CORE_TO_CORE, Source.JAVA, 2, 0, Metric.LATENCY_US);
        for (LatencyOp op : List.of(LatencyOp.PING_PONG, LatencyOp.BARRIER, LatencyOp.ALLREDUCE)) {
            // Ping-pong at 2 ranks; a collective at the most ranks measured (8 in a full run).
            int ranks = op == LatencyOp.PING_PONG ? 2 : ranks(Part.LATENCY, op).stream().mapToInt(Integer::intValue).max().orElse(2);
            measured(Part.LATENCY, op, Source.CCR_MPI, ranks, 0, Metric.LATENCY_US).ifPresent(f -> {
                out.add(peer(Figure.of(List.of("mpi", "latency", op, ranks), op.label + ", " + ranks + " ranks", "µs", true,
                        f.acrossForks(), null), "MPJ Express", measured(Part.LATENCY, op, Source.MPJ_EXPRESS, ranks, 0, Metric.LATENCY_US)));
                floor.ifPresent(fl -> out.add(Figure.of(List.of("mpi", "latency", op, ranks, "vs-floor"),
                        "  same, against this run's core-to-core hand-off floor", "µs", true, f.acrossForks(), null)
                        .withPeer("two threads, one counter", fl.acrossForks())));
            });
        }
        for (LatencyOp op : List.of(LatencyOp.PING_PONG, LatencyOp.BARRIER, LatencyOp.ALLREDUCE)) {
            measured(Part.LATENCY, op, Source.CCR_MPI, 2, 0, Metric.LATENCY_US).ifPresent(f -> measured(Part.LATENCY, op, Source.NATIVE_MPI, 2, 0,
                    Metric.LATENCY_US).ifPresent(n -> out.add(Figure.of(List.of("mpi", "latency", op, 2, "vs-native"), op.label
                    + ", 2 ranks, against native MPI (C, shared memory, its own timing)", "µs", true, f.acrossForks(), null)
                    .withPeer("native MPI", n.acrossForks()))));
        }
        for (Mpi3Op op : List.of(Mpi3Op.IALLREDUCE, Mpi3Op.IALLREDUCE_OVERLAP)) {
            Metric metric = metric(op);
            measured(Part.MPI3, op, Source.CCR_MPI, op.ranks, 0, metric).ifPresent(f -> measured(Part.MPI3, op, Source.NATIVE_MPI,
                    op.ranks, 0, metric).ifPresent(n -> out.add(Figure.of(List.of("mpi", "mpi3", op, op.ranks, "vs-native"),
                    op.label + ", " + op.ranks + " ranks, against native MPI (C, shared memory, its own timing)",
                    metric.unit, metric.lowerIsBetter, f.acrossForks(), null)
                    .withPeer("native MPI", n.acrossForks()))));
        }
        int r = options.bandwidthRanks();
        CopyModel outside = CopyModel.OUTSIDE_THREAD;
        measured(Part.BANDWIDTH, outside, Source.CCR_MPI, r, 100_000, Metric.GB_PER_S).ifPresent(f -> {
            out.add(peer(Figure.of(List.of("mpi", "bandwidth", outside, r, 100_000), "sendrecv 10^5 doubles, summed over " + r
                            + " ranks", "GB/s", false, f.acrossForks(), "bandwidth.amd." + outside.name() + ".100000"),
                    "MPJ Express", measured(Part.BANDWIDTH, outside, Source.MPJ_EXPRESS, r, 100_000, Metric.GB_PER_S)));
            out.add(peer(Figure.of(List.of("mpi", "bandwidth", outside, r, 100_000, "vs-arraycopy"),
                            "  same, against System.arraycopy on 1 thread", "GB/s", false, f.acrossForks(), null),
                    "System.arraycopy", measured(Part.BANDWIDTH, Baseline.ARRAYCOPY_ONE, Source.JAVA, 1, 100_000, Metric.GB_PER_S)));
        });
        return out;
    }

    private Optional<Measured> measured(Part experiment, Enum<?> item, Source backend, int ranks, long size, Metric metric) {
        return find(experiment, item, backend, ranks, size, metric).filter(Measured::measured);
    }

    private static Figure peer(Figure f, String name, Optional<Measured> peer) {
        return peer.map(p -> f.withPeer(name, p.acrossForks())).orElse(f);
    }

    /** @return the CSV of every figure */
    Csv csv() {
        Csv csv = new Csv(CSV_HEADER);
        for (Measured m : measured) {
            Figure f = m.figure();
            csv.row(experiment(f).name().toLowerCase(Locale.ROOT), label(item(f)), f.key(3, Source.class).id, ranks(f), size(f),
                    f.key(6, Metric.class).id,
                    f.ours().value(), f.ours().low(), f.ours().high(), f.runs().taken(), m.modes(), f.note());
        }
        return csv;
    }

    /** @return every table, Markdown */
    String tables() {
        StringBuilder sb = new StringBuilder();
        if (!items(Part.STAGES).isEmpty()) {
            sb.append(stageTable()).append('\n');
        }
        if (!items(Part.LATENCY).isEmpty()) {
            sb.append(latencyTable()).append('\n');
        }
        if (!items(Part.BANDWIDTH).isEmpty()) {
            sb.append(bandwidthTable()).append('\n').append(publishedTable3()).append('\n');
        }
        if (!items(Part.MPI3).isEmpty()) {
            sb.append(mpi3Table()).append('\n');
        }
        sb.append(String.format(Locale.ROOT, "JMH, %s per benchmark; a figure is the median of its forks' scores with a bootstrap"
                + " 95%% interval over forks and iterations. \"not resolved\": the interval reaches zero or spans more than 3x at"
                + " these settings (rerun with %s); \"below resolution\": an overhead that came out below zero. A ratio only where"
                + " both figures are resolved and their intervals apart%s. Forks that fall into two groups more than 1.5x apart"
                + " are shown as the two groups.%n", options.jmh().describe(), rerun(), options.jmh().forks() < 2
                ? "; from one fork, a bound (\"at least\") where its iterations' interval, widened by how far forks vary"
                + " (" + spread.describe() + ": " + ForkSpread.RULE + "; here the floor's " + MpiRunner.FLOOR_FORKS + " forks), or"
                + " by that squared for another program's fork (MPJ Express's), is still apart from the other" : ""));
        return sb.toString();
    }

    /** Qiu et al. 2007, Table 1 layout: overhead per stage by pattern and ranks, both backends and the papers. */
    String stageTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("### Rendezvous patterns: overhead per stage (µs), Qiu et al. 2007, Table 1 method\n\n");
        sb.append(String.format(Locale.ROOT, "Overhead = a stage of %.0f µs compute and the pattern's messaging, minus a stage of"
                + " the compute alone, the papers' (T(S) - T(1)) / S; \"messaging\" = a stage with no compute. %,d stages per JMH"
                + " invocation. ccr-mpi vs MPJ Express: their messaging figures.%n%n", options.stageMicros(),
                StageOverheadBenchmark.STAGES));
        MarkdownTable t = new MarkdownTable("lrrrrrrrr", "pattern", "ranks", "ccr-mpi overhead", "ccr-mpi messaging",
                "MPJ Express overhead", "MPJ Express messaging", "ccr-mpi vs MPJ Express", "published AMD", "published INTEL8");
        for (Enum<?> item : items(Part.STAGES)) {
            if (item == RendezvousPattern.COMPUTE_ONLY) {
                continue; // a sentence of its own below
            }
            for (int r : ranks(Part.STAGES, item)) {
                t.row(label(item), r, cell(Part.STAGES, item, Source.CCR_MPI, r, 0, Metric.OVERHEAD_US, 3),
                        cell(Part.STAGES, item, Source.CCR_MPI, r, 0, Metric.MESSAGING_US, 3),
                        cell(Part.STAGES, item, Source.MPJ_EXPRESS, r, 0, Metric.OVERHEAD_US, 1),
                        cell(Part.STAGES, item, Source.MPJ_EXPRESS, r, 0, Metric.MESSAGING_US, 1),
                        vs(across(Part.STAGES, item, Source.CCR_MPI, r, 0, Metric.MESSAGING_US),
                                across(Part.STAGES, item, Source.MPJ_EXPRESS, r, 0, Metric.MESSAGING_US), true),
                        published("amd", item, r), published("intel8", item, r));
            }
        }
        sb.append(t);
        List<String> compute = new ArrayList<>();
        for (int r : ranks(Part.STAGES, RendezvousPattern.COMPUTE_ONLY)) {
            for (Source backend : List.of(Source.CCR_MPI, Source.MPJ_EXPRESS)) {
                find(Part.STAGES, RendezvousPattern.COMPUTE_ONLY, backend, r, 0, Metric.COMPUTE_US).filter(Measured::measured)
                        .ifPresent(m -> compute.add(backend.id + " at " + r + " ranks " + Headline.show(m.figure().ours(), rerun())));
            }
        }
        if (!compute.isEmpty()) {
            sb.append("\nThe compute alone, per stage (µs, the subtrahend): ").append(String.join("; ", compute)).append(".\n");
        }
        return sb.toString();
    }

    /** Latency by operation and ranks, both backends. */
    String latencyTable() {
        StringBuilder sb = new StringBuilder("### Latency (µs per operation; ping-pong: per one-way message)\n\n");
        sb.append("Native MPI: the same operations in C on the machine's MPI (Open MPI, shared memory, one process"
                + " per rank), the floor for MPI latency on one machine; its figures are the program's own timing of its"
                + " repetitions (no JVM, no JMH), a median with a bootstrap interval over them.\n\n");
        MarkdownTable t = new MarkdownTable("lrrrrrr", "operation", "ranks", "ccr-mpi", "MPJ Express", "native MPI (own timing)",
                "ccr-mpi vs MPJ Express", "ccr-mpi vs native MPI");
        for (Enum<?> item : items(Part.LATENCY)) {
            if (item == Baseline.CORE_TO_CORE) {
                continue; // a line of its own below
            }
            for (int r : ranks(Part.LATENCY, item)) {
                Estimate ccr = across(Part.LATENCY, item, Source.CCR_MPI, r, 0, Metric.LATENCY_US);
                t.row(label(item), r, cell(Part.LATENCY, item, Source.CCR_MPI, r, 0, Metric.LATENCY_US, 3),
                        cell(Part.LATENCY, item, Source.MPJ_EXPRESS, r, 0, Metric.LATENCY_US, 1),
                        cell(Part.LATENCY, item, Source.NATIVE_MPI, r, 0, Metric.LATENCY_US, 3),
                        vs(ccr, across(Part.LATENCY, item, Source.MPJ_EXPRESS, r, 0, Metric.LATENCY_US), true),
                        vs(ccr, across(Part.LATENCY, item, Source.NATIVE_MPI, r, 0, Metric.LATENCY_US), true));
            }
        }
        sb.append(t);
        Optional<Measured> floor = measured(Part.LATENCY, Baseline.CORE_TO_CORE, Source.JAVA, 2, 0, Metric.LATENCY_US);
        if (floor.isPresent()) {
            Estimate ping = across(Part.LATENCY, LatencyOp.PING_PONG, Source.CCR_MPI, 2, 0, Metric.LATENCY_US);
            String shown = floor.get().modes().isEmpty() ? Headline.show(floor.get().figure().ours(), rerun()) : floor.get().modes();
            sb.append(String.format(Locale.ROOT, "%nThe same run's floor for a one-way hand-off between two threads (two"
                            + " platform threads bouncing one counter, nothing of ccr's): %s µs; ccr-mpi's ping-pong against it: %s."
                            + " Where the floor moves between runs, the vCPUs' placement on the host moved.%n",
                    shown, Double.isNaN(ping.value()) ? "not measured beside" : vs(ping, floor.get().acrossForks(), true)));
        }
        return sb.toString();
    }

    /**
     * ccr-mpi's MPI-3 operations beside native MPI's, one row per operation ({@link Mpi3Op}):
     * each side with its interval, the ratio by the one rule ({@link Verdict}).
     */
    String mpi3Table() {
        StringBuilder sb = new StringBuilder("### MPI-3 beside native MPI (nonblocking allreduce, one-sided windows,"
                + " neighbourhood all-to-all)\n\n");
        sb.append("The same operations back to back on every rank, every rank targeting its right neighbour: ccr-mpi under"
                + " JMH, native MPI in C (Open MPI, shared memory, one process per rank) timed by the program itself, a median"
                + " with a bootstrap interval over its repetitions. The windows' epoch (lock-all, or the first fence) is opened"
                + " once, outside the timing. Overlap as the OSU micro-benchmarks define it: 100 (t_compute + t_pure -"
                + " t_overall) / t_pure, where t_pure is the iallreduce started and waited for at once, t_compute a busy loop"
                + " (no MPI call) as long as the same side's t_pure, and t_overall the iallreduce started, the loop, then the"
                + " wait; 100% means the reduction completed entirely behind the computation. Bandwidth in MB/s (10^6 bytes a"
                + " second) of one rank's puts. A rank count above the machine's " + cores + " cores is marked"
                + " oversubscribed: the ranks take turns on the cores.\n\n");
        MarkdownTable t = new MarkdownTable("lrlrrr", "operation", "ranks", "unit", "ccr-mpi", "native MPI (own timing)",
                "ccr-mpi vs native MPI");
        List<String> notes = new ArrayList<>();
        for (Enum<?> item : items(Part.MPI3)) {
            Mpi3Op op = (Mpi3Op) item;
            Metric metric = metric(op);
            for (int r : ranks(Part.MPI3, item)) {
                Estimate ccr = across(Part.MPI3, op, Source.CCR_MPI, r, 0, metric);
                t.row(op.label, r > cores ? r + " (oversubscribed)" : String.valueOf(r), metric.unit,
                        shown(Part.MPI3, op, Source.CCR_MPI, r, 0, metric), shown(Part.MPI3, op, Source.NATIVE_MPI, r, 0, metric),
                        vs(ccr, across(Part.MPI3, op, Source.NATIVE_MPI, r, 0, metric), metric.lowerIsBetter));
                find(Part.MPI3, op, Source.NATIVE_MPI, r, 0, metric).filter(Measured::measured)
                        .filter(m -> !m.figure().note().isEmpty()).ifPresent(m -> notes.add(op.label + ", native MPI: "
                                + m.figure().note()));
            }
        }
        sb.append(t);
        for (String n : notes) {
            sb.append("\n").append(n).append(".\n");
        }
        return sb.toString();
    }

    /** @return the metric of an MPI-3 row's figures */
    static Metric metric(Mpi3Op op) {
        return switch (op.kind) {
            case LATENCY -> Metric.LATENCY_US;
            case OVERLAP -> Metric.OVERLAP_PCT;
            case BANDWIDTH -> Metric.MB_PER_S;
        };
    }

    /**
     * A cell with the figure and its interval ({@link Headline#show}), the forks' two modes where
     * they split, the note where nothing was measured.
     */
    private String shown(Part experiment, Enum<?> item, Source backend, int ranks, long size, Metric metric) {
        Optional<Measured> found = find(experiment, item, backend, ranks, size, metric);
        if (found.isEmpty()) {
            return "";
        }
        Measured m = found.get();
        if (!m.measured()) {
            return m.figure().note();
        }
        return m.modes().isEmpty() ? Headline.show(m.acrossForks(), rerun()) : m.modes();
    }

    /** Bandwidth by array size: the three copy models on both backends beside System.arraycopy. */
    String bandwidthTable() {
        int r = options.bandwidthRanks();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "### Sendrecv bandwidth (GB/s summed over %d ranks, ring shift) beside System.arraycopy%n%n", r));
        sb.append("Copy models of Qiu, Fox & Ho 2006, section 3: inside thread = a new array per message, outside thread = one"
                + " fixed array per rank, stepped = the next place of a 2M-double array per rank. ccr-mpi outside thread"
                + " against one System.arraycopy thread, one System.arraycopy thread per rank at once (in the same driven"
                + " rounds as the shifts) and MPJ Express outside thread.\n\n");
        MarkdownTable t = new MarkdownTable("rrrrrrrrrrrr", "doubles", "ccr-mpi inside", "ccr-mpi outside", "ccr-mpi stepped",
                "MPJ inside", "MPJ outside", "MPJ stepped", "arraycopy 1 thread", "arraycopy " + r + " threads",
                "ccr vs arraycopy 1", "ccr vs arraycopy " + r, "ccr vs MPJ");
        for (long size : sizes()) {
            List<Object> row = new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", size)));
            for (Source backend : List.of(Source.CCR_MPI, Source.MPJ_EXPRESS)) {
                for (CopyModel m : CopyModel.values()) {
                    row.add(cell(Part.BANDWIDTH, m, backend, r, size, Metric.GB_PER_S, 2));
                }
            }
            row.add(cell(Part.BANDWIDTH, Baseline.ARRAYCOPY_ONE, Source.JAVA, 1, size, Metric.GB_PER_S, 2));
            row.add(cell(Part.BANDWIDTH, Baseline.ARRAYCOPY_ALL, Source.JAVA, r, size, Metric.GB_PER_S, 2));
            Estimate ccr = across(Part.BANDWIDTH, CopyModel.OUTSIDE_THREAD, Source.CCR_MPI, r, size, Metric.GB_PER_S);
            row.add(vs(ccr, across(Part.BANDWIDTH, Baseline.ARRAYCOPY_ONE, Source.JAVA, 1, size, Metric.GB_PER_S), false));
            row.add(vs(ccr, across(Part.BANDWIDTH, Baseline.ARRAYCOPY_ALL, Source.JAVA, r, size, Metric.GB_PER_S), false));
            row.add(vs(ccr, across(Part.BANDWIDTH, CopyModel.OUTSIDE_THREAD, Source.MPJ_EXPRESS, r, size, Metric.GB_PER_S), false));
            t.row(row.toArray());
        }
        return sb.append(t).toString();
    }

    /** Qiu, Fox &amp; Ho 2006, Table 3 beside ours at 10^5 ("small") and 10^6 ("large") doubles. */
    String publishedTable3() {
        int r = options.bandwidthRanks();
        StringBuilder sb = new StringBuilder("### Qiu, Fox & Ho 2006, Table 3 beside ours (GB/s summed over ranks; small = 10^5,"
                + " large = 10^6 doubles)\n\n");
        MarkdownTable t = new MarkdownTable("lrrrrrrrr", "copy model", "published AMD small", "published AMD large",
                "published INTEL small", "published INTEL large", "ccr-mpi small", "ccr-mpi large", "MPJ small", "MPJ large");
        for (CopyModel m : CopyModel.values()) {
            List<Object> row = new ArrayList<>(List.of(m.label));
            for (String machine : List.of("amd", "intel")) {
                for (int size : new int[] {100_000, 1_000_000}) {
                    row.add(String.format(Locale.ROOT, "%.2f",
                            PublishedFigures.require("bandwidth." + machine + "." + m.name() + "." + size).value()));
                }
            }
            for (Source backend : List.of(Source.CCR_MPI, Source.MPJ_EXPRESS)) {
                row.add(cell(Part.BANDWIDTH, m, backend, r, 100_000, Metric.GB_PER_S, 2));
                row.add(cell(Part.BANDWIDTH, m, backend, r, 1_000_000, Metric.GB_PER_S, 2));
            }
            t.row(row.toArray());
        }
        sb.append(t).append("\nThe papers used 4 cores (4 ranks) and C# port messages; ours are measured with ")
                .append(r).append(" ranks.\n");
        return sb.toString();
    }

    /**
     * A table's cell: the figure, "not resolved" or "below resolution" (as the headline: no
     * negative overhead as a figure, no figure whose interval reaches zero or spans more than 3x),
     * the forks' two modes where they split, the note where nothing was measured.
     */
    private String cell(Part experiment, Enum<?> item, Source backend, int ranks, long size, Metric metric, int digits) {
        Optional<Measured> found = find(experiment, item, backend, ranks, size, metric);
        if (found.isEmpty()) {
            return "";
        }
        Measured m = found.get();
        if (!m.measured()) {
            return m.figure().note();
        }
        if (!m.modes().isEmpty()) {
            return m.modes();
        }
        Estimate e = m.figure().ours();
        return e.value() < 0 ? "below resolution" : e.hasInterval() && !e.resolved() ? "not resolved"
                : String.format(Locale.ROOT, "%." + digits + "f", e.value());
    }

    /**
     * @return how ours compares with the other ({@link Verdict}: from one fork, a bound where the
     *     gap is wider than forks vary, else the setting that would give one); empty where either is missing
     */
    private String vs(Estimate ours, Estimate other, boolean lowerIsBetter) {
        if (Double.isNaN(ours.value()) || Double.isNaN(other.value())) {
            return "";
        }
        return Verdict.of(ours, other, lowerIsBetter, new Verdict.Context("mpi", options.full(), spread)).text();
    }

    /** @return the overhead per stage in Qiu et al. 2007, Table 1, of a pattern on {@code machine} ({@code amd} or {@code intel8}), or "-" */
    private static String published(String machine, Enum<?> pattern, int ranks) {
        double v = PublishedFigures.value("rendezvous." + machine + "." + pattern.name() + "." + ranks);
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    /** @return the items of an experiment, in the order they were measured */
    private List<Enum<?>> items(Part experiment) {
        return figures().stream().filter(f -> experiment(f) == experiment).<Enum<?>>map(MpiReport::item).distinct().toList();
    }

    private List<Integer> ranks(Part experiment, Enum<?> item) {
        return figures().stream().filter(f -> experiment(f) == experiment && item(f) == item)
                .map(MpiReport::ranks).distinct().sorted().toList();
    }

    private List<Long> sizes() {
        return figures().stream().filter(f -> experiment(f) == Part.BANDWIDTH).map(MpiReport::size).distinct().sorted().toList();
    }

    private static final int W = 600;
    private static final int H = 520;
    private static final Color CCR = Charts.colour(0);
    private static final Color MPJ = Charts.colour(1);

    /** @return overhead per stage against ranks, one panel per pattern: both backends and the papers */
    List<XYChart> stagePanels(String subtitle) {
        List<XYChart> panels = new ArrayList<>();
        for (Enum<?> p : items(Part.STAGES)) {
            if (p == RendezvousPattern.COMPUTE_ONLY) {
                continue;
            }
            List<Integer> rs = ranks(Part.STAGES, p);
            panels.add(Charts.panel(label(p) + " — " + subtitle, "ranks", "µs per stage (log; bars: 95% interval)", W, H,
                    false, Axis.LOG, List.of(
                    line("ccr-mpi messaging", CCR, false, rs, r -> find(Part.STAGES, p, Source.CCR_MPI, (int) r, 0, Metric.MESSAGING_US)),
                    line("ccr-mpi overhead (stage - compute only)", CCR.brighter(), true, rs,
                            r -> find(Part.STAGES, p, Source.CCR_MPI, (int) r, 0, Metric.OVERHEAD_US)),
                    line("MPJ Express messaging", MPJ, false, rs,
                            r -> find(Part.STAGES, p, Source.MPJ_EXPRESS, (int) r, 0, Metric.MESSAGING_US)),
                    publishedLine("published AMD", "amd", p, Charts.PUBLISHED),
                    publishedLine("published INTEL8", "intel8", p, Charts.PUBLISHED.darker()))));
        }
        return panels;
    }

    /** @return latency against ranks, one panel per operation: both backends and native MPI */
    List<XYChart> latencyPanels(String subtitle) {
        List<XYChart> panels = new ArrayList<>();
        for (LatencyOp op : LatencyOp.values()) {
            List<Integer> rs = ranks(Part.LATENCY, op);
            if (!rs.isEmpty()) {
                panels.add(Charts.panel(op.label + " — " + subtitle, "ranks", "µs per operation (log; bars: 95% interval)", W, H,
                        false, Axis.LOG, List.of(
                        line("ccr-mpi", CCR, false, rs, r -> find(Part.LATENCY, op, Source.CCR_MPI, (int) r, 0, Metric.LATENCY_US)),
                        line("MPJ Express", MPJ, false, rs, r -> find(Part.LATENCY, op, Source.MPJ_EXPRESS, (int) r, 0, Metric.LATENCY_US)),
                        line("native MPI (C, own timing)", Charts.colour(2), true, rs,
                                r -> find(Part.LATENCY, op, Source.NATIVE_MPI, (int) r, 0, Metric.LATENCY_US)))));
            }
        }
        return panels;
    }

    /**
     * @return GB/s summed over ranks against array size: the copy models on both backends beside
     *     System.arraycopy (no panel where bandwidth was not measured)
     */
    List<XYChart> bandwidthPanels(String subtitle) {
        int r = options.bandwidthRanks();
        List<Long> sizes = sizes();
        if (sizes.isEmpty()) {
            return List.of();
        }
        List<Series> series = new ArrayList<>();
        for (CopyModel m : CopyModel.values()) {
            boolean dashed = m != CopyModel.OUTSIDE_THREAD;
            series.add(line("ccr-mpi " + m.label, CCR, dashed, sizes, s -> find(Part.BANDWIDTH, m, Source.CCR_MPI, r, s, Metric.GB_PER_S)));
            series.add(line("MPJ " + m.label, MPJ, dashed, sizes, s -> find(Part.BANDWIDTH, m, Source.MPJ_EXPRESS, r, s, Metric.GB_PER_S)));
        }
        Color base = Charts.colour(2);
        series.add(line(Baseline.ARRAYCOPY_ONE.label, base, false, sizes,
                s -> find(Part.BANDWIDTH, Baseline.ARRAYCOPY_ONE, Source.JAVA, 1, s, Metric.GB_PER_S)));
        series.add(line("System.arraycopy, " + r + " threads", base.darker(), true, sizes,
                s -> find(Part.BANDWIDTH, Baseline.ARRAYCOPY_ALL, Source.JAVA, r, s, Metric.GB_PER_S)));
        // Eight series and more: a taller panel leaves room for the legend below the plot.
        return List.of(Charts.panel("Sendrecv bandwidth, " + r + " ranks — " + subtitle, "doubles per message (log)",
                "GB/s summed over ranks (log)", W, H + 160, true, Axis.LOG, series));
    }

    private static Series line(String name, Color colour, boolean dashed, List<? extends Number> xs,
                               LongFunction<Optional<Measured>> at) {
        Series s = new Series(name, colour, dashed);
        for (Number x : xs) {
            at.apply(x.longValue()).filter(Measured::measured).map(m -> m.figure().ours()).filter(e -> e.value() > 0)
                    .ifPresent(e -> s.add(x.doubleValue(), e.value(), e.low(), e.high()));
        }
        return s;
    }

    /** @return the line of Qiu et al. 2007, Table 1, for a pattern: the rank counts (up to 16) it published a figure for */
    private static Series publishedLine(String name, String machine, Enum<?> pattern, Color colour) {
        return new Series(name, colour, true).addAll(IntStream.rangeClosed(1, 16).boxed().toList(),
                r -> PublishedFigures.value("rendezvous." + machine + "." + pattern.name() + "." + (int) r));
    }
}
