package io.ccrj.bench.dss;

import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import io.ccrj.dss.ServiceRef;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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

/**
 * Two-way Get of the ping service ({@code {"count": n}}), one at a time, against every
 * {@link DssTarget} in the same run: the raw Netty baseline and the DSS host over loopback HTTP,
 * both through the same {@link HttpRoundTripClient} (its I/O on the benchmark thread), and the
 * DSS host in-process through a local {@link ServiceRef} (the caller spins on the answer's future,
 * as the HTTP client spins in its own event loop).
 *
 * <p>The committed figures of both (in-process, and loopback HTTP against {@code RAW_NETTY} of
 * the same run) are in docs/results.md; the papers' in-process figure was 30-50 µs.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DssRoundTripBenchmark {

    @Param({"RAW_NETTY", "VERTX_WEB", "JDK_HTTP_SERVER", "DSS_HTTP", "DSS_HTTP_DISPATCHER", "DSS_IN_PROCESS"})
    public DssTarget target;

    private DssTarget.Running running;
    private HttpRoundTripClient client;
    private ServiceRef ping;

    @Setup(Level.Trial)
    public void start() throws Exception {
        running = target.start();
        if (target.http) {
            client = HttpRoundTripClient.connect(HttpRequestSpec.get(running.pingUrl()));
        } else {
            ping = running.ping();
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        running.close();
    }

    /** One two-way Get; returns the answer so that JMH keeps it. */
    @Benchmark
    public Object get() throws Exception {
        if (client != null) {
            return client.exchange().requireOk(target);
        }
        return awaitSpinning(ping.get());
    }

    /** Waits for an in-process answer by spinning: the caller's thread never sleeps. */
    static <T> T awaitSpinning(CompletableFuture<T> f) throws Exception {
        while (!f.isDone()) {
            Thread.onSpinWait();
        }
        return f.get();
    }
}
