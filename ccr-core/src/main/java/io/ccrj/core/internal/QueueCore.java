package io.ccrj.core.internal;

import io.ccrj.core.PolicyEvent;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.core.internal.jfr.JfrEvents;

import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The implementation of a dispatcher queue: an MPMC FIFO of tasks, its scheduling policy, and the
 * "ready token" protocol that lets a worker pool serve many queues round robin.
 *
 * <h2>Token protocol</h2>
 * {@link #count} is the number of tasks accepted and not yet taken by a worker. The thread that
 * moves it from 0 to 1 creates the queue's single token by offering the queue to the pool's ready
 * list; a worker that takes the token takes one task, decrements, and if tasks remain hands the
 * token back to the ready list before running its task. So the queue is on the ready list (or in a
 * worker's hands) exactly while {@code count > 0}, several workers can drain one queue in
 * parallel, and each pass over the ready list runs one task per queue. (While no other queue is
 * on the ready list, a pool with one worker keeps the token for the next task, and a worker of a
 * larger pool takes a batch of up to its share of the pending tasks and hands the token back once
 * for all of them: the same order, without an offer and a poll per task; see
 * {@link #runWithToken(WorkerThread)} and {@link #runBatch(WorkerThread)}.) A task is counted
 * before it is offered, so the count never reads lower than the tasks in the queue (the direct path of
 * {@link DirectDrain} relies on that); a worker holding the token may find the count a task ahead
 * of the queue for the instant between the two, and waits for the offer in {@code takeOne()} (as
 * it does through the brief window in which a discarding policy swaps the oldest task for a new
 * one).
 *
 * <p>Executor-backed queues (virtual threads, a user executor) keep the same FIFO and count but
 * hand each accepted task's turn to the executor instead of a worker pool. A turn that finds the
 * queue suspended is counted in {@link #deferredTurns} and handed back to the executor on resume.
 *
 * <h2>Disposal</h2>
 * {@link #dispose()} sets {@link #disposed}; from then on the queue refuses tasks and activations,
 * and a worker (or executor turn) that takes the token discards one task instead of running it,
 * following the same count protocol, so the tasks accepted before (including by a submit that
 * raced with the flag) are each discarded exactly once. A suspended queue's parked token is
 * released for that. The pool forgets the queue once its count is zero.
 */
public final class QueueCore implements TaskSink {
    private final String name;
    private final WorkerPool pool;
    private final Executor executor;
    private final SchedulingPolicy policy;
    /**
     * The accepted tasks, FIFO. Offered by any thread. On a pool-backed queue whose policy never
     * discards, only the worker holding the token polls (one at a time; the token's hand-off
     * through the ready list, or through the suspension flag, orders each holder's polls before
     * the next one's), and {@link #drainDiscarding()} once the workers stopped: a multi-producer,
     * single-consumer queue, whose poll needs no compare-and-set. Executor turns poll
     * concurrently, and a discarding policy polls from the submitting thread: those queues keep a
     * multi-consumer one.
     */
    private final Queue<Task> tasks;
    /** Pending tasks; alone on its cache lines (see PaddedCounter). */
    private final PaddedCounter count = new PaddedCounter();
    private final LongAdder executed = new LongAdder();
    private final AtomicLong discarded = new AtomicLong();
    private final AtomicLong throttled = new AtomicLong();
    private final AtomicLong nextRateSlot = new AtomicLong(Long.MIN_VALUE);
    private final long rateIntervalNanos;
    private final Object throttleMonitor = new Object();
    private volatile int throttleWaiters;
    private volatile boolean suspended;
    private volatile boolean disposed;
    private final AtomicBoolean tokenHeldBySuspension = new AtomicBoolean();
    /** Executor queues: turns that found the queue suspended, to hand back on resume. */
    private final AtomicInteger deferredTurns = new AtomicInteger();
    private final Port<PolicyEvent> policyEvents;
    private volatile Port<Throwable> unhandledExceptionPort;
    private final Runnable executorTurn = this::runOneOnExecutor;

    public QueueCore(String name, WorkerPool pool, Executor executor, SchedulingPolicy policy) {
        this.name = name;
        this.pool = pool;
        this.executor = executor;
        this.policy = policy;
        this.rateIntervalNanos = policy.tasksPerSecond() > 0 ? Math.max(1, (long) (1e9 / policy.tasksPerSecond())) : 0;
        this.policyEvents = new Port<>(name + ".policy");
        this.sharesDrains = executor == null && pool != null && pool.workerCount() > 1;
        boolean discards = policy.kind() == SchedulingPolicy.Kind.QUEUE_DEPTH_DISCARD
                || policy.kind() == SchedulingPolicy.Kind.SCHEDULING_RATE_DISCARD;
        this.tasks = pool != null && executor == null && !discards
                ? TaskQueues.<Task>mpscUnbounded(1024)
                : TaskQueues.<Task>mpmcUnbounded(1024);
        if (pool != null) {
            pool.attach(this);
        }
    }

    public String name() {
        return name;
    }

    public SchedulingPolicy policy() {
        return policy;
    }

    public WorkerPool pool() {
        return pool;
    }

    public Port<PolicyEvent> policyEvents() {
        return policyEvents;
    }

    public Port<Throwable> unhandledExceptionPort() {
        return unhandledExceptionPort;
    }

    public void setUnhandledExceptionPort(Port<Throwable> port) {
        this.unhandledExceptionPort = port;
    }

    @Override
    public String sinkName() {
        return "queue '" + name + "'";
    }

    /**
     * {@code true} if {@link #submit} can run under a port lock: a pool-backed, unconstrained
     * queue only offers to two lock-free queues and may unpark a worker. A throttling policy may
     * wait, a discarding one posts an event to another port, an executor runs foreign code.
     */
    boolean submitsWithoutBlocking() {
        return executor == null && policy.kind() == SchedulingPolicy.Kind.UNCONSTRAINED;
    }

    /**
     * {@code true} if every task of this queue runs on one and the same thread: a queue of a
     * one-worker dispatcher (an executor-backed queue may run its turns on any of the executor's
     * threads).
     */
    boolean runsOnOneThread() {
        return executor == null && pool != null && pool.workerCount() == 1;
    }

    @Override
    public boolean accepts() {
        return !disposed && (pool == null || pool.acceptsFrom(Thread.currentThread()));
    }

    @Override
    public String refusal() {
        if (disposed) {
            return "queue '" + name + "' is disposed: it accepts no more tasks";
        }
        return "dispatcher '" + (pool == null ? "?" : pool.name()) + "' is closed: queue '" + name + "' accepts no more tasks";
    }

    @Override
    public void checkOpen() {
        if (disposed) {
            throw new IllegalStateException("queue '" + name + "' is disposed: cannot activate on it");
        }
        if (pool != null && !pool.acceptsFrom(Thread.currentThread())) {
            throw new IllegalStateException("dispatcher '" + pool.name() + "' is closed: cannot activate on queue '" + name + "'");
        }
    }

    @Override
    public void reportUnhandled(Throwable failure) {
        Port<Throwable> own = unhandledExceptionPort;
        if (own != null) {
            own.post(failure);
        } else if (pool != null) {
            pool.reportUnhandled(failure, this);
        } else {
            Failures.log(failure, "queue '" + name + "'");
        }
    }

    // ---- accepting tasks ----

    @Override
    public void submit(Task task) {
        if (Jfr.AVAILABLE && JfrEvents.tasksEnabled()) {
            // The one Flight Recorder check per task; false unless a recording enables the event.
            task.jfrEvent = JfrEvents.taskAccepted();
        }
        if (disposed) {
            throw new RejectedExecutionException("queue '" + name + "' is disposed: task rejected");
        }
        if (pool != null && !pool.acceptsFrom(Thread.currentThread())) {
            throw new RejectedExecutionException("dispatcher '" + pool.name() + "' is closed: task for queue '"
                    + name + "' rejected");
        }
        switch (policy.kind()) {
            case UNCONSTRAINED -> push(task);
            case QUEUE_DEPTH_DISCARD -> {
                if (count.get() < policy.maxDepth() || !replaceOldest(task)) {
                    push(task);
                }
            }
            case QUEUE_DEPTH_THROTTLE -> {
                awaitDepthBelowLimit();
                push(task);
            }
            case SCHEDULING_RATE_DISCARD -> {
                // Over the rate, the freshest work is kept: the oldest pending task makes room,
                // and with none pending the new task itself is dropped.
                if (reserveRateSlot(false)) {
                    push(task);
                } else if (!replaceOldest(task)) {
                    reportDiscard(task);
                }
            }
            case SCHEDULING_RATE_THROTTLE -> {
                reserveRateSlot(true);
                push(task);
            }
            default -> throw new IllegalStateException(policy.toString());
        }
    }

    private void push(Task task) {
        // Count first, offer second: the count never under-reports the tasks in the queue. Were the
        // offer first, a worker keeping the token could take this task before it was counted and
        // take its count off for it, and the count would read one low until this thread counts it.
        // The direct path (DirectDrain) reads "count == 1" as "no task follows the drain"; a low
        // read would let a post jump ahead of a task queued before it. The price is a worker that
        // finds the count ahead of the queue and waits in takeOne() for the offer that follows.
        boolean wasIdle = count.getAndIncrement() == 0;
        tasks.offer(task);
        if (executor != null) {
            executor.execute(executorTurn);
        } else if (wasIdle) {
            pool.makeReady(this); // after the offer: the token's holder finds the task in place
        } else if (sharesDrains && tokenKeeper != null) {
            handOnKeptToken(); // after the offer: the next holder finds the task in place
        }
    }

    /** Drops the oldest pending task in favour of {@code task}; false if there was none to drop. */
    private boolean replaceOldest(Task task) {
        Task oldest = tasks.poll();
        if (oldest == null) {
            return false;
        }
        tasks.offer(task); // count unchanged: one out, one in
        reportDiscard(oldest);
        return true;
    }

    private void reportDiscard(Task dropped) {
        discarded.incrementAndGet();
        dropped.jfrEvent = null; // never runs: no task event
        dropped.discarded();
        dropped.complete();
        int depth = count.get();
        String what = dropped.describe();
        if (Jfr.AVAILABLE && JfrEvents.policyEnabled()) {
            JfrEvents.discarded(dispatcherName(), name, policy.toString(), depth, what);
        }
        policyEvents.post(new PolicyEvent(name, PolicyEvent.Kind.TASK_DISCARDED, policy, depth, what));
    }

    /**
     * Counts a poster made to wait and reports it on the policy port, before it waits; returns
     * the Flight Recorder event to end once it is admitted ({@link #throttleEnded}), or {@code null}.
     */
    private Object reportThrottled() {
        throttled.incrementAndGet();
        int depth = count.get();
        String poster = Thread.currentThread().getName();
        Object event = null;
        if (Jfr.AVAILABLE && JfrEvents.policyEnabled()) {
            event = JfrEvents.throttleStarting(dispatcherName(), name, policy.toString(), depth, poster);
        }
        policyEvents.post(new PolicyEvent(name, PolicyEvent.Kind.POSTER_THROTTLED, policy, depth, poster));
        return event;
    }

    private static void throttleEnded(Object event) {
        if (event != null) {
            JfrEvents.throttleEnded(event);
        }
    }

    /** The pool's name, or empty for an executor-backed queue (as the events record it). */
    private String dispatcherName() {
        return pool == null ? "" : pool.name();
    }

    private void awaitDepthBelowLimit() {
        if (count.get() < policy.maxDepth()) {
            return;
        }
        if (pool != null && pool.isOwnWorker(Thread.currentThread())) {
            // A worker blocking on its own dispatcher could wait for itself: admit instead.
            return;
        }
        Object event = reportThrottled();
        try {
            synchronized (throttleMonitor) {
                throttleWaiters++;
                try {
                    while (count.get() >= policy.maxDepth()) {
                        try {
                            throttleMonitor.wait(50);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new RejectedExecutionException("interrupted while throttled by queue '" + name + "'", e);
                        }
                    }
                } finally {
                    throttleWaiters--;
                }
            }
        } finally {
            throttleEnded(event);
        }
    }

    /**
     * Reserves the next slot of the scheduling rate. Throttling: waits until the slot's time.
     * Discarding: reserves only if the slot is due now, and says whether it did.
     */
    private boolean reserveRateSlot(boolean wait) {
        long now = System.nanoTime();
        while (true) {
            long slot = nextRateSlot.get();
            long start = slot == Long.MIN_VALUE || slot - now < 0 ? now : slot;
            if (!wait && start - now > 0) {
                return false;
            }
            if (nextRateSlot.compareAndSet(slot, start + rateIntervalNanos)) {
                if (wait && start - now > 0) {
                    Object event = reportThrottled();
                    long remaining;
                    while ((remaining = start - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(remaining);
                    }
                    throttleEnded(event);
                }
                return true;
            }
        }
    }

    // ---- running tasks ----

    /**
     * Called by a worker that took this queue's token from the ready list.
     *
     * @return how many tasks ran: 0 if the queue is suspended (the token is parked until
     *     {@link #resume()}) or disposed (a task was discarded), more than one when the worker kept
     *     the token for several tasks
     */
    int runWithToken(WorkerThread self) {
        if (disposed) {
            Task t = takeOne();
            discardDisposed(t); // before the count goes: a drain is unscheduled while the token is held
            if (count.decrementAndGet() > 0) {
                pool.makeReady(this);
            } else {
                pool.detach(this);
            }
            afterTake();
            return 0;
        }
        if (suspended) {
            tokenHeldBySuspension.set(true);
            // Re-check after parking the token: a resume() or dispose() that ran since the checks
            // above found no token to hand back (each writes its flag, then tries the token; this
            // writes the token, then reads the flags: one of the two sides sees the other).
            if ((!suspended || disposed) && tokenHeldBySuspension.compareAndSet(true, false)) {
                pool.makeReady(this);
            }
            return 0;
        }
        if (pool.workerCount() > 1) {
            return runBatch(self);
        }
        int ran = 0;
        while (true) {
            Task t = takeOne();
            if (t instanceof DirectDrain direct) {
                // A receiver's direct drain keeps its count until it finishes: while it runs, the
                // count tells posters whether any task follows it (see DirectDrain).
                int drained = direct.drain(MAX_TASKS_PER_TOKEN - ran);
                ran += Math.abs(drained);
                if (drained < 0) { // it yielded: still scheduled, items may be left
                    resumeSlot = direct; // its remaining items run before any later task
                    executed.add(ran);
                    pool.makeReady(this);
                    return ran;
                }
                boolean keep = false;
                if (count.decrementAndGet() > 0) {
                    keep = pool.batchesTokens() && ran < MAX_TASKS_PER_TOKEN && pool.readyIsEmpty();
                    if (!keep) {
                        pool.makeReady(this);
                    }
                }
                if (!keep) {
                    executed.add(ran);
                    return ran;
                }
                if (suspended || disposed || !pool.runsTasks()) {
                    executed.add(ran);
                    pool.makeReady(this);
                    return ran;
                }
                continue;
            }
            boolean keepToken = false;
            if (count.decrementAndGet() > 0) {
                // Several tasks per token: a single worker whose ready list holds no other queue
                // keeps the token for the next task instead of handing it back and taking it
                // again (an offer and a poll on the shared ready list per task). Round robin
                // holds: the ready list is checked before every further task, so a queue that
                // becomes ready waits for at most the task in hand.
                keepToken = pool.batchesTokens() && ran + 1 < MAX_TASKS_PER_TOKEN && pool.readyIsEmpty();
                if (!keepToken) {
                    pool.makeReady(this);
                }
            }
            afterTake();
            t.execute();
            ran++;
            if (!keepToken) {
                executed.add(ran);
                return ran;
            }
            if (suspended || disposed || !pool.runsTasks()) {
                // The next visit applies the suspension or the disposal. A stopped pool's queues
                // are drained by the closing thread: the worker polls no more (see tasks).
                executed.add(ran);
                pool.makeReady(this);
                return ran;
            }
        }
    }

    /** Bounds a batch, so that a worker returns to its loop (and its state checks) regularly. */
    private static final int MAX_TASKS_PER_TOKEN = 64;

    /**
     * The most tasks a worker of a multi-worker pool takes per token ({@link #runBatch}); sized
     * with {@link WorkerThread#batch}.
     */
    static final int MAX_BATCH = 16;

    /**
     * A worker of a multi-worker pool holding the token: takes a batch of tasks, hands the token
     * back once for the whole batch, then runs the batch in FIFO order.
     *
     * <p>Why: the token serialises taking. Handed back per task, every task costs an offer and a
     * poll on the shared ready list plus a decrement of the shared count while the other workers
     * wait for the token, so the pool takes tasks no faster than one token pass, however many
     * workers it has. Per batch, those costs are shared by the batch.
     *
     * <p>Why it keeps the queue's semantics:
     * <ul>
     *   <li>Round robin: a worker takes more than one task only while no other queue waits on
     *   the ready list, as a one-worker pool keeps its token only then.</li>
     *   <li>Parallelism: a worker takes at most its share of the pending tasks (the count over
     *   the number of workers), so a backlog of two tasks still runs on two workers, and the
     *   token goes back before the batch runs, so the other workers take the later tasks
     *   meanwhile.</li>
     *   <li>Order: tasks leave the queue in FIFO order (one token holder takes at a time), and
     *   a batch runs in that order.</li>
     *   <li>Suspension, disposal and shutdown: before each task after the first the worker checks
     *   them; the tasks it has not started go back to the queue ({@link #giveBack}), ahead of
     *   the tasks still queued, so a suspended queue holds them, a disposed one discards them,
     *   and a stopped pool drops them, as for any task not yet started.</li>
     *   <li>Counting: the batch's count is taken off at once, after the tasks were taken; the
     *   worker's busy flag (set by the worker loop before this call) covers the batch until it
     *   ran, so a closing pool does not find it quiescent in between.</li>
     * </ul>
     *
     * @return how many tasks ran
     */
    private int runBatch(WorkerThread self) {
        Task first = takeOne();
        if (first instanceof DirectDrain direct) {
            return runDrain(self, direct);
        }
        Task[] batch = self.batch;
        batch[0] = first;
        int n = 1;
        int pending = count.get(); // counts the task just taken: it is taken off below
        if (pending > 1 && pool.readyIsEmpty()) {
            int want = Math.min(MAX_BATCH, Math.max(1, pending / pool.workerCount()));
            while (n < want) {
                Task t = takeOne(); // counted, so queued or about to be (see push)
                if (t instanceof DirectDrain direct) {
                    // A drain keeps its count and its place: it heads the queue for the next holder.
                    resumeSlot = direct;
                    break;
                }
                batch[n++] = t;
            }
        }
        if (count.addAndGet(-n) > 0) {
            pool.makeReady(this); // before running: the other workers take the later tasks meanwhile
        }
        afterTake();
        int ran = 0;
        for (int i = 0; i < n; i++) {
            if (i > 0 && (suspended || disposed || !pool.runsTasks())) {
                giveBack(batch, i, n);
                break;
            }
            Task t = batch[i];
            batch[i] = null;
            t.execute();
            ran++;
        }
        executed.add(ran);
        return ran;
    }

    /**
     * A worker of a multi-worker pool holding the token, with a {@link DirectDrain} just taken:
     * takes a share of its items, then, if more items or other tasks are pending, leaves the drain
     * at the head of the queue ({@link #resumeSlot}, still counted) and hands the token on before
     * it runs them, as {@link #runBatch} does for a batch of tasks. With nothing else pending it
     * keeps the token while it runs them (no wake-up of another worker for nothing; a post
     * meanwhile hands the token on, see {@link #tokenKeeper}), then comes back to the drain for
     * more, so a producer that keeps pace is served by one worker as on a one-worker pool, and a
     * backlog by all of them. A holder that finds the drain dry (after the
     * drain's linger) unschedules it and takes its count off.
     *
     * @return how many items ran
     */
    private int runDrain(WorkerThread self, DirectDrain drain) {
        Object[] items = self.batchItems;
        int ran = 0;
        while (true) {
            int k = drain.take(items);
            if (k == 0) {
                if (!drain.unscheduleIfEmpty()) {
                    continue; // an item came before the port lock: take it
                }
                if (count.decrementAndGet() > 0) {
                    pool.makeReady(this);
                }
                afterTake();
                executed.add(ran);
                return ran;
            }
            boolean keepToken = ran + k < MAX_TASKS_PER_TOKEN && drain.isEmpty() && count.get() == 1
                    && pool.readyIsEmpty();
            resumeSlot = drain;
            if (keepToken) {
                tokenKeeper = self; // after the resume slot: from here a submit or an append may hand the token on
                if ((count.get() != 1 || !drain.isEmpty()) && TOKEN_KEEPER.compareAndSet(this, self, null)) {
                    pool.makeReady(this); // something came before the flag was up: hand on at once
                }
            } else {
                pool.makeReady(this); // before running: the other workers take the later items meanwhile
            }
            int done = 0;
            for (int i = 0; i < k; i++) {
                if (i > 0 && (suspended || disposed || !pool.runsTasks())) {
                    for (int j = i; j < k; j++) {
                        // Their place in the drain is spent: each goes back as a task of its own.
                        self.batch[j] = drain.asTask(items[j]);
                        items[j] = null;
                    }
                    giveBack(self.batch, i, k);
                    break;
                }
                Object item = items[i];
                items[i] = null;
                drain.run(item);
                done++;
            }
            ran += done;
            if (!keepToken || !TOKEN_KEEPER.compareAndSet(this, self, null)) { // handed on meanwhile
                executed.add(ran);
                return ran;
            }
            if (done < k || suspended || disposed || !pool.runsTasks()) {
                // Still holding the token: the next visit applies the suspension or disposal.
                executed.add(ran);
                pool.makeReady(this);
                return ran;
            }
            resumeSlot = null; // the drain is in this worker's hands again
        }
    }

    /**
     * The worker of a multi-worker pool that holds the token while it runs a drain's items
     * ({@link #runDrain}), or {@code null}: it found nothing else pending, so it woke no other
     * worker for nothing. But a task submitted or an item appended meanwhile must not wait for
     * those items to finish, so its poster claims the field (compare-and-set to {@code null}) and
     * hands the token on for the holder: the drain waits in {@link #resumeSlot}, set before the
     * field. The holder claims it back once its items ran (compare-and-set of itself, so a later
     * holder's claim is never taken for its own); if it cannot, the token is on the ready list and
     * it returns without touching the queue again. A holder that set the field re-reads the count
     * and the drain, so a submit counted before the field was visible is not left waiting (both
     * are volatile, so one of the two sides sees the other); an append whose ring store is still
     * in flight may be missed, and then waits for the holder's items: a delay, not a loss.
     */
    private volatile WorkerThread tokenKeeper;
    /** A pool of several workers: only there may a worker keep the token while it runs a drain's items. */
    private final boolean sharesDrains;
    private static final java.lang.invoke.VarHandle TOKEN_KEEPER;

    static {
        try {
            TOKEN_KEEPER = java.lang.invoke.MethodHandles.lookup().findVarHandle(QueueCore.class, "tokenKeeper", WorkerThread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code true} on a pool of several workers, whose workers take turns at a drain ({@link #runDrain}). */
    boolean sharesDrains() {
        return sharesDrains;
    }

    /** A post that finds the token kept by a worker running a drain's items hands it on ({@link #tokenKeeper}). */
    void handOnKeptToken() {
        WorkerThread keeper = tokenKeeper;
        if (keeper != null && TOKEN_KEEPER.compareAndSet(this, keeper, null)) {
            pool.makeReady(this);
        }
    }

    /**
     * Puts the tasks {@code batch[from .. to)} that a worker took but did not start back, ahead
     * of the queued ones; counted first, as {@link #push} counts, and the token re-created if the
     * count was zero.
     */
    private void giveBack(Task[] batch, int from, int to) {
        boolean wasIdle = count.getAndAdd(to - from) == 0;
        for (int i = from; i < to; i++) {
            returned.offer(batch[i]);
            batch[i] = null;
        }
        if (wasIdle) {
            pool.makeReady(this);
        }
    }

    /**
     * Tasks that a worker took in a batch and gave back unstarted ({@link #giveBack}); they are
     * older than every queued task, so a token holder takes them first. Counted in {@link #count}.
     */
    private final java.util.concurrent.ConcurrentLinkedQueue<Task> returned = new java.util.concurrent.ConcurrentLinkedQueue<>();

    private void runOneOnExecutor() {
        if (disposed) {
            Task t = takeOne();
            count.decrementAndGet();
            afterTake();
            discardDisposed(t);
            return;
        }
        if (suspended) {
            // Keep the turn for resume(); re-check so a resume racing with this cannot miss it.
            deferredTurns.incrementAndGet();
            if (!suspended || disposed) { // a resume() or dispose() may have released the turns already
                releaseDeferredTurns();
            }
            return;
        }
        Task t = takeOne();
        count.decrementAndGet();
        afterTake();
        run(t);
    }

    /**
     * A direct drain left at the head of the queue with items pending: one that let another queue
     * go first, or whose items the workers of a larger pool take a share at a time. The next token
     * holder takes it before polling the queue (after the tasks given back, which were taken
     * before its pending items). Read and written only by the worker holding the token (the ready
     * list's hand-off publishes it), and by {@link #drainDiscarding()} once the workers stopped.
     * Counted in {@link #count} while set.
     */
    private Task resumeSlot;

    private Task takeOne() {
        Task t = returned.poll(); // only a pool of several workers gives tasks back
        if (t != null) {
            return t;
        }
        Task resumed = resumeSlot;
        if (resumed != null) {
            resumeSlot = null;
            return resumed;
        }
        int polls = 0;
        while ((t = tasks.poll()) == null && (t = returned.poll()) == null) {
            // Counted, not yet offered (see push): the offer is a few instructions away unless its
            // thread lost its core, in which case yielding gives the core back to it.
            if ((++polls & 63) == 0) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
        return t;
    }

    private void afterTake() {
        if (throttleWaiters > 0) {
            synchronized (throttleMonitor) {
                throttleMonitor.notifyAll();
            }
        }
    }

    /**
     * Runs one task on an executor turn and counts it. A worker's batch ({@link #runWithToken(WorkerThread)})
     * counts its tasks once at the end instead: one add on the shared counter per batch, not per
     * task; the count trails the handlers' effects by at most the batch in hand.
     */
    private void run(Task t) {
        t.execute();
        executed.increment();
    }

    public void suspend() {
        suspended = true;
    }

    /** Refuses further tasks and discards those pending (see the class description). Idempotent. */
    public void dispose() {
        if (disposed) {
            return;
        }
        disposed = true;
        if (executor != null) {
            releaseDeferredTurns();
            return;
        }
        if (tokenHeldBySuspension.compareAndSet(true, false)) {
            pool.makeReady(this); // the token parked by suspension goes back to discard
        }
        if (count.get() == 0) {
            pool.detach(this); // a racing submit that still gets in re-creates the token, which discards
        }
    }

    public boolean isDisposed() {
        return disposed;
    }

    private void discardDisposed(Task t) {
        if (t instanceof DirectDrain direct) {
            discarded.addAndGet(direct.discardAll());
            return;
        }
        discarded.incrementAndGet();
        try {
            t.discarded();
            t.complete();
        } catch (Throwable failure) {
            Failures.log(failure, "discarding " + t.describe());
        }
    }

    public void resume() {
        suspended = false;
        if (executor != null) {
            releaseDeferredTurns();
        } else if (tokenHeldBySuspension.compareAndSet(true, false)) {
            pool.makeReady(this);
        }
    }

    /** Hands the executor back the turns that found the queue suspended (each claimed once). */
    private void releaseDeferredTurns() {
        for (int n = deferredTurns.getAndSet(0); n > 0; n--) {
            executor.execute(executorTurn);
        }
    }

    public boolean isSuspended() {
        return suspended;
    }

    // ---- counters ----

    /**
     * The tasks counted and not yet taken: a {@link DirectDrain} counts as one task while it is
     * scheduled, whatever it holds. What the token protocol, the drains and a closing pool read.
     */
    public int pendingCount() {
        return count.get();
    }

    /**
     * The tasks accepted and not yet started, as users count them: the counted tasks, with each
     * scheduled drain's one count replaced by the items it holds. A racy snapshot, for monitoring.
     */
    public int pendingTasks() {
        int n = count.get();
        for (DirectDrain drain : drains) {
            n += drain.uncountedItems();
        }
        return Math.max(0, n);
    }

    /** The direct drains of receivers activated on this queue (see {@link #pendingTasks()}). */
    private final java.util.concurrent.CopyOnWriteArrayList<DirectDrain> drains = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** {@code true} if a receiver with a direct drain is active on this queue. */
    boolean hasDrain() {
        return !drains.isEmpty();
    }

    /** A receiver with a direct drain was activated on this queue. */
    void addDrain(DirectDrain drain) {
        drains.add(drain);
    }

    /** That receiver was removed from its port: its drain takes no more items. */
    void removeDrain(DirectDrain drain) {
        drains.remove(drain);
    }

    public long executedCount() {
        return executed.sum();
    }

    public long discardedCount() {
        return discarded.get();
    }

    public long throttledCount() {
        return throttled.get();
    }

    /**
     * Drops every pending task (a dispatcher shutting down now); returns how many. Each dropped
     * task is told ({@link Task#discarded()}), so a future waiting for it fails instead of hanging.
     */
    int drainDiscarding() {
        int n = 0;
        Task t = resumeSlot;
        resumeSlot = null;
        if (t == null) {
            t = pollAny();
        }
        for (; t != null; t = pollAny()) {
            count.decrementAndGet();
            if (t instanceof DirectDrain direct) {
                n += direct.discardAll();
                continue;
            }
            n++;
            try {
                t.discarded();
            } catch (Throwable failure) {
                Failures.log(failure, "discarding " + t.describe());
            }
        }
        return n;
    }

    private Task pollAny() {
        Task t = returned.poll();
        return t != null ? t : tasks.poll();
    }

    @Override
    public String toString() {
        return sinkName();
    }
}
