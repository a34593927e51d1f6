package io.ccrj.dss.internal.http.client;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One {@code host:port} of an {@link HttpClientPool}: its {@link LoopPool} on each event loop,
 * made when first used there. A caller that sends many requests to one target keeps it
 * ({@link HttpServiceRef} does) and skips the pool's look-up by name and port.
 *
 * <h2>Threading</h2>
 * Shared by every thread; the per-loop pools are installed by compare-and-set, so two threads
 * that race for the first use of a loop end up with the same pool (the loser's is dropped before
 * it opened anything: a pool opens connections only when it sends).
 */
final class Target {
    private final HttpClientPool owner;
    final String host;
    final int port;
    /** The loop of callers that are not on one of the pool's loops. */
    final int home;
    private final AtomicReferenceArray<LoopPool> pools;

    Target(HttpClientPool owner, String host, int port, int home) {
        this.owner = owner;
        this.pools = new AtomicReferenceArray<>(owner.loopCount());
        this.host = host;
        this.port = port;
        this.home = home;
    }

    /** {@return the pool this target belongs to} */
    HttpClientPool owner() {
        return owner;
    }

    /**
     * @param loop an index of the owner's event loops
     * @return this target's pool on that loop, made on first use
     */
    LoopPool pool(int loop) {
        LoopPool p = pools.get(loop);
        if (p == null) {
            pools.compareAndSet(loop, null, new LoopPool(this, owner.loop(loop)));
            p = pools.get(loop);
        }
        return p;
    }
}
