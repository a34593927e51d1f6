package io.ccrj.bench.queue;

import io.ccrj.bench.handoff.BatchLatch;
import io.ccrj.bench.handoff.PingPong;
import io.ccrj.bench.handoff.Stream;
import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * ccr-core's own hand-off paths on its two kinds of internal queues: the Unsafe-free ones it uses
 * ({@code varhandle}: its {@code XaddQueue} and JCTools' {@code atomic} queues) and JCTools'
 * {@code sun.misc.Unsafe} queues it used before ({@code unsafe}), switched by the internal,
 * benchmark-only JVM property {@code io.ccrj.core.internal.unsafeQueues}, which each fork sets
 * before its first dispatcher is made. Reported per operation ({@code N} per invocation):
 *
 * <ul>
 *   <li>{@code pingPong}: a round trip between two ports' persistent receivers on one
 *   2-thread dispatcher ({@code PortHandoffBenchmark}'s {@code ccr});</li>
 *   <li>{@code pingPongTwoDispatchers}: the same, one 1-thread dispatcher per party;</li>
 *   <li>{@code stream}: one message posted to a persistent receiver on a 1-thread dispatcher
 *   ({@code PortThroughputBenchmark}'s {@code ccr}: the receiver's ring);</li>
 *   <li>{@code streamTasks}: the same through a receiver with a predicate, so every message
 *   becomes a task on the dispatcher queue (the multi-producer task queue and the spare tasks);</li>
 *   <li>{@code tasksTwoWorkers}: the same on a 2-thread dispatcher (the task queue drained by
 *   two workers taking turns through the ready list).</li>
 * </ul>
 *
 * <pre>bin/ccrj bench QueueKindBenchmark</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class QueueKindBenchmark {
    /** Operations per invocation: round trips, or messages. */
    public static final int N = 10_000;

    /** The kind of ccr-core's internal queues. */
    @Param({"varhandle", "unsafe"})
    public String queues;

    /** The hand-off path. */
    @Param({"pingPong", "pingPongTwoDispatchers", "stream", "streamTasks", "tasksTwoWorkers"})
    public String path;

    private PingPong pingPong;
    private Stream stream;
    private TaskStream tasks;

    /** Sets the queue kind, then starts the path's dispatchers (the first in this fork). */
    @Setup(Level.Trial)
    public void start() throws ReflectiveOperationException {
        boolean unsafe = switch (queues) {
            case "varhandle" -> false;
            case "unsafe" -> true;
            default -> throw new IllegalArgumentException("unknown queue kind " + queues + ": varhandle or unsafe");
        };
        System.setProperty("io.ccrj.core.internal.unsafeQueues", Boolean.toString(unsafe));
        switch (path) {
            case "pingPong" -> pingPong = PingPong.create("ccr");
            case "pingPongTwoDispatchers" -> pingPong = PingPong.create("ccrTwoDispatchers");
            case "stream" -> stream = Stream.create("ccr");
            case "streamTasks" -> tasks = new TaskStream(1);
            case "tasksTwoWorkers" -> tasks = new TaskStream(2);
            default -> throw new IllegalArgumentException("unknown path " + path);
        }
        // The switch is read once, when ccr-core first makes a queue: check that it took.
        var field = Class.forName("io.ccrj.core.internal.TaskQueues").getDeclaredField("UNSAFE");
        field.setAccessible(true);
        if (field.getBoolean(null) != unsafe) {
            throw new IllegalStateException("ccr-core's queues were made before the switch was set: not " + queues);
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (pingPong != null) {
            pingPong.close();
        }
        if (stream != null) {
            stream.close();
        }
        if (tasks != null) {
            tasks.dispatcher.close();
        }
    }

    /**
     * {@value #N} round trips or messages of the chosen path.
     *
     * @return a count, for the Blackhole
     * @throws Exception if a post fails
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public long handOff() throws Exception {
        if (pingPong != null) {
            return pingPong.play(N);
        }
        if (stream != null) {
            return stream.stream(N);
        }
        return tasks.stream(N);
    }

    /** Posts to a persistent receiver with a predicate: one task per message on the queue. */
    static final class TaskStream {
        final Dispatcher dispatcher;
        final Port<Object> port = new Port<>("tasks");
        final AtomicLong left = new AtomicLong();
        final BatchLatch latch = new BatchLatch();

        TaskStream(int workers) {
            dispatcher = new Dispatcher(workers, "tasks", IdleStrategy.spinThenPark());
            Arbiter.activate(dispatcher.createQueue("consumer"), Arbiter.receive(true, port, m -> {
                if (left.decrementAndGet() == 0) {
                    latch.signal();
                }
            }, m -> true));
        }

        long stream(int n) {
            left.set(n);
            latch.reset();
            for (int i = 0; i < n; i++) {
                port.post(Stream.MESSAGE);
            }
            latch.await();
            return n;
        }
    }
}
