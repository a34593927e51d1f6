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
 * Single-producer throughput, messages per second: the benchmark thread posts batches of
 * {@value #BATCH} messages and waits until the consumer has handled the last one.
 *
 * <ul>
 *   <li>{@code ccr}: a port with a persistent receiver on a 1-thread dispatcher, default
 *   spin-then-park idle strategy (every message becomes a handler task);</li>
 *   <li>{@code jctoolsMpsc}: raw {@code MpscUnboundedXaddArrayQueue} (the design of ccr-core's
 *   own task queue, with {@code sun.misc.Unsafe}) to one consumer thread with the same idle strategy;</li>
 *   <li>{@code jctoolsSpsc}: raw {@code SpscUnboundedArrayQueue}, the upper bound.</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
// Five forks: forks fall into two modes about 2x apart on 2-vCPU machines; fewer give whichever mode the run caught.
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class PortThroughputBenchmark {
    /** Messages per invocation. */
    public static final int BATCH = 100_000;

    @Param({"ccr", "jctoolsMpsc", "jctoolsSpsc"})
    public String impl;

    private Stream stream;

    @Setup(Level.Trial)
    public void start() {
        stream = Stream.create(impl);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        stream.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long postToPersistentReceiver() throws Exception {
        return stream.stream(BATCH);
    }
}
