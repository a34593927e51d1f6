package io.ccrj.mpi.internal;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One rank's mailbox and matching engine: one inbound queue per rank whatever the number of ranks
 * and communicators (no port per pair of ranks: Qiu, Fox &amp; Ho 2006 names that N² limit), plus
 * at most {@link #MAX_RINGS} small rings from the ranks that send it small messages (see "Rings"
 * below).
 *
 * <p>Classic MPI matching (the MPICH/Open MPI design): an inbound multi-producer queue that any
 * rank may append to, and two queues private to the owning rank, the posted-receive queue (PRQ,
 * receives waiting for a message, in the order they were posted) and the unexpected-message queue
 * (UMQ, messages no posted receive wanted yet, in arrival order). A receive first searches the UMQ,
 * then joins the PRQ; a drained inbound message first searches the PRQ, then joins the UMQ. Since
 * the inbound queue keeps each producer's order and both searches take the first match,
 * messages with one (source, tag, context) are received in the order they were sent
 * (non-overtaking).
 *
 * <h2>Threading</h2>
 * {@link #deliver} may be called by any thread. Everything else is called by the owning rank's
 * thread only, except the watchdog's reads ({@link #state()}, {@link #epoch()},
 * {@link #inboundEmpty()}, {@link #pendingDescription()}), which tolerate races. At
 * {@link io.ccrj.mpi.ThreadLevel#MULTIPLE} the owner-only methods are entered by several threads
 * of the rank at once; {@link #multi} then serializes them with a lock and lets them wait
 * together (see {@link MultipleCalls}); below that level they run without it, as they always did.
 *
 * <h2>Memory ordering</h2>
 * The inbound queue is Dmitry Vyukov's intrusive MPSC node queue ("Non-intrusive MPSC node-based
 * queue", 1024cores.net): a producer swaps itself in as {@link #head} (a full fence,
 * {@code getAndSet}) and then links its predecessor to it with a release store of
 * {@code Message.next}; the consumer follows {@code next} with acquire loads. The release/acquire
 * pair publishes the message's fields and payload. Parking uses a Dekker handshake: the consumer
 * writes {@link #waiting} (volatile) and then reads {@link #head} (volatile); a producer writes
 * {@code head} (getAndSet) and then reads {@code waiting}: at least one of them sees the other's
 * write, so a message is never left behind a parked owner. The same pair covers the other wake-up
 * condition, a zero-copy message consumed: the receiver writes {@code Message.Lent.consumed} (volatile)
 * and then reads {@code waiting}; the owner rechecks its wait condition after writing
 * {@code waiting}.
 *
 * <h2>Rings: the short way for small messages</h2>
 * A message of no element or of one primitive element goes through a {@link PairRing} of its
 * sender and receiver instead of the inbound queue when the ring has a free slot: one cache line
 * moves instead of three or four. A sender opens its ring to a receiver with its first such message
 * ({@link #openRing}); a receiver takes at most {@link #MAX_RINGS} of them (the first senders to
 * ask), so memory and the rings the receiver polls stay bounded whatever the number of ranks;
 * the other senders use the queue only. The receiver drains the queue and then each ring
 * ({@link #progress}), and parks only when the queue and every ring are empty (the ring's own
 * Dekker pair: see {@link PairRing}).
 *
 * <p>Non-overtaking across the two ways: every message a rank sends to another, whichever way it
 * takes, carries the next number of that pair ({@link #seqTo}, the sender's;
 * {@link #seqFrom}, the receiver's count of those it matched). The receiver takes a ring's slot
 * only if it is the next number from that sender; otherwise a message sent before it is in the
 * queue (published first, since the sender wrote it first), and the receiver waits for the queue
 * to yield it. A queued message whose number is ahead was sent after ring slots the receiver has
 * not taken yet: it takes those first, all published before the message. At
 * {@link io.ccrj.mpi.ThreadLevel#MULTIPLE} a rank's threads number and send their messages under
 * the rank's lock ({@link MultipleCalls}): the ring keeps one producer at a time, and the lock
 * orders the numbers and the publications alike. A message to the rank itself carries no number
 * and never takes a ring.
 */
final class RankMailbox extends MailboxConsumerFields {
    static final int RUNNING = 0;
    static final int BLOCKED = 1;
    static final int DONE = 2;

    private static final VarHandle HEAD;
    private static final VarHandle WAITING;
    private static final VarHandle STATE;
    private static final VarHandle EPOCH;
    private static final VarHandle TAIL;
    private static final VarHandle MULTI;
    private static final VarHandle PRODUCERS_MULTI;

    private static final VarHandle IN_RINGS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            IN_RINGS = l.findVarHandle(MailboxConsumerFields.class, "inRings", PairRing[].class);
            HEAD = l.findVarHandle(MailboxProducerFields.class, "head", Message.class);
            WAITING = l.findVarHandle(MailboxProducerFields.class, "waiting", boolean.class);
            STATE = l.findVarHandle(MailboxWatchedFields.class, "state", int.class);
            EPOCH = l.findVarHandle(MailboxWatchedFields.class, "epoch", long.class);
            TAIL = l.findVarHandle(MailboxConsumerFields.class, "tail", Message.class);
            MULTI = l.findVarHandle(RankMailbox.class, "multi", MultipleCalls.class);
            PRODUCERS_MULTI = l.findVarHandle(MailboxProducerFields.class, "producersMulti", MultipleCalls.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Yields of a virtual-thread rank before it parks (it does not spin: with more ranks than
     * carriers a spinning rank holds up the rank it waits for). Measured on 2 vCPUs at 3, 4 and 8
     * ranks: 2 yields then park beat parking at once (x1.5-2), spinning 8-1000 polls (x2-30)
     * and many yields (x1.5).
     */
    private static final int VIRTUAL_YIELDS = 2;
    /**
     * A platform rank in a world with more ranks than processors polls with {@link Thread#yield()}
     * instead of {@link Thread#onSpinWait()}, and this many times fewer: spinning threads beyond
     * the cores starve the ranks they wait for.
     */
    private static final int OVERSUBSCRIBED_SPIN_DIVISOR = 16;
    /** The adaptive spin window of a rank that shares its processor never shrinks below this many polls. */
    private static final int MIN_SPIN_POLLS = 512;
    /**
     * The adaptive spin window of a rank with a processor of its own (no more ranks than
     * processors) never shrinks below this many polls, a few hundred microseconds: more than a
     * parked thread takes to wake. With less, ranks in lockstep (a fence or a small collective
     * back to back) fall into a stable slow mode: each wakes the other, whose wake-up outlasts the
     * waker's next spin, so it parks in turn, every operation paying a wake-up of tens of
     * microseconds instead of a fraction of one.
     */
    private static final int MIN_DEDICATED_SPIN_POLLS = 4096;
    /**
     * A spinning rank yields its core once every this many polls (+1): if the rank it waits for
     * was preempted onto this core's run queue, it gets to run instead of waiting for the time
     * slice to end.
     */
    private static final int YIELD_EVERY_MASK = 1023;
    /**
     * Fruitless {@code test}/{@code iprobe} calls in a row after which a rank that shares its
     * processor or carrier parks briefly instead of yielding again (see {@link #failIfEnded}).
     */
    private static final int POLLS_BEFORE_PARK = 64;
    /** The longest such park; a delivery ends it sooner. */
    private static final long POLL_PARK_NANOS = 50_000L;
    /** Rings a rank receives from at most: the first senders to ask get one ({@link #openRing}). */
    static final int MAX_RINGS = 16;
    private static final PairRing[] NO_RINGS = new PairRing[0];
    /** In {@link #ringsTo}: the receiver had no ring left for this rank; it sends through the queue. */
    private static final PairRing REFUSED = new PairRing(-1);

    final World world;
    final int worldRank;
    private final int spinPolls;
    /**
     * Adaptive spin window (owner-private): halved (down to {@link #minSpinPolls}) each time a
     * wait had to park, doubled (up to {@link #spinPolls}) each time a message arrived while
     * spinning. On a machine busy with other work the waits stop burning the core the awaited
     * rank needs (in the manner of HotSpot's adaptive spinning for monitors).
     */
    private int spinBudget;
    /** The least {@link #spinBudget}: {@link #MIN_SPIN_POLLS} or {@link #MIN_DEDICATED_SPIN_POLLS}, at most {@link #spinPolls}. */
    private final int minSpinPolls;
    /**
     * Fruitless polls since the last park or drained message: owner-private below MULTIPLE; at
     * MULTIPLE the rank's threads share it unsynchronized (a heuristic: a lost update only moves
     * a pause by a poll or two).
     */
    private int fruitlessPolls;
    private final int yields;
    private final boolean yieldWhileSpinning;

    volatile Thread owner;

    /**
     * The rank's thread level: {@link io.ccrj.mpi.ThreadLevel#SERIALIZED} lets any thread become
     * the {@link #owner} by calling. Written by the owner, read by whichever thread calls next.
     */
    volatile io.ccrj.mpi.ThreadLevel threadLevel = io.ccrj.mpi.ThreadLevel.FUNNELED;

    /**
     * The lock and waiter set of {@link io.ccrj.mpi.ThreadLevel#MULTIPLE}, or {@code null} below it.
     * Set once (a volatile write), by {@link #enableMultipleCalls()} before {@link #threadLevel}
     * (volatile) becomes {@code MULTIPLE}: a thread of the rank that sees that level sees this field
     * too, and the rank's thread set it before any other thread of the rank could call, so the
     * rank's own threads read it plainly. Other ranks' threads (producers) read its copy
     * {@link MailboxProducerFields#producersMulti} instead, volatile, after they saw
     * {@code waiting} set, which {@code enableMultipleCalls} writes after both.
     */
    MultipleCalls multi;

    /** The rank's self communicator, made on first use (owner only). */
    DefaultComm self;

    /** The collective the owner is in, or {@code null}; for deadlock reports. */
    String collective;
    /** Its root and operation ({@link CollectiveCall#code}; 0 if neither or not known); for deadlock reports. */
    int collectiveCode;

    /**
     * Bytes of the buffer attached for buffered sends ({@code bufferAttach}), or -1 if none. A
     * buffered message is in the receiver's mailbox when {@code bsend} returns, so it never holds
     * space past the call: the capacity bounds each message. Atomic because at
     * {@link io.ccrj.mpi.ThreadLevel#MULTIPLE} one thread may attach or detach while others
     * {@code bsend}: attach is a compare-and-set from -1 (a second attach fails), detach a
     * get-and-set to -1 (a second detach fails), and a {@code bsend} reads the capacity once, so it
     * either ran before the detach (and delivers) or after it (and fails with {@code BUFFER}).
     */
    final java.util.concurrent.atomic.AtomicInteger attachedBuffer = new java.util.concurrent.atomic.AtomicInteger(-1);

    /**
     * Sender side, by destination world rank: the number the next message to that rank carries,
     * and the ring to it ({@code null} before the first message that fits one, {@link #REFUSED}
     * if the receiver had none left). Written by the rank's calling thread (one at a time; a change
     * of thread at SERIALIZED is ordered by the application; at MULTIPLE under the rank's lock).
     */
    private final int[] seqTo;
    private final PairRing[] ringsTo;
    /**
     * Receiver side, by source world rank: the number of the next message expected from that
     * rank, and its ring once looked up (owner only, like the matching queues).
     */
    private final int[] seqFrom;
    private final PairRing[] ringFrom;
    /**
     * Unused entries at both ends of the four arrays above, indexed from {@code ARRAY_PAD}: the
     * world's mailboxes are made one after the other, so without them one rank's counters share
     * a cache line with another's, and every message would move that line back and forth.
     */
    private static final int ARRAY_PAD = 16;

    RankMailbox(World world, int worldRank, boolean virtualThreads, int spinPolls) {
        this.world = world;
        this.worldRank = worldRank;
        boolean oversubscribed = world.size > Runtime.getRuntime().availableProcessors();
        this.yieldWhileSpinning = !virtualThreads && oversubscribed;
        this.spinPolls = virtualThreads ? 0 : oversubscribed ? spinPolls / OVERSUBSCRIBED_SPIN_DIVISOR : spinPolls;
        this.yields = virtualThreads ? VIRTUAL_YIELDS : 0;
        this.spinBudget = this.spinPolls;
        this.minSpinPolls = Math.min(oversubscribed ? MIN_SPIN_POLLS : MIN_DEDICATED_SPIN_POLLS, this.spinPolls);
        this.seqTo = new int[world.size + 2 * ARRAY_PAD];
        this.ringsTo = new PairRing[world.size + 2 * ARRAY_PAD];
        this.seqFrom = new int[world.size + 2 * ARRAY_PAD];
        this.ringFrom = new PairRing[world.size + 2 * ARRAY_PAD];
        this.inRings = NO_RINGS;
        this.knownRings = NO_RINGS;
        this.ringList = NO_RINGS;
        Message stub = new Message(-1, -1, -1, null, 0, null, 0L);
        this.head = stub;
        this.tail = stub;
    }

    /** Polls a waiting thread of this rank spins for before it yields or parks (0 for virtual-thread ranks). */
    int spinPolls() {
        return spinPolls;
    }

    /**
     * The pause between two polls of a spinning wait, {@code poll} counting from 1: a spin-wait
     * hint, or a yield where ranks outnumber the processors and once every
     * {@link #YIELD_EVERY_MASK} + 1 polls (see there).
     */
    void pauseBetweenPolls(int poll) {
        if (yieldWhileSpinning || (poll & YIELD_EVERY_MASK) == 0) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }

    /**
     * Switches the rank to concurrent calls ({@link io.ccrj.mpi.ThreadLevel#MULTIPLE}); from now on
     * {@code waiting} stays set, so that every producer wakes the waiting threads. Owner only,
     * before other threads of the rank call; at most once.
     */
    void enableMultipleCalls() {
        if (multi == null) {
            MultipleCalls mc = new MultipleCalls();
            MULTI.setVolatile(this, mc);
            PRODUCERS_MULTI.setVolatile(this, mc);
            WAITING.setVolatile(this, true);
        }
    }

    /**
     * Unparks the thread(s) waiting on this mailbox: the owner, or at MULTIPLE the waiters whose
     * wait {@code m} may complete (every waiter when {@code m} is {@code null}: a completion
     * without a message).
     *
     * @return the number of threads unparked (the owner counts as one)
     */
    private int unparkWaiting(Message m) {
        MultipleCalls mc = (MultipleCalls) PRODUCERS_MULTI.getVolatile(this);
        if (mc == null) {
            LockSupport.unpark(owner);
            return 1;
        } else if (m == null) {
            return mc.unparkAll();
        } else {
            return mc.unparkFor(m);
        }
    }

    // ---------------------------------------------------------------- producers

    /**
     * Sends {@code m} from this rank to {@code to}, the mailbox of world rank {@code toRank},
     * through {@code to}'s inbound queue, numbered in the pair's order (at MULTIPLE under the
     * rank's lock). Any thread of this rank that may call. The caller passes the rank rather than this reading
     * {@code to.worldRank}: that field shares a cache line with the receiver's matching queues,
     * which it writes at every receive.
     */
    void send(RankMailbox to, int toRank, Message m) {
        m.from = worldRank;
        if (to == this) {
            to.deliver(m);
            return;
        }
        MultipleCalls mc = multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            mc.lock();
            try {
                send(to, toRank, m);
            } finally {
                mc.unlock();
            }
            return;
        }
        m.seq = seqTo[ARRAY_PAD + toRank]++;
        m.sequenced = true;
        to.deliver(m);
    }

    /**
     * Sends an {@link Message#isInline} message from this rank to {@code to}, the mailbox of world
     * rank {@code toRank}, through their ring, if the ring has room (at MULTIPLE under the rank's
     * lock), and wakes {@code to}'s waiting thread if it parked. Otherwise sends nothing.
     *
     * @return whether the message was sent
     */
    boolean sendInline(RankMailbox to, int toRank, int context, int source, int tag, io.ccrj.mpi.Datatype.Base type,
            int count, long scalar) {
        if (to == this) {
            return false;
        }
        MultipleCalls mc = multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            mc.lock();
            try {
                return sendInline(to, toRank, context, source, tag, type, count, scalar);
            } finally {
                mc.unlock();
            }
        }
        int t = ARRAY_PAD + toRank;
        PairRing ring = ringsTo[t];
        if (ring == null) {
            ring = to.openRing(worldRank);
            ringsTo[t] = ring;
        }
        if (ring == REFUSED || !ring.offer(seqTo[t], context, source, tag, type, count, scalar)) {
            return false;
        }
        seqTo[t]++;
        to.wakeParked();            // after the ring's volatile count: PairRing
        return true;
    }

    /**
     * Wakes the owner if it is parked, or at MULTIPLE every parked waiter: after a message put in
     * one of this rank's rings, which is no {@link Message} a waiter could be matched against.
     * Called after the ring's volatile count (the Dekker pair of {@link PairRing}). Any thread.
     *
     * @return the number of threads it unparked: 0 if it saw {@code waiting} clear
     */
    int wakeParked() {
        if ((boolean) WAITING.getVolatile(this)) {
            MultipleCalls theirs = (MultipleCalls) PRODUCERS_MULTI.getVolatile(this);
            if (theirs == null) {
                LockSupport.unpark(owner);
                return 1;
            }
            return theirs.unparkParked();
        }
        return 0;
    }

    /**
     * A ring from world rank {@code from} to this rank, or {@link #REFUSED} if this rank already
     * receives from {@link #MAX_RINGS}. Called by the sending rank's thread, once per pair.
     */
    PairRing openRing(int from) {
        while (true) {
            PairRing[] rings = (PairRing[]) IN_RINGS.getVolatile(this);
            if (rings.length >= MAX_RINGS) {
                return REFUSED;
            }
            PairRing ring = new PairRing(from);
            PairRing[] more = java.util.Arrays.copyOf(rings, rings.length + 1);
            more[rings.length] = ring;
            if (IN_RINGS.compareAndSet(this, rings, more)) {
                return ring;
            }
        }
    }

    /**
     * Appends {@code m} to the inbound queue and wakes the owner if it is parked. Any thread.
     * {@code m.next} must be {@code null}.
     *
     * @return the number of threads it unparked: 0 if it saw {@code waiting} clear (the
     *     producer's half of the park handshake, which the JCStress models observe)
     */
    int deliver(Message m) {
        Message prev = (Message) HEAD.getAndSet(this, m);
        Message.NEXT.setRelease(prev, m);
        if ((boolean) WAITING.getVolatile(this)) {
            return unparkWaiting(m);
        }
        return 0;
    }

    /**
     * Wakes the owner if it is parked waiting: called after a write the owner's wait condition
     * reads (a volatile write, then this volatile read: the Dekker pair of {@link #await}). Any
     * thread.
     *
     * @return the number of threads it unparked: 0 if it saw {@code waiting} clear
     */
    int wakeIfWaiting() {
        if ((boolean) WAITING.getVolatile(this)) {
            return unparkWaiting(null);
        }
        return 0;
    }

    /** Wakes the owner if it is parked (for the world's abort). Any thread. */
    void wake() {
        Thread t = owner;
        if (t != null) {
            LockSupport.unpark(t);
        }
        MultipleCalls mc = (MultipleCalls) PRODUCERS_MULTI.getVolatile(this);
        if (mc != null) {
            mc.unparkAll();
        }
    }

    // ---------------------------------------------------------------- owner: matching

    private Message poll() {
        Message t = tail;
        Message n = (Message) Message.NEXT.getAcquire(t);
        if (n == null) {
            return null;
        }
        TAIL.setOpaque(this, n);
        return n;
    }

    /**
     * Moves every inbound message to the receive it matches or to the UMQ. Owner only.
     *
     * @return whether any message was drained
     */
    boolean progress() {
        MultipleCalls mc = multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            return mc.progress(this);
        }
        boolean moved = false;
        for (Message m = poll(); m != null; m = poll()) {
            moved = true;
            dispatchQueued(m);
        }
        PairRing[] rings = (PairRing[]) IN_RINGS.getAcquire(this);
        if (rings != knownRings) {
            knownRings = rings;
            ringList = rings.clone();
        }
        for (PairRing ring : ringList) {
            moved |= drainRing(ring, false, 0);
        }
        if (moved) {
            fruitlessPolls = 0;
        }
        return moved;
    }

    /**
     * Matches a message from the inbound queue, after the ring slots its sender filled before it
     * (see the class comment).
     */
    private void dispatchQueued(Message m) {
        if (m.sequenced) {
            int s = ARRAY_PAD + m.from;
            if (m.seq != seqFrom[s]) {
                drainRing(ringOf(m.from), true, m.seq);
                if (m.seq != seqFrom[s]) {
                    throw new IllegalStateException("rank " + worldRank + " of world '" + world.name + "': "
                            + m + " from world rank " + m.from + " is number " + m.seq + " of that rank's messages, but "
                            + "number " + seqFrom[s] + " is in neither the queue nor the ring before it");
                }
            }
            seqFrom[s]++;
        }
        dispatch(m);
    }

    /** The ring from world rank {@code s} to this rank, or {@code null}. Owner only. */
    private PairRing ringOf(int s) {
        PairRing ring = ringFrom[ARRAY_PAD + s];
        if (ring == null) {
            for (PairRing r : (PairRing[]) IN_RINGS.getAcquire(this)) {
                if (r.from == s) {
                    ringFrom[ARRAY_PAD + s] = r;
                    return r;
                }
            }
        }
        return ring;
    }

    /**
     * Matches the ring's slots in order while each is the next message expected from its sender
     * (and, if {@code upTo}, while that number is before {@code last}). Owner only.
     *
     * @return whether it took any
     */
    private boolean drainRing(PairRing ring, boolean upTo, int last) {
        if (ring == null) {
            return false;
        }
        int s = ARRAY_PAD + ring.from;
        boolean took = false;
        while (!upTo || seqFrom[s] != last) {
            long w0 = ring.peek();
            if (w0 == 0 || PairRing.seqOf(w0) != seqFrom[s]) {
                break;
            }
            ring.take(w0);
            seqFrom[s]++;
            took = true;
            dispatchInline(ring.context, ring.source, ring.tag, ring.type, ring.count, ring.scalar);
        }
        return took;
    }

    /**
     * {@link #dispatch} for a message taken from a ring: completes the first matching posted
     * receive straight from the slot's fields, and makes a message only if it must wait.
     */
    private void dispatchInline(int context, int source, int tag, io.ccrj.mpi.Datatype.Base type, int count,
            long scalar) {
        RecvRequest prev = null;
        for (RecvRequest r = prqHead; r != null; prev = r, r = r.next) {
            if (r.context == context
                    && (r.source == io.ccrj.mpi.Comm.ANY_SOURCE || r.source == source)
                    && (r.tag == io.ccrj.mpi.Comm.ANY_TAG || CollectiveCall.matches(tag, r.tag))) {
                unlink(prev, r);
                r.completeInline(type, count, scalar, source, tag);
                return;
            }
        }
        enqueueUnexpected(Message.inline(context, source, tag, type, count, scalar));
    }

    /** Takes {@code r}, which follows {@code prev} ({@code null}: the head), out of the PRQ. Owner only. */
    private void unlink(RecvRequest prev, RecvRequest r) {
        RecvRequest after = r.next;
        if (prev == null) {
            prqHead = after;
        } else {
            prev.next = after;
        }
        if (after == null) {
            prqTail = prev;
        }
        r.next = null;
    }

    private void enqueueUnexpected(Message m) {
        m.matchNext = null;
        if (umqTail == null) {
            umqHead = m;
        } else {
            umqTail.matchNext = m;
        }
        umqTail = m;
    }

    private void dispatch(Message m) {
        RecvRequest prev = null;
        for (RecvRequest r = prqHead; r != null; prev = r, r = r.next) {
            if (m.matches(r.context, r.source, r.tag)) {
                unlink(prev, r);
                r.complete(m);
                return;
            }
        }
        enqueueUnexpected(m);
    }

    /** Posts a receive: takes the oldest matching unexpected message, or joins the PRQ. Owner only. */
    void post(RecvRequest r) {
        MultipleCalls mc = multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            mc.lock();
            try {
                post(r);
            } finally {
                mc.unlock();
            }
            return;
        }
        Message m = takeUnexpected(r.context, r.source, r.tag);
        if (m != null) {
            r.complete(m);
            return;
        }
        if (prqTail == null) {
            prqHead = r;
        } else {
            prqTail.next = r;
        }
        prqTail = r;
    }

    /**
     * Removes a receive from the PRQ if it is still there (for a cancel). Owner only.
     *
     * @return whether it was there
     */
    boolean unpost(RecvRequest r) {
        MultipleCalls mc = multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            mc.lock();
            try {
                return unpost(r);
            } finally {
                mc.unlock();
            }
        }
        RecvRequest prev = null;
        for (RecvRequest q = prqHead; q != null; prev = q, q = q.next) {
            if (q == r) {
                unlink(prev, q);
                return true;
            }
        }
        return false;
    }

    /**
     * Takes the oldest matching unexpected message off the UMQ for a matched probe
     * ({@code mprobe}), so that no other receive or probe of any thread can match it; at MULTIPLE
     * under the rank's lock, like every access to the matching queues. Owner only.
     *
     * @return the message, or {@code null}
     */
    Message takeMatched(int context, int source, int tag) {
        MultipleCalls mc = multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            mc.lock();
            try {
                return takeUnexpected(context, source, tag);
            } finally {
                mc.unlock();
            }
        }
        return takeUnexpected(context, source, tag);
    }

    private Message takeUnexpected(int context, int source, int tag) {
        Message prev = null;
        for (Message m = umqHead; m != null; prev = m, m = m.matchNext) {
            if (m.matches(context, source, tag)) {
                Message after = m.matchNext;
                if (prev == null) {
                    umqHead = after;
                } else {
                    prev.matchNext = after;
                }
                if (after == null) {
                    umqTail = prev;
                }
                m.matchNext = null;
                return m;
            }
        }
        return null;
    }

    /** The oldest unexpected message matching, left in place, or {@code null}. Owner only. */
    Message peekUnexpected(int context, int source, int tag) {
        MultipleCalls mc = multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            mc.lock();
            try {
                return peekUnexpected(context, source, tag);
            } finally {
                mc.unlock();
            }
        }
        for (Message m = umqHead; m != null; m = m.matchNext) {
            if (m.matches(context, source, tag)) {
                return m;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- owner: waiting

    /**
     * Blocks the owner until {@code p} is complete: drains the inbound queue, spins
     * ({@link Thread#onSpinWait()}), yields (virtual-thread ranks), then parks until a producer
     * wakes it. Owner only.
     *
     * @throws MpiException {@link ErrorClass#ABORTED} if the world ends meanwhile,
     *     {@link ErrorClass#INTERRUPTED} if the thread is interrupted otherwise
     */
    void await(Pending p) {
        MultipleCalls mc = multi;
        if (mc != null) {
            mc.await(this, p);
            return;
        }
        progress();
        if (p.isComplete()) {
            return;
        }
        pending = p;
        EPOCH.setOpaque(this, (long) EPOCH.getOpaque(this) + 1);
        STATE.setRelease(this, BLOCKED);
        try {
            int budget = spinBudget;
            int polls = 0;
            int yielded = 0;
            boolean parked = false;
            while (true) {
                if ((progress() || !p.needsMessage()) && p.isComplete()) {
                    if (!parked && budget < spinPolls) {
                        spinBudget = Math.min(spinPolls, budget << 1);
                    }
                    return;
                }
                if (world.aborted) {
                    throw world.abortedWhile(worldRank, describe(p));
                }
                if (polls < budget) {
                    pauseBetweenPolls(++polls);
                    continue;
                }
                if (yielded < yields) {
                    yielded++;
                    Thread.yield();
                    continue;
                }
                if (readyToPark(p)) {
                    if (!parked) {
                        parked = true;
                        spinBudget = Math.max(minSpinPolls, budget >> 1);
                    }
                    LockSupport.park(this);
                }
                doneParking();
                if (Thread.interrupted()) {
                    if (world.aborted) {
                        throw world.abortedWhile(worldRank, describe(p));
                    }
                    Thread.currentThread().interrupt();
                    throw new MpiException(ErrorClass.INTERRUPTED, "rank " + worldRank + " of world '"
                            + world.name + "' was interrupted while waiting in " + p.describe());
                }
                polls = budget >> 1;
                yielded = 0;
            }
        } finally {
            pending = null;
            STATE.setRelease(this, RUNNING);
        }
    }

    /**
     * For the non-blocking calls ({@code test}, {@code iprobe}) that found nothing: fails once
     * the world has ended, as a blocking wait does, so that a rank polling in a loop stops too
     * instead of spinning on after the other ranks are gone. Owner only.
     *
     * <p>Where ranks outnumber the carriers or processors (virtual-thread ranks, oversubscribed
     * platform ranks) a poller must also give way to the rank it waits for. Yielding alone is not
     * enough on virtual threads: the JDK's scheduler may hand a yielding virtual thread its
     * carrier straight back while another rank's continuation waits in a different queue (one made
     * runnable from outside the carriers, for example after it blocked on a monitor such as
     * {@code System.out}'s), so two pollers on two carriers can starve the very sender they poll
     * for. So a poller yields, and after {@link #POLLS_BEFORE_PARK} fruitless polls in a row it
     * parks until a message arrives or {@link #POLL_PARK_NANOS} pass: parking gives up the carrier,
     * which then runs whatever else is runnable. The park uses the Dekker handshake of
     * {@link #await}, so a delivery, or a zero-copy message consumed, ends it at once.
     *
     * @throws MpiException {@link ErrorClass#ABORTED} if the world has ended
     */
    void failIfEnded(Pending p) {
        if (world.aborted) {
            throw world.abortedWhile(worldRank, describe(p));
        }
        if (yields > 0 || yieldWhileSpinning) {
            if (++fruitlessPolls < POLLS_BEFORE_PARK) {
                Thread.yield();
                return;
            }
            fruitlessPolls = 0;
            if (multi != null) {
                // MULTIPLE keeps 'waiting' set for good so that every producer wakes the waiters
                // (MultipleCalls); a poller is no waiter and must not clear it: it just pauses.
                LockSupport.parkNanos(this, POLL_PARK_NANOS);
                return;
            }
            if (readyToPark(p)) {
                LockSupport.parkNanos(this, POLL_PARK_NANOS);
            }
            doneParking();
        }
    }

    /**
     * For a {@code test} of a request another thread completes without a message (a nonblocking
     * collective) that found it pending: fails once the world has ended, and where ranks
     * outnumber the carriers or processors parks until the completion wakes it or
     * {@link #POLL_PARK_NANOS} pass, without {@link #failIfEnded}'s yields first. Such a
     * completion comes from a dispatcher thread, and a virtual-thread rank it wakes is queued
     * outside the carriers, where ranks that keep yielding on the carriers could leave it behind
     * for good; parking frees the carrier. The park uses the Dekker handshake of {@link #await}.
     * Owner only.
     *
     * @throws MpiException {@link ErrorClass#ABORTED} if the world has ended
     */
    void pauseForCompletion(Pending p) {
        if (world.aborted) {
            throw world.abortedWhile(worldRank, describe(p));
        }
        if (yields > 0 || yieldWhileSpinning) {
            if (multi != null) {
                LockSupport.parkNanos(this, POLL_PARK_NANOS);
                return;
            }
            WAITING.setVolatile(this, true);
            if (!world.aborted && !p.isComplete()) {
                LockSupport.parkNanos(this, POLL_PARK_NANOS);
            }
            WAITING.setOpaque(this, false);
        }
    }

    /**
     * The owner's half of the park handshake (below MULTIPLE): sets {@code waiting} (a volatile
     * write, a full fence) and then looks once more at the inbound queue, the rings (volatile
     * reads of {@code head} and of each ring's count) and {@code p}. A producer appends (the
     * queue's {@code getAndSet}, a ring's volatile count, a lent message's volatile
     * {@code consumed}) and then reads {@code waiting}: at least one of the two sees the other's
     * write, so when this returns {@code true} and the owner parks, whatever would complete
     * {@code p} comes with an unpark. Pair with {@link #doneParking()}. Owner only.
     *
     * @return whether the owner may park: nothing inbound, the world running and {@code p} not complete
     */
    boolean readyToPark(Pending p) {
        WAITING.setVolatile(this, true);
        return nothingInbound() && !world.aborted && !p.isComplete();
    }

    /** After {@link #readyToPark}, parked or not: producers need not wake the owner any more. Owner only. */
    void doneParking() {
        WAITING.setOpaque(this, false);
    }

    /** Marks the rank finished (its kernel returned or threw). Owner only. */
    void finish() {
        STATE.setRelease(this, DONE);
    }

    /** At MULTIPLE: the first of the rank's threads starts waiting (under the lock). */
    void enterBlocked(Pending p) {
        pending = p;
        EPOCH.setOpaque(this, (long) EPOCH.getOpaque(this) + 1);
        STATE.setRelease(this, BLOCKED);
    }

    /** At MULTIPLE: another of the rank's threads starts waiting (under the lock). */
    void nextEpoch(Pending p) {
        pending = p;
        EPOCH.setOpaque(this, (long) EPOCH.getOpaque(this) + 1);
    }

    /** At MULTIPLE: the last waiting thread of the rank is done waiting (under the lock). */
    void leaveBlocked() {
        pending = null;
        STATE.setRelease(this, RUNNING);
    }

    // ---------------------------------------------------------------- watchdog

    int state() {
        return (int) STATE.getAcquire(this);
    }

    long epoch() {
        return (long) EPOCH.getOpaque(this);
    }

    /**
     * Whether no message waits in the inbound queue or a ring (racy; exact while the owner is
     * parked). Volatile reads: after a write of {@code waiting} or a waiter's parked mark, the
     * waiter's half of the park handshake.
     */
    boolean inboundEmpty() {
        return HEAD.getVolatile(this) == TAIL.getOpaque(this) && ringsEmpty();
    }

    /** {@link #inboundEmpty()} for the owner. */
    private boolean nothingInbound() {
        return HEAD.getVolatile(this) == tail && ringsEmpty();
    }

    private boolean ringsEmpty() {
        for (PairRing ring : (PairRing[]) IN_RINGS.getVolatile(this)) {
            if (ring.ready()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The owner's pending operation, for a deadlock report (racy; stable while it is blocked); at
     * MULTIPLE every waiting thread's when another thread than the rank's own waits, since
     * {@link #pending} holds only the last to start waiting.
     */
    /**
     * Whether a thread of this rank that has called MPI at {@code MULTIPLE} (the rank's own
     * thread among them) runs outside a wait of the rank's: then the rank is not blocked for the
     * watchdog even while another of its threads waits, since the running one may yet send.
     * Watchdog only; racy, as its other reads are. {@code false} below {@code MULTIPLE}.
     */
    boolean threadRunningOutsideWaits() {
        MultipleCalls mc = (MultipleCalls) PRODUCERS_MULTI.getVolatile(this);
        return mc != null && mc.threadRunningOutsideWaits(owner);
    }

    String pendingDescription() {
        MultipleCalls mc = (MultipleCalls) PRODUCERS_MULTI.getVolatile(this);
        if (mc != null) {
            String waiting = mc.describeWaiters(owner);
            if (waiting != null) {
                return waiting;
            }
        }
        Pending p = pending;
        return p == null ? "(between operations)" : describe(p);
    }

    private String describe(Pending p) {
        String c = collective;
        if (c == null) {
            return p.describe();
        }
        String details = CollectiveCall.details(collectiveCode);
        return (details.isEmpty() ? c : c + " (" + details + ")") + ": " + p.describe();
    }

    /**
     * The unexpected messages (source, tag, element type and count; at most 8) and the posted
     * receives (source and tag), for a deadlock report: what makes a tag or source mismatch
     * visible. Read by the watchdog once every rank is blocked (the owner is parked, so the
     * owner-only queues are still; racy otherwise, like {@link #unexpectedCount()}).
     */
    String queuesDescription() {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (Message m = umqHead; m != null && n < 8; m = m.matchNext, n++) {
            b.append(n == 0 ? ": " : "; ").append("from ").append(m.source).append(" tag ").append(CollectiveCall.tagText(m.tag)).append(", ")
                    .append(m.count).append(' ').append(m.type).append(collective(m.context));
        }
        int posted = 0;
        for (RecvRequest r = prqHead; r != null && posted < 8; r = r.next, posted++) {
            b.append(posted == 0 ? "; posted receives: " : ", ").append("source ")
                    .append(r.source == io.ccrj.mpi.Comm.ANY_SOURCE ? "ANY" : String.valueOf(r.source)).append(" tag ")
                    .append(r.tag == io.ccrj.mpi.Comm.ANY_TAG ? "ANY" : CollectiveCall.tagText(r.tag)).append(collective(r.context));
        }
        return b.toString();
    }

    /** A communicator's collectives use its context + 1, and communicator contexts are even (World). */
    private static String collective(int context) {
        return (context & 1) == 1 ? " (collective)" : "";
    }

    /**
     * The first message of a blocking collective that this rank never received, described, or
     * {@code null}: moves what is still inbound to the UMQ first. Such a message is left only by
     * ranks whose collective calls disagreed where no receive could compare them (both ranks of
     * a broadcast believing they were its root, a collective one rank called and another did
     * not: CollectiveCall). Only once every rank has finished, by the thread that ran the world
     * (the ranks' ends happen-before it, and no message can arrive any more).
     */
    String unreceivedCollectiveMessage(String worldLabel) {
        progress();
        for (Message m = umqHead; m != null; m = m.matchNext) {
            if ((m.context & 1) == 1 && CollectiveCall.signed(m.tag)) {
                return "rank " + worldRank + " ended with a message of rank " + m.source + "'s "
                        + CollectiveCall.describe(m.tag) + " on " + (m.context == 1 ? worldLabel
                        : "a communicator made from " + worldLabel) + " that it never received";
            }
        }
        return null;
    }

    /** Number of unexpected messages (diagnostics; owner only or racy). */
    int unexpectedCount() {
        int n = 0;
        for (Message m = umqHead; m != null; m = m.matchNext) {
            n++;
        }
        return n;
    }
}

/*
 * Field holders of RankMailbox, laid out on separate cache lines (JCTools' padding idiom:
 * HotSpot places a superclass's fields before its subclass's). Producers (other ranks) write
 * only MailboxProducerFields; the owner writes MailboxConsumerFields on every message; the
 * watchdog's fields change once per blocking wait. Without the padding every send would steal the
 * line the receiving rank polls (measured: about 2x the ping-pong latency).
 *
 * The padding is 128 byte fields, not 16 longs: HotSpot puts a subclass's field into any gap a
 * superclass's layout left (the 4 bytes after the object header, the 4 after a lone int or
 * reference), so with long padding the watchdog's int landed beside the producers' head, and
 * every receive's two writes of it took the line a sender had just written. Byte fields fill
 * such gaps themselves before the next group's fields are placed. MailboxLayoutTest checks the
 * offsets.
 */

abstract class MailboxPad0 {
    byte b0000, b0001, b0002, b0003, b0004, b0005, b0006, b0007, b0008, b0009, b0010, b0011, b0012, b0013, b0014, b0015,
            b0016, b0017, b0018, b0019, b0020, b0021, b0022, b0023, b0024, b0025, b0026, b0027, b0028, b0029, b0030, b0031,
            b0032, b0033, b0034, b0035, b0036, b0037, b0038, b0039, b0040, b0041, b0042, b0043, b0044, b0045, b0046, b0047,
            b0048, b0049, b0050, b0051, b0052, b0053, b0054, b0055, b0056, b0057, b0058, b0059, b0060, b0061, b0062, b0063,
            b0064, b0065, b0066, b0067, b0068, b0069, b0070, b0071, b0072, b0073, b0074, b0075, b0076, b0077, b0078, b0079,
            b0080, b0081, b0082, b0083, b0084, b0085, b0086, b0087, b0088, b0089, b0090, b0091, b0092, b0093, b0094, b0095,
            b0096, b0097, b0098, b0099, b0100, b0101, b0102, b0103, b0104, b0105, b0106, b0107, b0108, b0109, b0110, b0111,
            b0112, b0113, b0114, b0115, b0116, b0117, b0118, b0119, b0120, b0121, b0122, b0123, b0124, b0125, b0126, b0127;
}

/**
 * Written by producers: the inbound queue's head; and what they read with it: the owner's parked
 * flag and, at MULTIPLE, the rank's waiter set (a copy of {@code RankMailbox.multi}, whose own
 * line the owner writes at every receive).
 */
abstract class MailboxProducerFields extends MailboxPad0 {
    volatile Message head;
    volatile boolean waiting;
    volatile MultipleCalls producersMulti;
}

abstract class MailboxPad1 extends MailboxProducerFields {
    byte b1000, b1001, b1002, b1003, b1004, b1005, b1006, b1007, b1008, b1009, b1010, b1011, b1012, b1013, b1014, b1015,
            b1016, b1017, b1018, b1019, b1020, b1021, b1022, b1023, b1024, b1025, b1026, b1027, b1028, b1029, b1030, b1031,
            b1032, b1033, b1034, b1035, b1036, b1037, b1038, b1039, b1040, b1041, b1042, b1043, b1044, b1045, b1046, b1047,
            b1048, b1049, b1050, b1051, b1052, b1053, b1054, b1055, b1056, b1057, b1058, b1059, b1060, b1061, b1062, b1063,
            b1064, b1065, b1066, b1067, b1068, b1069, b1070, b1071, b1072, b1073, b1074, b1075, b1076, b1077, b1078, b1079,
            b1080, b1081, b1082, b1083, b1084, b1085, b1086, b1087, b1088, b1089, b1090, b1091, b1092, b1093, b1094, b1095,
            b1096, b1097, b1098, b1099, b1100, b1101, b1102, b1103, b1104, b1105, b1106, b1107, b1108, b1109, b1110, b1111,
            b1112, b1113, b1114, b1115, b1116, b1117, b1118, b1119, b1120, b1121, b1122, b1123, b1124, b1125, b1126, b1127;
}

/** Written by the owner at each blocking wait, read by the watchdog. */
abstract class MailboxWatchedFields extends MailboxPad1 {
    int state;
    long epoch;
    Pending pending;
}

abstract class MailboxPad2 extends MailboxWatchedFields {
    byte b2000, b2001, b2002, b2003, b2004, b2005, b2006, b2007, b2008, b2009, b2010, b2011, b2012, b2013, b2014, b2015,
            b2016, b2017, b2018, b2019, b2020, b2021, b2022, b2023, b2024, b2025, b2026, b2027, b2028, b2029, b2030, b2031,
            b2032, b2033, b2034, b2035, b2036, b2037, b2038, b2039, b2040, b2041, b2042, b2043, b2044, b2045, b2046, b2047,
            b2048, b2049, b2050, b2051, b2052, b2053, b2054, b2055, b2056, b2057, b2058, b2059, b2060, b2061, b2062, b2063,
            b2064, b2065, b2066, b2067, b2068, b2069, b2070, b2071, b2072, b2073, b2074, b2075, b2076, b2077, b2078, b2079,
            b2080, b2081, b2082, b2083, b2084, b2085, b2086, b2087, b2088, b2089, b2090, b2091, b2092, b2093, b2094, b2095,
            b2096, b2097, b2098, b2099, b2100, b2101, b2102, b2103, b2104, b2105, b2106, b2107, b2108, b2109, b2110, b2111,
            b2112, b2113, b2114, b2115, b2116, b2117, b2118, b2119, b2120, b2121, b2122, b2123, b2124, b2125, b2126, b2127;
}

/**
 * Owner-private: the inbound queue's tail (stub) and the matching queues; and the rings the rank
 * receives from, which a sender replaces (compare-and-set, once per ring) and the owner reads at
 * every poll.
 */
abstract class MailboxConsumerFields extends MailboxPad2 {
    volatile PairRing[] inRings;
    /**
     * The owner's copy of {@link #inRings} as last read, and the array it was copied from: the
     * owner reads its copy at every poll, and a copy it allocated itself shares no cache line with
     * what the sender that made {@code inRings} allocated next.
     */
    PairRing[] ringList;
    PairRing[] knownRings;
    Message tail;
    Message umqHead;
    Message umqTail;
    RecvRequest prqHead;
    RecvRequest prqTail;
}
