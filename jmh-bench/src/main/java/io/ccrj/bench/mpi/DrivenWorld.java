package io.ccrj.bench.mpi;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Kernel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A world of either backend kept alive across JMH invocations, so that only the measured
 * communication is timed, not world start-up (an MPJ Express world takes 50-150 ms to start):
 * each rank prepares its buffers once, then runs rounds of {@code n} operations whenever the
 * benchmark thread starts one ({@link #round(int)}; the constructor returns once every rank is
 * ready), between which it waits at a gate, outside any communicator call.
 *
 * <p>The gate starts rounds and waits for them cheaply enough to time rounds of a few
 * microseconds: ranks waiting for a round spin briefly, then yield, then park, and the driver
 * spins briefly, then parks (a park/unpark across cores costs tens of microseconds on a small
 * virtual machine, see docs/platform.md; blind spinning with more threads than cores starves the
 * one thread that must make progress, hence the yields).
 *
 * <p>Threading: {@link #round} and {@link #close} are called by one thread (JMH's benchmark
 * thread, the driver); the world runs on its own thread, each rank calling {@link #awaitStart} and
 * {@link #finished} with its own rank. The volatile write of {@code round} in {@link #start}
 * publishes {@code work} to the ranks (they read {@code round} first); each rank's
 * {@code remaining.decrementAndGet} happens-before the driver's read of zero, so everything a rank
 * did in the round is visible to the driver.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: stopping the world waits for its ranks
final class DrivenWorld implements AutoCloseable {
    /** Spin-with-onSpinWait budget, then (ranks only) yield budget, before parking (nanoseconds). */
    private static final long SPIN_NANOS = 2_000;
    private static final long YIELD_NANOS = 200_000;
    /** Work value telling the ranks to leave. */
    private static final int STOP = -1;

    /** One rank's measured operation, prepared once per world. */
    @FunctionalInterface
    interface RankBody {
        /** Prepares this rank (allocates buffers) and returns what one round runs. */
        Operations prepare(Comm comm) throws Exception;
    }

    /** {@code n} repetitions of the measured operation. */
    @FunctionalInterface
    interface Operations {
        void run(int n) throws Exception;
    }

    private final int parties;
    private final AtomicReferenceArray<Thread> parked;
    private final AtomicInteger remaining = new AtomicInteger();
    private final Thread world;
    private volatile long round;
    private volatile int work;
    private volatile Thread driver;
    private volatile Throwable failure;

    DrivenWorld(MpiBackend backend, int size, RankBody body) {
        this(backend.id, size, body, kernel -> backend.run(size, kernel));
    }

    /** A world of {@code size} ranks that {@code runtime} runs (named {@code name} in its thread). */
    DrivenWorld(String name, int size, RankBody body, java.util.function.Consumer<Kernel<Void>> runtime) {
        parties = size;
        parked = new AtomicReferenceArray<>(size);
        driver = Thread.currentThread();
        remaining.set(size);                     // the first awaitRound waits for every rank's first finished
        Kernel<Void> kernel = comm -> {
            Operations ops = body.prepare(comm);
            ops.run(1);                          // every rank ready and connected before the first round
            comm.barrier();
            finished();
            int rank = comm.rank();
            for (long next = 1; ; next++) {
                int n = awaitStart(rank, next);
                if (n == STOP) {
                    return null;
                }
                ops.run(n);
                finished();
            }
        };
        world = Thread.ofPlatform().daemon().name("driven-world-" + name).start(() -> {
            try {
                runtime.accept(kernel);
            } catch (Throwable t) {
                failure = t;                     // wakes the driver for good
                LockSupport.unpark(driver);
            }
        });
        awaitRound();                            // the world is up: the caller times rounds only
        check("failed to start");
    }

    /** Runs {@code n} operations on every rank and waits for all of them. */
    void round(int n) {
        start(n);
        awaitRound();
        check("failed");
    }

    @Override
    public void close() throws InterruptedException {
        start(STOP);
        world.join(60_000);
        check("failed");
    }

    private void check(String what) {
        Throwable t = failure;
        if (t != null) {
            throw new IllegalStateException("the benchmark world " + what, t);
        }
    }

    /** Driver: starts a round in which every rank does {@code work} units. */
    private void start(int work) {
        driver = Thread.currentThread();
        remaining.set(parties);
        this.work = work;
        round++;                                   // volatile write: publishes work and remaining
        for (int i = 0; i < parties; i++) {
            Thread t = parked.get(i);
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * Driver: waits until every rank called {@link #finished} for the current round. It spins
     * briefly and then parks, without a yielding phase: a round takes hundreds of microseconds,
     * and a driver yielding through it would compete with the ranks for the cores (on 2 cores,
     * with the ranks on 2 virtual-thread carriers or 2 spinning platform threads, every yield is a
     * scheduler pass that may give the driver a core the ranks need). The last rank's
     * {@link #finished} unparks it, so a round pays one wake-up, spread over its operations.
     */
    private void awaitRound() {
        long begin = System.nanoTime();
        while (remaining.get() > 0 && failure == null) {
            if (System.nanoTime() - begin < SPIN_NANOS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, 1_000_000);
            }
        }
    }

    /** Rank: waits for round {@code expected} to start; returns its work, or {@link #STOP}. */
    private int awaitStart(int rank, long expected) {
        long begin = System.nanoTime();
        while (round < expected) {
            long waited = System.nanoTime() - begin;
            if (waited < SPIN_NANOS) {
                Thread.onSpinWait();
            } else if (waited < YIELD_NANOS) {
                Thread.yield();
            } else {
                parked.set(rank, Thread.currentThread());
                if (round < expected) {
                    LockSupport.park(this);
                }
                parked.set(rank, null);
            }
        }
        return work;
    }

    /** Rank: its part of the current round is done. */
    private void finished() {
        if (remaining.decrementAndGet() == 0) {
            LockSupport.unpark(driver);
        }
    }
}
