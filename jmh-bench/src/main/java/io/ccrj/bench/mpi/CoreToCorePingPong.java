package io.ccrj.bench.mpi;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The machine's floor for a one-way hand-off between two threads: the calling thread and one
 * platform thread bounce a counter held in a single field, each spinning until the other has
 * moved it. Nothing of ccr-mpi or ccr-core is involved, so timed beside ccr-mpi's ping-pong in the
 * same run it shows how much of that figure is the cost of moving a cache line between the two
 * cores the threads landed on. On a VM whose two vCPUs sit sometimes on sibling hyper-threads and
 * sometimes on distant cores, that cost itself changes by several times between runs; this row is
 * how a reader tells such a change apart from one in ccr-mpi.
 *
 * <p>Memory ordering: each side publishes with a release store and waits with acquire loads; the
 * value alone carries the turn (even: the caller's, odd: the partner's), so no other state is
 * shared.
 */
final class CoreToCorePingPong {
    private final AtomicLong ball = new AtomicLong();

    /**
     * Plays {@code n} round trips with a partner thread started for the round; both spin.
     *
     * @param n round trips (2n one-way hand-offs)
     */
    void round(int n) {
        long base = ball.get(); // even between rounds: the partner has made the last move
        long end = base + 2L * n;
        Thread partner = Thread.ofPlatform().name("core-to-core-partner").start(() -> {
            for (long expect = base + 1; expect < end; expect += 2) {
                while (ball.getAcquire() != expect) {
                    Thread.onSpinWait();
                }
                ball.setRelease(expect + 1);
            }
        });
        for (long v = base; v < end; v += 2) {
            ball.setRelease(v + 1);
            while (ball.getAcquire() != v + 2) {
                Thread.onSpinWait();
            }
        }
        try {
            partner.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining the ping-pong partner", e);
        }
    }

    /** @return the counter: twice the round trips played so far */
    long moves() {
        return ball.get();
    }
}
