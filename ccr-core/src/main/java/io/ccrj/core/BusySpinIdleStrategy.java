package io.ccrj.core;

/**
 * Never park: for benchmarks and dedicated cores only (see {@link IdleStrategy#busySpin()}).
 */
public final class BusySpinIdleStrategy implements IdleStrategy {
    static final BusySpinIdleStrategy INSTANCE = new BusySpinIdleStrategy();

    private BusySpinIdleStrategy() {
    }

    @Override
    public long spinNanos() {
        return Long.MAX_VALUE / 4;
    }

    @Override
    public long yieldNanos() {
        return 0;
    }

    @Override
    public boolean parks() {
        return false;
    }

    @Override
    public String toString() {
        return "BusySpin";
    }
}
