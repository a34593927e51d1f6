package io.ccrj.core.internal;

import io.ccrj.core.PolicyEvent;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.core.internal.jfr.JfrEvents;

import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.LongAdder;

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
 * {@link QueueDrains}.) A task is counted
 * before it is offered, so the count never reads lower than the tasks in the queue (the direct path of
 * {@link DirectDrain} relies on that); a worker holding the token may find the count a task ahead
 * of the queue for the instant between the two, and waits for the offer in {@code takeOne()} (as
 * it does through the brief window in which a discarding policy swaps the oldest task for a new
 * one).
 *
 * <p>Executor-backed queues (virtual threads, a user executor) keep the same FIFO and count but
 * hand each accepted task's turn to the executor instead of a worker pool. A turn that finds the
 * queue suspended is counted by {@link QueueExecutorTurns} and handed back to the executor on resume.
 *
 * <h2>Disposal</h2>
 * {@link #dispose()} sets {@link #disposed}; from then on the queue refuses tasks and activations,
 * and a worker (or executor turn) that takes the token discards one task instead of running it,
 * following the same count protocol, so the tasks accepted before (including by a submit that
 * raced with the flag) are each discarded exactly once. A suspended queue's parked token is
 * released for that. The pool forgets the queue once its count is zero.
 *
 * <h2>Parts</h2>
 * This class holds what every part shares (the task queue, the count, the suspended and
 * disposed flags) and coordinates: {@link QueuePolicies} admits tasks under a constrained
 * policy, {@link QueueToken} holds the token's state and the places its holder takes from,
 * {@link QueueDrains} is what a worker does with the token, {@link QueueExecutorTurns} what an
 * executor's turn does. Each part copies the shared final references it uses, so the hot paths
 * load the same fields they would here.
 */
@Internal
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
    private volatile boolean suspended;
    private volatile boolean disposed;
    private volatile Port<Throwable> unhandledExceptionPort;
    /** A pool of several workers: only there may a worker keep the token while it runs a drain's items. */
    private final boolean sharesDrains;
    /** {@code true} for an unconstrained policy: a task is pushed without asking {@link #policies}. */
    private final boolean unconstrained;
    private final QueuePolicies policies;
    private final QueueToken token;
    /** Pool-backed queues only; {@code null} on an executor-backed one. */
    private final QueueDrains drains;
    /** Executor-backed queues only; {@code null} on a pool-backed one. */
    private final QueueExecutorTurns turns;
    /** The direct drains of receivers activated on this queue (see {@link #pendingTasks()}). */
    private final CopyOnWriteArrayList<DirectDrain> directDrains = new CopyOnWriteArrayList<>();

    public QueueCore(String name, WorkerPool pool, Executor executor, SchedulingPolicy policy) {
        this.name = name;
        this.pool = pool;
        this.executor = executor;
        this.policy = policy;
        this.sharesDrains = executor == null && pool != null && pool.workerCount() > 1;
        this.unconstrained = policy.kind() == SchedulingPolicy.Kind.UNCONSTRAINED;
        boolean discards = policy.kind() == SchedulingPolicy.Kind.QUEUE_DEPTH_DISCARD
                || policy.kind() == SchedulingPolicy.Kind.SCHEDULING_RATE_DISCARD;
        this.tasks = pool != null && executor == null && !discards
                ? TaskQueues.<Task>mpscUnbounded(1024)
                : TaskQueues.<Task>mpmcUnbounded(1024);
        this.policies = new QueuePolicies(this, name, pool, policy, count, tasks);
        this.token = new QueueToken(this, pool, count, tasks);
        this.drains = executor == null ? new QueueDrains(this, pool, count, executed, token, policies) : null;
        this.turns = executor != null ? new QueueExecutorTurns(this, executor, count, executed, token, policies) : null;
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
        return policies.policyEvents();
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
        if (unconstrained) {
            push(task);
        } else {
            policies.admit(task); // discards, waits, or pushes
        }
    }

    /** Counts and offers an admitted task, then makes sure a token holder or a turn will take it. */
    void push(Task task) {
        // Count first, offer second: the count never under-reports the tasks in the queue. Were the
        // offer first, a worker keeping the token could take this task before it was counted and
        // take its count off for it, and the count would read one low until this thread counts it.
        // The direct path (DirectDrain) reads "count == 1" as "no task follows the drain"; a low
        // read would let a post jump ahead of a task queued before it. The price is a worker that
        // finds the count ahead of the queue and waits in takeOne() for the offer that follows.
        boolean wasIdle = count.getAndIncrement() == 0;
        tasks.offer(task);
        if (turns != null) {
            turns.schedule();
        } else if (wasIdle) {
            pool.keepOrMakeReady(this); // after the offer: the token's holder finds the task in place
        } else if (sharesDrains && token.isKept()) {
            token.handOnKeptToken(); // after the offer: the next holder finds the task in place
        }
    }

    // ---- running tasks ----

    /**
     * Called by a worker that took this queue's token from the ready list (see {@link QueueDrains}).
     *
     * @return how many tasks ran: 0 if the queue is suspended (the token is parked until
     *     {@link #resume()}) or disposed (a task was discarded), more than one when the worker kept
     *     the token for several tasks
     */
    int runWithToken(WorkerThread self) {
        return drains.runWithToken(self);
    }

    /** {@code true} on a pool of several workers, whose workers take turns at a drain ({@link QueueDrains}). */
    boolean sharesDrains() {
        return sharesDrains;
    }

    /** A post that finds the token kept by a worker running a drain's items hands it on (see {@link QueueToken}). */
    void handOnKeptToken() {
        token.handOnKeptToken();
    }

    // ---- suspension and disposal ----

    public void suspend() {
        suspended = true;
    }

    /** Refuses further tasks and discards those pending (see the class description). Idempotent. */
    public void dispose() {
        if (disposed) {
            return;
        }
        disposed = true;
        if (turns != null) {
            turns.releaseDeferred();
            return;
        }
        token.release(); // the token parked by suspension goes back to discard
        if (count.get() == 0) {
            pool.detach(this); // a racing submit that still gets in re-creates the token, which discards
        }
    }

    public boolean isDisposed() {
        return disposed;
    }

    /**
     * Discards a task taken from a disposed queue (by a token holder or an executor turn), or
     * every item of a direct drain; counts them as discarded.
     */
    void discardDisposed(Task t) {
        if (t instanceof DirectDrain direct) {
            policies.discarded.addAndGet(direct.discardAll());
            return;
        }
        policies.discarded.incrementAndGet();
        try {
            t.discarded();
            t.complete();
        } catch (Throwable failure) {
            Failures.log(failure, "discarding " + t.describe());
        }
    }

    public void resume() {
        suspended = false;
        if (turns != null) {
            turns.releaseDeferred();
        } else {
            token.release();
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
        for (DirectDrain drain : directDrains) {
            n += drain.uncountedItems();
        }
        return Math.max(0, n);
    }

    /** {@code true} if a receiver with a direct drain is active on this queue. */
    boolean hasDrain() {
        return !directDrains.isEmpty();
    }

    /** A receiver with a direct drain was activated on this queue. */
    void addDrain(DirectDrain drain) {
        directDrains.add(drain);
    }

    /** That receiver was removed from its port: its drain takes no more items. */
    void removeDrain(DirectDrain drain) {
        directDrains.remove(drain);
    }

    public long executedCount() {
        return executed.sum();
    }

    public long discardedCount() {
        return policies.discardedCount();
    }

    public long throttledCount() {
        return policies.throttledCount();
    }

    /**
     * Drops every pending task (a dispatcher shutting down now); returns how many. Each dropped
     * task is told ({@link Task#discarded()}), so a future waiting for it fails instead of hanging.
     */
    int drainDiscarding() {
        int n = 0;
        Task t = token.takeResumeSlot();
        if (t == null) {
            t = token.pollAny();
        }
        for (; t != null; t = token.pollAny()) {
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

    @Override
    public String toString() {
        return sinkName();
    }
}
