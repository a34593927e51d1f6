package io.ccrj.bench.handoff;

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

import java.util.concurrent.TimeUnit;

/**
 * Port hand-off latency: a ping-pong round trip (two hand-offs) between two parties.
 *
 * <ul>
 *   <li>{@code ccr}: ports ping and pong, one persistent receiver each, one 2-thread dispatcher
 *   (one queue), default spin-then-park idle strategy: post, receive, handler, post back;</li>
 *   <li>{@code ccrTwoDispatchers}: the same with a 1-thread dispatcher per party, so each party
 *   always runs on its own thread;</li>
 *   <li>{@code jctoolsSpsc}, {@code jctoolsMpsc}: the baseline, two raw JCTools queues and two
 *   threads idling exactly like a ccr-core worker ({@link SpinYieldParkConsumer}).</li>
 * </ul>
 * All in one {@code -p impl} sweep, so the ratios come from one run. Reported per round trip; a
 * one-way hand-off is half. The benchmark thread starts each batch of {@value #ROUND_TRIPS} round
 * trips and parks until it ends ({@link BatchLatch}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
// Five forks: forks fall into two modes about 2x apart on 2-vCPU machines; fewer give whichever mode the run caught.
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class PortHandoffBenchmark {
    /** Round trips per invocation. */
    public static final int ROUND_TRIPS = 10_000;

    @Param({"ccr", "ccrTwoDispatchers", "jctoolsSpsc", "jctoolsMpsc"})
    public String impl;

    private PingPong pingPong;

    @Setup(Level.Trial)
    public void start() {
        pingPong = PingPong.create(impl);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        pingPong.close();
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public int roundTrip() throws Exception {
        return pingPong.play(ROUND_TRIPS);
    }
}
