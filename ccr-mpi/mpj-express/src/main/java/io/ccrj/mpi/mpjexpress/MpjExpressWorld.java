package io.ccrj.mpi.mpjexpress;

import io.ccrj.mpi.DeadlockException;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.SpmdRuntime;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.internal.MulticoreRun;
import io.ccrj.mpi.mpjexpress.internal.RankClasses;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A world of N ranks that runs an {@link io.ccrj.mpi.Kernel} on MPJ Express 0.44's multicore
 * device (ranks as threads of this JVM), the counterpart of {@link SpmdWorld} on ccr-mpi: the
 * same kernel, unchanged, sees an {@link io.ccrj.mpi.Comm} backed by {@code mpi.Intracomm}.
 *
 * <pre>{@code
 * List<Double> sums = MpjExpressWorld.run(4, comm -> {
 *     double[] mine = {comm.rank() + 1.0};
 *     double[] total = new double[1];
 *     comm.allreduce(mine, 0, total, 0, 1, Datatype.DOUBLE, Op.SUM);
 *     return total[0];                       // 10.0 on every rank, as on SpmdWorld
 * });
 * }</pre>
 *
 * <h2>Launching class path</h2>
 * MPJ Express gives every rank its own class loader over [the adapter's classes, {@code mpi.jar},
 * {@code mpjdev.jar}] with the system class loader as parent, and keeps the multicore device in
 * classes of the system class path. So the JVM calling {@link #run} must have on its class path
 * ccr-mpi, this module and {@link MpjExpressHome#launchClassPath()}, must not have
 * {@code mpj.jar}, {@code mpi.jar} or {@code mpjdev.jar} on it, and must have the environment
 * variable {@code MPJ_HOME} set (MPJ Express reads it there). {@link #run} checks all of this
 * first and says what is wrong. The kernel object itself is handed to every rank (ranks share it,
 * as on {@link SpmdWorld}); its classes stay those of the caller's class loader.
 *
 * <h2>Semantics</h2>
 * An {@link SpmdRuntime}, as {@link SpmdWorld} is: results in rank order; an exception in a rank ends the world (the other
 * ranks' MPJ Express calls are interrupted and fail with
 * {@link MpiException.ErrorClass#ABORTED}) and {@code run} throws a {@link RankFailedException};
 * if every rank stays blocked in a communicator call with no progress for the
 * {@linkplain Builder#deadlockTimeout deadlock timeout}, {@code run} throws a
 * {@link DeadlockException} listing each rank's pending operation. MPJ Express itself would
 * instead print the exception and {@code System.exit(0)}, or hang.
 *
 * <p>Where MPJ Express 0.44 departs from the {@link io.ccrj.mpi.Comm} contract, the adapter
 * restores it: {@code send} does not wait for the matching receive (MPJ Express's multicore
 * {@code Send} does), non-commutative reductions combine in rank order (MPJ Express ignores the
 * flag), {@code split} with {@link io.ccrj.mpi.Comm#UNDEFINED} yields {@code null}, predefined
 * operations work on {@link io.ccrj.mpi.Datatype#OBJECT}, and {@code null} receive buffers are
 * accepted where the contract allows them. Unlike ccr-mpi, objects sent as
 * {@link io.ccrj.mpi.Datatype#OBJECT} are serialized (they must be {@link java.io.Serializable})
 * and arrive as copies.
 *
 * <h2>Threading</h2>
 * MPJ Express's multicore device is a singleton of the JVM: worlds run one at a time, and a
 * {@code run} called while another runs waits for it. Instances are immutable and thread-safe.
 */
public final class MpjExpressWorld implements SpmdRuntime {

    /** The default deadlock timeout, as {@link SpmdWorld#DEFAULT_DEADLOCK_TIMEOUT}. */
    public static final Duration DEFAULT_DEADLOCK_TIMEOUT = SpmdWorld.DEFAULT_DEADLOCK_TIMEOUT;

    /** The default stop timeout: 15 seconds. */
    public static final Duration DEFAULT_STOP_TIMEOUT = Duration.ofSeconds(15);

    private final int size;
    private final String name;
    private final Duration deadlockTimeout;
    private final Duration stopTimeout;

    private MpjExpressWorld(Builder b) {
        this.size = b.size;
        this.name = b.name;
        this.deadlockTimeout = b.deadlockTimeout;
        this.stopTimeout = b.stopTimeout;
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
     * @throws IllegalStateException if this JVM cannot start MPJ Express worlds (the message says
     *     why)
     */
    public static <R> List<R> run(int size, Kernel<R> kernel) {
        return builder().size(size).build().run(kernel);
    }

    /**
     * A builder with the defaults: size 1, name {@code "mpj-world"},
     * {@link #DEFAULT_DEADLOCK_TIMEOUT}, {@link #DEFAULT_STOP_TIMEOUT}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs {@code kernel} on fresh MPJ Express ranks and waits for all of them.
     *
     * @param kernel the SPMD program
     * @param <R> the type of each rank's result
     * @return each rank's result, in rank order (an unmodifiable list that may hold {@code null}s)
     * @throws RankFailedException if a rank threw
     * @throws DeadlockException if the ranks deadlocked
     * @throws MpiException of class {@link MpiException.ErrorClass#INTERRUPTED} if the calling
     *     thread was interrupted (the world is ended first)
     * @throws IllegalStateException if this JVM cannot start MPJ Express worlds (see the class
     *     comment), if ranks did not stop within the {@linkplain Builder#stopTimeout stop timeout}
     *     after the world ended, or if such ranks of an earlier world still run
     */
    @Override
    public <R> List<R> run(Kernel<R> kernel) {
        Objects.requireNonNull(kernel, "kernel");
        MpjExpressHome home = MulticoreRun.checkLaunchingJvm();
        return new MulticoreRun(name, size, kernel, deadlockTimeout, stopTimeout).execute(home);
    }

    /**
     * The class-path entry (a folder) holding the adapter's rank side, package
     * {@code io.ccrj.mpi.mpjexpress.rank}: the {@link io.ccrj.mpi.Comm} over {@code mpi.Intracomm}
     * and the entry points MPJ Express starts. {@link #run} hands it to MPJ Express itself; pass
     * it to {@code mpjrun.sh -cp} to run a kernel with MPJ Express's own launcher, for example
     * across machines with {@code io.ccrj.mpi.mpjexpress.rank.ClusterMain} (see
     * {@code docs/mpj-express.md}). Never put it on the class path of a JVM that calls {@link #run}.
     *
     * @return a folder, extracted from this module's jar into a temporary folder if needed
     */
    public static Path adapterClassPath() {
        return RankClasses.directory();
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
     * The world's name, used in diagnostics.
     *
     * @return the name
     */
    @Override
    public String name() {
        return name;
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
     * How long ranks may take to stop once the world has ended (a rank failed, a deadlock) before
     * {@link #run} gives up on them.
     *
     * @return the timeout
     */
    public Duration stopTimeout() {
        return stopTimeout;
    }

    @Override
    public String toString() {
        return "MpjExpressWorld[" + name + ", size=" + size + ", deadlockTimeout=" + deadlockTimeout + ", stopTimeout="
                + stopTimeout + "]";
    }

    /** Options of a {@link MpjExpressWorld}. Not thread-safe; {@link #build()} copies the options. */
    public static final class Builder {
        private int size = 1;
        private String name = "mpj-world";
        private Duration deadlockTimeout = DEFAULT_DEADLOCK_TIMEOUT;
        private Duration stopTimeout = DEFAULT_STOP_TIMEOUT;

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
         * The world's name, used in diagnostics.
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
         * How long every rank must stay blocked in a communicator call, with no call completing,
         * before the world ends with a {@link DeadlockException}.
         *
         * @param timeout positive; default {@link MpjExpressWorld#DEFAULT_DEADLOCK_TIMEOUT}
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
         * How long ranks may take to stop once the world has ended. MPJ Express's waits end when
         * the ranks are interrupted, but a kernel that computes without calling its communicator,
         * or ignores interruption, keeps its rank running: after this timeout {@link #run} throws
         * an {@link IllegalStateException} with the ranks' stacks, and no MPJ Express world can
         * start in this JVM until they end.
         *
         * @param timeout positive; default {@link MpjExpressWorld#DEFAULT_STOP_TIMEOUT}
         * @return this builder
         */
        public Builder stopTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("stop timeout must be positive, got " + timeout);
            }
            this.stopTimeout = timeout;
            return this;
        }

        /**
         * Builds the world configuration.
         *
         * @return an immutable {@link MpjExpressWorld}
         */
        public MpjExpressWorld build() {
            return new MpjExpressWorld(this);
        }
    }
}
