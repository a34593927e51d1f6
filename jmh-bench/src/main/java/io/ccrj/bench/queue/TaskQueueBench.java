package io.ccrj.bench.queue;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import io.ccrj.core.internal.XaddQueue;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.jctools.queues.SpscGrowableArrayQueue;
import org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue;
import org.jctools.queues.atomic.SpscGrowableAtomicArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The queues under ccr-core's dispatcher, Unsafe-free and with {@code sun.misc.Unsafe}, per
 * operation: whether dropping Unsafe, and with it the JDK 24+ start-up warning, costs anything on
 * the dispatch path. Side by side in one run, single-threaded (the per-operation cost; contention
 * on a 2-core machine shared with other work is too noisy to compare; {@link QueueKindBenchmark}
 * measures the queues inside ccr-core's own hand-offs):
 *
 * <pre>bin/ccrj bench TaskQueueBench</pre>
 *
 * Candidates ({@code impl}):
 * <ul>
 *   <li>{@code ccrjXaddMpmc}, {@code ccrjXaddMpsc}: ccr-core's own {@code XaddQueue} (VarHandles),
 *       the ready list and executor or discarding queues' tasks, and a pool-backed queue's tasks;</li>
 *   <li>{@code jctoolsXadd}, {@code jctoolsXaddMpsc}: JCTools' {@code MpmcUnboundedXaddArrayQueue}
 *       and {@code MpscUnboundedXaddArrayQueue}, with Unsafe, which those replaced;</li>
 *   <li>{@code jctoolsAtomicMpscUnbounded}: JCTools' Unsafe-free {@code MpscUnboundedAtomicArrayQueue}
 *       (a compare-and-set offer);</li>
 *   <li>{@code jdkConcurrentLinked}: the JDK's {@code ConcurrentLinkedQueue};</li>
 *   <li>{@code jctoolsSpscGrowable}, {@code jctoolsAtomicSpscGrowable}: the receiver's ring of the
 *       direct path, with and without Unsafe.</li>
 * </ul>
 * <ul>
 *   <li>{@code offerPoll}: one thread posts a task and takes it back, the uncontended path
 *       (a post whose handler a worker picks up while nothing else is queued);
 *   <li>{@code burst64}: one thread posts 64 tasks, then takes them all.
 * </ul>
 */
@State(Scope.Group)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
public class TaskQueueBench {
    private static final Object TASK = new Object();

    /** The queue implementation. */
    @Param({"ccrjXaddMpmc", "jctoolsXadd", "ccrjXaddMpsc", "jctoolsXaddMpsc", "jctoolsAtomicMpscUnbounded",
            "jdkConcurrentLinked", "jctoolsSpscGrowable", "jctoolsAtomicSpscGrowable"})
    public String impl;

    private Queue<Object> queue;

    /** A fresh queue per trial. */
    @Setup(Level.Trial)
    public void setUp() {
        queue = switch (impl) {
            case "ccrjXaddMpmc" -> XaddQueue.mpmc(1024);
            case "jctoolsXadd" -> new MpmcUnboundedXaddArrayQueue<>(1024);
            case "ccrjXaddMpsc" -> XaddQueue.mpsc(1024);
            case "jctoolsXaddMpsc" -> new MpscUnboundedXaddArrayQueue<>(1024);
            case "jctoolsAtomicMpscUnbounded" -> new MpscUnboundedAtomicArrayQueue<>(1024);
            case "jctoolsSpscGrowable" -> new SpscGrowableArrayQueue<>(64, 1 << 18);
            case "jctoolsAtomicSpscGrowable" -> new SpscGrowableAtomicArrayQueue<>(64, 1 << 18);
            case "jdkConcurrentLinked" -> new ConcurrentLinkedQueue<>();
            default -> throw new IllegalArgumentException("unknown queue " + impl);
        };
    }

    /**
     * Offers one task and polls it back, on one thread.
     *
     * @return the task, for the Blackhole
     */
    @Benchmark
    @Group("offerPoll")
    @GroupThreads(1)
    public Object offerPoll() {
        queue.offer(TASK);
        return queue.poll();
    }

    /**
     * Offers a burst of 64 tasks, then polls them all, on one thread: a port drained by a worker
     * after a burst of posts (the queue grows past one node, or through its array chunk).
     *
     * @return the last task, for the Blackhole
     */
    @Benchmark
    @Group("burst64")
    @GroupThreads(1)
    public Object burst64() {
        for (int i = 0; i < 64; i++) {
            queue.offer(TASK);
        }
        Object last = null;
        for (int i = 0; i < 64; i++) {
            last = queue.poll();
        }
        return last;
    }
}
