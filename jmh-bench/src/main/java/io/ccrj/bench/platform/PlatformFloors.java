package io.ccrj.bench.platform;

import io.ccrj.bench.dss.NettyTransport;
import io.ccrj.bench.dss.baseline.RawNettyHttpServer;
import io.ccrj.bench.dss.baseline.RawPingHandler;
import io.ccrj.bench.dss.client.HttpReply;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The floors of this machine that ccrj's figures stand on: what the JVM and the OS charge for
 * the primitives every runtime here is built from. {@link PlatformRunner} ({@code bin/ccrj
 * platform}) runs them and writes docs/platform.md. Forks, warm-up and iterations come from the
 * runner. Hand-offs and round trips are sampled (SampleTime: the median is the floor, the mean
 * carries the preemptions a shared machine adds); the copy is a mean. "One way" figures are half a
 * measured round trip.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PlatformFloors {
    /** Hand-offs per {@link #virtualThreadSwitch} invocation. */
    static final int SWITCHES = 2_000;

    /**
     * A partner platform thread that answers each ping: busy-spinning ({@code spin}) or parked
     * until unparked ({@code park}).
     */
    @State(Scope.Benchmark)
    public static class Partner {
        /** How the partner waits for the next ping. */
        @Param({"spin", "park"})
        public String wait;

        final AtomicLong ping = new AtomicLong();
        final AtomicLong pong = new AtomicLong();
        volatile Thread caller;
        volatile boolean stop;
        Thread thread;

        @Setup(Level.Trial)
        public void start() {
            boolean park = wait.equals("park");
            thread = Thread.ofPlatform().daemon().name("platform-partner").start(() -> {
                long seen = 0;
                while (!stop) {
                    long p = ping.get();
                    if (p == seen) {
                        if (park) {
                            LockSupport.park(this);
                        } else {
                            Thread.onSpinWait();
                        }
                        continue;
                    }
                    seen = p;
                    pong.set(p);
                    if (park) {
                        LockSupport.unpark(caller);
                    }
                }
            });
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            stop = true;
            LockSupport.unpark(thread);
            thread.join();
        }
    }

    /**
     * One thread-to-thread round trip between two platform threads: the benchmark thread sets a
     * value and waits until the partner echoes it, both waiting the way {@link Partner#wait} says.
     *
     * @param p the partner
     * @return the echoed value
     */
    @Benchmark
    public long threadRoundTrip(Partner p) {
        boolean park = p.wait.equals("park");
        p.caller = Thread.currentThread();
        long v = p.ping.incrementAndGet();
        if (park) {
            LockSupport.unpark(p.thread);
        }
        while (p.pong.get() != v) {
            if (park) {
                LockSupport.park(this);
            } else {
                Thread.onSpinWait();
            }
        }
        return v;
    }

    /**
     * Virtual-thread switches: two virtual threads hand a token to each other 2,000 times
     * (park/unpark, on the default scheduler); the figure is per hand-off.
     *
     * @return hand-offs made
     * @throws InterruptedException if interrupted while joining
     */
    @Benchmark
    @OperationsPerInvocation(SWITCHES)
    public long virtualThreadSwitch() throws InterruptedException {
        var turn = new AtomicLong();
        Thread[] threads = new Thread[2];
        for (int side = 0; side < 2; side++) {
            int me = side;
            threads[side] = Thread.ofVirtual().unstarted(() -> {
                for (long t = me; t < SWITCHES; t += 2) {
                    while (turn.get() != t) {
                        LockSupport.park();
                    }
                    turn.set(t + 1);
                    LockSupport.unpark(threads[1 - me]);
                }
            });
        }
        threads[0].start();
        threads[1].start();
        threads[0].join();
        threads[1].join();
        return turn.get();
    }

    /** A fork-join pool with two workers (the reference machine's core count). */
    @State(Scope.Benchmark)
    public static class Pool {
        ForkJoinPool pool;

        @Setup(Level.Trial)
        public void start() {
            pool = new ForkJoinPool(2);
        }

        @TearDown(Level.Trial)
        public void stop() {
            pool.shutdownNow();
        }
    }

    /**
     * Fork-join dispatch: one tiny task submitted from outside the pool and joined.
     *
     * @param p the pool
     * @return the task's result
     */
    @Benchmark
    public int forkJoinDispatch(Pool p) {
        return p.pool.submit(() -> 42).join();
    }

    /** A minimal Netty HTTP server on loopback and one keep-alive client connection. */
    @State(Scope.Benchmark)
    public static class Http {
        RawNettyHttpServer server;
        HttpRoundTripClient client;

        @Setup(Level.Trial)
        public void start() throws InterruptedException, IOException {
            server = RawNettyHttpServer.start("127.0.0.1", 0, 1, NettyTransport.named("auto"));
            client = HttpRoundTripClient.connect(HttpRequestSpec.get(server.baseUrl() + RawPingHandler.PING_PATH),
                    server.transport(), Duration.ofSeconds(10));
        }

        @TearDown(Level.Trial)
        public void stop() {
            client.close();
            server.close();
        }
    }

    /**
     * One loopback HTTP/1.1 round trip: a GET written, the whole small JSON response read.
     *
     * @param h the server and connection
     * @return the reply
     * @throws IOException if the exchange fails
     */
    @Benchmark
    public HttpReply loopbackHttpRoundTrip(Http h) throws IOException {
        return h.client.exchange();
    }

    /** Arrays of doubles to copy. */
    @State(Scope.Thread)
    public static class Arrays {
        /** Doubles per copy. */
        @Param({"100000", "1000000"})
        public int doubles;

        double[] from;
        double[] to;

        @Setup(Level.Trial)
        public void fill() {
            from = new double[doubles];
            to = new double[doubles];
            java.util.Arrays.fill(from, 1.5);
        }
    }

    /**
     * One {@code System.arraycopy} of the array; bandwidth is bytes copied over this time.
     *
     * @param a the arrays
     * @return the destination
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public double[] arraycopy(Arrays a) {
        System.arraycopy(a.from, 0, a.to, 0, a.doubles);
        return a.to;
    }
}
