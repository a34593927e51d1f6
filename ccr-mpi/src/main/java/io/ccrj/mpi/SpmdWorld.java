package io.ccrj.mpi;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * A world of N ranks in this JVM running one SPMD {@link Kernel}: the rendezvous model, in which
 * each rank is a long-running sequential task that exchanges messages at loosely synchronous
 * stages (Qiu et al. 2007, Code Sample 1).
 *
 * <pre>{@code
 * List<Double> sums = SpmdWorld.run(4, comm -> {
 *     double[] mine = {comm.rank() + 1.0};
 *     double[] total = new double[1];
 *     comm.allreduce(mine, 0, total, 0, 1, Datatype.DOUBLE, Op.SUM);
 *     return total[0];                       // 10.0 on every rank
 * });
 * }</pre>
 *
 * <p>A world is an immutable configuration: {@link #run(Kernel)} starts fresh ranks each time and
 * may be called any number of times, also concurrently. {@code run} returns when every rank has
 * returned, with the results in rank order. If a rank throws, the world ends: the other ranks'
 * blocked communicator calls fail with {@link MpiException.ErrorClass#ABORTED} (and their threads
 * are interrupted), {@code run} waits for them to finish and throws a
 * {@link RankFailedException}. If every live rank stays blocked with no message that could
 * release any of them for the {@linkplain Builder#deadlockTimeout deadlock timeout}, the world
 * ends with a {@link DeadlockException} listing each rank's pending operation.
 *
 * <p>A world is ccr-mpi's {@link SpmdRuntime}. Ranks run on the threads {@link Builder#rankThreads}
 * selects; by default platform threads with a spin-then-park wait while the ranks fit the
 * processors, virtual threads otherwise.
 */
public final class SpmdWorld implements SpmdRuntime {

    /** The default deadlock timeout: 30 seconds. */
    public static final Duration DEFAULT_DEADLOCK_TIMEOUT = Duration.ofSeconds(30);

    private final int size;
    private final String name;
    private final RankThreads rankThreads;
    private final Duration deadlockTimeout;
    private final int spinPolls;
    private final Collectives collectives;
    private final IntFunction<? extends ClassLoader> rankClassLoaders;
    private final Consumer<String> onAllBlocked;

    private SpmdWorld(Builder b) {
        this.size = b.size;
        this.name = b.name;
        this.rankThreads = b.rankThreads;
        this.deadlockTimeout = b.deadlockTimeout;
        this.spinPolls = b.spinPolls;
        this.collectives = b.collectives;
        this.rankClassLoaders = b.rankClassLoaders;
        this.onAllBlocked = b.onAllBlocked;
    }

    /**
     * Runs {@code kernel} on a world of {@code size} ranks with the default options.
     *
     * @param size the number of ranks, {@code >= 1}
     * @param kernel the SPMD program
     * @param <R> the type of each rank's result
     * @return each rank's result, in rank order (an unmodifiable list that may hold {@code null}s)
     * @throws RankFailedException if a rank threw
     * @throws DeadlockException if the ranks deadlocked
     */
    public static <R> List<R> run(int size, Kernel<R> kernel) {
        return builder().size(size).build().run(kernel);
    }

    /**
     * A builder with the defaults: size 1, name {@code "world"}, {@link RankThreads#AUTO},
     * {@link #DEFAULT_DEADLOCK_TIMEOUT}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding this world's options, to derive a world that differs in some of them.
     *
     * @return a new builder with this world's options
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.size = size;
        b.name = name;
        b.rankThreads = rankThreads;
        b.deadlockTimeout = deadlockTimeout;
        b.spinPolls = spinPolls;
        b.collectives = collectives;
        b.rankClassLoaders = rankClassLoaders;
        b.onAllBlocked = onAllBlocked;
        return b;
    }

    /**
     * Each rank's class loader for the objects it receives in {@link Datatype#OBJECT} messages, as
     * configured with {@link Builder#rankClassLoaders}.
     *
     * @return the function from rank to loader, or {@code null} if the ranks share the classes of
     *     the objects they exchange (the default)
     */
    public IntFunction<? extends ClassLoader> rankClassLoaders() {
        return rankClassLoaders;
    }

    /**
     * What is told when every running rank is blocked, as configured with
     * {@link Builder#onAllBlocked}.
     *
     * @return the listener, or {@code null} if none
     */
    public Consumer<String> onAllBlocked() {
        return onAllBlocked;
    }

    /**
     * Runs {@code kernel} on fresh ranks of this world and waits for all of them.
     *
     * @param kernel the SPMD program
     * @param <R> the type of each rank's result
     * @return each rank's result, in rank order (an unmodifiable list that may hold {@code null}s)
     * @throws RankFailedException if a rank threw
     * @throws DeadlockException if the ranks deadlocked
     * @throws MpiException of class {@link MpiException.ErrorClass#INTERRUPTED} if the calling
     *     thread was interrupted (the world is ended first)
     */
    @Override
    public <R> List<R> run(Kernel<R> kernel) {
        Objects.requireNonNull(kernel, "kernel");
        return io.ccrj.mpi.internal.WorldRun.run(this, kernel);
    }

    /**
     * The number of ranks.
     *
     * @return the size
     */
    @Override
    public int size() {
        return size;
    }

    /**
     * The world's name, used in thread names and diagnostics.
     *
     * @return the name
     */
    @Override
    public String name() {
        return name;
    }

    /**
     * The rank thread choice as configured.
     *
     * @return the configured choice, possibly {@link RankThreads#AUTO}
     */
    public RankThreads rankThreads() {
        return rankThreads;
    }

    /**
     * The rank thread choice {@link #run} uses: {@link RankThreads#AUTO} resolved against the
     * size and {@link Runtime#availableProcessors()}.
     *
     * @return {@link RankThreads#PLATFORM} or {@link RankThreads#VIRTUAL}
     */
    public RankThreads effectiveRankThreads() {
        if (rankThreads != RankThreads.AUTO) {
            return rankThreads;
        }
        return size <= Runtime.getRuntime().availableProcessors() ? RankThreads.PLATFORM : RankThreads.VIRTUAL;
    }

    /**
     * How long every rank must stay blocked before the world is declared deadlocked.
     *
     * @return the timeout
     */
    @Override
    public Duration deadlockTimeout() {
        return deadlockTimeout;
    }

    /**
     * How many times a platform rank polls for a message before it parks.
     *
     * @return the spin budget
     */
    public int spinPolls() {
        return spinPolls;
    }

    /**
     * The barrier, allreduce and allgather(v) algorithms as configured.
     *
     * @return the configured choice, possibly {@link Collectives#AUTO}
     */
    public Collectives collectives() {
        return collectives;
    }

    /**
     * The barrier, allreduce and allgather(v) algorithms {@link #run} uses: {@link Collectives#AUTO} resolved
     * against the size and {@link Runtime#availableProcessors()}.
     *
     * @return {@link Collectives#MESSAGES} or {@link Collectives#SHARED_MEMORY}
     */
    public Collectives effectiveCollectives() {
        if (collectives != Collectives.AUTO) {
            return collectives;
        }
        return size <= Runtime.getRuntime().availableProcessors() ? Collectives.MESSAGES : Collectives.SHARED_MEMORY;
    }

    @Override
    public String toString() {
        return "SpmdWorld[" + name + ", size=" + size + ", " + rankThreads + ", " + collectives + ", deadlockTimeout="
                + deadlockTimeout + "]";
    }

    /** Options of a {@link SpmdWorld}. Not thread-safe; {@link #build()} copies the options. */
    public static final class Builder {
        private int size = 1;
        private String name = "world";
        private RankThreads rankThreads = RankThreads.AUTO;
        private Duration deadlockTimeout = DEFAULT_DEADLOCK_TIMEOUT;
        private int spinPolls = 20_000;
        private Collectives collectives = Collectives.AUTO;
        private IntFunction<? extends ClassLoader> rankClassLoaders;
        private Consumer<String> onAllBlocked;

        private Builder() {
        }

        /**
         * The number of ranks.
         *
         * @param size at least 1
         * @return this builder
         */
        public Builder size(int size) {
            if (size < 1) {
                throw new IllegalArgumentException("world size must be at least 1, got " + size);
            }
            this.size = size;
            return this;
        }

        /**
         * The world's name, used in thread names and diagnostics.
         *
         * @param name a non-empty name
         * @return this builder
         */
        public Builder name(String name) {
            Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("world name must not be empty");
            }
            this.name = name;
            return this;
        }

        /**
         * Which threads run the ranks.
         *
         * @param rankThreads platform, virtual, or automatic (the default)
         * @return this builder
         */
        public Builder rankThreads(RankThreads rankThreads) {
            this.rankThreads = Objects.requireNonNull(rankThreads, "rankThreads");
            return this;
        }

        /**
         * How long every rank must stay blocked, with no message that could release one, before
         * the world ends with a {@link DeadlockException}.
         *
         * @param timeout positive; default {@link SpmdWorld#DEFAULT_DEADLOCK_TIMEOUT}
         * @return this builder
         */
        public Builder deadlockTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("deadlock timeout must be positive, got " + timeout);
            }
            this.deadlockTimeout = timeout;
            return this;
        }

        /**
         * How many times a rank on a platform thread polls for a message before it parks
         * (virtual-thread ranks poll briefly and park). Parking and waking a platform thread
         * costs tens of microseconds on a small virtual machine, so the default (20,000 polls,
         * some tens of microseconds) covers a typical stage.
         *
         * @param polls {@code >= 0}
         * @return this builder
         */
        public Builder spinPolls(int polls) {
            if (polls < 0) {
                throw new IllegalArgumentException("spin polls must be >= 0, got " + polls);
            }
            this.spinPolls = polls;
            return this;
        }

        /**
         * How barrier, allreduce and allgather(v) are carried out.
         *
         * @param collectives message-based, shared-memory, or automatic (the default)
         * @return this builder
         */
        public Builder collectives(Collectives collectives) {
            this.collectives = Objects.requireNonNull(collectives, "collectives");
            return this;
        }

        /**
         * Gives each rank a class loader of its own for the classes of the objects it receives,
         * as each process has under MPJ Express: the launcher of unmodified mpiJava programs
         * ({@code bin/ccrj mpirun}) loads every rank's program classes in a loader of their own,
         * so that each rank has its own statics.
         *
         * <p>What an {@link Datatype#OBJECT} message carries then depends on the two ranks'
         * loaders. Between ranks with the same loader (and by default, when this option is not
         * set) it carries references to the sender's objects, without copying them. Between ranks
         * with different loaders the receiver gets objects of its own loader's classes: {@code null},
         * strings, boxed primitives and other immutable JDK values travel as references, arrays of
         * primitives as copies, and anything else is copied by Java serialization at the send
         * (so the sender may change its objects as soon as the send returns) and read back at the
         * receive with the classes resolved in the receiving rank's loader. An element that is not
         * {@link java.io.Serializable} then fails the send with {@link MpiException.ErrorClass#TYPE},
         * naming its class. Reductions run the operation on the receiving rank's classes.
         *
         * @param loaders called once per rank at the start of each {@link #run}, with the rank;
         *     returns that rank's loader, not {@code null}
         * @return this builder
         */
        public Builder rankClassLoaders(IntFunction<? extends ClassLoader> loaders) {
            this.rankClassLoaders = Objects.requireNonNull(loaders, "loaders");
            return this;
        }

        /**
         * Tells {@code listener} as soon as every rank still running has been blocked for a
         * second (or half the deadlock timeout, if that is shorter) with no message that could
         * release one, long before the {@link DeadlockException} ends the world: a launcher can
         * say at once that the program looks stuck. Called once per such stall, on the thread
         * that called {@link #run}, with one line such as
         * {@code "all 2 ranks blocked; deadlock report in 29 s"}; it must return quickly, and what
         * it throws is ignored. The stall ends, and may be told again later, when a rank makes
         * progress.
         *
         * @param listener receives the description
         * @return this builder
         */
        public Builder onAllBlocked(Consumer<String> listener) {
            this.onAllBlocked = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Builds the world configuration.
         *
         * @return an immutable {@link SpmdWorld}
         */
        public SpmdWorld build() {
            return new SpmdWorld(this);
        }
    }
}
