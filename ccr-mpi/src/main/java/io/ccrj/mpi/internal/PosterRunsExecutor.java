package io.ccrj.mpi.internal;

import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The executor of the queue on which small nonblocking collectives' joins run: it runs each turn
 * at once on the thread that made the join ready, which is the rank thread (or another rank's
 * round handler) that posted the round's last message, or the rank thread that activated the join
 * over messages already there. A small collective then costs what its blocking form costs (no
 * hand-off to a dispatcher worker, which on a machine with as many busy ranks as cores waits for
 * a time slice), and it still progresses while its rank computes: the posts of the other ranks
 * run its rounds.
 *
 * <p>Nesting is bounded: a handler that posts can make another rank's join ready, whose handler
 * runs nested in the same stack. Past {@link #MAX_DEPTH} nested turns on one thread, a turn goes
 * to {@code fallback} (the world's collective dispatcher) instead, so a long chain of rounds
 * (a ring over many ranks) cannot overflow a stack.
 *
 * <p>Thread safety: any thread may call {@link #execute}; the depth is per thread
 * ({@link ThreadLocal}), so no state is shared between threads here. What a turn touches is
 * confined by the chain of hand-offs that {@link NonblockingCollective} states; running it on the
 * posting thread keeps that chain, since the post that made the join ready is the hand-off.
 */
final class PosterRunsExecutor implements Executor {
    /** Nested turns one thread runs before handing turns to the fallback. */
    static final int MAX_DEPTH = 8;

    private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);
    private final Supplier<io.ccrj.core.DispatcherQueue> fallback;

    /** @param fallback the dispatcher queue that takes the turns past the nesting bound (made on first use) */
    PosterRunsExecutor(Supplier<io.ccrj.core.DispatcherQueue> fallback) {
        this.fallback = fallback;
    }

    @Override
    public void execute(Runnable turn) {
        int[] d = depth.get();
        if (d[0] >= MAX_DEPTH) {
            fallback.get().execute(turn);
            return;
        }
        d[0]++;
        try {
            turn.run();
        } finally {
            d[0]--;
        }
    }
}
