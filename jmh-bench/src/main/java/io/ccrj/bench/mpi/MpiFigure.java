package io.ccrj.bench.mpi;

import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Csv;

/**
 * One figure of {@code bin/ccrj mpi}: a row of its CSV and a cell of its tables.
 *
 * @param experiment {@code stages}, {@code latency} or {@code bandwidth}
 * @param item what was timed: a {@link RendezvousPattern}, a {@link MpiKernels.LatencyOp}, a
 *     {@link MpiKernels.CopyModel} or a {@link Baseline}; tables, charts and the headline find
 *     figures by it, never by its display text ({@link #label(Enum)})
 * @param backend {@code ccr-mpi}, {@code mpj-express} or {@code java} (the arraycopy baselines)
 * @param ranks ranks (threads, for the baselines)
 * @param size array size in doubles (bandwidth), else 0
 * @param metric {@code overhead_us} (seeds' (T(S)-T(1))/S), {@code messaging_us} (per stage with
 *     no computation), {@code latency_us}, {@code op_us} (one bandwidth operation) or {@code GB/s}
 *     (summed over ranks)
 * @param value the median over the undisturbed repetitions; NaN when not measured
 * @param used repetitions whose time is used
 * @param taken repetitions taken
 * @param foreignLoad largest share of the machine other processes took during a used repetition
 *     (NaN if unknown)
 * @param note why there is no value (e.g. "not installed"), else empty
 * @param samples the figure of each used repetition (for its interval), empty if not kept
 */
record MpiFigure(String experiment, Enum<?> item, String backend, int ranks, long size, String metric,
                        double value, int used, int taken, double foreignLoad, String note, double[] samples) {

    /** A figure whose repetitions are not kept. */
    public MpiFigure(String experiment, Enum<?> item, String backend, int ranks, long size, String metric,
                     double value, int used, int taken, double foreignLoad, String note) {
        this(experiment, item, backend, ranks, size, metric, value, used, taken, foreignLoad, note, new double[0]);
    }

    /** @return the value with its bootstrap interval over the repetitions (none if they were not kept) */
    public Estimate estimate() {
        if (samples.length < 2 || !measured()) {
            return Estimate.point(value);
        }
        Estimate e = Estimate.median(samples);
        return new Estimate(value, Math.min(value, e.low()), Math.max(value, e.high()));
    }

    /** The columns of {@code mpi.csv}, one row per figure ({@link #row}). */
    static final String[] CSV_HEADER = {"experiment", "item", "backend", "ranks", "size", "metric", "value", "used", "taken",
        "foreign_load", "note"};

    /**
     * @param csv where to add this figure's row
     */
    void row(Csv csv) {
        csv.row(experiment, label(item), backend, ranks, size, metric, value, used, taken, Csv.num("%.3f", foreignLoad), note);
    }

    /** @return whether a value was measured */
    public boolean measured() {
        return !Double.isNaN(value);
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
