package io.ccrj.core;

import java.time.Duration;

/**
 * What an idle dispatcher worker does while it waits for work: spin, then yield, then park.
 *
 * <p>Why a choice: on a small virtual machine a parked thread takes tens of microseconds to wake
 * (a futex wake of an idle CPU; docs/platform.md has the park/unpark floor), which dominates a fine-grained hand-off, while spinning forever burns a core and,
 * with more workers than cores, starves the thread that would produce the work. The default spins
 * long enough to cover a typical gap between messages, yields for a while so that other runnable
 * threads get the CPU, and then parks, so an idle dispatcher costs nothing.
 */
public interface IdleStrategy {
    /** {@return how long to busy-spin ({@link Thread#onSpinWait()}) after running out of work} */
    long spinNanos();

    /** {@return how long to keep yielding after the spin phase} */
    long yieldNanos();

    /** {@return {@code true} to park after the yield phase; {@code false} to spin forever} */
    boolean parks();

    /** {@return spin 50 µs, yield 200 µs, then park: the default} */
    static IdleStrategy spinThenPark() {
        return new SpinThenParkIdleStrategy(Duration.ofNanos(50_000), Duration.ofNanos(200_000));
    }

    /**
     * An idle strategy that spins, then yields, then parks, for the given times.
     *
     * @param spin how long to spin
     * @param yield how long to yield after spinning
     * @return a spin-then-yield-then-park strategy
     */
    static IdleStrategy spinThenPark(Duration spin, Duration yield) {
        return new SpinThenParkIdleStrategy(spin, yield);
    }

    /** {@return park as soon as there is no work: lowest CPU use, highest wake-up latency} */
    static IdleStrategy parkImmediately() {
        return new SpinThenParkIdleStrategy(Duration.ZERO, Duration.ZERO);
    }

    /** {@return never park: lowest latency, one core per worker burnt while idle} */
    static IdleStrategy busySpin() {
        return BusySpinIdleStrategy.INSTANCE;
    }
}
