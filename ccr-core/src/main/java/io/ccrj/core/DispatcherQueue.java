package io.ccrj.core;

import io.ccrj.core.internal.QueueCore;
import io.ccrj.core.internal.RunnableTask;
import io.ccrj.core.internal.SequentialRunner;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * An ordered queue of tasks with a {@link SchedulingPolicy}, served by a {@link Dispatcher} (or by
 * virtual threads, or an executor): CCR's {@code DispatcherQueue}. Arbiters are activated on a
 * queue and their handlers run as its tasks.
 *
 * <p>Tasks leave the queue in FIFO order; with several workers they may then run in parallel
 * (use an interleave or one-shot receivers for one-at-a-time). A suspended queue keeps accepting
 * tasks but none runs until it is resumed.
 *
 * <h2>Thread safety</h2>
 * All methods may be called from any thread. Counters are snapshots.
 */
public final class DispatcherQueue {
    final QueueCore core;
    private final Dispatcher dispatcher;

    /**
     * Creates an unconstrained queue on a dispatcher.
     *
     * @param name the queue's name
     * @param dispatcher the dispatcher
     */
    public DispatcherQueue(String name, Dispatcher dispatcher) {
        this(name, dispatcher, SchedulingPolicy.unconstrained());
    }

    /**
     * Creates a queue on a dispatcher.
     *
     * @param name the queue's name
     * @param dispatcher the dispatcher
     * @param policy the scheduling policy
     * @throws IllegalStateException if the dispatcher is closed
     */
    public DispatcherQueue(String name, Dispatcher dispatcher, SchedulingPolicy policy) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dispatcher, "dispatcher");
        Objects.requireNonNull(policy, "policy");
        this.dispatcher = dispatcher;
        this.core = new QueueCore(name, dispatcher.pool, null, policy);
    }

    private DispatcherQueue(String name, Executor executor, SchedulingPolicy policy) {
        this.dispatcher = null;
        this.core = new QueueCore(Objects.requireNonNull(name, "name"), null,
                Objects.requireNonNull(executor, "executor"), Objects.requireNonNull(policy, "policy"));
    }

    /**
     * A queue whose tasks each run on a new virtual thread: for handlers that block (I/O, locks),
     * or for far more concurrent handlers than cores. Tasks still leave the queue in FIFO order
     * and the policy still applies.
     *
     * @param name the queue's name
     * @return the queue
     */
    public static DispatcherQueue onVirtualThreads(String name) {
        return onVirtualThreads(name, SchedulingPolicy.unconstrained());
    }

    /**
     * A virtual-thread queue with a policy.
     *
     * @param name the queue's name
     * @param policy the policy
     * @return the queue
     */
    public static DispatcherQueue onVirtualThreads(String name, SchedulingPolicy policy) {
        return new DispatcherQueue(name, VirtualThreadExecutor.INSTANCE, policy);
    }

    /**
     * A queue whose tasks run on a given executor (a {@link java.util.concurrent.ForkJoinPool},
     * say). The executor is not closed by ccrj.
     *
     * @param name the queue's name
     * @param executor runs one task per call
     * @param policy the policy
     * @return the queue
     */
    public static DispatcherQueue onExecutor(String name, Executor executor, SchedulingPolicy policy) {
        return new DispatcherQueue(name, executor, policy);
    }

    /**
     * A queue that runs each task at once on the thread that enqueued it, inside the
     * {@link Port#post} (or {@link Arbiter#activate}) that scheduled it: <b>for deterministic tests
     * only</b>. When {@code post} returns, the handler has run, so a test can assert on its effects
     * without waiting; ccr-core's own JCStress tests use it so that a handler's effects belong to
     * the actor that posted. There is no concurrency and no fairness: a handler that posts runs
     * the next handler nested in its own stack (deep chains can overflow it), a handler that
     * blocks blocks the poster, and a throttling policy would make a poster wait for itself. Not
     * for production code; use a {@link Dispatcher} with one thread for ordered, asynchronous
     * handling.
     *
     * @param name the queue's name
     * @return the queue
     */
    public static DispatcherQueue inline(String name) {
        return new DispatcherQueue(name, Runnable::run, SchedulingPolicy.unconstrained());
    }

    private static final class VirtualThreadExecutor {
        static final Executor INSTANCE = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("ccrj-vq-", 0).factory());
    }

    /**
     * Runs a task on this queue.
     *
     * @param task the code; exceptions go to the caller's causality and fail the returned future
     * @return completes when the task has run
     */
    public CompletableFuture<Void> execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        return submit(() -> {
            task.run();
            return null;
        });
    }

    /**
     * Runs a task on this queue and hands back its result.
     *
     * @param task the code
     * @param <V> result type
     * @return completes with the result, or exceptionally (also if a discarding policy drops it)
     */
    public <V> CompletableFuture<V> submit(Callable<V> task) {
        Objects.requireNonNull(task, "task");
        core.checkOpen();
        RunnableTask<V> t = new RunnableTask<>(core, task);
        t.dispatch();
        return t.result();
    }

    /**
     * Starts a sequential task (CCR's iterator) on its own virtual thread. Its waits park only that
     * virtual thread. Exceptions go to the causality active here, else this queue's unhandled chain.
     *
     * @param task the body
     * @return completes when the body returns (exceptionally if it throws)
     */
    public CompletableFuture<Void> spawn(SequentialTask task) {
        Objects.requireNonNull(task, "task");
        return SequentialRunner.spawn(core, task);
    }

    /**
     * Posts the firing time to a port after a delay (CCR's {@code EnqueueTimer}).
     *
     * @param delay not negative
     * @param port the port
     * @return a handle that cancels the timer
     */
    public Cancellable enqueueTimer(Duration delay, Port<Instant> port) {
        return Timers.postTimeAfter(delay, port);
    }

    /** Stops running this queue's tasks (they keep accumulating) until {@link #resume()}. */
    public void suspend() {
        core.suspend();
    }

    /** Resumes a suspended queue. */
    public void resume() {
        core.resume();
    }

    /**
     * Disposes of this queue alone (CCR's {@code DispatcherQueue.Dispose}), leaving its dispatcher
     * and the other queues running: from now on activation on it throws
     * {@link IllegalStateException}, {@link #submit}/{@link #execute} throw
     * {@link java.util.concurrent.RejectedExecutionException}, and its receivers decline items (they
     * stay in their ports; a {@link Port#post} that no other receiver takes throws, naming this
     * queue). Tasks accepted and not yet started are discarded, counted in
     * {@link #discardedCount()}, and their futures fail; a handler already running finishes. The
     * dispatcher stops tracking the queue once it is empty. Idempotent; a suspended queue is
     * disposed of too.
     */
    public void dispose() {
        core.dispose();
    }

    /**
     * Whether this queue was disposed of.
     *
     * @return {@code true} once {@link #dispose()} was called
     */
    public boolean isDisposed() {
        return core.isDisposed();
    }

    /** {@return {@code true} while suspended} */
    public boolean isSuspended() {
        return core.isSuspended();
    }

    /** {@return the name} */
    public String name() {
        return core.name();
    }

    /** {@return the policy} */
    public SchedulingPolicy policy() {
        return core.policy();
    }

    /** {@return the dispatcher, or {@code null} for virtual-thread and executor queues} */
    public Dispatcher dispatcher() {
        return dispatcher;
    }

    /** {@return tasks accepted and not yet started} */
    public int pendingCount() {
        return core.pendingTasks();
    }

    /** {@return tasks run} */
    public long executedCount() {
        return core.executedCount();
    }

    /**
     * Tasks dropped without running.
     *
     * @return tasks dropped by a discarding policy or by {@link #dispose()}
     */
    public long discardedCount() {
        return core.discardedCount();
    }

    /** {@return times a poster was made to wait by a throttling policy} */
    public long throttledCount() {
        return core.throttledCount();
    }

    /** {@return the port on which dropped tasks and throttled posters are reported} */
    public Port<PolicyEvent> policyEvents() {
        return core.policyEvents();
    }

    /** {@return this queue's unhandled-exception port, or {@code null} if none was set} */
    public Port<Throwable> unhandledExceptionPort() {
        return core.unhandledExceptionPort();
    }

    /**
     * Sets where handler exceptions with no causality go for this queue (instead of the
     * dispatcher's port).
     *
     * @param port the port, or {@code null} to fall back to the dispatcher's
     */
    public void setUnhandledExceptionPort(Port<Throwable> port) {
        core.setUnhandledExceptionPort(port);
    }

    @Override
    public String toString() {
        return "DispatcherQueue[" + core.name() + ", " + core.policy().kind() + "]";
    }
}
