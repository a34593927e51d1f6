package io.ccrj.core;

import java.time.Duration;
import java.util.Objects;

/**
 * Spin, then nap (yield the core, woken at once by work), then park: the default {@link IdleStrategy}.
 */
public final class SpinThenParkIdleStrategy implements IdleStrategy {
    private final long spinNanos;
    private final long yieldNanos;

    /**
     * Creates a strategy that spins, then naps, then parks.
     *
     * @param spin how long to spin; not negative
     * @param yield how long to nap after spinning; not negative
     */
    public SpinThenParkIdleStrategy(Duration spin, Duration yield) {
        Objects.requireNonNull(spin, "spin");
        Objects.requireNonNull(yield, "yield");
        if (spin.isNegative() || yield.isNegative()) {
            throw new IllegalArgumentException("spin and yield durations must not be negative: " + spin + ", " + yield);
        }
        this.spinNanos = spin.toNanos();
        this.yieldNanos = yield.toNanos();
    }

    @Override
    public long spinNanos() {
        return spinNanos;
    }

    @Override
    public long yieldNanos() {
        return yieldNanos;
    }

    @Override
    public boolean parks() {
        return true;
    }

    @Override
    public String toString() {
        return "SpinThenPark[spin=" + spinNanos / 1000 + "us, yield=" + yieldNanos / 1000 + "us]";
    }
}
