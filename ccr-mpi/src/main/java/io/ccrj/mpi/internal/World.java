package io.ccrj.mpi.internal;

import io.ccrj.mpi.Collectives;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.RankThreads;
import io.ccrj.mpi.SpmdWorld;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The shared state of one run of a {@link SpmdWorld}: the ranks' mailboxes, the end-of-world
 * flag and first failure, and the registry of communicator contexts.
 *
 * <p>Thread safety: {@link #abort} may be called by any thread, any number of times; the first
 * cause wins. {@link #aborted} is volatile: a rank that sees it set also sees {@link #failure}.
 */
final class World {
    final String name;
    final int size;
    final RankMailbox[] mailboxes;
    final boolean virtualThreads;

    volatile boolean aborted;
    /**
     * Whether a rank left a blocking collective by an error (which may leave the other ranks'
     * messages of that call unreceived, so the end-of-run check for them says nothing). Set by
     * any rank, read after every rank has finished.
     */
    volatile boolean collectiveFailed;
    /** The first nonblocking collective message no member received ({@link CollectiveExchange}), or {@code null}. */
    private final java.util.concurrent.atomic.AtomicReference<String> unreceived = new java.util.concurrent.atomic.AtomicReference<>();

    /** Records a nonblocking collective's message that no member received (any thread; the first is kept). */
    void noteUnreceived(String description) {
        unreceived.compareAndSet(null, description);
    }

    /** {@return the first nonblocking collective message no member received, or {@code null}} */
    String unreceived() {
        return unreceived.get();
    }
    private final Object abortLock = new Object();
    private Throwable failure;
    private int failedRank = -1;

    /** Context ids of communicators made by split, keyed by (parent context, split number, color). */
    private final ConcurrentHashMap<String, Integer> contexts = new ConcurrentHashMap<>();
    private final AtomicInteger nextContext = new AtomicInteger(2);

    /**
     * Whether barrier, allreduce and allgather(v) go through {@link SharedMemoryCollectives}: when the world has
     * more ranks than processors, where each message hand-off costs a park and a wake-up.
     */
    final boolean sharedMemoryCollectives;
    /** Shared-memory collective state per communicator, keyed by its point-to-point context. */
    private final ConcurrentHashMap<Integer, SharedMemoryCollectives> shared = new ConcurrentHashMap<>();

    /** Nonblocking collective instances in progress, by (collective context, sequence number). */
    private final ConcurrentHashMap<ExchangeKey, CollectiveExchange> exchanges = new ConcurrentHashMap<>();
    /** Each communicator's reused nonblocking collective channels, keyed by its collective context. */
    private final ConcurrentHashMap<Integer, NonblockingChannels> channels = new ConcurrentHashMap<>();

    /** Names a nonblocking collective instance: a communicator's collective context and its sequence number there. */
    record ExchangeKey(int context, long sequence) {
        @Override
        public String toString() {
            return "collective " + sequence + " of context " + context;
        }
    }

    /**
     * The queue whose dispatcher runs the rounds of nonblocking collectives, made on first use
     * (double-checked: volatile), closed by {@link #close()}.
     */
    private volatile io.ccrj.core.DispatcherQueue collectiveQueue;
    private io.ccrj.core.Dispatcher collectiveDispatcher;
    /** See {@link #posterRunsQueue()}; its executor makes the dispatcher only when a chain nests too deep. */
    private final io.ccrj.core.DispatcherQueue posterRunsQueue = io.ccrj.core.DispatcherQueue.onExecutor(
            "collectives-on-the-poster", new PosterRunsExecutor(this::collectiveQueue),
            io.ccrj.core.SchedulingPolicy.unconstrained());

    /**
     * Each rank's class loader for received objects, or {@code null} when all ranks share their
     * object classes ({@link SpmdWorld.Builder#rankClassLoaders}). Written once here, read by
     * every rank (final: safely published with the world).
     */
    private final ClassLoader[] rankLoaders;
    /** Whether some two ranks have different loaders, so that some OBJECT messages are copies. */
    final boolean copiesObjects;

    World(SpmdWorld config) {
        this.name = config.name();
        this.size = config.size();
        this.virtualThreads = config.effectiveRankThreads() == RankThreads.VIRTUAL;
        this.sharedMemoryCollectives = config.effectiveCollectives() == Collectives.SHARED_MEMORY;
        this.mailboxes = new RankMailbox[size];
        for (int i = 0; i < size; i++) {
            mailboxes[i] = new RankMailbox(this, i, virtualThreads, config.spinPolls());
        }
        IntFunction<? extends ClassLoader> loaders = config.rankClassLoaders();
        boolean differ = false;
        if (loaders == null) {
            this.rankLoaders = null;
        } else {
            this.rankLoaders = new ClassLoader[size];
            for (int i = 0; i < size; i++) {
                int rank = i;
                rankLoaders[i] = Objects.requireNonNull(loaders.apply(i),
                        () -> "rankClassLoaders returned null for rank " + rank);
                differ |= rankLoaders[i] != rankLoaders[0];
            }
        }
        this.copiesObjects = differ;
    }

    /** Whether an OBJECT message from world rank {@code from} to {@code to} carries copies, not references. */
    boolean copiesObjects(int from, int to) {
        return copiesObjects && rankLoaders[from] != rankLoaders[to];
    }

    /** The class loader that resolves the classes of the objects world rank {@code worldRank} receives. */
    ClassLoader objectLoader(int worldRank) {
        return rankLoaders == null ? null : rankLoaders[worldRank];
    }

    /**
     * The context base (point-to-point context; collective context is base + 1) of the
     * communicator that split number {@code splitNumber} of the communicator with collective
     * context {@code parentContext} makes for {@code color}: every member computes the same key,
     * so all agree without exchanging messages.
     */
    int contextFor(int parentContext, int splitNumber, int color) {
        return contexts.computeIfAbsent(parentContext + "/" + splitNumber + "/" + color,
                k -> nextContext.getAndAdd(2));
    }

    /**
     * The context base of the communicator named by {@code key} (a derivation every member
     * describes alike, such as {@code "derived/<parent context>/<number>/<variant>"}); the first
     * caller allocates it.
     */
    int contextFor(String key) {
        return contexts.computeIfAbsent(key, k -> nextContext.getAndAdd(2));
    }

    /** {@code n} fresh consecutive context bases (2 ids each), for a leader to hand out. */
    int allocateContexts(int n) {
        return nextContext.getAndAdd(2 * n);
    }

    /**
     * The shared-memory collective state of the communicator with point-to-point context
     * {@code context} and members {@code worldRanks}; every member gets the same instance.
     */
    SharedMemoryCollectives sharedCollectives(int context, int[] worldRanks) {
        return shared.computeIfAbsent(context, c -> {
            RankMailbox[] members = new RankMailbox[worldRanks.length];
            for (int i = 0; i < members.length; i++) {
                members[i] = mailboxes[worldRanks[i]];
            }
            return new SharedMemoryCollectives(members);
        });
    }

    /**
     * The shared channels of nonblocking collective {@code sequence} on the communicator with
     * collective context {@code context} and {@code members} ranks; every member gets the same
     * instance until the last one has finished with it.
     */
    CollectiveExchange exchange(int context, long sequence, int members) {
        ExchangeKey k = new ExchangeKey(context, sequence);
        return exchanges.computeIfAbsent(k, x -> new CollectiveExchange(this, x, members));
    }

    /**
     * The reused nonblocking collective channels of the communicator with collective context
     * {@code context} and {@code members} ranks; every member gets the same instance (contexts
     * are never reused, so one context names one communicator).
     */
    NonblockingChannels nonblockingChannels(int context, int members) {
        NonblockingChannels c = channels.computeIfAbsent(context, x -> new NonblockingChannels(this, x, members));
        if (c.members() != members) {
            throw new IllegalStateException("collective context " + context + " is shared by communicators of "
                    + c.members() + " and " + members + " members");
        }
        return c;
    }

    /**
     * How many members have freed each communicator (by point-to-point context) so far; an entry
     * lives from the first member's free to the last one's.
     */
    private final ConcurrentHashMap<Integer, AtomicInteger> freedBy = new ConcurrentHashMap<>();

    /**
     * A member freed the communicator with point-to-point context {@code context} and
     * {@code members} collective members; the last member's free drops the world's state of it
     * (its shared-memory collectives and its reused nonblocking channels), so that a program that
     * makes and frees communicators in a loop does not grow the world. Any thread. A collective
     * still in progress keeps what it holds: only the world's references go.
     */
    void communicatorFreed(int context, int members) {
        AtomicInteger n = freedBy.computeIfAbsent(context, c -> new AtomicInteger());
        if (n.incrementAndGet() == members) {
            freedBy.remove(context);
            shared.remove(context);
            channels.remove(context + 1);
        }
    }

    /** {@return how many communicators the world keeps collective state for (diagnostics, tests)} */
    int retainedCommunicators() {
        java.util.Set<Integer> contexts = new java.util.HashSet<>(shared.keySet());
        channels.keySet().forEach(c -> contexts.add(c - 1));
        return contexts.size();
    }

    void removeExchange(ExchangeKey key) {
        exchanges.remove(key);
    }

    /** Nonblocking collective instances some member has not finished (diagnostics, tests). */
    int openExchanges() {
        return exchanges.size();
    }

    /**
     * The dispatcher queue of the world's nonblocking collectives: a ccr-core dispatcher with one
     * worker per rank up to the processors, whose workers sleep when no collective has work (its
     * idle strategy spins only briefly after each task, so that it does not hold a core the ranks
     * compute on). Made on the first nonblocking collective; any thread.
     */
    io.ccrj.core.DispatcherQueue collectiveQueue() {
        io.ccrj.core.DispatcherQueue q = collectiveQueue;
        if (q == null) {
            synchronized (abortLock) {
                q = collectiveQueue;
                if (q == null) {
                    int workers = Math.max(1, Math.min(size, Runtime.getRuntime().availableProcessors()));
                    collectiveDispatcher = new io.ccrj.core.Dispatcher(workers, name + "-collectives",
                            io.ccrj.core.IdleStrategy.spinThenPark(java.time.Duration.ofNanos(20_000),
                                    java.time.Duration.ofNanos(50_000)));
                    q = collectiveDispatcher.createQueue(name + "-collectives");
                    collectiveQueue = q;
                }
            }
        }
        return q;
    }

    /**
     * The queue of small nonblocking collectives' joins: each join's handler runs on the thread
     * that made it ready ({@link PosterRunsExecutor}), past the nesting bound on
     * {@link #collectiveQueue()}. Any thread.
     */
    io.ccrj.core.DispatcherQueue posterRunsQueue() {
        return posterRunsQueue;
    }

    /** Stops the collectives' dispatcher, if one was made; after every rank has finished or the world ended. */
    void close() {
        io.ccrj.core.Dispatcher d;
        synchronized (abortLock) {
            d = collectiveDispatcher;
        }
        if (d != null) {
            d.shutdownNow();
        }
    }

    /**
     * Ends the world: records {@code cause} if it is the first, then wakes and interrupts every
     * rank (but the calling thread) so that their waits fail with {@link ErrorClass#ABORTED}.
     *
     * @param rank the failing rank, or -1 for a failure of the world itself (deadlock, interrupt)
     */
    void abort(int rank, Throwable cause) {
        synchronized (abortLock) {
            if (failure == null) {
                failure = cause;
                failedRank = rank;
            } else if (rank >= 0 && !(cause instanceof MpiException me && me.errorClass() == ErrorClass.ABORTED)) {
                failure.addSuppressed(cause);
            }
        }
        aborted = true;
        Thread self = Thread.currentThread();
        for (RankMailbox mb : mailboxes) {
            Thread t = mb.owner;
            if (t != null && t != self && mb.state() != RankMailbox.DONE) {
                t.interrupt();
            }
            mb.wake();
        }
    }

    Throwable failure() {
        synchronized (abortLock) {
            return failure;
        }
    }

    int failedRank() {
        synchronized (abortLock) {
            return failedRank;
        }
    }

    /** The exception a rank's pending operation fails with once the world has ended. */
    MpiException abortedWhile(int worldRank, String pending) {
        Throwable cause = failure();
        int fr = failedRank();
        String why = fr >= 0 ? "rank " + fr + " failed: " + cause
                : cause != null ? String.valueOf(cause.getMessage()) : "the world was cancelled";
        return new MpiException(ErrorClass.ABORTED, "world '" + name + "' ended while rank " + worldRank
                + " waited in " + pending + ": " + why, cause);
    }
}
