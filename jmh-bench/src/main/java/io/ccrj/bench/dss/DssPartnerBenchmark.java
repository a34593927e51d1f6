package io.ccrj.bench.dss;

import io.ccrj.bench.dss.client.HttpReply;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Manifest;
import io.ccrj.dss.Response;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.ServiceRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * A remote partner's two-way Get between two hosts on loopback, beside a raw Netty client→server
 * round trip, in the same run; µs per Get. Each invocation of {@link #get} is a chain of
 * {@link #GETS} Gets, each sent when the one before is answered; {@link #pipelined} sends
 * {@link #DEPTH} at once and waits for all:
 *
 * <ul>
 * <li>{@code RAW_NETTY}: {@link HttpRoundTripClient} (its I/O on the benchmark thread, which sleeps
 *     in the selector between a request and its answer) against the raw Netty handler;</li>
 * <li>{@code RAW_NETTY_ON_EVENT_LOOP}: a raw Netty client whose requests are sent from its own
 *     event loop ({@link RawNettyLoopClient}: the chain's next Get sent from the handler of the
 *     answer before, a burst written with one flush) against the raw Netty handler: the
 *     like-for-like baseline of {@code PARTNER_ON_EVENT_LOOP} (the benchmark thread waits for the
 *     chain's end only, the same way);</li>
 * <li>{@code PARTNER_ON_EVENT_LOOP}: a {@link GetLoopService} on host A, its handlers on A's event
 *     loop, whose partner is host B's ping service: the chain runs on A's loop, each Get sent and
 *     answered there (the benchmark thread waits for the chain's end only);</li>
 * <li>{@code REMOTE_REF_FROM_THREAD}: {@code ServiceRef.remote} used from the benchmark thread
 *     (the client pool's own event loop, a hand-off each way).</li>
 * <li>{@code RAW_NETTY_ON_EVENT_LOOP_TO_HOST}: the raw event-loop client of
 *     {@code RAW_NETTY_ON_EVENT_LOOP} against the DSS host's ping service, the server of the two
 *     partner paths: it splits the gap between {@code RAW_NETTY_ON_EVENT_LOOP} and
 *     {@code PARTNER_ON_EVENT_LOOP} into the server's share (this path minus the raw one) and the
 *     partner client's share ({@code PARTNER_ON_EVENT_LOOP} minus this path). {@code -prof gc}
 *     counts every thread of the fork, the in-process server's included, so the same subtraction
 *     splits the allocation.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DssPartnerBenchmark {
    /** Gets per invocation of {@link #get}. */
    public static final int GETS = 200;
    /** Gets in flight at once in {@link #pipelined}, on one connection. */
    public static final int DEPTH = 8;

    /** What calls whom. */
    public enum Path {
        RAW_NETTY, RAW_NETTY_ON_EVENT_LOOP, PARTNER_ON_EVENT_LOOP, REMOTE_REF_FROM_THREAD, RAW_NETTY_ON_EVENT_LOOP_TO_HOST
    }

    @Param({"RAW_NETTY", "RAW_NETTY_ON_EVENT_LOOP", "PARTNER_ON_EVENT_LOOP", "REMOTE_REF_FROM_THREAD",
            "RAW_NETTY_ON_EVENT_LOOP_TO_HOST"})
    public Path path;

    private DssTarget.Running server;
    private ServiceHost caller;
    private ServiceRef loop;
    private List<HttpRequestSpec> batch;
    private ServiceRef remote;
    private HttpRoundTripClient client;
    private RawNettyLoopClient loopClient;

    @Setup(Level.Trial)
    public void start() throws Exception {
        boolean raw = path == Path.RAW_NETTY || path == Path.RAW_NETTY_ON_EVENT_LOOP;
        server = (raw ? DssTarget.RAW_NETTY : DssTarget.DSS_HTTP).start();
        switch (path) {
            case RAW_NETTY -> {
                HttpRequestSpec get = HttpRequestSpec.get(server.pingUrl());
                client = HttpRoundTripClient.connect(get);
                batch = Collections.nCopies(DEPTH, get);
            }
            case RAW_NETTY_ON_EVENT_LOOP, RAW_NETTY_ON_EVENT_LOOP_TO_HOST -> loopClient = new RawNettyLoopClient(server.pingUrl());
            case PARTNER_ON_EVENT_LOOP -> {
                caller = ServiceHost.builder().port(0).ioThreads(1).handlersOnEventLoop(true).build().start();
                caller.start(Manifest.builtIn());
                loop = caller.create("loop", new GetLoopService(), Map.of(GetLoopService.TARGET, server.pingUrl()), null);
            }
            case REMOTE_REF_FROM_THREAD -> remote = server.remotePing();
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (client != null) {
            client.close();
        }
        if (loopClient != null) {
            loopClient.close();
        }
        if (caller != null) {
            caller.close(Duration.ofSeconds(5));
        }
        server.close();
    }

    /** {@link #GETS} two-way Gets, one after another; returns the last answer so that JMH keeps it. */
    @Benchmark
    @OperationsPerInvocation(GETS)
    public Object get() throws Exception {
        switch (path) {
            case RAW_NETTY -> {
                HttpReply r = null;
                for (int i = 0; i < GETS; i++) {
                    r = client.exchange().requireOk("raw Netty");
                }
                return r;
            }
            case RAW_NETTY_ON_EVENT_LOOP, RAW_NETTY_ON_EVENT_LOOP_TO_HOST -> {
                return DssRoundTripBenchmark.awaitSpinning(loopClient.chain(GETS));
            }
            case PARTNER_ON_EVENT_LOOP -> {
                return DssRoundTripBenchmark.awaitSpinning(loop.submit("run", JsonBodies.object().put("n", GETS)));
            }
            default -> {
                Response r = null;
                for (int i = 0; i < GETS; i++) {
                    r = DssRoundTripBenchmark.awaitSpinning(remote.get());
                }
                return r;
            }
        }
    }

    /**
     * {@value #DEPTH} Gets sent at once and all answered (pipelined on one connection: the raw
     * client's {@code exchangeAll}, the DSS client's pipelining); µs per Get.
     */
    @Benchmark
    @OperationsPerInvocation(DEPTH)
    public Object pipelined() throws Exception {
        switch (path) {
            case RAW_NETTY -> {
                List<HttpReply> replies = client.exchangeAll(batch);
                for (HttpReply r : replies) {
                    r.requireOk("raw Netty");
                }
                return replies.getLast();
            }
            case RAW_NETTY_ON_EVENT_LOOP, RAW_NETTY_ON_EVENT_LOOP_TO_HOST -> {
                return DssRoundTripBenchmark.awaitSpinning(loopClient.burst(DEPTH));
            }
            case PARTNER_ON_EVENT_LOOP -> {
                return DssRoundTripBenchmark.awaitSpinning(loop.submit("fan", JsonBodies.object().put("n", DEPTH)));
            }
            default -> {
                List<CompletableFuture<Response>> all = new ArrayList<>(DEPTH);
                for (int i = 0; i < DEPTH; i++) {
                    all.add(remote.get());
                }
                Response r = null;
                for (CompletableFuture<Response> f : all) {
                    r = DssRoundTripBenchmark.awaitSpinning(f);
                }
                return r;
            }
        }
    }
}
