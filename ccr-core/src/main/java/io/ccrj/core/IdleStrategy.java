package io.ccrj.core;

import java.time.Duration;

/**
 * What an idle dispatcher worker does while it waits for work: spin, then yield its core (a nap),
 * then park.
 *
 * <p>Why a choice: on a small virtual machine a parked thread takes tens of microseconds to wake
 * (a futex wake of an idle CPU; docs/platform.md has the park/unpark floor), which dominates a
 * fine-grained hand-off, while spinning forever burns a core and, with more workers than cores,
 * starves the thread that would produce the work. The default spins long enough to cover a
 * typical gap between messages, then naps for a while, then parks, so an idle dispatcher costs
 * nothing.
 *
 * <p>A nap gives the core away as a park does (so a thread that needs it, such as the one that
 * will post the next work, gets it at once) but in short timed slices, and work posted to the
 * dispatcher wakes a napping worker at once; between slices the worker looks for work again. It
 * differs from the park that follows in how a hand-off kept on a busy worker's core is treated (a
 * napping worker leaves it there for up to a slice) and in that it is not counted in
 * {@link DispatcherMetrics#parks()}. What it costs: a wake-up by a post pays an unpark on the
 * posting thread and the scheduler's wake-up latency of the napping thread, where a spinning
 * worker would have found the work at once; each slice that ends unwoken costs a timer wake-up.
 */
public interface IdleStrategy {
    /** {@return how long to busy-spin ({@link Thread#onSpinWait()}) after running out of work} */
    long spinNanos();

    /**
     * {@return how long to nap (yield the core, woken at once by work) after the spin phase; only
     * where {@link #parks()}}
     */
    long yieldNanos();

    /** {@return {@code true} to nap and then park after the spin phase; {@code false} to spin forever} */
    boolean parks();

    /** {@return spin 50 µs, nap 200 µs, then park: the default} */
    static IdleStrategy spinThenPark() {
        return new SpinThenParkIdleStrategy(Duration.ofNanos(50_000), Duration.ofNanos(200_000));
    }

    /**
     * An idle strategy that spins, then naps, then parks, for the given times.
     *
     * @param spin how long to spin
     * @param yield how long to nap (yield the core, woken at once by work) after spinning
     * @return a spin-then-nap-then-park strategy
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
