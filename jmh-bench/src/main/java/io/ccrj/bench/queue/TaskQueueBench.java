package io.ccrj.bench.queue;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
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
 * The queue under ccr-core's dispatcher (WorkerPool's ready queue and the task queue of
 * executor-backed or discarding queues in io.ccrj.core.internal.QueueCore: JCTools'
 * MpmcUnboundedXaddArrayQueue, which uses sun.misc.Unsafe; a pool-backed queue's tasks use its
 * single-consumer sibling)
 * beside the JDK's ConcurrentLinkedQueue, the unbounded MPMC queue without Unsafe (JCTools has
 * no Unsafe-free unbounded MPMC queue): whether dropping Unsafe, and with it the JDK 24+ start-up
 * warning, costs anything on the dispatch path. Side by side in one run, single-threaded (the
 * per-operation cost; contention on a 2-core machine shared with other work is too noisy to
 * compare):
 *
 * <pre>bin/ccrj bench TaskQueueBench</pre>
 *
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
    @Param({"jctoolsXadd", "jdkConcurrentLinked"})
    public String impl;

    private Queue<Object> queue;

    /** A fresh queue per trial. */
    @Setup(Level.Trial)
    public void setUp() {
        queue = switch (impl) {
            case "jctoolsXadd" -> new MpmcUnboundedXaddArrayQueue<>(1024);
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
