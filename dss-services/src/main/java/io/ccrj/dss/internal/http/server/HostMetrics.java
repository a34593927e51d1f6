package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.Internal;
import java.util.concurrent.atomic.LongAdder;

/**
 * HTTP counters of a host, rendered as Prometheus text (exposition format 0.0.4): requests by
 * status class, a latency histogram and the requests in flight. Counting is a few
 * {@link LongAdder} increments per request, contention-free.
 */
@Internal
public final class HostMetrics {
    private static final double[] BUCKETS_SECONDS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5};

    /** The bucket bounds in nanoseconds: a request's latency is compared without a division. */
    private static final long[] BUCKET_NANOS = new long[BUCKETS_SECONDS.length];

    static {
        for (int i = 0; i < BUCKETS_SECONDS.length; i++) {
            BUCKET_NANOS[i] = Math.round(BUCKETS_SECONDS[i] * 1e9);
        }
    }

    private final LongAdder[] byClass = new LongAdder[6];
    private final LongAdder[] buckets = new LongAdder[BUCKETS_SECONDS.length];
    private final LongAdder sumNanos = new LongAdder();
    /**
     * Requests received and answered: two adders rather than one shared atomic in-flight count,
     * which every event loop would update twice per request (a contended CAS on one cache line).
     * The in-flight figure is their difference (see {@link #inFlight()}). The histogram's count is
     * the sum of {@link #byClass}, every answer adding to exactly one class.
     */
    private final LongAdder received = new LongAdder();
    private final LongAdder answered = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder connectionsRefused = new LongAdder();
    private final LongAdder headTimeouts = new LongAdder();
    private final LongAdder pipelinePauses = new LongAdder();
    private final LongAdder sseOverflows = new LongAdder();
    private final java.util.concurrent.atomic.AtomicLong sseBufferedBytes = new java.util.concurrent.atomic.AtomicLong();

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
        received.increment();
    }

    /**
     * A request was answered.
     *
     * @param status HTTP status
     * @param nanos its latency
     */
    public void record(int status, long nanos) {
        answered.increment();
        byClass[Math.min(5, Math.max(0, status / 100))].increment();
        sumNanos.add(nanos);
        for (int i = 0; i < BUCKET_NANOS.length; i++) {
            if (nanos <= BUCKET_NANOS[i]) {
                buckets[i].increment();
                break;
            }
        }
    }

    /** A request was refused by the request guard (Host, Origin, HTTP version) or the body checks (content type, expectation). */
    public void refused() {
        refused.increment();
    }

    /** A connection was refused (too many open). */
    public void connectionRefused() {
        connectionsRefused.increment();
    }

    /** A request head did not arrive in time. */
    public void headTimeout() {
        headTimeouts.increment();
    }

    /** A connection's pipelining window filled up and reading paused. */
    public void pipelinePaused() {
        pipelinePauses.increment();
    }

    /** An event-stream subscriber overflowed its buffer and was dropped. */
    public void sseOverflow() {
        sseOverflows.increment();
    }

    /**
     * Event-stream bytes buffered in the host changed.
     *
     * @param delta bytes added (negative: removed)
     */
    public void sseBuffered(long delta) {
        sseBufferedBytes.addAndGet(delta);
    }

    /** @return event-stream subscribers dropped for overflowing so far */
    public long sseOverflows() {
        return sseOverflows.sum();
    }

    /** @return event-stream bytes buffered in the host now */
    public long sseBufferedBytes() {
        return sseBufferedBytes.get();
    }

    /** @return requests received and not yet answered */
    public int inFlight() {
        // answered first: every request counted there was received before, so a request in flight
        // is never missed (the figure may over-count one racing the read, never under-count)
        long a = answered.sum();
        return (int) Math.max(0, received.sum() - a);
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
        long n = 0;
        for (LongAdder c : byClass) {
            n += c.sum();
        }
        out.append("ccrj_http_request_duration_seconds_bucket{le=\"+Inf\"} ").append(n).append('\n')
                .append("ccrj_http_request_duration_seconds_sum ").append(sumNanos.sum() / 1e9).append('\n')
                .append("ccrj_http_request_duration_seconds_count ").append(n).append('\n')
                .append("# HELP ccrj_http_in_flight HTTP requests received and not yet answered.\n")
                .append("# TYPE ccrj_http_in_flight gauge\n")
                .append("ccrj_http_in_flight ").append(inFlight()).append('\n');
        counter(out, "ccrj_http_refused_total", "Requests refused by the defences and the HTTP checks"
                + " (Host, Origin, HTTP version, content type, expectation).", refused.sum());
        counter(out, "ccrj_http_connections_refused_total", "Connections refused because too many were open.",
                connectionsRefused.sum());
        counter(out, "ccrj_http_head_timeouts_total", "Requests whose head did not arrive within the head deadline (408).",
                headTimeouts.sum());
        counter(out, "ccrj_http_pipeline_pauses_total", "Times a connection's pipelining window filled and reading paused.",
                pipelinePauses.sum());
        counter(out, "ccrj_sse_overflows_total", "Event-stream subscribers dropped because they did not read fast enough.",
                sseOverflows.sum());
        out.append("# HELP ccrj_sse_buffered_bytes Event-stream bytes waiting in the host for slow subscribers.\n")
                .append("# TYPE ccrj_sse_buffered_bytes gauge\n")
                .append("ccrj_sse_buffered_bytes ").append(sseBufferedBytes.get()).append('\n');
    }

    private static void counter(StringBuilder out, String name, String help, long value) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(" counter\n")
                .append(name).append(' ').append(value).append('\n');
    }
}
