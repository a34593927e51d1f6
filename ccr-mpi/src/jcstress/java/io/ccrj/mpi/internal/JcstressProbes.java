package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.RankThreads;
import io.ccrj.mpi.SpmdWorld;

/**
 * The handles the JCStress models of {@code io.ccrj.mpi.jcstress} hold on ccr-mpi's lock-free
 * parts: a {@link PairRing}, a rank's {@link RankMailbox} (inbound queue, the owner's park
 * handshake, a lent message's consumption) and its {@link MultipleCalls} (the waiters of
 * {@code THREAD_MULTIPLE}). Each method is one call of the production class, or the same few calls
 * in the order the production code makes them (named where it does); only the helpers of the
 * broken models ({@link Mailbox#raiseWaitingOnly}, {@link Lent#markConsumed},
 * {@link Lent#element}) do part of a protocol step by themselves. Part of the {@code jcstress}
 * build of ccr-mpi only (its source root joins the module's package here for package access; the
 * harness jar runs on the class path).
 */
@Internal
public final class JcstressProbes {
    private static final java.lang.invoke.VarHandle WAITING;
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            WAITING = java.lang.invoke.MethodHandles.lookup().findVarHandle(MailboxProducerFields.class, "waiting",
                    boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private JcstressProbes() {
    }

    /** The communicator context of the messages the models send (any value). */
    public static final int CONTEXT = 6;

    /** A world of {@code size} mailboxes whose ranks run no threads: the actors play them. */
    public static World world(int size) {
        return new World(SpmdWorld.builder().size(size).rankThreads(RankThreads.PLATFORM).build());
    }

    /** A fresh ring from rank 0, not attached to any mailbox. */
    public static Ring ring() {
        return new Ring(new PairRing(0));
    }

    /** A ring of messages, as the sending and the receiving rank use it. */
    public static final class Ring {
        private final PairRing ring;

        Ring(PairRing ring) {
            this.ring = ring;
        }

        /** {@link PairRing#offer} of one {@code LONG} element; sender only. */
        public boolean offer(int seq, int tag, long value) {
            return ring.offer(seq, CONTEXT, 0, tag, Datatype.Base.LONG, 1, value);
        }

        /** {@link PairRing#peek}; receiver only. */
        public long peek() {
            return ring.peek();
        }

        /** {@link PairRing#take}: the slot's element; receiver only. */
        public long take(long w0) {
            ring.take(w0);
            return ring.scalar;
        }

        /** The tag of the slot last taken. */
        public int takenTag() {
            return ring.tag;
        }

        /** {@link PairRing#seqOf}. */
        public static int seqOf(long w0) {
            return PairRing.seqOf(w0);
        }
    }

    /** A rank's mailbox in a world of {@link #world}: what its producers and its owner call. */
    public static final class Mailbox {
        private final RankMailbox mailbox;

        /** Rank {@code rank}'s mailbox of {@code world}. */
        public Mailbox(World world, int rank) {
            this.mailbox = world.mailboxes[rank];
        }

        /** {@link RankMailbox#enableMultipleCalls}: the rank at {@code THREAD_MULTIPLE}. */
        public Mailbox multiple() {
            mailbox.enableMultipleCalls();
            return this;
        }

        /**
         * {@link RankMailbox#deliver} of a fresh eager message from {@code source} with
         * {@code tag}: a one-element {@code LONG} payload array holding {@code value}, filled
         * before the delivery publishes it (as {@code Message.copyOf} does).
         *
         * @return the threads the delivery unparked (0: it saw {@code waiting} clear)
         */
        public int deliver(int source, int tag, long value) {
            return mailbox.deliver(new Message(CONTEXT, source, tag, Datatype.Base.LONG, 1, new long[] {value}, 0L));
        }

        /** {@link RankMailbox#progress}: drains the inbound queue into the unexpected messages; owner only. */
        public boolean progress() {
            return mailbox.progress();
        }

        /**
         * {@link RankMailbox#peekUnexpected}: the payload element of the oldest unexpected message
         * from {@code source} with {@code tag} (owner only), -1 if there is none, -2 if its fields
         * are not the ones its sender wrote.
         */
        public long unexpected(int source, int tag) {
            Message m = mailbox.peekUnexpected(CONTEXT, source, tag);
            if (m == null) {
                return -1;
            }
            if (m.count != 1 || m.type != Datatype.Base.LONG || !(m.payload instanceof long[] p) || p.length != 1) {
                return -2;
            }
            return p[0];
        }

        /**
         * The unexpected messages in arrival order (owner only): {@code Q} for one that came
         * through the inbound queue (a payload array), {@code R} for one taken from a ring (a
         * single element, no array).
         */
        public String unexpectedOrder() {
            StringBuilder sb = new StringBuilder();
            for (Message m = mailbox.umqHead; m != null; m = m.matchNext) {
                sb.append(m.payload == null ? 'R' : 'Q');
            }
            return sb.toString();
        }

        /** {@link RankMailbox#unexpectedCount}; owner only. */
        public int unexpectedCount() {
            return mailbox.unexpectedCount();
        }

        /** {@link RankMailbox#readyToPark}: the owner's last look before a park; owner only. */
        public boolean readyToPark(Wait w) {
            return mailbox.readyToPark(w);
        }

        /** {@link RankMailbox#doneParking}; owner only. */
        public void doneParking() {
            mailbox.doneParking();
        }

        /**
         * For the broken models only: sets {@code waiting} without {@link #readyToPark}'s look,
         * volatile ({@code release} false) or with a release store, which is no full fence
         * ({@code release} true).
         */
        public void raiseWaitingOnly(boolean release) {
            if (release) {
                WAITING.setRelease(mailbox, true);
            } else {
                WAITING.setVolatile(mailbox, true);
            }
        }

        /** {@link RankMailbox#inboundEmpty}: the volatile reads of the owner's last look. */
        public boolean inboundEmpty() {
            return mailbox.inboundEmpty();
        }

        /** {@link RankMailbox#openRing}: a ring from {@code from} into this mailbox, as a sender's first small message opens it. */
        public Ring openRing(int from) {
            return new Ring(mailbox.openRing(from));
        }

        /** {@link RankMailbox#wakeParked}: what a sender calls after it filled a ring slot. */
        public int wakeParked() {
            return mailbox.wakeParked();
        }

        /** {@link RankMailbox#wakeIfWaiting}: what the completer of a shared-memory collective calls. */
        public int wakeIfWaiting() {
            return mailbox.wakeIfWaiting();
        }

        /**
         * A zero-copy message of one {@code LONG} lent from {@code buf} by this mailbox's rank (the
         * sender), as {@code Message.borrowing} makes it.
         */
        public Lent lend(long[] buf) {
            return new Lent(Message.borrowing(CONTEXT, 0, 1, buf, 0, 1, io.ccrj.mpi.Datatype.LONG, mailbox));
        }

        /** This rank's waiters at {@code THREAD_MULTIPLE} ({@link #multiple} first). */
        public Waiters waiters() {
            return new Waiters(mailbox, mailbox.multi);
        }
    }

    /**
     * The sending side of a pair of ranks: {@link RankMailbox#send} (the inbound queue) and
     * {@link RankMailbox#sendInline} (the pair's ring, opened by its first small message), which
     * number the pair's messages. The sending rank's thread only.
     */
    public static final class Pair {
        private final RankMailbox sender;
        private final RankMailbox receiver;
        private final int from;
        private final int to;

        private final World world;

        /** From world rank 0 to world rank 1 of a fresh two-rank {@link #world}. */
        public Pair() {
            this.world = world(2);
            this.from = 0;
            this.to = 1;
            this.sender = world.mailboxes[from];
            this.receiver = world.mailboxes[to];
        }

        /** The receiving rank's mailbox. */
        public Mailbox receiver() {
            return new Mailbox(world, to);
        }

        /** {@link RankMailbox#send} of an eager one-element {@code LONG} message (a payload array). */
        public void sendQueued(int tag, long value) {
            sender.send(receiver, to, new Message(CONTEXT, from, tag, Datatype.Base.LONG, 1, new long[] {value}, 0L));
        }

        /** {@link RankMailbox#sendInline} of one {@code LONG}: whether the ring took it. */
        public boolean sendSmall(int tag, long value) {
            return sender.sendInline(receiver, to, CONTEXT, from, tag, Datatype.Base.LONG, 1, value);
        }
    }

    /** A lent (zero-copy) message, as its receiver and its sender see it. */
    public static final class Lent {
        private final Message.Lent message;

        Lent(Message.Lent message) {
            this.message = message;
        }

        /**
         * The receiver's copy of the lent element out of the sender's buffer, then
         * {@code Message.release} (as {@code RecvRequest} does): the element copied.
         */
        public long copyAndRelease(long[] into) {
            into[0] = ((long[]) message.payload)[message.payloadOffset];
            into[1] = message.release();
            return into[0];
        }

        /** The sender's test of its send: {@code ZeroCopySend.isComplete}. */
        public boolean consumed() {
            return message.consumed;
        }

        /** The sender's wait condition, for {@link Mailbox#readyToPark}. */
        public Wait sendWait() {
            return new Wait(false) {
                @Override
                public boolean isComplete() {
                    return message.consumed;
                }
            };
        }

        /** For the broken model only: marks the message consumed without waking anyone. */
        public void markConsumed() {
            message.consumed = true;
        }

        /**
         * For the broken model only: the lent buffer's element, read as the receiver reads it but
         * with a volatile load, which stays after the model's earlier volatile write (a plain load
         * may move before it, and the defect would not show).
         */
        public long element() {
            return (long) LONGS.getVolatile((long[]) message.payload, message.payloadOffset);
        }
    }

    /**
     * A wait a model's owner or waiter is in: complete once {@link #complete} is called (a
     * volatile write), or never. {@code needsMessage}: whether a delivered message may complete it
     * (a receive), or not (a shared-memory collective, a lent send).
     */
    public static class Wait implements Pending {
        private final boolean needsMessage;
        private volatile boolean done;

        public Wait(boolean needsMessage) {
            this.needsMessage = needsMessage;
        }

        /** Completes the wait (a volatile write), as a shared-memory collective's last arriver does. */
        public void complete() {
            done = true;
        }

        @Override
        public boolean isComplete() {
            return done;
        }

        @Override
        public boolean needsMessage() {
            return needsMessage;
        }

        @Override
        public String describe() {
            return "a JCStress model's wait";
        }
    }

    /** The {@code THREAD_MULTIPLE} waiters of a rank ({@link MultipleCalls}). */
    public static final class Waiters {
        /** The key of every model waiter: a thread never started, so its unpark is a no-op. */
        private static final Thread NOT_STARTED = new Thread(() -> { }, "jcstress-model-waiter");

        private final RankMailbox mailbox;
        private final MultipleCalls calls;

        Waiters(RankMailbox mailbox, MultipleCalls calls) {
            if (calls == null) {
                throw new IllegalStateException("the mailbox is not at THREAD_MULTIPLE: call multiple() first");
            }
            this.mailbox = mailbox;
            this.calls = calls;
        }

        /** {@link MultipleCalls#register}: a waiter enters the set (it then tests once more). */
        public Waiter register(Wait w) {
            return new Waiter(calls.register(mailbox, NOT_STARTED, w));
        }

        /** {@link MultipleCalls#generation}: the drain count a waiter reads before its test. */
        public long generation() {
            return calls.generation();
        }

        /** {@link MultipleCalls#test}: a waiter's drain and test under the rank's lock. */
        public boolean test(Wait w) {
            return calls.test(mailbox, w);
        }

        /** {@link MultipleCalls#readyToPark}: a registered waiter's last look before its park. */
        public boolean readyToPark(Waiter self, long g) {
            return calls.readyToPark(mailbox, self.waiter, g);
        }
    }

    /** A registered waiter. */
    public static final class Waiter {
        final MultipleCalls.Waiter waiter;

        Waiter(MultipleCalls.Waiter waiter) {
            this.waiter = waiter;
        }
    }
}
