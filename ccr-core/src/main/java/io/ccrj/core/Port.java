package io.ccrj.core;

import io.ccrj.core.internal.PortAccess;
import io.ccrj.core.internal.PortCore;
import io.ccrj.core.internal.PortInspection;

import java.util.List;
import java.util.Objects;

/**
 * An unbounded multi-producer FIFO of items plus the receivers registered on it: CCR's
 * {@code Port<T>}.
 *
 * <p>{@link #post} appends an item and offers it to the registered receivers in registration
 * order; the first that accepts consumes it and its handler is scheduled as a task on that
 * receiver's {@link DispatcherQueue}. If none accepts, the item stays queued until a receiver is
 * registered or {@link #test()} takes it. Items reach receivers in FIFO order per port.
 *
 * <h2>Thread safety</h2>
 * Every method may be called from any thread at any time. {@code post} never blocks on the
 * receivers' work (handlers never run inside it) and never waits for a consumer; it holds the
 * port's internal lock only while offering the item, so a post happens-before the handler that
 * consumes the item. A post carries the causalities active on the posting thread (see
 * {@link Causality}).
 *
 * @param <T> the item type
 */
public final class Port<T> {
    static {
        PortAccess.install(p -> p.core);
    }

    final PortCore core;

    /** Creates an anonymous port. */
    public Port() {
        this("port");
    }

    /**
     * Creates a port with a name used in diagnostics ({@link #describe()}, error messages).
     *
     * @param name a short name
     */
    public Port(String name) {
        this.core = new PortCore(Objects.requireNonNull(name, "name"));
    }

    /**
     * Posts an item. It never waits for a consumer; the one deliberate exception is back-pressure:
     * when the receiver that takes the item belongs to a queue with a <em>throttling</em>
     * {@link SchedulingPolicy}, the post waits until that queue admits the task (a dispatcher's
     * own workers are never made to wait for their own queue).
     *
     * @param item the item; not {@code null}
     * @throws NullPointerException if {@code item} is null
     * @throws IllegalStateException if the port is {@linkplain #close() closed}
     * @throws java.util.concurrent.RejectedExecutionException if a receiver declined the item
     *     because its dispatcher is closed and no other receiver took it; the item stays queued in
     *     this port (nothing is lost) and the message names the queue and the port
     */
    public void post(T item) {
        core.post(item);
    }

    /**
     * Posts an item if it can be delivered, without throwing: the non-throwing form of
     * {@link #post}, for producers that would rather count a refusal than handle an exception.
     * Like {@code post} it may wait for a throttling policy.
     *
     * @param item the item; not {@code null}
     * @return {@code true} if the item was taken by a receiver or queued; {@code false} if the
     *     port is {@linkplain #close() closed} (the item was not queued), or if a receiver declined
     *     it because its dispatcher or queue is closed (the item stays queued, as with {@code post})
     * @throws NullPointerException if {@code item} is null (a programming error, not a refusal)
     */
    public boolean tryPost(T item) {
        return core.post(item, false);
    }

    /**
     * Closes the port: from now on {@link #post} throws {@link IllegalStateException} and
     * {@link #tryPost} returns {@code false}. Items already queued stay and are still delivered;
     * once none is left, the {@link Arbiter#completion} arbiters on this port fire, so a pipeline
     * stage can close its output after its input, and the whole pipeline shuts down in order.
     * Idempotent.
     *
     * @return {@code true} if this call closed the port, {@code false} if it was already closed
     */
    public boolean close() {
        return core.close();
    }

    /**
     * Whether the port is closed.
     *
     * @return {@code true} once {@link #close()} was called
     */
    public boolean isClosed() {
        return core.isClosed();
    }

    /**
     * Takes the head item if there is one. Does not wait.
     *
     * @return the head item, or {@code null} if the port holds none
     */
    @SuppressWarnings("unchecked")
    public T test() {
        return (T) PortInspection.test(core);
    }

    /**
     * Takes exactly {@code n} items from the head, or none.
     *
     * @param n how many; at least 1
     * @return the items in FIFO order, or {@code null} if fewer than {@code n} are queued
     */
    @SuppressWarnings("unchecked")
    public List<T> test(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("item count must be at least 1, was " + n);
        }
        return (List<T>) PortInspection.test(core, n);
    }

    /** {@return the number of queued items (a snapshot)} */
    public int itemCount() {
        return PortInspection.itemCount(core);
    }

    /** {@return how many items were ever posted to this port} */
    public long postedCount() {
        return PortInspection.postedCount(core);
    }

    /** {@return the number of registered receivers (a snapshot)} */
    public int receiverCount() {
        return PortInspection.receiverCount(core);
    }

    /** {@return a snapshot of the queued items, head first} */
    @SuppressWarnings("unchecked")
    public List<T> items() {
        return (List<T>) PortInspection.itemsSnapshot(core);
    }

    /**
     * Removes every queued item.
     *
     * @return how many were removed
     */
    public int clear() {
        return PortInspection.clear(core);
    }

    /** {@return the port's name} */
    public String name() {
        return core.name();
    }

    /**
     * A readable dump for debugging: the name, the item count and one line per registered
     * receiver (arbiter kind, one-shot or persistent, the choice or interleave it belongs to, its
     * queue, or the sequential task waiting on it).
     *
     * @return the dump
     */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append("port '").append(core.name()).append("': ").append(PortInspection.itemCount(core)).append(" item(s), ");
        List<String> receivers = PortInspection.receiverDescriptions(core);
        sb.append(receivers.size()).append(" receiver(s)");
        for (String r : receivers) {
            sb.append("\n  ").append(r);
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "Port[" + core.name() + "]";
    }
}
