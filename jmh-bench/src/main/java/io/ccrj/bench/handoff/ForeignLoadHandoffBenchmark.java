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

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Hand-off latency while other processes keep every core busy: the ping-pong of
 * {@link PortHandoffBenchmark} with {@code busyProcesses} shell loops spinning beside it (by
 * default one: on a 2-core machine, the two parties and the loop compete for the two cores).
 *
 * <p>What it shows: a worker that spins while idle holds a core that the other party, or the
 * poster, needs; when a foreign process holds the other core, each hand-off can wait for the
 * spinner's scheduler time slice to end (milliseconds). ccr-core's workers notice a lost core (a
 * long gap between two clock reads of the idle loop) and park at once instead. The baseline is the
 * same ping-pong over raw JCTools SPSC queues with the same spin-yield-park strategy and no such
 * detection ({@link SpinYieldParkConsumer}), in the same run. With {@code busyProcesses = 0} the
 * benchmark is the quiet reference.
 *
 * <p>Unix only: the load is {@code sh -c 'while :; do :; done'}. Few round trips per invocation,
 * since one round trip may take a time slice.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
// Five forks: forks fall into two modes about 2x apart on 2-vCPU machines; fewer give whichever mode the run caught.
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ForeignLoadHandoffBenchmark {
    /** Round trips per invocation. */
    public static final int ROUND_TRIPS = 100;

    @Param({"ccrTwoDispatchers", "jctoolsSpsc"})
    public String impl;

    /** Busy foreign processes beside the two parties (0: the quiet reference). */
    @Param({"1"})
    public int busyProcesses;

    private final List<Process> load = new ArrayList<>();
    private PingPong pingPong;

    @Setup(Level.Trial)
    public void start() throws IOException {
        if (busyProcesses < 0) {
            throw new IllegalArgumentException("busyProcesses must be 0 or more, not " + busyProcesses);
        }
        for (int i = 0; i < busyProcesses; i++) {
            load.add(new ProcessBuilder("sh", "-c", "while :; do :; done")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start());
        }
        pingPong = PingPong.create(impl);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        pingPong.close();
        for (Process p : load) {
            p.destroyForcibly();
        }
        for (Process p : load) {
            p.waitFor(10, TimeUnit.SECONDS);
        }
        load.clear();
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public int roundTrip() throws Exception {
        return pingPong.play(ROUND_TRIPS);
    }
}
