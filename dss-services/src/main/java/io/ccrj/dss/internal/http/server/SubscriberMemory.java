package io.ccrj.dss.internal.http.server;

import io.netty.util.internal.PlatformDependent;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The host-wide budget for event-stream bytes that subscribers have not taken yet: the events
 * buffered for a connection that is not writable (its client does not read), summed over every
 * connection of the host. The per-subscriber limits ({@link HttpServer.Limits#sseMaxEvents()},
 * {@link HttpServer.Limits#sseMaxBytes()}) bound one subscriber; this bounds all of them together,
 * so that subscribers that never read cannot use up the memory that other clients' writes need.
 *
 * <p>The budget is a quarter of what the JVM can actually allocate for those buffers: the smaller
 * of the direct-memory limit ({@code -XX:MaxDirectMemorySize}, as Netty reads it) and the maximum
 * heap (Netty may allocate on the heap instead), leaving room for the allocator's own chunks and
 * every other connection's buffers. A subscriber is dropped (an {@code overflow} event, as for
 * the per-subscriber limits) when the bytes it would hold exceed its fair share, the budget
 * divided by the open streams, or when the budget is spent. A subscriber that holds nothing
 * (it keeps up) may always take its next event: the ones behind are the ones dropped, and its
 * allocation, if memory is short even so, fails into its own overflow (see
 * {@link EventStreamWriter}).
 *
 * <h2>Threading</h2>
 * Any thread: each connection reserves and releases on its own event loop, and the connections
 * of a host run on several loops. The totals are atomics; a reservation is one compare-and-set
 * loop, so the budget is never exceeded by two loops reserving at once.
 */
final class SubscriberMemory {
    /** The smallest budget, whatever the JVM's limits (a tiny heap still serves a few subscribers). */
    static final long MIN_BUDGET = 1 << 20;

    private final long budget;
    private final AtomicLong held = new AtomicLong();
    private final AtomicInteger streams = new AtomicInteger();

    /**
     * @param budget the most bytes held for all subscribers together
     */
    SubscriberMemory(long budget) {
        this.budget = Math.max(1, budget);
    }

    /** {@return the budget for this JVM: a quarter of the smaller of its direct-memory limit and its maximum heap} */
    static SubscriberMemory forThisJvm() {
        long direct = PlatformDependent.maxDirectMemory();
        long heap = Runtime.getRuntime().maxMemory();
        long limit = Math.min(direct > 0 ? direct : Long.MAX_VALUE, heap > 0 && heap != Long.MAX_VALUE ? heap : Long.MAX_VALUE);
        return new SubscriberMemory(limit == Long.MAX_VALUE ? Long.MAX_VALUE / 4 : Math.max(MIN_BUDGET, limit / 4));
    }

    /** {@return the budget in bytes} */
    long budget() {
        return budget;
    }

    /** {@return the bytes held for subscribers now} */
    long held() {
        return held.get();
    }

    /** Counts an event stream that started (its share of the budget is computed over these). */
    void streamOpened() {
        streams.incrementAndGet();
    }

    /** Counts an event stream that ended. */
    void streamClosed() {
        streams.decrementAndGet();
    }

    /**
     * Reserves bytes for one subscriber's buffered event.
     *
     * @param mine the bytes this subscriber holds already
     * @param bytes the event's bytes
     * @return {@code false} if the subscriber must be dropped instead: it would hold more than its
     *     share, or the budget is spent (a subscriber holding nothing is never refused)
     */
    boolean reserve(long mine, int bytes) {
        if (mine > 0 && mine + bytes > budget / Math.max(1, streams.get())) {
            return false;
        }
        while (true) {
            long now = held.get();
            if (mine > 0 && now + bytes > budget) {
                return false;
            }
            if (held.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /**
     * Gives back bytes reserved with {@link #reserve} (the event went to the socket, or was discarded).
     *
     * @param bytes the bytes
     */
    void release(long bytes) {
        held.addAndGet(-bytes);
    }
}
