package io.ccrj.mpi.mpjexpress.internal;

import io.ccrj.mpi.internal.Internal;
import io.ccrj.mpi.DeadlockException;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.mpjexpress.MpjExpressHome;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One MPJ Express multicore world: starts MPJ Express's {@code MulticoreStarter} in this JVM,
 * hands the kernel to the ranks, collects their results and failures, ends the world when a rank
 * fails or the ranks deadlock, and leaves MPJ Express's device ready for the next world.
 *
 * <h2>Two sides</h2>
 * The launching side ({@link #execute}) runs on the caller's thread. The rank side (the public
 * methods taking a rank) is called by the adapter classes that MPJ Express loads in each rank's
 * own class loader ({@code io.ccrj.mpi.mpjexpress.rank}); they reach this class through the
 * system class loader, which is why it must be loaded by that loader and why its rank-side
 * methods take and return only JDK and ccr-mpi types.
 *
 * <h2>Thread safety</h2>
 * Rank-side methods are called by the rank's own thread (MPJ Express runs each rank on one
 * platform thread); each rank writes only its own {@link RankSlot}, whose fields are volatile, so
 * the monitor on the launching thread reads them without locks. Ending the world is guarded by
 * {@code this}. Worlds run one at a time per JVM ({@link #DEVICE}), because MPJ Express's
 * multicore device is a JVM-wide singleton.
 */
@Internal
public final class MulticoreRun {

    /** The adapter's entry point, loaded by MPJ Express in each rank's class loader. */
    static final String RANK_MAIN = "io.ccrj.mpi.mpjexpress.rank.RankMain";

    private static final String STARTER = "runtime.starter.MulticoreStarter";

    /** How often the launching thread checks for deadlock and completion. */
    private static final long POLL_MILLIS = 10;


    /** Serializes worlds: MPJ Express's multicore device is a singleton of the JVM. */
    private static final ReentrantLock DEVICE = new ReentrantLock();

    private static final ConcurrentHashMap<String, MulticoreRun> ACTIVE = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();

    /** Rank threads of an earlier world that did not stop; while one lives, no world starts. Guarded by DEVICE. */
    private static List<Thread> stragglers = List.of();
    private static String stragglersWorld = "";

    private final String id;
    private final String worldName;
    private final int size;
    private final Kernel<?> kernel;
    private final long deadlockNanos;
    private final Duration stopTimeout;
    private final RankSlot[] slots;

    /** Written once by {@link #end}; read by ranks before and after each MPJ Express call. */
    private volatile boolean ending;
    // The fields below are guarded by this.
    private String endReason;
    private long endedAtNanos;
    private int failedRank = -1;
    private Throwable failure;
    private final List<Throwable> laterFailures = new ArrayList<>();
    private DeadlockException deadlock;
    private Throwable starterFailure;

    /**
     * A world ready to run.
     *
     * @param worldName the name used in diagnostics
     * @param size the number of ranks
     * @param kernel the kernel every rank runs
     * @param deadlockTimeout how long all ranks must stay blocked before the world deadlocks
     * @param stopTimeout how long ranks may take to stop once the world was ended before they
     *     count as hung
     */
    public MulticoreRun(String worldName, int size, Kernel<?> kernel, Duration deadlockTimeout, Duration stopTimeout) {
        this.id = "ccrj-mpj-" + IDS.incrementAndGet();
        this.worldName = worldName;
        this.size = size;
        this.kernel = kernel;
        this.deadlockNanos = deadlockTimeout.toNanos();
        this.stopTimeout = stopTimeout;
        this.slots = new RankSlot[size];
        for (int i = 0; i < size; i++) {
            slots[i] = new RankSlot();
        }
    }

    // ---------------------------------------------------------------------------------------
    // Launching side
    // ---------------------------------------------------------------------------------------

    /**
     * Checks that this JVM can start MPJ Express multicore worlds in-process.
     *
     * @return the installation named by {@code MPJ_HOME}
     * @throws IllegalStateException saying what is missing or misplaced and how to fix it
     */
    public static MpjExpressHome checkLaunchingJvm() {
        return LaunchCheck.RESULT.get();
    }

    /**
     * Runs the world and waits for it.
     *
     * @param home the MPJ Express installation
     * @param <R> the kernel's result type
     * @return the results in rank order
     */
    @SuppressWarnings("unchecked")
    public <R> List<R> execute(MpjExpressHome home) {
        Path rankClasses = RankClasses.directory();
        try {
            DEVICE.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MpiException(MpiException.ErrorClass.INTERRUPTED,
                    "interrupted while waiting for MPJ Express's device (another world is running)", e);
        }
        try {
            checkNoStragglers();
            SmpDevice.reset();
            ACTIVE.put(id, this);
            Thread starter = Thread.ofPlatform().daemon().name("mpj-express-" + worldName)
                    .unstarted(() -> startRanks(rankClasses));
            starter.start();
            boolean callerInterrupted = monitor(starter);
            return (List<R>) outcome(callerInterrupted);
        } finally {
            ACTIVE.remove(id);
            DEVICE.unlock();
        }
    }

    private void startRanks(Path rankClasses) {
        String[] args = {rankClasses.toString(), Integer.toString(size), "smpdev", "useLocalLoader", "EMPTY",
            RANK_MAIN, id};
        try {
            Method main = Class.forName(STARTER, true, ClassLoader.getSystemClassLoader())
                    .getMethod("main", String[].class);
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            starterFailed(e.getCause());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            starterFailed(e);
        }
    }

    private synchronized void starterFailed(Throwable t) {
        starterFailure = t;
        end("MPJ Express's MulticoreStarter failed: " + t);
    }

    /** Waits for the starter thread, watching for deadlocks and hung ranks; returns whether the caller was interrupted. */
    private boolean monitor(Thread starter) {
        boolean callerInterrupted = false;
        long lastProgress = -1;
        long blockedSince = 0;
        while (true) {
            try {
                starter.join(POLL_MILLIS);
            } catch (InterruptedException e) {
                callerInterrupted = true;
                end("the thread that ran the world was interrupted");
            }
            if (!starter.isAlive()) {
                break;
            }
            long now = System.nanoTime();
            if (ending) {
                long endedAt;
                synchronized (this) {
                    endedAt = endedAtNanos;
                }
                if (now - endedAt > stopTimeout.toNanos()) {
                    throw hung();
                }
                continue;
            }
            long progress = blockedProgress();
            if (progress < 0 || progress != lastProgress) {
                lastProgress = progress;
                blockedSince = progress < 0 ? 0 : now;
            } else if (now - blockedSince >= deadlockNanos) {
                declareDeadlock();
            }
        }
        if (callerInterrupted) {
            Thread.currentThread().interrupt();
        }
        return callerInterrupted;
    }

    /**
     * The sum of the live ranks' completed calls if every live rank is blocked in an MPJ Express
     * call (its thread waiting), or -1 if some rank can still make progress.
     */
    private long blockedProgress() {
        long sum = 0;
        int live = 0;
        for (RankSlot slot : slots) {
            if (slot.exited) {
                continue;
            }
            live++;
            Thread t = slot.thread;
            if (t == null || slot.pending == null) {
                return -1;
            }
            Thread.State s = t.getState();
            if (s != Thread.State.WAITING && s != Thread.State.TIMED_WAITING && s != Thread.State.BLOCKED) {
                return -1;
            }
            sum += slot.progress;
        }
        return live == 0 ? -1 : sum;
    }

    private void declareDeadlock() {
        List<String> pending = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            RankSlot slot = slots[r];
            String op = slot.pending;
            if (!slot.exited && op != null) {
                pending.add("rank " + r + ": " + op);
            }
        }
        DeadlockException e = new DeadlockException(worldName, TimeUnit.NANOSECONDS.toMillis(deadlockNanos), pending);
        synchronized (this) {
            if (ending) {
                return;
            }
            deadlock = e;
        }
        end("deadlock: " + String.join("; ", pending));
    }

    private IllegalStateException hung() {
        List<Thread> live = new ArrayList<>();
        StringBuilder where = new StringBuilder();
        for (int r = 0; r < size; r++) {
            Thread t = slots[r].thread;
            if (t != null && t.isAlive()) {
                live.add(t);
                where.append("\n  rank ").append(r).append(" (").append(t.getState()).append("):");
                for (StackTraceElement e : t.getStackTrace()) {
                    where.append("\n      at ").append(e);
                }
            }
        }
        stragglers = List.copyOf(live);
        stragglersWorld = worldName;
        String reason;
        synchronized (this) {
            reason = endReason;
        }
        return new IllegalStateException("MPJ Express world '" + worldName + "' was ended (" + reason
                + ") but " + live.size() + " rank(s) did not stop within " + stopTimeout.toMillis()
                + " ms; MPJ Express's device stays unusable in this JVM while they run:" + where);
    }

    private static void checkNoStragglers() {
        List<Thread> alive = stragglers.stream().filter(Thread::isAlive).toList();
        stragglers = alive;
        if (!alive.isEmpty()) {
            throw new IllegalStateException("MPJ Express's multicore device is still held by " + alive.size()
                    + " rank(s) of world '" + stragglersWorld + "' that never stopped; no other MPJ Express"
                    + " world can run in this JVM until they end");
        }
    }

    private synchronized List<Object> outcome(boolean callerInterrupted) {
        if (starterFailure != null) {
            throw new IllegalStateException("MPJ Express's MulticoreStarter failed for world '" + worldName + "'",
                    starterFailure);
        }
        if (callerInterrupted) {
            throw new MpiException(MpiException.ErrorClass.INTERRUPTED,
                    "interrupted while running MPJ Express world '" + worldName + "'; the world was ended");
        }
        if (deadlock != null) {
            throw deadlock;
        }
        if (failure != null) {
            RankFailedException e = new RankFailedException(worldName, failedRank, failure);
            laterFailures.forEach(e::addSuppressed);
            throw e;
        }
        Object[] results = new Object[size];
        for (int r = 0; r < size; r++) {
            RankSlot slot = slots[r];
            if (!slot.returned) {
                throw new IllegalStateException("MPJ Express world '" + worldName + "': rank " + r
                        + " ended without a result or an exception (see the standard error output)");
            }
            results[r] = slot.result;
        }
        return Collections.unmodifiableList(Arrays.asList(results));
    }

    /** Ends the world once: remembers why and interrupts every rank but the calling thread. */
    private void end(String reason) {
        synchronized (this) {
            if (ending) {
                return;
            }
            endReason = reason;
            endedAtNanos = System.nanoTime();
            ending = true;
        }
        Thread self = Thread.currentThread();
        for (RankSlot slot : slots) {
            Thread t = slot.thread;
            if (t != null && t != self) {
                t.interrupt();
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // Rank side: called from the ranks' class loaders (see the class comment)
    // ---------------------------------------------------------------------------------------

    /**
     * The run a rank belongs to.
     *
     * @param id the run id MPJ Express passed to the rank as its application argument
     * @return the run
     * @throws IllegalStateException if no such run is active
     */
    public static MulticoreRun forRank(String id) {
        MulticoreRun run = ACTIVE.get(id);
        if (run == null) {
            throw new IllegalStateException("no MPJ Express world with id " + id + " is running in this JVM");
        }
        return run;
    }

    /**
     * The kernel every rank runs.
     *
     * @return the kernel
     */
    public Kernel<?> kernel() {
        return kernel;
    }

    /**
     * The world's name.
     *
     * @return the name
     */
    public String worldName() {
        return worldName;
    }

    /**
     * Registers the calling thread as {@code rank}'s thread; interrupts it if the world already
     * ended.
     *
     * @param rank the rank in the world
     */
    public void rankStarted(int rank) {
        slots[rank].thread = Thread.currentThread();
        if (ending) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Notes that {@code rank} is about to block in an MPJ Express call.
     *
     * @param rank the rank in the world
     * @param operation a description such as {@code recv(source=1, tag=7, DOUBLE x 1)}
     */
    public void blocking(int rank, String operation) {
        slots[rank].pending = operation;
    }

    /**
     * Notes that {@code rank}'s blocking call returned (or threw).
     *
     * @param rank the rank in the world
     */
    public void unblocked(int rank) {
        RankSlot slot = slots[rank];
        slot.pending = null;
        // several writers at thread level MULTIPLE: a lost increment still changes the sum the
        // watchdog compares, so progress is seen either way
        slot.progress++;
    }

    /**
     * Whether the world is ending (a rank failed, a deadlock was found, or the caller gave up).
     *
     * @return {@code true} once the world has been ended
     */
    public boolean ending() {
        return ending;
    }

    /**
     * Why the world ended.
     *
     * @return the reason, or {@code null} while the world runs
     */
    public synchronized String endReason() {
        return endReason;
    }

    /**
     * Records {@code rank}'s result.
     *
     * @param rank the rank in the world
     * @param result what its kernel returned
     */
    public void rankReturned(int rank, Object result) {
        RankSlot slot = slots[rank];
        slot.result = result;
        slot.returned = true;
    }

    /**
     * Records that {@code rank} failed. The first failure while the world runs ends it; failures
     * after that are kept as suppressed exceptions unless they are the
     * {@link MpiException.ErrorClass#ABORTED} consequences of ending the world.
     *
     * @param rank the rank in the world
     * @param t what it threw
     */
    public void rankFailed(int rank, Throwable t) {
        synchronized (this) {
            if (!ending) {
                failedRank = rank;
                failure = t;
            } else if (!(t instanceof MpiException m && (m.errorClass() == MpiException.ErrorClass.ABORTED
                    || m.errorClass() == MpiException.ErrorClass.INTERRUPTED))) {
                laterFailures.add(t);
                return;
            } else {
                return;
            }
        }
        end("rank " + rank + " failed: " + t);
    }

    /**
     * Notes that {@code rank}'s thread is leaving MPJ Express's rank entry point.
     *
     * @param rank the rank in the world
     */
    public void rankExited(int rank) {
        RankSlot slot = slots[rank];
        slot.pending = null;
        slot.exited = true;
    }

    @Override
    public String toString() {
        return "MulticoreRun[" + id + ", " + worldName + ", size=" + size + (ending ? ", ending" : "") + "]";
    }

    /** One rank's state, written by the rank's thread and read by the monitor. */
    private static final class RankSlot {
        volatile Thread thread;
        volatile String pending;
        volatile long progress;
        volatile Object result;
        volatile boolean returned;
        volatile boolean exited;
    }

    /** The launching-JVM check, done once. */
    private static final class LaunchCheck {
        static final CheckedOnce RESULT = new CheckedOnce();
    }

    /** Memoizes {@link LaunchingJvm#check()}, success or failure. */
    private static final class CheckedOnce {
        private MpjExpressHome home;
        private IllegalStateException failure;
        private boolean done;

        synchronized MpjExpressHome get() {
            if (!done) {
                try {
                    home = LaunchingJvm.check();
                } catch (IllegalStateException e) {
                    failure = e;
                }
                done = true;
            }
            if (failure != null) {
                throw new IllegalStateException(failure.getMessage(), failure);
            }
            return home;
        }
    }
}
