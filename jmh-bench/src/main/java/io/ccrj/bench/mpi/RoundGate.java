package io.ccrj.bench.mpi;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Starts rounds of work on a fixed set of rank threads and waits for them to finish, cheaply
 * enough to time rounds of a few microseconds: ranks waiting for a round spin briefly, then
 * yield, then park, and the driver spins briefly, then parks
 * (a park/unpark across cores costs tens of microseconds on a small virtual machine, see
 * docs/platform.md; blind spinning with more threads than cores starves the one thread that must
 * make progress, hence the yields).
 *
 * <p>Threading: one driver thread calls {@link #start}, {@link #awaitRound} and {@link #stop};
 * each rank thread calls {@link #awaitStart} and {@link #finished} with its own rank. The
 * volatile write of {@code round} in {@link #start} publishes {@code work} to the ranks (they
 * read {@code round} first); each rank's {@code remaining.decrementAndGet} happens-before the
 * driver's read of zero, so everything a rank did in the round is visible to the driver.
 */
final class RoundGate {
    /** Spin-with-onSpinWait budget, then (ranks only) yield budget, before parking (nanoseconds). */
    private static final long SPIN_NANOS = 2_000;
    private static final long YIELD_NANOS = 200_000;

    /** Work value telling the ranks to leave. */
    static final int STOP = -1;

    private final int parties;
    private final AtomicReferenceArray<Thread> parked;
    private final AtomicInteger remaining = new AtomicInteger();
    private volatile long round;
    private volatile int work;
    private volatile Thread driver;
    private volatile boolean failed;

    RoundGate(int parties) {
        this.parties = parties;
        this.parked = new AtomicReferenceArray<>(parties);
    }

    /** Driver, before the ranks start: the next {@link #awaitRound} waits for every rank's first {@link #finished}. */
    void arm() {
        driver = Thread.currentThread();
        remaining.set(parties);
    }

    /** Driver: starts a round in which every rank does {@code work} units. */
    void start(int work) {
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
    void awaitRound() {
        long begin = System.nanoTime();
        while (remaining.get() > 0 && !failed) {
            if (System.nanoTime() - begin < SPIN_NANOS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, 1_000_000);
            }
        }
    }

    /** Driver: tells the ranks to leave. */
    void stop() {
        start(STOP);
    }

    /** Driver, or a world that failed: wakes the driver for good. */
    void fail() {
        failed = true;
        Thread d = driver;
        if (d != null) {
            LockSupport.unpark(d);
        }
    }

    /** Rank: waits for round {@code expected} to start; returns its work, or {@link #STOP}. */
    int awaitStart(int rank, long expected) {
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
    void finished() {
        if (remaining.decrementAndGet() == 0) {
            Thread d = driver;
            if (d != null) {
                LockSupport.unpark(d);
            }
        }
    }
}
