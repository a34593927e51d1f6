package io.ccrj.bench.spark;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A ccr-mpi world kept alive across JMH invocations: every rank prepares once, then runs rounds of
 * {@code n} operations whenever the benchmark thread starts one ({@link #round(int)}), waiting
 * between rounds at a gate outside any communicator call. So only the iterations are timed, not
 * the world's start-up: the ranks persist, as the clustering kernel's do through an annealing.
 *
 * <p>The gate is jmh-bench's {@code DrivenWorld}'s (same spin, yield and park budgets), so that
 * the k-means iteration timed here is timed as {@code AnnealingIterationBenchmark} times the EM
 * iteration; it is repeated here rather than shared because jmh-bench's shaded jar cannot be on
 * Spark's class path. Ranks waiting for a round spin briefly, then yield, then park; the driver
 * spins briefly, then parks, and the last rank to finish unparks it.
 *
 * <p>Threading: {@link #round} and {@link #close} are called by one thread (the driver); each
 * rank calls {@code awaitStart} and {@code finished} with its own rank. The volatile write of
 * {@code round} publishes {@code work} to the ranks; each rank's {@code decrementAndGet}
 * happens-before the driver's read of zero.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: stopping the world waits for its ranks
final class PersistentRanks implements AutoCloseable {
    private static final long SPIN_NANOS = 2_000;
    private static final long YIELD_NANOS = 200_000;
    private static final int STOP = -1;

    /** What a rank prepares once (on its own thread) and then runs, round after round. */
    @FunctionalInterface
    interface RankBody {
        /** Prepares this rank and returns what one round runs: {@code n} operations. */
        java.util.function.IntConsumer prepare(io.ccrj.mpi.Comm comm);
    }

    private final int parties;
    private final AtomicReferenceArray<Thread> parked;
    private final AtomicInteger remaining = new AtomicInteger();
    private final Thread world;
    private volatile long round;
    private volatile int work;
    private volatile Thread driver;
    private volatile Throwable failure;

    /**
     * Starts {@code size} ranks and returns once every one has prepared and run one operation.
     *
     * @throws IllegalArgumentException if {@code size} is below 1
     * @throws IllegalStateException if a rank failed to prepare
     */
    PersistentRanks(int size, RankBody body) {
        if (size < 1) {
            throw new IllegalArgumentException("ranks must be at least 1, got " + size);
        }
        parties = size;
        parked = new AtomicReferenceArray<>(size);
        driver = Thread.currentThread();
        remaining.set(size);
        Kernel<Void> kernel = comm -> {
            java.util.function.IntConsumer ops = body.prepare(comm);
            ops.accept(1);                       // every rank ready and connected before the first round
            comm.barrier();
            finished();
            int rank = comm.rank();
            for (long next = 1; ; next++) {
                int n = awaitStart(rank, next);
                if (n == STOP) {
                    return null;
                }
                ops.accept(n);
                finished();
            }
        };
        SpmdWorld spmd = SpmdWorld.builder().size(size).name("spark-peer-ranks").build();
        world = Thread.ofPlatform().daemon().name("spark-peer-ranks").start(() -> {
            try {
                spmd.run(kernel);
            } catch (Throwable t) {
                failure = t;                     // wakes the driver for good
                LockSupport.unpark(driver);
            }
        });
        awaitRound();
        check("failed to start");
    }

    /** Runs {@code n} operations on every rank and waits for all of them. */
    void round(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a round needs at least one operation, got " + n);
        }
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
            throw new IllegalStateException("the ranks " + what, t);
        }
    }

    private void start(int work) {
        driver = Thread.currentThread();
        remaining.set(parties);
        this.work = work;
        round++;                                 // volatile write: publishes work and remaining
        for (int i = 0; i < parties; i++) {
            Thread t = parked.get(i);
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Driver: spins briefly, then parks (no yields: they would take cores the ranks need). */
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

    private void finished() {
        if (remaining.decrementAndGet() == 0) {
            LockSupport.unpark(driver);
        }
    }
}
