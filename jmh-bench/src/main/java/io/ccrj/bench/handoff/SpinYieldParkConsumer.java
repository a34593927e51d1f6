package io.ccrj.bench.handoff;

import io.ccrj.core.IdleStrategy;

import org.jctools.queues.MpscArrayQueue;

import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The raw baseline for ccr-core's hand-offs: one platform consumer thread polling one JCTools queue,
 * idling exactly as a ccr-core dispatcher worker does, so that a comparison measures ports,
 * arbiters and dispatcher queues and not a different idle policy.
 *
 * <p>Mirrored from {@code io.ccrj.core.internal.WorkerPool#workerLoop} and {@code #park}: read the
 * clock once every 64 empty polls; busy-spin ({@link Thread#onSpinWait()}) for
 * {@link IdleStrategy#spinNanos()}, then {@link Thread#yield()} for {@link IdleStrategy#yieldNanos()},
 * then park (100 ms at most). Lost wake-ups are excluded the same way: the consumer publishes
 * PARKED and increments {@code parkedCount} before a last look at the queue; a producer offers
 * first, then reads {@code parkedCount} and unparks (both sides sequentially consistent).
 *
 * <p>Threading: {@link #offer} only from the producer(s) the queue allows: for an SPSC queue, one
 * thread, ever. JCTools' SPSC producer keeps its index in plain fields, and the release that
 * publishes an element precedes the index store, so even producers that take turns with a
 * happens-before edge through the consumer can reuse a slot and lose an element (a ping-pong whose
 * first ball came from the benchmark thread did). Other threads use {@link #offerFromOtherThread},
 * a small MPSC side queue that the consumer polls only when its main queue is empty. The handler
 * runs on the consumer thread only.
 *
 * @param <E> the element type
 */
public final class SpinYieldParkConsumer<E> implements AutoCloseable {
    private static final int RUNNING = 0;
    private static final int PARKED = 1;
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Queue<E> queue;
    private final Queue<E> others = new MpscArrayQueue<>(64);
    private final Consumer<? super E> handler;
    private final long spinNanos;
    private final long yieldNanos;
    private final boolean parks;
    private final AtomicInteger parkState = new AtomicInteger(RUNNING);
    private final AtomicInteger parkedCount = new AtomicInteger();
    /** Parks a producer ended (the consumer woken by an offer, not by its timeout); for tests. */
    private final AtomicInteger producerWakeUps = new AtomicInteger();
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * Starts the consumer thread.
     *
     * @param name thread name
     * @param queue the queue it polls
     * @param idle the idle strategy (use ccr-core's default for an honest comparison)
     * @param handler what to do with each element
     */
    public SpinYieldParkConsumer(String name, Queue<E> queue, IdleStrategy idle, Consumer<? super E> handler) {
        this.queue = queue;
        this.handler = handler;
        this.spinNanos = idle.spinNanos();
        this.yieldNanos = idle.yieldNanos();
        this.parks = idle.parks();
        this.thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Enqueues an element and wakes the consumer if it is parked (as {@code WorkerPool.makeReady}).
     *
     * @param e the element
     */
    public void offer(E e) {
        if (!queue.offer(e)) {
            throw new IllegalStateException("queue full");
        }
        if (parkedCount.get() > 0) {
            wake();
        }
    }

    /**
     * Enqueues an element from a thread that is not the main queue's producer (a benchmark thread
     * starting a batch), and wakes the consumer if it is parked.
     *
     * @param e the element
     */
    public void offerFromOtherThread(E e) {
        if (!others.offer(e)) {
            throw new IllegalStateException("side queue full");
        }
        if (parkedCount.get() > 0) {
            wake();
        }
    }

    private void wake() {
        if (parkState.get() == PARKED && parkState.compareAndSet(PARKED, RUNNING)) {
            parkedCount.decrementAndGet();
            producerWakeUps.incrementAndGet(); // only on a wake-up, beside an unpark: off the polling path
            LockSupport.unpark(thread);
        }
    }

    /** {@return whether the consumer is parked now (a snapshot)} */
    boolean isParked() {
        return parkState.get() == PARKED;
    }

    /** {@return how many of the consumer's parks an offer ended} */
    int producerWakeUps() {
        return producerWakeUps.get();
    }

    private void loop() {
        long idleSince = 0;
        int spins = 0;
        while (true) {
            E e = queue.poll();
            if (e == null) {
                e = others.poll();
            }
            if (e != null) {
                idleSince = 0;
                spins = 0;
                handler.accept(e);
                continue;
            }
            if (!running) {
                return;
            }
            if (idleSince == 0) {
                idleSince = System.nanoTime();
            }
            if ((++spins & 63) != 0) {
                Thread.onSpinWait();
                continue;
            }
            long idleFor = System.nanoTime() - idleSince;
            if (idleFor < spinNanos) {
                Thread.onSpinWait();
            } else if (idleFor < spinNanos + yieldNanos) {
                Thread.yield();
            } else if (parks) {
                park();
                idleSince = System.nanoTime();
                spins = 0;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void park() {
        parkState.set(PARKED);
        parkedCount.incrementAndGet();
        if (queue.isEmpty() && others.isEmpty() && running) { // the last look, after publishing PARKED
            LockSupport.parkNanos(this, MAX_PARK_NANOS);
        }
        if (parkState.compareAndSet(PARKED, RUNNING)) {
            parkedCount.decrementAndGet();
        }
    }

    /** Stops the thread after it has drained the queue and waits for it (1 s at most). */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
