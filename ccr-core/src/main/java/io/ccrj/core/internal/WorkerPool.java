package io.ccrj.core.internal;

import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import io.ccrj.core.internal.jfr.JfrEvents;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The implementation of a dispatcher: a fixed set of platform worker threads serving the ready
 * list of its queues (see {@link QueueCore} for the token protocol).
 *
 * <h2>Idling without lost wake-ups</h2>
 * An idle worker spins, then naps, then parks, as its {@link IdleStrategy} says (its
 * {@code yieldNanos} is the nap). A nap gives the core away like a park, in slices of at most
 * {@link #NAP_SLICE_NANOS}, and a queue made ready wakes a napping worker at once, as it wakes a
 * parked one: a thread that needs the core (the poster, a thread the last task woke) gets it at
 * once instead of waiting while idle workers yield it back and forth, and the post still finds a
 * worker. Napping and parking announce themselves the same way (the idle handshake): the worker sets
 * its state to {@link WorkerThread#NAPPING} or {@link WorkerThread#PARKED} and increments
 * {@link #parkedCount}, then looks at the ready list once more ({@link #prepareToSleep}); a thread
 * that makes a queue ready offers it first and then reads {@link #parkedCount}. Both are
 * sequentially consistent atomic operations, so either the worker sees the new token or the
 * offering thread sees the sleeping worker and unparks it ({@link #wakeOne}, a napping worker
 * first: its core is the more likely to be awake still). The offering thread skips the unpark
 * while another worker is idle but neither napping nor parked (searching): that worker looks at the
 * list again before it sleeps, by the same protocol. A worker that takes a queue while others are
 * still ready wakes a sleeping one for them if nobody else searches. Parking also has a timeout,
 * as a second line of defence; it costs an idle pool a wake-up per {@code maxParkNanos}, nothing
 * more. The JCStress model {@code io.ccrj.core.internal.IdleHandshakeTests} (in ccr-core's
 * {@code src/jcstress}) races these steps, and broken variants of them.
 *
 * <h2>Keeping a posted queue on its worker</h2>
 * A handler that posts to a queue with nothing pending makes the queue ready. Offered to the ready
 * list, it would be taken at once by a searching worker, so that a chain of hand-offs (a message
 * bounced between two ports, a request and its reply) runs each hop on the other core, and every
 * hop moves its message's cache lines across. So a worker whose handler makes a queue ready keeps
 * the token instead ({@link WorkerThread#keptQueue}) and runs that queue as soon as its task
 * ends, while no other queue is waiting and another worker searches (or none is parked). A
 * searching worker takes a kept queue over once it has been kept for {@link #TAKE_OVER_NANOS},
 * and before it parks, so a long handler holds back the work it posted by about that much, and a
 * handler that waits for the work it posted still finds another worker to run it. Go's scheduler
 * does the same with its "run next" slot. Kept and parked meet in the same handshake as offered
 * and parked: the keeper stores the kept queue and then reads the workers' park states, a parking
 * worker stores its park state and then reads the kept queues (all sequentially consistent), so
 * either the keeper sees the parked worker and offers the queue after all, or the parking worker
 * sees the kept queue and takes it instead of parking. A napping worker does not count for that:
 * it neither makes the keeper offer the queue nor looks at the kept queues before it naps, so that
 * a chain of hand-offs stays on its worker while the other naps; it looks for kept queues between
 * its slices, so a kept queue waits for it at most one slice (and the take-over delay), and it
 * takes them all before it parks.
 *
 * <h2>Shutdown</h2>
 * {@link #close(Duration)} stops accepting work from other threads (workers of this pool may still
 * post, so running handler chains can finish), waits until every queue is empty and every worker
 * idle, up to the deadline, then stops the workers and discards what is left.
 */
@Internal
public final class WorkerPool {
    private static final int OPEN = 0;
    private static final int DRAINING = 1;
    private static final int STOPPED = 2;

    private final String name;
    private final WorkerThread[] workers;
    private final IdleStrategy idle;
    private final Queue<QueueCore> ready = TaskQueues.mpmcUnbounded(256);
    /** Workers napping or parked; package-private for the JCStress model of the idle handshake only. */
    final AtomicInteger parkedCount = new AtomicInteger();
    private final CopyOnWriteArrayList<QueueCore> queues = new CopyOnWriteArrayList<>();
    /** Replaceable by the application; volatile so a worker reporting a failure sees the latest. */
    private volatile Port<Throwable> unhandledExceptions;
    /** The park timeout: the second line of defence against a lost wake-up (class comment). */
    private final long maxParkNanos;
    private static final long DEFAULT_MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /**
     * How long a searching worker leaves a queue kept by a busy worker before it takes the queue
     * over (class comment): long enough for a short handler to end and run it on its own core (a
     * hand-off costs well under a microsecond), short against the spin phase of the idle strategy.
     */
    static final long TAKE_OVER_NANOS = 5_000;
    /**
     * The longest single sleep of a nap (class comment): bounds how long a kept queue can wait for
     * a napping worker, and how late a napping worker sees that its nap is over. Shorter buys
     * nothing on Linux, whose timer slack (50 µs by default) rounds a timed park up anyway.
     */
    static final long NAP_SLICE_NANOS = 50_000;
    private final long napSliceNanos;
    private static final VarHandle KEPT_QUEUE;

    static {
        try {
            KEPT_QUEUE = MethodHandles.lookup().findVarHandle(WorkerThread.class, "keptQueue", QueueCore.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    /**
     * The idle strategy's spin, shortened in proportion when workers outnumber the cores: a
     * spinning worker then holds a core that a worker with work (or the poster) needs.
     */
    private final long spinNanos;
    private volatile int state = OPEN;

    public WorkerPool(String name, int threads, IdleStrategy idle, Port<Throwable> unhandledExceptions) {
        this(name, threads, idle, unhandledExceptions, DEFAULT_MAX_PARK_NANOS);
    }

    /**
     * With a park timeout of its own: the tests of the wake-up protocol make it effectively
     * infinite, so that a lost wake-up hangs instead of being rescued by the timeout.
     */
    WorkerPool(String name, int threads, IdleStrategy idle, Port<Throwable> unhandledExceptions, long maxParkNanos) {
        this(name, threads, idle, unhandledExceptions, maxParkNanos, NAP_SLICE_NANOS, true);
    }

    /**
     * With a nap slice of its own too (the tests make it as long as the park timeout, so that a
     * napping worker is found only by a wake-up), and optionally with workers that are never
     * started: the JCStress model of the idle handshake drives the handshake's steps on them from
     * its own threads ({@link #unstartedModel}).
     */
    WorkerPool(String name, int threads, IdleStrategy idle, Port<Throwable> unhandledExceptions, long maxParkNanos,
               long napSliceNanos, boolean start) {
        this.maxParkNanos = maxParkNanos;
        this.napSliceNanos = napSliceNanos;
        this.name = name;
        this.idle = idle;
        this.unhandledExceptions = unhandledExceptions;
        int cores = Runtime.getRuntime().availableProcessors();
        this.spinNanos = threads > cores ? idle.spinNanos() / threads * cores : idle.spinNanos();
        this.workers = new WorkerThread[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new WorkerThread(this, name + "-worker-" + i);
        }
        if (start) {
            for (WorkerThread w : workers) {
                w.start();
            }
        }
    }

    /**
     * A pool whose workers are never started, for models of the idle handshake that play the
     * workers' part themselves ({@link #prepareToSleep}, {@link #keepOrMakeReady(WorkerThread,
     * QueueCore)}); unparking its workers is harmless (a thread not started ignores it).
     */
    static WorkerPool unstartedModel(int threads) {
        return new WorkerPool("model", threads, IdleStrategy.spinThenPark(), new Port<>("model-unhandled"),
                DEFAULT_MAX_PARK_NANOS, NAP_SLICE_NANOS, false);
    }

    /** Worker {@code i} (models only). */
    WorkerThread worker(int i) {
        return workers[i];
    }

    public String name() {
        return name;
    }

    public int workerCount() {
        return workers.length;
    }

    void attach(QueueCore q) {
        if (state != OPEN) {
            throw new IllegalStateException("dispatcher '" + name + "' is closed: cannot create queue '" + q.name() + "'");
        }
        queues.add(q);
    }

    /** True if work may be accepted from {@code t}: always while open; from own workers while draining. */
    boolean acceptsFrom(Thread t) {
        int s = state;
        return s == OPEN || (s == DRAINING && isOwnWorker(t));
    }

    boolean isOwnWorker(Thread t) {
        return t instanceof WorkerThread w && w.pool == this;
    }

    public boolean isOpen() {
        return state == OPEN;
    }

    /**
     * {@code true} if a worker may keep a queue's token for several tasks: only with one worker,
     * where no other worker could serve the queue in parallel meanwhile.
     */
    boolean batchesTokens() {
        return workers.length == 1 && state != STOPPED;
    }

    /** {@code true} until the pool stops running tasks ({@link #stopNow()}). */
    boolean runsTasks() {
        return state != STOPPED;
    }

    /** {@code true} if no queue waits on the ready list (a snapshot). */
    boolean readyIsEmpty() {
        return ready.isEmpty();
    }

    /** Offers a queue's token to the ready list and wakes a parked worker unless another searches. */
    void makeReady(QueueCore q) {
        ready.offer(q);
        if (parkedCount.get() > 0 && !anyWorkerSearching()) {
            wakeOne();
        }
    }

    /**
     * Makes {@code q} ready from a thread that could run it next: after a post counted the queue's
     * first pending task, after a post handed on a token kept for a drain's items, or after a token
     * holder finished a drain with tasks still pending. Kept by the calling thread if it is a worker
     * of this pool and keeping cannot strand the queue, else offered as {@link #makeReady} does (see
     * the class comment).
     */
    void keepOrMakeReady(QueueCore q) {
        if (workers.length > 1 && Thread.currentThread() instanceof WorkerThread self && self.pool == this) {
            keepOrMakeReady(self, q);
        } else {
            makeReady(q);
        }
    }

    /** {@link #keepOrMakeReady(QueueCore)} on {@code self}, a worker of this pool with more than one worker. */
    void keepOrMakeReady(WorkerThread self, QueueCore q) {
        if (self.keptQueue == null && state == OPEN && ready.isEmpty() && !keepingCouldStrand()) {
            self.keptSince = System.nanoTime();
            self.keptQueue = q; // volatile: before the park states are read again below
            if (keepingCouldStrand() && KEPT_QUEUE.compareAndSet(self, q, null)) {
                // A worker parked since the first look, and nobody searches: it might have parked
                // without seeing the kept queue, so offer it after all (and wake that worker).
                makeReady(q);
            }
            return;
        }
        makeReady(q);
    }

    /**
     * {@code true} if a worker is parked (not napping: a napper looks for kept queues between its
     * slices) and no worker searches: a kept queue would then wait for the keeper's handler alone,
     * while a worker sleeps. Sequentially consistent reads: the count first (it is incremented
     * after the park state is set, so a count read as 0 means the parker reads the kept queue
     * after this keeper stored it), then the workers' states.
     */
    boolean keepingCouldStrand() {
        if (parkedCount.get() <= 0) {
            return false;
        }
        boolean parked = false;
        for (WorkerThread w : workers) {
            int s = w.parkState.get();
            if (s == WorkerThread.PARKED) {
                parked = true;
            } else if (s == WorkerThread.RUNNING && w.busy.get() == 0) {
                return false; // searching: it looks at the kept queues before it parks
            }
        }
        return parked;
    }

    /**
     * The queue {@code self} kept, claimed back, or {@code null}. If other queues are ready
     * meanwhile, the kept one goes to the back of the ready list and the one at its head is
     * returned, so that keeping never lets a queue overtake others (round robin holds).
     */
    private QueueCore claimKept(WorkerThread self) {
        QueueCore q = self.keptQueue;
        if (q == null || !KEPT_QUEUE.compareAndSet(self, q, null)) {
            return null;
        }
        if (ready.isEmpty()) {
            return q;
        }
        makeReady(q);
        return ready.poll();
    }

    /**
     * A queue kept by another worker, taken over: one kept for {@link #TAKE_OVER_NANOS} or more,
     * or any if {@code self} is about to park. {@code null} if none.
     */
    private QueueCore takeOverKept(WorkerThread self, long now, boolean aboutToPark) {
        for (WorkerThread w : workers) {
            if (w == self) {
                continue;
            }
            QueueCore q = w.keptQueue;
            // keptSince is read after keptQueue (volatile): it is this keep's time or a later one's,
            // and a later keep makes the compare-and-set below fail.
            if (q != null && (aboutToPark || now - w.keptSince >= TAKE_OVER_NANOS)
                    && KEPT_QUEUE.compareAndSet(w, q, null)) {
                return q;
            }
        }
        return null;
    }

    /** {@code true} if a worker keeps a queue (a snapshot; sequentially consistent reads). */
    boolean anyKept() {
        for (WorkerThread w : workers) {
            if (w.keptQueue != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code true} if a worker is idle but neither napping nor parked: it polls the ready list
     * again before it sleeps, and sleeping looks at the list once more after announcing itself (see the class
     * comment), so a queue made ready now is found without waking anyone. Waking a parked worker
     * as well would only add a thread that spins beside the searching one: on a machine with as
     * many cores as workers, the extra spinner takes a core from the producer or the worker that
     * runs the task, and a one-at-a-time hand-off then waits for the scheduler at random.
     *
     * <p>A stale read errs towards waking: a worker seen as searching has not yet announced its
     * park (that store comes before its last look at the ready list, and this read comes after
     * the offer), and one seen busy is counted as not searching. A worker that took a queue an
     * instant ago but has not yet raised its busy flag counts as searching; it passes the
     * backlog on itself ({@link #passOnBacklog}).
     */
    private boolean anyWorkerSearching() {
        for (WorkerThread w : workers) {
            if (w.busy.get() == 0 && w.parkState.get() == WorkerThread.RUNNING) {
                return true;
            }
        }
        return false;
    }

    /**
     * Called by a worker that just took a queue from the ready list: if other queues are still
     * ready and nobody else is searching, wakes a parked worker for them, so that a backlog of
     * ready queues still spreads over the pool although {@link #makeReady} did not wake anyone
     * while this worker was searching.
     */
    private void passOnBacklog() {
        if (parkedCount.get() > 0 && !ready.isEmpty() && !anyWorkerSearching()) {
            wakeOne();
        }
    }

    /** Wakes a napping worker, or else a parked one, if any (compare-and-set: each sleep is ended once). */
    private void wakeOne() {
        if (!wake(WorkerThread.NAPPING)) {
            wake(WorkerThread.PARKED);
        }
    }

    private boolean wake(int sleeping) {
        for (WorkerThread w : workers) {
            if (w.parkState.get() == sleeping && w.parkState.compareAndSet(sleeping, WorkerThread.RUNNING)) {
                parkedCount.decrementAndGet();
                LockSupport.unpark(w);
                return true;
            }
        }
        return false;
    }

    /** The body of every worker thread. */
    void workerLoop(WorkerThread self) {
        long idleSince = 0;
        int spins = 0;
        while (true) {
            if (state == STOPPED) {
                return; // shutdownNow: what is still queued is discarded, not run
            }
            QueueCore q = workers.length > 1 ? claimKept(self) : null;
            if (q == null) {
                q = ready.poll();
            }
            if (q != null) {
                idleSince = 0;
                spins = 0;
                self.lostCore.reset();
                run(self, q);
                continue;
            }
            int s = state;
            if (s == DRAINING && quiescent()) {
                return;
            }
            if (idleSince == 0) {
                idleSince = System.nanoTime();
            }
            if ((++spins & (LostCoreDetector.POLLS_PER_CHECK - 1)) != 0) { // read the clock once every 64 idle polls
                Thread.onSpinWait();
                continue;
            }
            long now = System.nanoTime();
            long idleFor = now - idleSince;
            boolean lostCore = idle.parks() && !self.lostCore.maySpin(now);
            boolean parkNow = lostCore || (idle.parks() && idleFor >= spinNanos + idle.yieldNanos());
            QueueCore taken = workers.length > 1 ? takeOverKept(self, now, parkNow) : null;
            if (taken != null) {
                idleSince = 0;
                spins = 0;
                self.lostCore.reset();
                run(self, taken);
            } else if (lostCore) {
                // The polls took far longer than they take on a core of our own: another process
                // holds the core, and spinning or napping on would cost the producer a time slice.
                park(self);
                idleSince = System.nanoTime();
                spins = 0;
                self.lostCore.reset();
            } else if (idleFor < spinNanos) {
                Thread.onSpinWait();
            } else if (idle.parks() && idleFor < spinNanos + idle.yieldNanos()) {
                nap(self, Math.min(napSliceNanos, spinNanos + idle.yieldNanos() - idleFor));
            } else if (parkNow) {
                park(self);
                idleSince = System.nanoTime();
                spins = 0;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Runs the queue whose token {@code self} took. */
    private void run(WorkerThread self, QueueCore q) {
        if (workers.length > 1) {
            self.busy.set(1); // a full fence before passOnBacklog reads the other workers' flags
            passOnBacklog();
        } else {
            self.busy.lazySet(1);
        }
        int ran = 0;
        try {
            ran = q.runWithToken(self);
        } catch (Throwable t) {
            // Task.execute never throws; this guards the loop against a bug in the runtime.
            Failures.log(t, "worker " + self.getName());
        } finally {
            self.busy.lazySet(0);
        }
        if (ran > 0) {
            self.processed.lazySet(self.processed.get() + ran);
        }
    }

    /**
     * The idle handshake, the sleeper's side (class comment): announces that {@code self} is about
     * to sleep ({@link WorkerThread#NAPPING} or {@link WorkerThread#PARKED}), then looks at the
     * ready list (and, before a park, the kept queues) once more. Returns {@code true} if it may
     * sleep: a thread that makes work visible from now on sees the announcement and wakes it.
     * Returns {@code false}, the announcement withdrawn (or ended by a waker meanwhile), if work
     * is visible already.
     */
    boolean prepareToSleep(WorkerThread self, int sleep) {
        announceSleep(self, sleep);
        if (workVisible(sleep == WorkerThread.PARKED)) {
            withdrawSleep(self, sleep);
            return false;
        }
        return true;
    }

    /** The first step of {@link #prepareToSleep}: both sequentially consistent stores, state first. */
    void announceSleep(WorkerThread self, int sleep) {
        self.parkState.set(sleep);
        parkedCount.incrementAndGet();
    }

    /**
     * The second step of {@link #prepareToSleep}: {@code true} if a queue is ready, the pool is
     * closing, or (for a park, {@code beforePark}) a worker keeps a queue, which is then taken over
     * on the next pass instead of parking (class comment).
     */
    boolean workVisible(boolean beforePark) {
        return !ready.isEmpty() || state != OPEN || (beforePark && workers.length > 1 && anyKept());
    }

    /** Ends {@code self}'s sleep announcement unless a waker ended it already (compare-and-set). */
    void withdrawSleep(WorkerThread self, int sleep) {
        if (self.parkState.compareAndSet(sleep, WorkerThread.RUNNING)) {
            parkedCount.decrementAndGet();
        }
    }

    /**
     * Naps for up to {@code nanos} (class comment): gives the core away until a thread that makes
     * a queue ready wakes this worker, or the slice ends.
     */
    private void nap(WorkerThread self, long nanos) {
        if (prepareToSleep(self, WorkerThread.NAPPING)) {
            LockSupport.parkNanos(this, nanos);
            withdrawSleep(self, WorkerThread.NAPPING); // the slice ended, or it was spurious
        }
        // The gap since the last clock read is the nap, not a lost core.
        self.lostCore.reset();
    }

    private void park(WorkerThread self) {
        if (!prepareToSleep(self, WorkerThread.PARKED)) {
            return;
        }
        self.parks.lazySet(self.parks.get() + 1); // this worker's own counter: no atomic add
        Object event = Jfr.AVAILABLE && JfrEvents.parkEnabled() ? JfrEvents.parkStarting() : null;
        LockSupport.parkNanos(this, maxParkNanos);
        boolean woken = true;
        if (self.parkState.compareAndSet(WorkerThread.PARKED, WorkerThread.RUNNING)) {
            parkedCount.decrementAndGet(); // timed out or spurious: nobody woke us
            woken = false;
        } else {
            self.wakeUps.lazySet(self.wakeUps.get() + 1);
        }
        if (event != null) {
            JfrEvents.parkEnded(event, name, woken);
        }
    }

    private boolean quiescent() {
        if (!ready.isEmpty()) {
            return false;
        }
        // Counts before busy flags: a worker sets its flag (release) before it decrements the
        // count of the queue whose token it took (a full fence), so a count read as 0 here means
        // that worker's flag reads as 1 below, until its task has run.
        for (QueueCore q : queues) {
            // A suspended queue cannot drain: closing does not wait for it (its tasks are
            // discarded and counted, as when the drain timeout passes).
            if (q.pendingCount() > 0 && !q.isSuspended()) {
                return false;
            }
        }
        for (WorkerThread w : workers) {
            if (w.busy.get() != 0) {
                return false;
            }
        }
        return true;
    }

    public Port<Throwable> unhandledExceptions() {
        return unhandledExceptions;
    }

    public void setUnhandledExceptions(Port<Throwable> port) {
        this.unhandledExceptions = port;
    }

    /** Forgets a disposed queue, so the pool holds no reference to it. */
    void detach(QueueCore q) {
        queues.remove(q);
    }

    void reportUnhandled(Throwable failure, QueueCore from) {
        Failures.log(failure, "dispatcher '" + name + "', " + from.sinkName());
        unhandledExceptions.post(failure);
    }

    /**
     * Drains and stops. Returns the number of tasks discarded because the deadline passed first.
     * Called from one of this pool's own workers it cannot wait for itself: it stops accepting work
     * and returns 0 at once, and the workers stop when quiescent.
     */
    public int close(Duration drainTimeout) {
        synchronized (this) {
            if (state == OPEN) {
                state = DRAINING;
            }
        }
        for (WorkerThread w : workers) {
            LockSupport.unpark(w);
        }
        if (isOwnWorker(Thread.currentThread())) {
            return 0;
        }
        long deadline = System.nanoTime() + TimeUnit.NANOSECONDS.convert(drainTimeout); // saturates; may wrap
        for (WorkerThread w : workers) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                try {
                    w.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        return stopNow();
    }

    /** Stops the workers without draining; returns the number of tasks discarded. */
    public int stopNow() {
        state = STOPPED;
        for (WorkerThread w : workers) {
            LockSupport.unpark(w);
        }
        for (WorkerThread w : workers) {
            if (w != Thread.currentThread()) {
                try {
                    w.join(TimeUnit.SECONDS.toMillis(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        int dropped = 0;
        for (QueueCore q : queues) {
            dropped += q.drainDiscarding();
        }
        while (ready.poll() != null) {
            // tokens of drained queues
        }
        for (WorkerThread w : workers) {
            w.keptQueue = null; // its tasks were in its queue's FIFO: discarded and counted above
        }
        return dropped;
    }

    public boolean isTerminated() {
        if (state == OPEN) {
            return false;
        }
        for (WorkerThread w : workers) {
            if (w.isAlive()) {
                return false;
            }
        }
        return true;
    }

    /** Times the workers parked (idle past their spin and nap; naps are not counted), summed over the workers. */
    public long parkCount() {
        long n = 0;
        for (WorkerThread w : workers) {
            n += w.parks.get();
        }
        return n;
    }

    /** Parks that a thread with work ended (a wake-up), summed over the workers. */
    public long wakeUpCount() {
        long n = 0;
        for (WorkerThread w : workers) {
            n += w.wakeUps.get();
        }
        return n;
    }

    /** Workers napping or parked now (a snapshot). */
    public int parkedWorkerCount() {
        return Math.max(0, parkedCount.get());
    }

    /** The queues this pool serves (a snapshot). */
    public java.util.List<QueueCore> queues() {
        return java.util.List.copyOf(queues);
    }

    public long processedCount() {
        long n = 0;
        for (WorkerThread w : workers) {
            n += w.processed.get();
        }
        return n;
    }

    public long pendingCount() {
        long n = 0;
        for (QueueCore q : queues) {
            n += q.pendingTasks();
        }
        return n;
    }

    public int queueCount() {
        return queues.size();
    }
}
