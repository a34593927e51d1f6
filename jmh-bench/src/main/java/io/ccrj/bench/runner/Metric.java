package io.ccrj.bench.runner;

/**
 * What a figure measures, the last part of its key ({@link FigureKey}): its name in CSV files, its
 * unit and which way is better, declared once so that no figure states them as text of its own.
 */
public enum Metric {
    /** A stage's cost as a difference of two runs (the papers' method), µs. */
    OVERHEAD_US("overhead_us", "µs", true),
    /** A stage with no computation, the messaging cost read directly, µs. */
    MESSAGING_US("messaging_us", "µs", true),
    /** A compute-only stage, µs. */
    COMPUTE_US("compute_us", "µs", true),
    /** One operation's latency, µs. */
    LATENCY_US("latency_us", "µs", true),
    /** A request and its answer, or a message there and back, µs. */
    ROUND_TRIP_US("round_trip_us", "µs", true),
    /** One whole operation (a scatter-gather of many tasks, one bandwidth operation), µs. */
    OP_US("op_us", "µs", true),
    /** Messages delivered per second. */
    MESSAGES_PER_S("messages_per_s", "messages/s", false),
    /** Requests answered per second. */
    REQUESTS_PER_S("requests_per_s", "requests/s", false),
    /** Bandwidth summed over ranks. */
    GB_PER_S("GB/s", "GB/s", false),
    /** One rank's bandwidth, 10^6 bytes per second (as the OSU micro-benchmarks count). */
    MB_PER_S("MB/s", "MB/s", false),
    /** A nonblocking collective's overlap with computation, percent (the OSU micro-benchmarks'). */
    OVERLAP_PCT("overlap_%", "%", false);

    /** The name in CSV files. */
    public final String id;
    /** The unit the tables show. */
    public final String unit;
    /** True for times, false for rates. */
    public final boolean lowerIsBetter;

    Metric(String id, String unit, boolean lowerIsBetter) {
        this.id = id;
        this.unit = unit;
        this.lowerIsBetter = lowerIsBetter;
    }
}
