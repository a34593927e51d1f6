package io.ccrj.mpi.internal;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Port;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * The nonblocking driver: one rank's part of a nonblocking collective, run as CCR arbiters over
 * ccr-core ports, and the {@link io.ccrj.mpi.Request} the program holds.
 *
 * <p>How it progresses without the program: a round's sends are posts of private copies to the
 * receivers' ports of this collective instance ({@link CollectiveExchange}); its receives are one
 * join over the ports it receives from ({@link Arbiter#multiplePortReceive}, or a single
 * {@link Arbiter#receive}). When the last message of the round arrives, the join's handler copies
 * the messages into their buffers, combines ({@link Schedule#afterRound}), and starts the next
 * round, whose join it activates in turn. Where the handler runs depends on the round's size: a
 * small round's join is activated on the world's poster-runs queue, so its handler runs on the
 * thread whose post (or activation) made the join ready ({@link PosterRunsExecutor}: another
 * rank's thread, or this rank's own when the messages were there first), at the cost of a
 * blocking collective; a large round's join runs on a worker of the world's collective
 * dispatcher, so that the rank whose post completed it is not held up combining someone else's
 * data. A small round whose messages are all there when it starts takes them at once, with no
 * join ({@link #takeArrived}). Either way the collective advances while the rank computes, with
 * no {@code test} call and no thread polling for it; a rank that waits parks on its mailbox and
 * is woken by the last round ({@link RankMailbox#wakeIfWaiting()}).
 *
 * <p>Why ports and not the rank mailbox: the mailbox's matching queues belong to the rank's own
 * thread (below {@code THREAD_MULTIPLE} nothing else may touch them), so messages matched there
 * could only progress when the rank calls into MPI. A collective's own ports need no owner, and
 * they keep its traffic apart from point-to-point traffic and from every other outstanding
 * collective by construction (one instance per communicator and sequence number, which every
 * member numbers alike since MPI has them start collectives in the same order).
 *
 * <p>Thread safety, the invariant: the schedule and this object's round state ({@link #round},
 * {@link #recvs}) are touched by one thread at a time, along a chain of
 * hand-offs: the starting (rank) thread runs rounds until the first round that must wait and
 * activates its join as its very last access; from then on only the handler of the current
 * round's join touches them, and it activates the next join as its last access. Activation and
 * ccr-core's task hand-off order each link of the chain (happens-before), so the rank's thread
 * level (FUNNELED or any other) is not involved: the rank's thread only reads {@link #done}
 * (volatile) and, after it is set, the result the last handler wrote before setting it.
 */
final class NonblockingCollective implements LocalRequest, CollTransport {
    private static final Status STATUS = new Status(Comm.ANY_SOURCE, Comm.ANY_TAG, 0);

    private final CollectiveComm comm;
    private final String operation;
    private final Schedule schedule;
    private final CollectiveExchange exchange;
    /** Elements a round may receive and still run on the posting thread (see {@link #small()}). */
    static final int SMALL_ROUND_ELEMENTS = 4096;

    /** The world's collective dispatcher queue, looked up on the first large round (chain-confined). */
    private io.ccrj.core.DispatcherQueue queue;
    private final int rank;

    /** The round in progress (chain-confined: see the class comment). */
    private int round;
    /** The receives of the round in progress, each with its port (chain-confined). */
    private final List<Recv> recvs = new ArrayList<>(2);

    /** Written before {@link #done}; read after it. */
    private MpiException error;
    private volatile boolean done;

    private record Recv(Object buf, int offset, int count, Datatype type, int source, int tag,
            Port<CollectiveExchange.Piece> port) {
    }

    private NonblockingCollective(CollectiveComm comm, String operation, Schedule schedule, long sequence) {
        this.comm = comm;
        this.operation = operation;
        this.schedule = schedule;
        this.rank = comm.rank;
        this.exchange = comm.nonblockingExchange(sequence);
    }

    /**
     * Starts {@code schedule} as collective number {@code sequence} of {@code comm}: runs its
     * rounds on the calling thread until one must wait for messages.
     */
    static NonblockingCollective start(CollectiveComm comm, String operation, Schedule schedule, long sequence) {
        NonblockingCollective c = new NonblockingCollective(comm, operation, schedule, sequence);
        try {
            c.advance();
        } catch (RuntimeException e) {
            c.fail(e);
        }
        return c;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return comm.size;
    }

    @Override
    public String label() {
        return comm.label;
    }

    @Override
    public void recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        Port<CollectiveExchange.Piece> p = exchange.port(comm.mailbox.worldRank, comm.worldRanks[source], tag);
        for (int i = 0; i < recvs.size(); i++) {
            if (recvs.get(i).port == p) {
                throw new IllegalStateException(schedule.name() + ": two receives from rank " + source + " with tag "
                        + tag + " in round " + round);
            }
        }
        recvs.add(new Recv(buf, offset, count, type, source, tag, p));
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        int elements = count * type.size();
        Object flat = type.base().newArray(elements);
        if (elements > 0) {
            TypeMap.of(type).toContiguous(buf, offset, count, flat, 0);
        }
        Object payload = flat;
        if (type.base() == Datatype.Base.OBJECT && comm.world.copiesObjects(comm.mailbox.worldRank,
                comm.worldRanks[dest])) {
            payload = ObjectMessages.payload((Object[]) flat);
        }
        exchange.port(comm.worldRanks[dest], comm.mailbox.worldRank, tag)
                .post(new CollectiveExchange.Piece(type.base(), elements, payload, schedule.call()));
    }

    /**
     * Runs rounds until one has receives to wait for, whose join it activates (its last access to
     * this object's state), or until the schedule is over.
     */
    private void advance() {
        while (true) {
            recvs.clear();
            if (!schedule.round(round, this)) {
                schedule.finish();
                complete(null);
                return;
            }
            if (recvs.isEmpty()) {
                schedule.afterRound(round);
                round++;
                continue;
            }
            boolean small = small();
            if (small && takeArrived()) {
                schedule.afterRound(round);
                round++;
                continue;
            }
            io.ccrj.core.DispatcherQueue q = small ? comm.world.posterRunsQueue() : dispatcher();
            int n = recvs.size();
            if (n == 1) {
                Arbiter.activate(q, Arbiter.receive(false, recvs.get(0).port, this::arrivedOne));
            } else {
                List<Port<CollectiveExchange.Piece>> ports = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    ports.add(recvs.get(i).port);
                }
                Arbiter.activate(q, Arbiter.multiplePortReceive(false, ports, this::arrived));
            }
            return;
        }
    }

    /**
     * Whether the round's receives are small enough to combine on the thread that posts the last
     * of them ({@link PosterRunsExecutor}): that thread is another rank's, so a large round (a
     * reduction of many elements) goes to the world's collective dispatcher instead and does not
     * hold up the rank whose post completed it.
     */
    private boolean small() {
        long elements = 0;
        for (int i = 0; i < recvs.size(); i++) {
            Recv r = recvs.get(i);
            elements += (long) r.count * r.type.size();
        }
        return elements <= SMALL_ROUND_ELEMENTS;
    }

    /**
     * The short path of a small round whose messages are all there already (the senders were
     * first, as the later rank of two often is): takes them from their ports on this thread, with
     * no join, no task and no handler. Right because this rank is the only receiver on these ports
     * (they are its own, for this collective) and no join of its is registered on them, so a
     * queued item stays queued until this rank takes it, and taking in port order keeps each
     * port's FIFO order. Takes nothing unless every port has a message, so that the join, if one
     * is needed, gets the whole round.
     *
     * @return whether the round's receives are complete
     */
    private boolean takeArrived() {
        int n = recvs.size();
        if (n == 1) {
            CollectiveExchange.Piece piece = recvs.get(0).port.test();
            if (piece == null) {
                return false;
            }
            take(recvs.get(0), piece);
            return true;
        }
        for (int i = 0; i < n; i++) {
            if (recvs.get(i).port.itemCount() == 0) {
                return false;
            }
        }
        for (int i = 0; i < n; i++) {
            CollectiveExchange.Piece piece = recvs.get(i).port.test();
            if (piece == null) {
                throw new IllegalStateException(where() + ": a message counted on the port of rank "
                        + recvs.get(i).source + " was gone");
            }
            take(recvs.get(i), piece);
        }
        return true;
    }

    private io.ccrj.core.DispatcherQueue dispatcher() {
        io.ccrj.core.DispatcherQueue q = queue;
        if (q == null) {
            q = comm.world.collectiveQueue();
            queue = q;
        }
        return q;
    }

    private void arrivedOne(CollectiveExchange.Piece piece) {
        try {
            take(recvs.get(0), piece);
            next();
        } catch (RuntimeException | Error e) {
            fail(e);
        }
    }

    /** The join's handler: every message of the round has arrived (dispatcher thread). */
    private void arrived(List<Object> pieces) {
        try {
            for (int i = 0; i < pieces.size(); i++) {
                take(recvs.get(i), (CollectiveExchange.Piece) pieces.get(i));
            }
            next();
        } catch (RuntimeException | Error e) {
            fail(e);
        }
    }

    private void next() {
        schedule.afterRound(round);
        round++;
        advance();
    }

    /** Copies one message into its receive's buffer, with the checks of a receive. */
    private void take(Recv r, CollectiveExchange.Piece piece) {
        if (piece.call() != schedule.call()) {
            throw new MpiException(ErrorClass.ARG, where() + ": " + CollectiveCall.mismatch(operation,
                    schedule.call(), piece.call(), r.source));
        }
        if (piece.base() != r.type.base()) {
            throw new MpiException(ErrorClass.TYPE, where() + ": rank " + r.source + " sent " + piece.base()
                    + " data where " + r.type + " (base type " + r.type.base() + ") was expected");
        }
        long room = (long) r.count * r.type.size();
        if (piece.elements() > room) {
            throw new MpiException(ErrorClass.TRUNCATE, where() + ": rank " + r.source + " sent "
                    + piece.elements() + " elements where the receive block holds " + room);
        }
        if (piece.elements() == 0) {
            return;
        }
        Object payload = piece.payload();
        if (payload instanceof ObjectMessages.Serialized s) {
            payload = s.read(comm.world.objectLoader(comm.mailbox.worldRank));
        }
        TypeMap.of(r.type).fromContiguous(payload, 0, piece.elements(), r.buf, r.offset);
    }

    private String where() {
        return operation + " on " + comm.label + " (rank " + rank + ", round " + round + ")";
    }

    private void fail(Throwable t) {
        complete(t instanceof MpiException me ? me
                : new MpiException(ErrorClass.ARG, where() + " failed: " + t, t));
    }

    private void complete(MpiException e) {
        if (e != null) {
            comm.world.collectiveFailed = true;
        }
        error = e;
        done = true;                                   // publishes the result and the error
        exchange.finished();
        comm.mailbox.wakeIfWaiting();                 // after the volatile write: the Dekker pair of await
    }

    // ---------------------------------------------------------------- the request (rank's thread)

    @Override
    public RankMailbox mailbox() {
        return comm.mailbox;
    }

    @Override
    public boolean isComplete() {
        return done;
    }

    @Override
    public boolean needsMessage() {
        return false;
    }

    @Override
    public boolean mayTake(Message m) {
        return false;                                  // completed by a dispatcher thread, never by a mailbox message
    }

    @Override
    public Status waitFor() {
        comm.checkThread();
        if (!done) {
            comm.mailbox.await(this);
        }
        return result();
    }

    @Override
    public Status test() {
        comm.checkThread();
        if (done) {
            return result();
        }
        comm.mailbox.pauseForCompletion(this);
        return null;
    }

    private Status result() {
        if (error != null) {
            throw error;
        }
        return STATUS;
    }

    @Override
    public String describe() {
        String details = CollectiveCall.details(schedule.call());
        return operation + (details.isEmpty() ? "" : " (" + details + ")") + " on " + comm.label
                + (done ? " (complete)" : " (waiting for the messages of round " + round + ")");
    }

    @Override
    public String toString() {
        return describe();
    }
}
