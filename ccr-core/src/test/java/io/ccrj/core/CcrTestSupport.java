package io.ccrj.core;

import org.junit.jupiter.api.AfterEach;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.fail;

/**
 * Shared plumbing for the ccr-core unit tests: dispatchers and gates that are always cleaned up,
 * and bounded waits. Nothing here sleeps to wait for an event; {@link #eventually} polls a
 * condition under a deadline, and {@link #barrier} uses the FIFO order of a one-thread dispatcher.
 */
abstract class CcrTestSupport {
    /** Generous: the reference machine has 2 cores shared with parallel builds. */
    static final long WAIT_SECONDS = 10;
    /** The longest a test sleeps to show that something does NOT happen. */
    static final long QUIET_MILLIS = 100;

    private static final AtomicInteger NAMES = new AtomicInteger();
    /** Runs helper receivers (completing futures) on virtual threads: no dispatcher to close. */
    static final DispatcherQueue HELPER = DispatcherQueue.onVirtualThreads("test-helper");

    private final List<Dispatcher> dispatchers = new ArrayList<>();
    private final List<CountDownLatch> gates = new ArrayList<>();

    /** A dispatcher closed (and, if stuck, shut down) after the test. */
    Dispatcher dispatcher(int threads) {
        Dispatcher d = new Dispatcher(threads, "t" + NAMES.incrementAndGet());
        dispatchers.add(d);
        return d;
    }

    Dispatcher dispatcher(int threads, String name) {
        Dispatcher d = new Dispatcher(threads, name);
        dispatchers.add(d);
        return d;
    }

    /** A closed gate that handlers wait on; opened after the test whatever happens. */
    CountDownLatch gate() {
        CountDownLatch g = new CountDownLatch(1);
        gates.add(g);
        return g;
    }

    @AfterEach
    void releaseGatesAndCloseDispatchers() {
        gates.forEach(CountDownLatch::countDown);
        for (Dispatcher d : dispatchers) {
            d.close(Duration.ofSeconds(5));
            if (!d.isTerminated()) {
                d.shutdownNow();
            }
        }
        Causality.clearCurrent();
    }

    static void await(CountDownLatch latch) {
        try {
            if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                fail("latch not released within " + WAIT_SECONDS + " s (count " + latch.getCount() + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted", e);
        }
    }

    /** Waits on a gate from inside a handler; a handler must never hang the suite. */
    static void hold(CountDownLatch gate) {
        try {
            if (!gate.await(WAIT_SECONDS * 2, TimeUnit.SECONDS)) {
                throw new IllegalStateException("gate never opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static <V> V await(Future<V> future) {
        try {
            return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            return fail("future did not complete normally within " + WAIT_SECONDS + " s", e);
        }
    }

    /** Polls a condition (every millisecond) until it holds; fails after the deadline. */
    static void eventually(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("condition not reached within " + WAIT_SECONDS + " s: " + what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    /**
     * Runs an empty task through {@code queue} and waits for it: on a one-thread dispatcher every
     * task the queue accepted before has run by then.
     */
    static void barrier(DispatcherQueue queue) {
        await(queue.execute(() -> { }));
    }

    /** The next item of a port, taken by a helper receiver. */
    static <T> CompletableFuture<T> next(Port<T> port) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Arbiter.activate(HELPER, Arbiter.receive(false, port, f::complete));
        return f;
    }

    static <T> T awaitItem(Port<T> port) {
        return await(next(port));
    }

    static void quietPeriod() {
        try {
            Thread.sleep(QUIET_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
