package io.ccrj.bench.dss;

import io.ccrj.bench.dss.baseline.RawPingHandler;
import io.ccrj.bench.dss.client.HttpReply;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
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
 * The host's cost per request, a read and a modification, beside raw Netty's in the same run:
 * one connection, one request at a time, the client's I/O on the benchmark thread. Meant to be
 * run with {@code -prof gc}: {@code gc.alloc.rate.norm} (bytes allocated per request, client and
 * server together, the client being the same for every target) does not depend on how loaded the
 * machine is, where the time per request does.
 * <ul>
 *   <li>{@link #get}: {@code GET /services/ping}, the ping service's state;</li>
 *   <li>{@link #modify}: {@code POST /services/ping/actions/ping}, a Submit that changes the
 *   state (on the host an exclusive handler and a commit: new version, snapshot, notification),
 *   raw Netty's counterpart incrementing a counter and echoing the body.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
public class DssHostCostBenchmark {

    @Param({"RAW_NETTY", "DSS_HTTP", "DSS_HTTP_DISPATCHER"})
    public DssTarget target;

    private DssTarget.Running running;
    private HttpRoundTripClient getClient;
    private HttpRoundTripClient modifyClient;

    @Setup(Level.Trial)
    public void start() throws Exception {
        running = target.start();
        getClient = HttpRoundTripClient.connect(HttpRequestSpec.get(running.pingUrl()));
        String actionUrl = running.baseUrl() + RawPingHandler.PING_ACTION_PATH;
        modifyClient = HttpRoundTripClient.connect(HttpRequestSpec.postJson(actionUrl, "{\"n\":1}"));
    }

    @TearDown(Level.Trial)
    public void stop() {
        getClient.close();
        modifyClient.close();
        running.close();
    }

    /** One Get of the state; the answer must be a 200. */
    @Benchmark
    public HttpReply get() throws Exception {
        return getClient.exchange().requireOk(target);
    }

    /** One state-changing Submit; the answer must be a 200. */
    @Benchmark
    public HttpReply modify() throws Exception {
        return modifyClient.exchange().requireOk(target);
    }
}
