package io.ccrj.core.internal;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.jctools.queues.SpscArrayQueue;
import org.jctools.queues.SpscGrowableArrayQueue;
import org.jctools.queues.atomic.MpscAtomicArrayQueue;
import org.jctools.queues.atomic.SpscAtomicArrayQueue;
import org.jctools.queues.atomic.SpscGrowableAtomicArrayQueue;

import java.util.Queue;

/**
 * The concurrent queues under the dispatcher, made in one place so that none of them uses
 * {@code sun.misc.Unsafe}: on JDK 24+ the first use of it prints a warning on every program that
 * uses ccr-core, unless the JVM was started with {@code --sun-misc-unsafe-memory-access=allow}.
 * JCTools' queues in {@code org.jctools.queues} (and {@code org.jctools.queues.unpadded}) all
 * initialise {@code org.jctools.util.UnsafeAccess}; those of {@code org.jctools.queues.atomic}
 * do not. The unbounded multi-producer queues are {@link XaddQueue}: JCTools' atomic package has
 * none with a fetch-and-add offer, nor any unbounded multi-consumer one.
 *
 * <p>The JVM system property {@value #UNSAFE_PROPERTY}{@code =true}, read once when this class is
 * initialised, makes them JCTools' {@code Unsafe} queues instead. It exists for the benchmarks
 * that compare the two inside ccr-core's own hand-off paths; it is not a supported setting.
 */
final class TaskQueues {
    /** The benchmark-only switch to JCTools' {@code Unsafe} queues (class comment). */
    static final String UNSAFE_PROPERTY = "io.ccrj.core.internal.unsafeQueues";
    /** Read once: every queue of a JVM is of one kind, so each call site sees one class. */
    static final boolean UNSAFE = Boolean.getBoolean(UNSAFE_PROPERTY);

    private TaskQueues() {
    }

    /** Unbounded, any number of producers and consumers; {@code chunk} a power of two. */
    static <E> Queue<E> mpmcUnbounded(int chunk) {
        return UNSAFE ? new MpmcUnboundedXaddArrayQueue<>(chunk) : XaddQueue.mpmc(chunk);
    }

    /** Unbounded, any number of producers, one consumer at a time; {@code chunk} a power of two. */
    static <E> Queue<E> mpscUnbounded(int chunk) {
        return UNSAFE ? new MpscUnboundedXaddArrayQueue<>(chunk) : XaddQueue.mpsc(chunk);
    }

    /** One producer and one consumer at a time, growing from {@code initial} up to {@code max} elements. */
    static <E> Queue<E> spscGrowable(int initial, int max) {
        return UNSAFE ? new SpscGrowableArrayQueue<>(initial, max) : new SpscGrowableAtomicArrayQueue<>(initial, max);
    }

    /** Bounded to {@code capacity}, one producer and one consumer at a time. */
    static <E> MessagePassingQueue<E> spscBounded(int capacity) {
        return UNSAFE ? new SpscArrayQueue<>(capacity) : new SpscAtomicArrayQueue<>(capacity);
    }

    /** Bounded to {@code capacity}, any number of producers, one consumer at a time. */
    static <E> MessagePassingQueue<E> mpscBounded(int capacity) {
        return UNSAFE ? new MpscArrayQueue<>(capacity) : new MpscAtomicArrayQueue<>(capacity);
    }
}
