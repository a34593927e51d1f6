package io.ccrj.dss.internal;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * HTTP counters of a host, rendered as Prometheus text (exposition format 0.0.4): requests by
 * status class, a latency histogram and the requests in flight. Counting is a few
 * {@link LongAdder} increments per request, contention-free.
 */
public final class HostMetrics {
    private static final double[] BUCKETS_SECONDS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5};

    private final LongAdder[] byClass = new LongAdder[6];
    private final LongAdder[] buckets = new LongAdder[BUCKETS_SECONDS.length];
    private final LongAdder count = new LongAdder();
    private final LongAdder sumNanos = new LongAdder();
    private final AtomicInteger inFlight = new AtomicInteger();

    /** Zeroed counters. */
    public HostMetrics() {
        for (int i = 0; i < byClass.length; i++) {
            byClass[i] = new LongAdder();
        }
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = new LongAdder();
        }
    }

    /** A request arrived. */
    public void opened() {
        inFlight.incrementAndGet();
    }

    /**
     * A request was answered.
     *
     * @param status HTTP status
     * @param nanos its latency
     */
    public void record(int status, long nanos) {
        inFlight.decrementAndGet();
        byClass[Math.min(5, Math.max(0, status / 100))].increment();
        count.increment();
        sumNanos.add(nanos);
        double seconds = nanos / 1e9;
        for (int i = 0; i < BUCKETS_SECONDS.length; i++) {
            if (seconds <= BUCKETS_SECONDS[i]) {
                buckets[i].increment();
                break;
            }
        }
    }

    /** @return requests received and not yet answered */
    public int inFlight() {
        return inFlight.get();
    }

    /**
     * Appends the HTTP metrics.
     *
     * @param out the text
     */
    public void render(StringBuilder out) {
        out.append("# HELP ccrj_http_requests_total HTTP requests answered, by status class.\n")
                .append("# TYPE ccrj_http_requests_total counter\n");
        for (int c = 1; c <= 5; c++) {
            out.append("ccrj_http_requests_total{code=\"").append(c).append("xx\"} ").append(byClass[c].sum()).append('\n');
        }
        out.append("# HELP ccrj_http_request_duration_seconds Time from a request's arrival to its answer.\n")
                .append("# TYPE ccrj_http_request_duration_seconds histogram\n");
        long cumulative = 0;
        for (int i = 0; i < BUCKETS_SECONDS.length; i++) {
            cumulative += buckets[i].sum();
            out.append("ccrj_http_request_duration_seconds_bucket{le=\"").append(BUCKETS_SECONDS[i]).append("\"} ")
                    .append(cumulative).append('\n');
        }
        long n = count.sum();
        out.append("ccrj_http_request_duration_seconds_bucket{le=\"+Inf\"} ").append(n).append('\n')
                .append("ccrj_http_request_duration_seconds_sum ").append(sumNanos.sum() / 1e9).append('\n')
                .append("ccrj_http_request_duration_seconds_count ").append(n).append('\n')
                .append("# HELP ccrj_http_in_flight HTTP requests received and not yet answered.\n")
                .append("# TYPE ccrj_http_in_flight gauge\n")
                .append("ccrj_http_in_flight ").append(inFlight.get()).append('\n');
    }
}
