package io.ccrj.bench.dss;

import io.ccrj.bench.dss.baseline.RawNettyHttpServer;
import io.ccrj.bench.dss.baseline.RawPingHandler;
import io.ccrj.bench.dss.client.HttpReply;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The loopback HTTP baseline of the dss-services benchmarks: one two-way round trip (request
 * written, whole response read) over one keep-alive connection to {@link RawNettyHttpServer} in the
 * same JVM, which runs on its own I/O thread(s). The client is {@link HttpRoundTripClient}: its I/O
 * runs on the benchmark thread, so each round trip is one wake-up on each side, as with two
 * blocking sockets. The DSS host's Get of the ping service is to be measured the same way, with the
 * same client, in the same run (the committed figures are in docs/results.md).
 *
 * <p>SampleTime gives the percentiles (p50, p99), AverageTime the mean. {@code get} is the ping
 * service's Get ({@code {"count":n}}), {@code post} the Submit of action {@code ping} with a small
 * JSON body echoed back.
 */
@BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RawNettyHttpBenchmark {

    /** The server, shared by the benchmark's threads. */
    @State(Scope.Benchmark)
    public static class Server {
        @Param({"auto"})
        public String transport;

        @Param({"1"})
        public int serverIoThreads;

        RawNettyHttpServer server;

        @Setup(Level.Trial)
        public void start() throws InterruptedException {
            server = RawNettyHttpServer.start("127.0.0.1", 0, serverIoThreads, NettyTransport.named(transport));
        }

        @TearDown(Level.Trial)
        public void stop() {
            server.close();
        }
    }

    /** One connection per benchmark thread, driven by that thread. */
    @State(Scope.Thread)
    public static class Client {
        HttpRoundTripClient get;
        HttpRoundTripClient post;

        @Setup(Level.Trial)
        public void connect(Server s) throws IOException {
            NettyTransport t = s.server.transport();
            get = HttpRoundTripClient.connect(HttpRequestSpec.get(s.server.baseUrl() + RawPingHandler.PING_PATH),
                    t, Duration.ofSeconds(10));
            post = HttpRoundTripClient.connect(HttpRequestSpec.postJson(s.server.baseUrl() + RawPingHandler.PING_ACTION_PATH,
                    "{\"seq\":42,\"note\":\"ping\"}"), t, Duration.ofSeconds(10));
        }

        @TearDown(Level.Trial)
        public void close() {
            get.close();
            post.close();
        }
    }

    @Benchmark
    public HttpReply get(Client c) throws IOException {
        return c.get.exchange();
    }

    @Benchmark
    public HttpReply post(Client c) throws IOException {
        return c.post.exchange();
    }
}
