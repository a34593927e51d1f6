package io.ccrj.mpi.internal;

/**
 * One communicator's reused channel sets for its nonblocking collectives: {@link #SLOTS}
 * {@link CollectiveExchange}s, made once, that its collectives take in turn (collective number
 * {@code s} may use slot {@code s % SLOTS}), so that a small collective does not build an
 * exchange, its map and its ports per call. Every member of the communicator holds the same
 * instance ({@link World#nonblockingChannels}).
 *
 * <p>Why a slot cannot simply be reused by number: the ports of an exchange are FIFO per
 * (receiver, sender, tag) and carry no sequence number, so messages of two collectives on one
 * exchange would be taken by whichever join was registered first. A slot therefore serves one
 * collective at a time: collective {@code s} takes slot {@code s % SLOTS} only if the slot is
 * free when the first member starts {@code s} (every member of its previous collective has
 * finished, so its ports are empty); otherwise {@code s} gets an exchange of its own from the
 * world's map ({@link World#exchange}), as every collective did before. The first member to start
 * {@code s} decides, and the later members follow its decision: {@link #decided} records, per
 * slot, the highest number decided there, and {@link #armed} the number that holds the slot.
 *
 * <p>Why the decision is right for every member: numbers only grow per slot. A member starting
 * {@code s} finds either {@code armed == s} (the slot was given to {@code s}, and stays so until
 * every member, this one included, has finished {@code s}), or {@code s <= decided} with another
 * number armed (then {@code s} was decided for the map, since a slot given to {@code s} is not
 * taken from it before this member finished {@code s}), or {@code s > decided}: it is the first,
 * and decides. A slot whose collective left messages behind (a member failed half-way) is never
 * freed again; its later collectives take the map.
 *
 * <p>Thread safety: {@link #armed} and {@link #decided} are guarded by this object's monitor,
 * held only for the few reads and writes of {@link #exchange} and {@link #release} (no lock-free
 * protocol). The monitor also orders the reuse of a slot: the last finisher's reset of the
 * exchange ({@link CollectiveExchange#finished}) happens before its {@link #release}, which
 * happens before the next collective's {@link #exchange} that takes the slot.
 */
final class NonblockingChannels {
    /** Slots per communicator: how many collectives may be outstanding before later ones build their own exchange. */
    static final int SLOTS = 8;
    private static final long FREE = -1;
    private static final long RETIRED = -2;

    private final World world;
    private final int context;
    private final int members;
    private final CollectiveExchange[] slots = new CollectiveExchange[SLOTS];
    /** The number of the collective holding each slot, {@link #FREE} or {@link #RETIRED} (guarded by this). */
    private final long[] armed = new long[SLOTS];
    /** The highest collective number decided for each slot, -1 before the first (guarded by this). */
    private final long[] decided = new long[SLOTS];

    NonblockingChannels(World world, int context, int members) {
        this.world = world;
        this.context = context;
        this.members = members;
        for (int i = 0; i < SLOTS; i++) {
            slots[i] = new CollectiveExchange(this, i, members);
            armed[i] = FREE;
            decided[i] = -1;
        }
    }

    /** {@return the world the channels belong to} */
    World world() {
        return world;
    }

    /** {@return how many ranks take part in this communicator's collectives} */
    int members() {
        return members;
    }

    /**
     * The exchange of collective number {@code sequence}: a reused slot, or one of its own from the
     * world's map; every member gets the same one.
     */
    CollectiveExchange exchange(long sequence) {
        int i = (int) (sequence % SLOTS);
        synchronized (this) {
            if (armed[i] == sequence) {
                return slots[i];
            }
            if (sequence > decided[i]) {
                decided[i] = sequence;
                if (armed[i] == FREE) {
                    armed[i] = sequence;
                    return slots[i];
                }
            }
        }
        return world.exchange(context, sequence, members);
    }

    /**
     * Every member has finished the collective holding slot {@code slot}: frees it, or retires it
     * for good if its collective left messages in its ports ({@code drained} false).
     */
    void release(int slot, boolean drained) {
        synchronized (this) {
            armed[slot] = drained ? FREE : RETIRED;
        }
    }

    /** {@return whether slot {@code slot} is free (tests)} */
    synchronized boolean isFree(int slot) {
        return armed[slot] == FREE;
    }
}
