package io.ccrj.bench.dss.client;

import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What one {@link HttpLoadGenerator} run measured. Latency = from writing a request to the end of
 * its response, in nanoseconds, for responses completed within the measured window; with
 * pipelining it includes the wait behind earlier requests on the same connection.
 *
 * @param settings the run's settings
 * @param responses responses completed in the measured window (any status)
 * @param non2xx of those, responses whose status was not 2xx
 * @param totalResponses responses in the whole run: warm-up, window and drain
 * @param measuredNanos the measured window's length
 * @param latencyNanos latency of every response in the window
 * @param errors connection failures, one line each (empty when none)
 */
public record LoadResult(LoadSettings settings, long responses, long non2xx, long totalResponses, long measuredNanos,
                         Histogram latencyNanos, List<String> errors) {

    public LoadResult {
        errors = List.copyOf(errors);
    }

    /** @return responses per second in the measured window */
    public double throughput() {
        return responses * 1e9 / measuredNanos;
    }

    /** @return the latency at {@code percentile} (0-100), in microseconds */
    public double latencyMicros(double percentile) {
        return latencyNanos.getValueAtPercentile(percentile) / 1e3;
    }

    /** @return one line: req/s, latency percentiles, non-2xx and errors */
    public String summary() {
        return String.format(Locale.ROOT,
                "%,.0f req/s (%,d responses in %.2f s); latency µs p50 %.1f, p90 %.1f, p99 %.1f, p99.9 %.1f, max %.1f;"
                        + " non-2xx %d; errors %d%s",
                throughput(), responses, measuredNanos / 1e9, latencyMicros(50), latencyMicros(90), latencyMicros(99),
                latencyMicros(99.9), latencyNanos.getMaxValue() / 1e3, non2xx, errors.size(),
                errors.isEmpty() ? "" : " (first: " + errors.getFirst() + ")");
    }

    /** Highest latency a histogram records exactly; longer ones are clamped to it. */
    static final long MAX_TRACKED_NANOS = TimeUnit.SECONDS.toNanos(60);

    static Histogram newHistogram() {
        return new Histogram(MAX_TRACKED_NANOS, 3);
    }
}
