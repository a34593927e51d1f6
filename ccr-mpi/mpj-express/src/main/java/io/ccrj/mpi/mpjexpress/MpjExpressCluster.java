package io.ccrj.mpi.mpjexpress;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.mpjexpress.internal.ClusterProcesses;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * MPJ Express's cluster device ({@code niodev}: one JVM per rank, TCP between them) on this
 * machine: a daemon on free loopback ports, and {@code mpjrun} to run a {@link Kernel} class as
 * separate rank processes, started exactly as across machines (see {@code docs/mpj-express.md},
 * which also has the recipe for several hosts).
 *
 * <pre>{@code
 * try (MpjExpressCluster cluster = MpjExpressCluster.builder().processes(2).start()) {
 *     List<Object> results = cluster.run(MyKernel.class);      // rank 0's result first
 * }
 * }</pre>
 *
 * <p>{@link Builder#start()} makes a private copy of the MPJ Express installation with the ports
 * in its configuration ({@link MpjExpressHome#privateCopy}: Debian's cannot start MPJ Express's
 * launchers), starts its daemon with the chosen JDK, and waits until the daemon's port answers.
 * {@link #run} starts {@code mpjrun} with a machines file naming {@code localhost}; each rank is
 * a JVM, started by the daemon, that runs the adapter's {@code io.ccrj.mpi.mpjexpress.rank.ClusterMain}:
 * it instantiates the kernel class (public, with a public no-argument constructor), runs it on
 * {@code MPI.COMM_WORLD} through the same {@link io.ccrj.mpi.Comm} adapter as
 * {@link MpjExpressWorld}, and writes its result, Java-serialized, into the run's folder, from
 * where {@code run} reads the results in rank order. Results must therefore be
 * {@link java.io.Serializable}, and their classes on the class path of the caller's kernel class.
 *
 * <p>The rank JVMs' class path is the adapter ({@link MpjExpressWorld#adapterClassPath()}),
 * ccr-mpi, ccr-core and JCTools as this JVM loaded them, the kernel class's own jar or folder, and
 * the {@linkplain Builder#classPath extra entries}. Unlike {@link MpjExpressWorld}, this JVM needs
 * nothing of MPJ Express on its class path and no {@code MPJ_HOME}: MPJ Express runs only in the
 * processes this class starts.
 *
 * <h2>Failures</h2>
 * A rank whose kernel throws writes its exception as its result and calls MPJ Express's
 * {@code Abort}, which on {@code niodev} ends only its own JVM: the other ranks would wait for it
 * for ever. So {@code run} watches the results as they come, ends the job (every rank JVM
 * included) when one is an exception, and throws a {@link ClusterRunException} naming the rank,
 * with its exception as cause. A job
 * that does not end within the {@linkplain Builder#timeout timeout} (a deadlock: the cluster
 * device detects none) is ended, its rank JVMs included, and {@code run} throws a
 * {@link ClusterRunException} of kind {@link ClusterRunException.Kind#TIMED_OUT}. Either way the
 * daemon stays up for the next run. {@link #close()} ends the daemon, a running job and every
 * process they started; a JVM that exits without closing a cluster ends them from a shutdown hook.
 *
 * <h2>Threading</h2>
 * Thread-safe. Runs are serialized (each {@code mpjrun} listens on the one port of the
 * configuration); {@link #close()} may be called from any thread, and ends a run in progress.
 */
public final class MpjExpressCluster implements AutoCloseable {

    /** The default number of processes of {@link #run(Class)}: 2. */
    public static final int DEFAULT_PROCESSES = 2;

    /** The default run timeout: 2 minutes. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

    /** How long {@link Builder#start()} waits for the daemon's port: 30 seconds. */
    public static final Duration DAEMON_START_TIMEOUT = Duration.ofSeconds(30);

    /** The adapter's entry point that every rank JVM runs. */
    private static final String CLUSTER_MAIN = "io.ccrj.mpi.mpjexpress.rank.ClusterMain";

    /** How long a failed rank's report may take to reach mpjrun's output before the job is ended. */
    private static final Duration FAILURE_REPORT_GRACE = Duration.ofSeconds(3);

    /** The most processes one run may start on this machine. */
    private static final int MAX_PROCESSES = 64;

    /** How many lines of mpjrun's and the daemon's output a failure carries. */
    private static final int MPJRUN_TAIL = 60;
    private static final int DAEMON_TAIL = 15;

    private final MpjExpressHome home;
    private final Path work;
    private final boolean ownsWork;
    private final int processes;
    private final Path javaHome;
    private final List<Path> classPath;
    private final Duration timeout;
    private final int daemonPort;
    private final Path daemonLog;
    private final Process daemon;
    private final Thread shutdownHook;

    /** Serializes runs. */
    private final Object runLock = new Object();
    /** Guards {@link #closed} and {@link #running}. */
    private final Object stateLock = new Object();
    private boolean closed;
    private Process running;
    private int runs;

    private MpjExpressCluster(Builder b, Path work, boolean ownsWork) throws IOException {
        this.work = work;
        this.ownsWork = ownsWork;
        this.processes = b.processes;
        this.javaHome = b.javaHome;
        this.classPath = List.copyOf(b.classPath);
        this.timeout = b.timeout;
        int[] ports = ClusterProcesses.freePorts(3);
        this.daemonPort = ports[0];
        this.home = b.home.privateCopy(work.resolve("mpj-home"), ports[0], ports[1], ports[2]);
        this.daemonLog = work.resolve("daemon.log");
        this.daemon = process(List.of("-jar", home.lib().resolve("daemon.jar").toString(), Integer.toString(daemonPort)),
                work).redirectOutput(daemonLog.toFile()).start();
        this.shutdownHook = new Thread(this::endProcessesQuietly, "mpj-express-cluster-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            awaitDaemon();
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while MPJ Express's daemon was starting", e);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * A builder with the defaults: {@link MpjExpressHome#detect()}, a temporary work folder
     * (deleted by {@link #close()}), {@value #DEFAULT_PROCESSES} processes, this JVM's JDK, no extra
     * class path, {@link #DEFAULT_TIMEOUT}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    private void awaitDaemon() throws InterruptedException {
        long deadline = System.nanoTime() + DAEMON_START_TIMEOUT.toNanos();
        while (!ClusterProcesses.accepts(daemonPort)) {
            if (!daemon.isAlive()) {
                throw new IllegalStateException("MPJ Express's daemon (" + home.lib().resolve("daemon.jar")
                        + ") exited with status " + daemon.exitValue() + " before listening on port " + daemonPort
                        + "; its output:\n" + ClusterProcesses.tail(daemonLog, 40));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("MPJ Express's daemon did not listen on port " + daemonPort + " within "
                        + DAEMON_START_TIMEOUT.toSeconds() + " s; its output:\n" + ClusterProcesses.tail(daemonLog, 40));
            }
            Thread.sleep(50);
        }
    }

    /**
     * Runs a kernel class as {@link #processes()} rank processes.
     *
     * @param kernel a public class with a public no-argument constructor
     * @param <R> the type of each rank's result
     * @return each rank's result, in rank order (an unmodifiable list that may hold {@code null}s)
     * @throws ClusterRunException if a rank failed, wrote no result, or the job timed out
     * @see #run(Class, int)
     */
    public <R> List<R> run(Class<? extends Kernel<R>> kernel) {
        return run(kernel, processes);
    }

    /**
     * Runs a kernel class as {@code processes} rank processes, each a JVM started by the daemon,
     * with {@code mpjrun -np processes -dev niodev}, and waits for the job.
     *
     * @param kernel a public class with a public no-argument constructor, whose results are
     *     {@link java.io.Serializable}
     * @param processes the number of ranks, 1 to 64
     * @param <R> the type of each rank's result
     * @return each rank's result, in rank order (an unmodifiable list that may hold {@code null}s)
     * @throws ClusterRunException if a rank's kernel threw or its result could not be serialized
     *     ({@link ClusterRunException.Kind#RANK_FAILED}, the rank's exception as cause), a rank
     *     wrote no result ({@link ClusterRunException.Kind#NO_RESULT}), or the job did not end
     *     within the timeout ({@link ClusterRunException.Kind#TIMED_OUT}, its processes ended)
     * @throws IllegalArgumentException if the kernel class cannot be started by name or
     *     {@code processes} is out of range
     * @throws IllegalStateException if the cluster is closed (also when it is closed during the
     *     run), or the calling thread is interrupted (the job is ended first)
     * @throws UncheckedIOException if the run's files cannot be written or read
     */
    public <R> List<R> run(Class<? extends Kernel<R>> kernel, int processes) {
        Objects.requireNonNull(kernel, "kernel");
        checkStartable(kernel);
        checkProcesses(processes);
        synchronized (runLock) {
            try {
                return execute(kernel, processes);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot run " + kernel.getName() + " on the cluster device", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while " + kernel.getName() + " ran on the cluster device", e);
            }
        }
    }

    private <R> List<R> execute(Class<? extends Kernel<R>> kernel, int np) throws IOException, InterruptedException {
        Path runDir;
        synchronized (stateLock) {
            checkOpen();
            runDir = Files.createDirectories(work.resolve("run-" + (++runs) + "-" + kernel.getSimpleName()));
        }
        Path results = runDir.resolve("results");
        Path machines = Files.writeString(runDir.resolve("machines"), "localhost\n");
        Path log = runDir.resolve("mpjrun.log");
        List<String> command = List.of("-jar", home.lib().resolve("starter.jar").toString(),
                "-np", Integer.toString(np), "-dev", "niodev", "-machinesfile", machines.toString(),
                "-wdir", runDir + File.separator, "-cp", rankClassPath(kernel),
                CLUSTER_MAIN, kernel.getName(), results.toString());
        Process mpjrun;
        synchronized (stateLock) {
            checkOpen();
            mpjrun = process(command, runDir).redirectOutput(log.toFile()).start();
            running = mpjrun;
        }
        boolean ended;
        try {
            ended = await(mpjrun, results, log, kernel.getClassLoader(), np);
        } catch (InterruptedException e) {
            endJob(mpjrun);
            throw e;
        } finally {
            synchronized (stateLock) {
                running = null;
            }
        }
        if (!ended || mpjrun.isAlive()) {
            endJob(mpjrun);
        }
        synchronized (stateLock) {
            if (closed) {
                throw new IllegalStateException("the cluster was closed while " + kernel.getName() + " ran");
            }
        }
        // Rank JVMs of a failed job may outlive mpjrun for a moment (the daemon ends them): wait
        // for them, so that the next run starts on a quiet daemon and no process leaks.
        awaitRanksGone();
        return collect(kernel, np, results, log, ended, mpjrun);
    }

    /**
     * Waits for mpjrun to end, for a rank's failure, or for the timeout. A failed rank calls
     * {@code Abort}, but on niodev that ends only its own JVM: the other ranks stay blocked in
     * their next call to it and mpjrun waits for them. So the results folder is watched, and a
     * rank's exception ends the job at once. Returns {@code false} on timeout.
     */
    private boolean await(Process mpjrun, Path results, Path log, ClassLoader loader, int np)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean[] seen = new boolean[np];
        while (true) {
            if (mpjrun.waitFor(50, TimeUnit.MILLISECONDS)) {
                return true;
            }
            for (int r = 0; r < np; r++) {
                Path file = results.resolve("rank-" + r + ".result");
                if (!seen[r] && Files.isRegularFile(file)) {
                    seen[r] = true;
                    if (read(file, loader, r) instanceof Throwable) {
                        awaitFailureReport(mpjrun, log, r);
                        return true;
                    }
                }
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
        }
    }

    /**
     * A moment for the failed rank's report (its exception and stack, which ClusterMain prints
     * after writing its result file) to reach mpjrun's output, so that the exception's log has
     * it; and for mpjrun to end by itself if the other ranks finish anyway.
     */
    private static void awaitFailureReport(Process mpjrun, Path log, int rank) throws InterruptedException {
        String report = "rank " + rank + " failed: ";
        long deadline = System.nanoTime() + FAILURE_REPORT_GRACE.toNanos();
        while (System.nanoTime() < deadline && !mpjrun.waitFor(50, TimeUnit.MILLISECONDS)) {
            if (ClusterProcesses.tail(log, MPJRUN_TAIL).contains(report)) {
                mpjrun.waitFor(200, TimeUnit.MILLISECONDS); // the stack trace follows the line
                return;
            }
        }
    }

    private <R> List<R> collect(Class<? extends Kernel<R>> kernel, int np, Path results, Path log, boolean ended,
                                Process mpjrun) throws IOException {
        List<Object> outcomes = new ArrayList<>(Collections.nCopies(np, null));
        int firstMissing = -1;
        int firstFailed = -1;
        for (int r = 0; r < np; r++) {
            Path file = results.resolve("rank-" + r + ".result");
            if (!Files.isRegularFile(file)) {
                if (firstMissing < 0) {
                    firstMissing = r;
                }
                continue;
            }
            Object outcome = read(file, kernel.getClassLoader(), r);
            outcomes.set(r, outcome);
            if (outcome instanceof Throwable && firstFailed < 0) {
                firstFailed = r;
            }
        }
        String name = kernel.getName();
        if (firstFailed >= 0) {
            Throwable cause = (Throwable) outcomes.get(firstFailed);
            ClusterRunException e = new ClusterRunException(ClusterRunException.Kind.RANK_FAILED, firstFailed,
                    "rank " + firstFailed + " of " + np + " failed running " + name + " on the cluster device: " + cause,
                    logs(log), cause);
            for (int r = firstFailed + 1; r < np; r++) {
                if (outcomes.get(r) instanceof Throwable other) {
                    e.addSuppressed(other);
                }
            }
            throw e;
        }
        if (!ended) {
            throw new ClusterRunException(ClusterRunException.Kind.TIMED_OUT, firstMissing,
                    name + " on " + np + " processes did not end within " + timeout + (firstMissing < 0
                            ? " although every rank wrote its result" : "; rank " + firstMissing
                            + " is the first that wrote no result") + "; the job's processes were ended",
                    logs(log), null);
        }
        if (firstMissing >= 0) {
            throw new ClusterRunException(ClusterRunException.Kind.NO_RESULT, firstMissing,
                    "rank " + firstMissing + " of " + np + " wrote no result running " + name + " (mpjrun exited with "
                            + mpjrun.exitValue() + ")", logs(log), null);
        }
        @SuppressWarnings("unchecked")
        List<R> typed = (List<R>) Collections.unmodifiableList(outcomes);
        return typed;
    }

    /** Reads one rank's result, resolving classes through the kernel's class loader. */
    private static Object read(Path file, ClassLoader loader, int rank) throws IOException {
        try (InputStream in = Files.newInputStream(file); ObjectInputStream ois = new ObjectInputStream(in) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
        }) {
            return ois.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException("rank " + rank + "'s result (" + file + ") is of a class this JVM cannot load: "
                    + e.getMessage(), e);
        }
    }

    private String logs(Path mpjrunLog) {
        return "mpjrun's output (with the ranks'):\n" + ClusterProcesses.tail(mpjrunLog, MPJRUN_TAIL)
                + "\nthe daemon's output:\n" + ClusterProcesses.tail(daemonLog, DAEMON_TAIL);
    }

    /** Ends mpjrun and the rank JVMs (the daemon's children), leaving the daemon up. */
    private void endJob(Process mpjrun) throws InterruptedException {
        ClusterProcesses.endTree(mpjrun.toHandle(), 2_000);
        for (ProcessHandle rank : daemon.descendants().toList()) {
            ClusterProcesses.endTree(rank, 2_000);
        }
    }

    private void awaitRanksGone() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (daemon.descendants().anyMatch(ProcessHandle::isAlive)) {
            if (System.nanoTime() > deadline) {
                for (ProcessHandle rank : daemon.descendants().toList()) {
                    ClusterProcesses.endTree(rank, 1_000);
                }
                return;
            }
            Thread.sleep(20);
        }
    }

    /** The rank JVMs' class path: see the class comment. */
    private String rankClassPath(Class<?> kernel) {
        ClassLoader loader = MpjExpressCluster.class.getClassLoader();
        LinkedHashSet<Path> entries = new LinkedHashSet<>();
        entries.add(MpjExpressWorld.adapterClassPath());
        entries.add(ClusterProcesses.codeSource(Kernel.class));
        entries.add(ClusterProcesses.codeSource("io.ccrj.core.Port", loader));
        entries.add(ClusterProcesses.codeSource("org.jctools.queues.MpscArrayQueue", loader));
        entries.add(ClusterProcesses.codeSource(kernel));
        entries.addAll(classPath);
        return entries.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    /** A JVM of the chosen JDK with MPJ_HOME set to the private copy and that JDK first on PATH (the daemon starts plain "java"). */
    private ProcessBuilder process(List<String> args, Path dir) {
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put(MpjExpressHome.ENV, home.home().toString());
        String path = System.getenv("PATH");
        pb.environment().put("PATH", javaHome.resolve("bin") + (path == null ? "" : File.pathSeparator + path));
        return pb;
    }

    private static void checkStartable(Class<?> kernel) {
        if (!Kernel.class.isAssignableFrom(kernel)) {
            throw new IllegalArgumentException(kernel.getName() + " is not an io.ccrj.mpi.Kernel");
        }
        if (!Modifier.isPublic(kernel.getModifiers()) || Modifier.isAbstract(kernel.getModifiers())
                || kernel.isMemberClass() && !Modifier.isStatic(kernel.getModifiers())) {
            throw new IllegalArgumentException("every rank JVM instantiates " + kernel.getName()
                    + " by name, so it must be a public, concrete, top-level or static nested class");
        }
        try {
            kernel.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("every rank JVM instantiates " + kernel.getName()
                    + " by name, so it needs a public no-argument constructor", e);
        }
    }

    private static void checkProcesses(int processes) {
        if (processes < 1 || processes > MAX_PROCESSES) {
            throw new IllegalArgumentException("a cluster job runs 1 to " + MAX_PROCESSES + " processes, got " + processes);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this MpjExpressCluster is closed");
        }
    }

    /**
     * The default number of processes of {@link #run(Class)}.
     *
     * @return at least 1
     */
    public int processes() {
        return processes;
    }

    /**
     * How long one run may take before its processes are ended.
     *
     * @return the timeout
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The private copy of MPJ Express the daemon and {@code mpjrun} run from, its configuration
     * naming this cluster's ports.
     *
     * @return the copy, under the work folder
     */
    public MpjExpressHome home() {
        return home;
    }

    /**
     * The work folder: the private MPJ Express home, the daemon's log and one folder per run
     * ({@code run-N-Kernel}: machines file, {@code mpjrun.log}, {@code results/rank-R.result}).
     *
     * @return the folder
     */
    public Path workFolder() {
        return work;
    }

    /**
     * The port the daemon listens on (loopback and every other address of this machine).
     *
     * @return the port
     */
    public int daemonPort() {
        return daemonPort;
    }

    /**
     * The daemon process, for diagnostics: its children are the rank JVMs of the running job.
     *
     * @return the daemon's handle (alive until {@link #close()})
     */
    public ProcessHandle daemon() {
        return daemon.toHandle();
    }

    /**
     * Ends a running job, the daemon and every process they started, and deletes the work folder
     * if it was a temporary one of this cluster's own. Idempotent; a {@link #run} in progress
     * throws {@link IllegalStateException}.
     */
    @Override
    public void close() {
        synchronized (stateLock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        endProcessesQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook runs (or ran) anyway.
        }
        if (ownsWork) {
            synchronized (runLock) {
                deleteQuietly(work);
            }
        }
    }

    private void endProcessesQuietly() {
        boolean interrupted = false;
        Process job;
        synchronized (stateLock) {
            job = running;
        }
        try {
            if (job != null) {
                ClusterProcesses.endTree(job.toHandle(), 1_000);
            }
            ClusterProcesses.endTree(daemon.toHandle(), 5_000);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteQuietly(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // A temporary folder: what cannot be deleted now is left to the system's cleaning.
        }
    }

    @Override
    public String toString() {
        return "MpjExpressCluster[daemon port " + daemonPort + ", processes=" + processes + ", timeout=" + timeout
                + ", work=" + work + (closed ? ", closed" : "") + "]";
    }

    /** Options of an {@link MpjExpressCluster}. Not thread-safe; {@link #start()} copies them. */
    public static final class Builder {
        private MpjExpressHome home;
        private Path work;
        private int processes = DEFAULT_PROCESSES;
        private Path javaHome = Path.of(System.getProperty("java.home"));
        private final List<Path> classPath = new ArrayList<>();
        private Duration timeout = DEFAULT_TIMEOUT;

        private Builder() {
        }

        /**
         * The MPJ Express installation to copy.
         *
         * @param home an installation; default {@link MpjExpressHome#detect()}
         * @return this builder
         */
        public Builder home(MpjExpressHome home) {
            this.home = Objects.requireNonNull(home, "home");
            return this;
        }

        /**
         * The folder for the private MPJ Express home, the logs and the runs' files, which
         * {@link MpjExpressCluster#close()} leaves in place (for reading the logs afterwards).
         *
         * @param folder a folder, created if missing; default a temporary folder that
         *     {@code close} deletes
         * @return this builder
         */
        public Builder workFolder(Path folder) {
            this.work = Objects.requireNonNull(folder, "folder").toAbsolutePath().normalize();
            return this;
        }

        /**
         * The number of processes of {@link MpjExpressCluster#run(Class)}.
         *
         * @param processes 1 to 64; default {@value MpjExpressCluster#DEFAULT_PROCESSES}
         * @return this builder
         */
        public Builder processes(int processes) {
            checkProcesses(processes);
            this.processes = processes;
            return this;
        }

        /**
         * The JDK that runs the daemon, {@code mpjrun} and the rank JVMs.
         *
         * @param javaHome a JDK or JRE home, holding {@code bin/java}; default this JVM's
         *     ({@code java.home})
         * @return this builder
         * @throws IllegalArgumentException if it holds no {@code bin/java}
         */
        public Builder javaHome(Path javaHome) {
            Objects.requireNonNull(javaHome, "javaHome");
            Path java = javaHome.resolve("bin").resolve("java");
            if (!Files.isExecutable(java) && !Files.isExecutable(javaHome.resolve("bin").resolve("java.exe"))) {
                throw new IllegalArgumentException(javaHome + " is not a Java home: it has no executable " + java);
            }
            this.javaHome = javaHome.toAbsolutePath().normalize();
            return this;
        }

        /**
         * Adds entries to the rank JVMs' class path, after the adapter, ccr-mpi, ccr-core, JCTools
         * and the kernel class's own entry: the jars or folders of whatever else the kernel uses.
         *
         * @param entries jars or folders that exist
         * @return this builder
         * @throws IllegalArgumentException if an entry does not exist
         */
        public Builder classPath(Path... entries) {
            for (Path e : entries) {
                Objects.requireNonNull(e, "class path entry");
                if (!Files.exists(e)) {
                    throw new IllegalArgumentException("class path entry " + e + " does not exist");
                }
                classPath.add(e.toAbsolutePath().normalize());
            }
            return this;
        }

        /**
         * How long one run may take, from starting {@code mpjrun} to its end, before its processes
         * are ended and {@code run} throws {@link ClusterRunException} of kind
         * {@link ClusterRunException.Kind#TIMED_OUT}.
         *
         * @param timeout positive; default {@link MpjExpressCluster#DEFAULT_TIMEOUT}
         * @return this builder
         */
        public Builder timeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("run timeout must be positive, got " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * Makes the private copy of MPJ Express on free ports, starts its daemon and waits until
         * the daemon's port answers.
         *
         * @return the running cluster; close it
         * @throws IOException if the work folder or the copy cannot be written, or the daemon
         *     cannot be started
         * @throws IllegalStateException if MPJ Express is not installed (the message says how to
         *     install it), or the daemon exited or did not listen within
         *     {@link MpjExpressCluster#DAEMON_START_TIMEOUT} (the message has its output)
         */
        public MpjExpressCluster start() throws IOException {
            MpjExpressHome installation = home != null ? home : MpjExpressHome.detect();
            Builder copy = new Builder();
            copy.home = installation.verify();
            copy.processes = processes;
            copy.javaHome = javaHome;
            copy.classPath.addAll(classPath);
            copy.timeout = timeout;
            boolean owns = work == null;
            Path folder = owns ? Files.createTempDirectory("ccrj-mpj-cluster") : Files.createDirectories(work);
            try {
                return new MpjExpressCluster(copy, folder, owns);
            } catch (IOException | RuntimeException e) {
                if (owns) {
                    deleteQuietly(folder);
                }
                throw e;
            }
        }
    }
}
