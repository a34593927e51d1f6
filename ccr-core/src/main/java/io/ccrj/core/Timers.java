package io.ccrj.core;

import io.ccrj.core.internal.TimerService;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Timers that post to a port after a delay, carrying the caller's causalities: use a timeout port
 * as a branch of {@link Arbiter#choice} for a receive with a timeout.
 *
 * <p>Thread safety: all methods may be called from any thread. Timers fire on one shared daemon
 * thread that only posts; handlers still run on their queues.
 */
public final class Timers {
    private Timers() {
    }

    /**
     * Posts an item to a port after a delay.
     *
     * @param delay not negative
     * @param port the port
     * @param item the item; not null
     * @param <T> item type
     * @return a handle that cancels the post if it has not happened
     */
    public static <T> Cancellable postAfter(Duration delay, Port<T> port, T item) {
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(item, "item");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("timer delay must not be negative, was " + delay);
        }
        return TimerService.postAfter(saturatedNanos(delay), port, item);
    }

    /**
     * Posts the time of firing to a port after a delay (CCR's {@code EnqueueTimer}).
     *
     * @param delay not negative
     * @param port the port
     * @return a handle that cancels the post
     */
    public static Cancellable postTimeAfter(Duration delay, Port<Instant> port) {
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(port, "port");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("timer delay must not be negative, was " + delay);
        }
        return TimerService.postSupplied(saturatedNanos(delay), port, Instant::now);
    }

    /** Nanoseconds, saturating at {@code Long.MAX_VALUE} (~292 years) instead of overflowing. */
    private static long saturatedNanos(Duration delay) {
        return TimeUnit.NANOSECONDS.convert(delay);
    }

    /**
     * A new port that receives one {@link Instant} after a delay.
     *
     * @param delay not negative
     * @return the port
     */
    public static Port<Instant> timeout(Duration delay) {
        Port<Instant> port = new Port<>("timeout(" + delay + ")");
        postTimeAfter(delay, port);
        return port;
    }
}
