package io.ccrj.bench.dss.client;

import io.ccrj.bench.dss.NettyTransport;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link HttpLoadGenerator} does: which request, over how many connections, how many in flight
 * on each, on how many client I/O threads, for how long. Immutable; the {@code with...} methods
 * return changed copies.
 *
 * @param request the request every connection repeats
 * @param connections keep-alive connections (wrk's {@code -c})
 * @param pipelineDepth requests in flight per connection: 1 = send, wait, send (wrk); more =
 *     HTTP/1.1 pipelining
 * @param ioThreads client event loop threads (wrk's {@code -t})
 * @param warmup load before measuring (not counted)
 * @param duration measured time
 * @param transport epoll or NIO
 */
public record LoadSettings(HttpRequestSpec request, int connections, int pipelineDepth, int ioThreads,
                           Duration warmup, Duration duration, NettyTransport transport) {

    public LoadSettings {
        Objects.requireNonNull(request, "request");
        if (connections < 1 || pipelineDepth < 1 || ioThreads < 1) {
            throw new IllegalArgumentException("connections, pipelineDepth and ioThreads must be >= 1: "
                    + connections + ", " + pipelineDepth + ", " + ioThreads);
        }
        if (warmup.isNegative() || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("warmup must be >= 0 and duration > 0: " + warmup + ", " + duration);
        }
        Objects.requireNonNull(transport, "transport");
    }

    /** The DSS experiment's load: 32 connections, depth 1, one client I/O thread, 2 s warm-up, 10 s measured. */
    public static LoadSettings of(HttpRequestSpec request) {
        return new LoadSettings(request, 32, 1, 1, Duration.ofSeconds(2), Duration.ofSeconds(10), NettyTransport.best());
    }

    public LoadSettings withConnections(int n) {
        return new LoadSettings(request, n, pipelineDepth, ioThreads, warmup, duration, transport);
    }

    public LoadSettings withPipelineDepth(int n) {
        return new LoadSettings(request, connections, n, ioThreads, warmup, duration, transport);
    }

    public LoadSettings withIoThreads(int n) {
        return new LoadSettings(request, connections, pipelineDepth, n, warmup, duration, transport);
    }

    public LoadSettings withTimes(Duration newWarmup, Duration newDuration) {
        return new LoadSettings(request, connections, pipelineDepth, ioThreads, newWarmup, newDuration, transport);
    }

    public LoadSettings withTransport(NettyTransport t) {
        return new LoadSettings(request, connections, pipelineDepth, ioThreads, warmup, duration, t);
    }
}
