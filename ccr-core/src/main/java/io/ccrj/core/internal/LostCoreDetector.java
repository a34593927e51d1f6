package io.ccrj.core.internal;

/**
 * Tells an idle worker when spinning has stopped paying: the core it spins on is not its own.
 *
 * <p>A worker reads the clock once every {@value #POLLS_PER_CHECK} idle polls. Those polls take
 * well under {@link #PREEMPTED_NANOS} when the thread keeps its core; a gap longer than that means
 * the thread was descheduled in between (another process, or the hypervisor, took the core).
 * Spinning on would then hold a core that the thread which produces the work needs, so that every
 * hand-off costs a scheduler time slice. After such a gap the worker skips the spin and nap
 * phases and parks at once, for {@link #BACK_OFF_NANOS}; after that it tries spinning again, so a
 * worker recovers its fast hand-off once the foreign load is gone.
 *
 * <p>Threading: one instance per worker, used only by that worker's thread.
 */
final class LostCoreDetector {
    /** Idle polls between two clock reads. */
    static final int POLLS_PER_CHECK = 64;
    /**
     * A gap between two clock reads longer than this is a lost core: {@value #POLLS_PER_CHECK}
     * polls with a spin-wait hint each take a few microseconds on a core of one's own.
     */
    static final long PREEMPTED_NANOS = 200_000;
    /** How long a worker that lost its core parks at once instead of spinning. */
    static final long BACK_OFF_NANOS = 20_000_000;

    private long lastCheck;
    private long noSpinUntil;
    private boolean backingOff;
    private long lostCores;

    /** Forgets the last clock read: the worker found work, so the next idle period starts afresh. */
    void reset() {
        if (lastCheck != 0) {
            lastCheck = 0; // written only when set: a worker busy with work leaves this line clean
        }
    }

    /**
     * Records a clock read taken while idle and says whether the worker may still spin or nap.
     *
     * @param now the clock ({@code System.nanoTime})
     * @return {@code false} if the worker should park at once: the gap since the last read shows
     *     a lost core, or it is still backing off from one
     */
    boolean maySpin(long now) {
        long last = lastCheck;
        lastCheck = now;
        if (last != 0 && now - last > PREEMPTED_NANOS) {
            lostCores++;
            backingOff = true;
            noSpinUntil = now + BACK_OFF_NANOS;
            return false;
        }
        if (backingOff) {
            if (now - noSpinUntil < 0) {
                return false;
            }
            backingOff = false;
        }
        return true;
    }

    /** {@return how many lost cores this worker noticed (for diagnostics and tests)} */
    long lostCores() {
        return lostCores;
    }
}
