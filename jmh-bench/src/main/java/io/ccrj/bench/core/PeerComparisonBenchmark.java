package io.ccrj.bench.core;

import io.ccrj.bench.handoff.PingPong;
import io.ccrj.bench.handoff.Stream;
import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * ccr-core side by side with the JVM tools a user would otherwise pick, in one JMH run, so that
 * the ratios hold on whatever machine runs it:
 * <ul>
 *   <li>{@link OneWay}: one producer to one consumer, messages per second: ccr-core (a port with
 *   a persistent receive on a one-thread dispatcher), an Apache Pekko typed actor, a jox channel
 *   drained by a virtual thread, {@code ForkJoinPool(1).submit} and {@code CompletableFuture.runAsync}
 *   on it per message, an {@code ArrayBlockingQueue} drained by a virtual thread, and a raw JCTools
 *   MPSC queue to one thread idling like ccr-core (a baseline). Run with {@code -prof gc} for bytes per message.</li>
 *   <li>{@link RoundTrip}: ping-pong between two parties, time per round trip: ccr-core (one
 *   one-thread dispatcher per party, both parties on one one-thread dispatcher, and both on one
 *   two-thread dispatcher), Pekko, jox rendezvous channels, {@code SynchronousQueue} on virtual
 *   threads, {@code CompletableFuture.runAsync} hops between two one-thread pools, and the floor: two
 *   threads spinning on JCTools SPSC queues.</li>
 *   <li>{@link ScatterGather}: 1,000 tasks of 1, 10, 100 or 1,000 xorshift rounds scattered and their
 *   results gathered on two workers: ccr-core (requests to a port with a persistent receive, results
 *   gathered by a {@code multipleItemReceive} of 1,000) against {@code CompletableFuture.supplyAsync}
 *   on a two-thread {@code ForkJoinPool} and {@code allOf}, {@code invokeAll} on
 *   {@code Executors.newFixedThreadPool(2)}, one virtual thread per task, and Apache Pekko (a pool
 *   router of two typed actors replying to a gathering actor); and the floor, the same work as two
 *   halves on the {@code ForkJoinPool(2)}.</li>
 * </ul>
 *
 * <pre>{@code
 * java -jar jmh-bench/target/benchmarks.jar PeerComparisonBenchmark -prof gc
 * }</pre>
 */
public class PeerComparisonBenchmark {
    private PeerComparisonBenchmark() {
    }

    /** One-way throughput. */
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @State(Scope.Benchmark)
    // Five forks: forks fall into two modes about 2x apart on 2-vCPU machines; fewer give whichever mode the run caught.
    @Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class OneWay {
        /** Messages per invocation. */
        public static final int BATCH = 100_000;

        @Param({"ccr", "pekko", "jox", "fjp", "completableFuture", "virtualThreadQueue", "jctoolsMpsc"})
        public String impl;

        private Stream peer;

        @Setup(Level.Trial)
        public void start() {
            peer = Peers.oneWay(impl);
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            peer.close();
        }

        /** A batch of one-way messages; every one must have been handled (bin/ccrj peers checks every answer). */
        @Benchmark
        @OperationsPerInvocation(BATCH)
        public long oneWay() throws Exception {
            long handled = peer.stream(BATCH);
            if (handled != BATCH) {
                throw new IllegalStateException("wrong answer: " + impl + " handled " + handled + " of " + BATCH + " messages");
            }
            return handled;
        }
    }

    /** Ping-pong round trips. */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @State(Scope.Benchmark)
    // Five forks: forks fall into two modes about 2x apart on 2-vCPU machines; fewer give whichever mode the run caught.
    @Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class RoundTrip {
        /** Round trips per invocation. */
        public static final int ROUNDS = 10_000;

        @Param({"ccr", "ccrOneDispatcher", "ccrTwoThreads", "pekko", "jox", "syncQueueVirtual", "completableFuture", "floor"})
        public String impl;

        private PingPong peer;

        @Setup(Level.Trial)
        public void start() {
            peer = Peers.roundTrips(impl);
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            peer.close();
        }

        /** A batch of round trips; the ball must come back with none left. */
        @Benchmark
        @OperationsPerInvocation(ROUNDS)
        public int pingPong() throws Exception {
            int left = peer.play(ROUNDS);
            if (left != 0) {
                throw new IllegalStateException("wrong answer: " + impl + " stopped with " + left + " round trips left");
            }
            return left;
        }
    }

