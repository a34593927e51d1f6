package io.ccrj.bench.dss;

import io.ccrj.bench.dss.client.HttpReply;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * HTTP throughput of the ping service's Get under closed-loop load, the raw Netty baseline and the
 * DSS host in the same run: {@value #THREADS} benchmark threads, each with its own keep-alive
 * connection driven by that thread. {@link #oneInFlight} keeps one request in flight per
 * connection, as {@code bin/ccrj dss}'s throughput experiment reports; {@link #pipelined} pipelines {@value #DEPTH} requests per invocation, so
 * {@code THREADS x DEPTH} = 32 are in flight. The score is requests per second. Clients and server
 * share the machine's cores, as they do there.
 *
 * <p>{@code DSS_HTTP} is read as a ratio to {@code RAW_NETTY} of the same run; the committed figures
 * are in docs/results.md (the papers: 20-25k messages/s; Apache Axis2 3k). {@code bin/ccrj dss} and
 * {@code bin/ccrj peers} report {@link #oneInFlight}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(DssThroughputBenchmark.THREADS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DssThroughputBenchmark {
    /** Benchmark threads, one connection each. */
    public static final int THREADS = 4;
    /** Requests pipelined per invocation on each connection. */
    static final int DEPTH = 8;

    /** The server, shared by the benchmark's threads. */
    @State(Scope.Benchmark)
    public static class Server {
        @Param({"RAW_NETTY", "VERTX_WEB", "JDK_HTTP_SERVER", "DSS_HTTP", "DSS_HTTP_DISPATCHER"})
        public DssTarget target;

        DssTarget.Running running;

        @Setup(Level.Trial)
        public void start() throws Exception {
            running = target.start();
        }

        @TearDown(Level.Trial)
        public void stop() {
            running.close();
        }
    }

    /** One connection per benchmark thread, driven by that thread. */
    @State(Scope.Thread)
    public static class Client {
        HttpRoundTripClient connection;
        List<HttpRequestSpec> batch;
        DssTarget server;

        @Setup(Level.Trial)
        public void connect(Server s) throws IOException {
            server = s.target;
            HttpRequestSpec get = HttpRequestSpec.get(s.running.pingUrl());
            connection = HttpRoundTripClient.connect(get);
            batch = Collections.nCopies(DEPTH, get);
        }

        @TearDown(Level.Trial)
        public void close() {
            connection.close();
        }
    }

    /** One Get on this thread's connection; the answer must be a 200. */
    @Benchmark
    public HttpReply oneInFlight(Client c) throws IOException {
        return c.connection.exchange().requireOk(c.server);
    }

    /** {@value #DEPTH} pipelined Gets on this thread's connection; every answer must be a 200. */
    @Benchmark
    @OperationsPerInvocation(DEPTH)
    public HttpReply pipelined(Client c) throws IOException {
        List<HttpReply> replies = c.connection.exchangeAll(c.batch);
        for (HttpReply r : replies) {
            r.requireOk(c.server);
        }
        return replies.getLast();
    }
}
