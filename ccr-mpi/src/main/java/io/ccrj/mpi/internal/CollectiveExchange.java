package io.ccrj.mpi.internal;

import io.ccrj.core.Port;
import io.ccrj.mpi.Datatype;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The channels of one nonblocking collective instance (one communicator's collective context and
 * one sequence number): a ccr-core {@link Port} per (receiving world rank, sending world rank, tag), made by whichever of
 * the two gets there first. A port's FIFO order keeps a sender's messages with one tag in the
 * order they were sent, which is the one ordering the schedules rely on. Every member of the
 * communicator holds the same instance ({@link World#exchange}); the last member to finish its
 * part removes it from the world, when no message for it can be in flight any more (every
 * message of the instance has been received by then). An exchange may also be one slot of a
 * communicator's {@link NonblockingChannels}: then the last member resets it and hands it back
 * to the channels for the communicator's next collective instead.
 *
 * <p>Thread safety: any thread; the map and the ports are thread-safe, and a {@link Piece}'s
 * payload is published by the port's post.
 */
final class CollectiveExchange {
    /**
     * One message of a nonblocking collective: a private contiguous copy of the sent elements,
     * and the sender's root and operation ({@link CollectiveCall#code}), which the receiver
     * compares with its own.
     */
    record Piece(Datatype.Base base, int elements, Object payload, int call) {
    }

    private static final String PORT_NAME = "nonblocking collective channel";

    private final World world;
    private final World.ExchangeKey key;
    /** The channel set this exchange is a slot of, or {@code null} for a one-off from the world's map. */
    private final NonblockingChannels channels;
    private final int slot;
    private final int members;
    private final ConcurrentHashMap<Long, Port<Piece>> ports = new ConcurrentHashMap<>();
    private final AtomicInteger unfinished;

    /** A one-off exchange for the collective {@code key}, removed from {@code world} when it is over. */
    CollectiveExchange(World world, World.ExchangeKey key, int members) {
        this.world = world;
        this.key = key;
        this.channels = null;
        this.slot = -1;
        this.members = members;
        this.unfinished = new AtomicInteger(members);
    }

    /** Slot {@code slot} of {@code channels}, reused by one collective after another. */
    CollectiveExchange(NonblockingChannels channels, int slot, int members) {
        this.world = null;
        this.key = null;
        this.channels = channels;
        this.slot = slot;
        this.members = members;
        this.unfinished = new AtomicInteger(members);
    }

    /**
     * The port on which world rank {@code to} receives from world rank {@code from} with {@code tag}
     * (world ranks, so that the two groups of an intercommunicator, whose local ranks coincide,
     * have apart channels).
     */
    Port<Piece> port(int to, int from, int tag) {
        long k = ((long) to << 42) | ((long) from << 21) | tag;
        Port<Piece> p = ports.get(k);
        // One fixed name: a collective per call must not build strings; its request names the
        // operation, communicator and round in a deadlock report instead.
        return p != null ? p : ports.computeIfAbsent(k, x -> new Port<>(PORT_NAME));
    }

    /**
     * One member's part is over; the last one removes the instance from the world, or, for a slot
     * of a channel set, resets the count for the slot's next collective and frees the slot (no
     * member touches the count between its last decrement and that release; the release's monitor
     * publishes the reset to the next collective's members).
     */
    void finished() {
        if (unfinished.decrementAndGet() == 0) {
            String left = unreceived();
            if (left != null) {
                (channels == null ? world : channels.world()).noteUnreceived(left);
            }
            if (channels == null) {
                world.removeExchange(key);
            } else {
                unfinished.set(members);
                channels.release(slot, left == null);
            }
        }
    }

    /**
     * A message left in a port, described, or {@code null} if every port is empty: each message
     * sent was received where every member ran the collective to its end; not so where a member
     * failed half-way, or where the members disagreed on the root (both ranks of a broadcast that
     * each believe they are its root only send).
     */
    private String unreceived() {
        for (java.util.Map.Entry<Long, Port<Piece>> e : ports.entrySet()) {
            if (e.getValue().itemCount() != 0) {
                long k = e.getKey();
                String details = CollectiveCall.details(e.getValue().test() instanceof Piece p ? p.call() : 0);
                return "a nonblocking collective's message from world rank " + ((k >>> 21) & ((1 << 21) - 1))
                        + " to world rank " + (k >>> 42) + (details.isEmpty() ? "" : " (" + details + ")")
                        + " was never received";
            }
        }
        return null;
    }

}