    /**
     * Scatter 1,000 tasks, gather their results. A task is {@code rounds} rounds of a 64-bit
     * xorshift from its index, so the task size runs from next to nothing (where the scatter and the
     * gather are all there is) to about a microsecond (where the workers' parallelism is).
     */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    // Five forks, as for the other workloads: the ratios need the forks' modes.
    @Fork(value = 5, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class ScatterGather {
        /** Tasks per scatter. */
        public static final int TASKS = 1_000;

        @Param({"ccr", "completableFuture", "invokeAll", "virtualThreads", "pekko", "twoHalves"})
        public String impl;

        /** Xorshift rounds per task. */
        @Param({"1", "10", "100", "1000"})
        public int rounds;

        /** The sum every scatter-gather of this trial must gather. */
        private long expected;

        private Dispatcher dispatcher;
        private DispatcherQueue queue;
        private final Port<Request> requests = new Port<>("requests");
        /** The two-thread ForkJoinPool, or the executor of one virtual thread per task. */
        private ExecutorService executor;

        /** One scattered task: its input and where its result goes. */
        record Request(int n, Port<Long> reply) {
        }

        /** Pekko: the router of two worker actors, and the gathering actor's sums to come. */
        private PekkoScatter pekko;

        @Setup(Level.Trial)
        public void start() {
            if (rounds < 1) {
                throw new IllegalArgumentException("rounds must be at least 1, not " + rounds);
            }
            expected = sum(rounds);
            int r = rounds;
            switch (impl) {
                case "ccr" -> {
                    dispatcher = new Dispatcher(2, "scatter", IdleStrategy.spinThenPark());
                    queue = dispatcher.createQueue("tasks");
                    // The workers: a persistent receive, whose tasks run on both dispatcher threads.
                    Arbiter.activate(queue, Arbiter.receive(true, requests, q -> q.reply().post(work(q.n(), r))));
                }
                case "completableFuture", "twoHalves" -> executor = new ForkJoinPool(2);
                case "invokeAll" -> executor = Executors.newFixedThreadPool(2);
                case "virtualThreads" -> executor = Executors.newVirtualThreadPerTaskExecutor();
                case "pekko" -> pekko = PekkoScatter.start(TASKS, n -> work(n, r));
                default -> throw new IllegalArgumentException("unknown scatter-gather peer " + impl);
            }
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            if (dispatcher != null) {
                dispatcher.close();
            }
            if (executor != null) {
                executor.shutdownNow();
            }
            if (pekko != null) {
                pekko.close();
            }
        }

        /** Task {@code i}'s result: {@code rounds} rounds of Marsaglia's 64-bit xorshift (13, 7, 17) from {@code i + 1}. */
        static long work(int i, int rounds) {
            long x = i + 1;
            for (int k = 0; k < rounds; k++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            return x;
        }

        /** The sum a scatter-gather of tasks of {@code rounds} rounds must gather, computed on one thread. */
        static long sum(int rounds) {
            return range(0, TASKS, rounds);
        }

        /** One scatter-gather; the gathered sum is checked. */
        @Benchmark
        public long scatterGather() throws Exception {
            long sum = switch (impl) {
                case "ccr" -> ccr();
                case "invokeAll" -> invokeAll();
                case "virtualThreads" -> gathered(submitted());
                case "twoHalves" -> twoHalves();
                case "pekko" -> pekko.scatterGather();
                default -> futures();
            };
            if (sum != expected) {
                throw new IllegalStateException("wrong answer: " + impl + " gathered " + sum + ", not " + expected);
            }
            return sum;
        }

        /** One virtual thread per task (the JDK's advice for many small tasks): each task submitted on its own. */
        private List<Future<Long>> submitted() {
            List<Future<Long>> fs = new ArrayList<>(TASKS);
            int r = rounds;
            for (int i = 0; i < TASKS; i++) {
                int n = i;
                fs.add(executor.submit(() -> work(n, r)));
            }
            return fs;
        }

        /** {@code ExecutorService.invokeAll} on a fixed pool of two: the classic executor's fan-out and join. */
        private long invokeAll() throws Exception {
            List<Callable<Long>> tasks = new ArrayList<>(TASKS);
            int r = rounds;
            for (int i = 0; i < TASKS; i++) {
                int n = i;
                tasks.add(() -> work(n, r));
            }
            return gathered(executor.invokeAll(tasks));
        }

        /**
         * The floor of any fan-out of these tasks on two workers: the same work as two tasks of
         * {@value #TASKS} / 2 each on the {@code ForkJoinPool(2)}, so no per-task cost at all.
         */
        private long twoHalves() throws Exception {
            int r = rounds;
            CompletableFuture<Long> low = CompletableFuture.supplyAsync(() -> range(0, TASKS / 2, r), executor);
            CompletableFuture<Long> high = CompletableFuture.supplyAsync(() -> range(TASKS / 2, TASKS, r), executor);
            return low.get(10, TimeUnit.SECONDS) + high.get(10, TimeUnit.SECONDS);
        }

        /** The results of tasks {@code from} to {@code to} - 1, summed on the calling thread. */
        private static long range(int from, int to, int rounds) {
            long s = 0;
            for (int i = from; i < to; i++) {
                s += work(i, rounds);
            }
            return s;
        }

        /** The sum of the tasks' results, waiting for each. */
        private static long gathered(List<Future<Long>> fs) throws Exception {
            long s = 0;
            for (Future<Long> f : fs) {
                s += f.get(10, TimeUnit.SECONDS);
            }
            return s;
        }

        private long ccr() throws Exception {
            Port<Long> results = new Port<>("results");
            CompletableFuture<Long> sum = new CompletableFuture<>();
            Arbiter.activate(queue, Arbiter.multipleItemReceive(results, TASKS, rs -> {
                long s = 0;
                for (long r : rs) {
                    s += r;
                }
                sum.complete(s);
            }));
            for (int i = 0; i < TASKS; i++) {
                requests.post(new Request(i, results));
            }
            return sum.get(10, TimeUnit.SECONDS);
        }

        private long futures() throws Exception {
            List<CompletableFuture<Long>> fs = new ArrayList<>(TASKS);
            int r = rounds;
            for (int i = 0; i < TASKS; i++) {
                int n = i;
                fs.add(CompletableFuture.supplyAsync(() -> work(n, r), executor));
            }
            CompletableFuture.allOf(fs.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
            long s = 0;
            for (CompletableFuture<Long> f : fs) {
                s += f.join();
            }
            return s;
        }
    }
}
