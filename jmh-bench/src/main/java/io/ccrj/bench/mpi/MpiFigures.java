package io.ccrj.bench.mpi;

import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Figure;
import java.util.List;

/**
 * The figures of {@code bin/ccrj mpi}, as the runners' one {@link Figure} keyed {@code mpi,
 * experiment, item, backend, ranks, size, metric}, and their rows of {@code mpi.csv}:
 * <ul>
 *   <li>experiment: {@code stages}, {@code latency} or {@code bandwidth};</li>
 *   <li>item: what was timed, a {@link RendezvousPattern}, a {@link MpiKernels.LatencyOp}, a
 *   {@link MpiKernels.CopyModel} or a {@link Baseline}; tables, charts and the headline find
 *   figures by it, never by its display text ({@link #label(Enum)});</li>
 *   <li>backend: {@code ccr-mpi}, {@code mpj-express} or {@code java} (the baselines); ranks
 *   (threads, for the baselines); size in doubles (bandwidth), else 0;</li>
 *   <li>metric: {@code overhead_us} (seeds' (T(S)-T(1))/S), {@code messaging_us} (per stage
 *   with no computation), {@code latency_us}, {@code op_us} (one bandwidth operation) or
 *   {@code GB/s} (summed over ranks).</li>
 * </ul>
 */
final class MpiFigures {
    /** The columns of {@code mpi.csv}, one row per figure ({@link #row}). */
    static final String[] CSV_HEADER = {"experiment", "item", "backend", "ranks", "size", "metric", "value", "used", "taken",
        "foreign_load", "note"};

    private MpiFigures() {
    }

    /** The same run's baselines measured with nothing of ccr's, items beside the patterns, operations and copy models. */
    enum Baseline {
        /** Two platform threads bouncing one counter: the floor of a one-way hand-off. */
        CORE_TO_CORE(CoreToCorePingPong.ITEM),
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
     * @param experiment the experiment
     * @param item what was timed
     * @param backend the backend
     * @param ranks ranks (threads, for the baselines)
     * @param size doubles per message (bandwidth), else 0
     * @param metric what the value is
     * @return the figure's key
     */
    static List<Object> key(String experiment, Enum<?> item, String backend, int ranks, long size, String metric) {
        return List.of("mpi", experiment, item, backend, ranks, size, metric);
    }

    /**
     * @param key the figure's key ({@link #key})
     * @param value the median over the undisturbed repetitions
     * @param runs the repetitions taken and used
     * @param samples the figure of each used repetition (for its interval), empty if not kept
     * @return the figure, its interval a bootstrap over the samples
     */
    static Figure of(List<Object> key, double value, Figure.Runs runs, double... samples) {
        Estimate ours = Estimate.point(value);
        if (samples.length >= 2 && !Double.isNaN(value)) {
            Estimate e = Estimate.median(samples);
            ours = new Estimate(value, Math.min(value, e.low()), Math.max(value, e.high()));
        }
        String metric = (String) key.get(6);
        String label = label((Enum<?>) key.get(2)) + ", " + key.get(3) + ", " + key.get(4) + " ranks"
                + ((Long) key.get(5) > 0 ? ", " + key.get(5) + " doubles" : "") + ", " + metric;
        return new Figure(key, label, metric.equals("GB/s") ? "GB/s" : "µs", !metric.equals("GB/s"),
                ours, samples, runs, "", null, null, null);
    }

    /**
     * @param key the figure's key
     * @return a figure that could not be measured: MPJ Express is not installed
     */
    static Figure missing(List<Object> key) {
        return of(key, Double.NaN, new Figure.Runs(0, 0, Double.NaN)).withNote("not installed");
    }

    static String experiment(Figure f) {
        return f.key(1, String.class);
    }

    static Enum<?> item(Figure f) {
        return f.key(2, Enum.class);
    }

    static int ranks(Figure f) {
        return f.key(4, Integer.class);
    }

    static long size(Figure f) {
        return f.key(5, Long.class);
    }

    /**
     * @param f a figure of this section
     * @param csv where to add its row
     */
    static void row(Figure f, Csv csv) {
        csv.row(experiment(f), label(item(f)), f.key(3, String.class), ranks(f), size(f), f.key(6, String.class), f.ours().value(),
                f.runs().used(), f.runs().taken(), Csv.num("%.3f", f.runs().foreignLoad()), f.note());
    }

    /**
     * @param item a figure's item
     * @return its display text (the CSV's {@code item} column, the tables' first column)
     */
    static String label(Enum<?> item) {
        return switch (item) {
            case RendezvousPattern p -> p.seedName();
            case MpiKernels.LatencyOp op -> op.label;
            case MpiKernels.CopyModel m -> m.label;
            case Baseline b -> b.label;
            default -> item.name();
        };
    }
}
