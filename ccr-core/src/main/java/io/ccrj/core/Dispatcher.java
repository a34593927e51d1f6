package io.ccrj.core;

import io.ccrj.core.internal.QueueCore;
import io.ccrj.core.internal.WorkerPool;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A fixed pool of platform worker threads that runs the tasks of its {@link DispatcherQueue}s:
 * CCR's {@code Dispatcher}.
 *
 * <p>Workers visit the queues that have work round robin, one task per queue per visit, so one
 * busy queue cannot starve the others; several workers may serve one queue at once. An idle
 * worker follows the dispatcher's {@link IdleStrategy} (by default spin, then nap, then park).
 *
 * <p>Thread counts, as in the papers' experiments: "match" is one thread per parallel computation,
 * "default" ({@code threads = 0}) one per core, at least two.
 *
 * <h2>Thread safety and shutdown</h2>
 * All methods may be called from any thread. {@link #close()} stops accepting work from threads
 * outside the dispatcher, lets running handlers finish and post follow-up work, waits until every
 * queue that is not suspended is empty (up to the drain timeout, 30 s by default), then stops
 * the workers; what is left (in suspended queues, or after the timeout) is discarded and counted. After that,
 * activation throws {@link IllegalStateException} and a post that would schedule a task on this
 * dispatcher throws {@link java.util.concurrent.RejectedExecutionException}, each naming the
 * dispatcher. Handler exceptions never kill a worker.
 */
public final class Dispatcher implements AutoCloseable {
    private static final Duration DEFAULT_DRAIN = Duration.ofSeconds(30);

    final WorkerPool pool;
    private final String name;
    private final IdleStrategy idleStrategy;
    /** The port the dispatcher created; {@link #setUnhandledExceptionPort(Port)} with null restores it. */
    private final Port<Throwable> defaultUnhandledExceptions;

    /** Creates a dispatcher with one thread per core (at least two), named "ccrj". */
    public Dispatcher() {
        this(0, "ccrj");
    }

    /**
     * Creates a dispatcher with the default idle strategy.
     *
     * @param threads worker threads; 0 means one per core, at least two
     * @param name a name used for the threads and in messages
     */
    public Dispatcher(int threads, String name) {
        this(threads, name, IdleStrategy.spinThenPark());
    }

    /**
     * Creates a dispatcher.
     *
     * @param threads worker threads; 0 means one per core, at least two
     * @param name a name used for the threads and in messages
     * @param idleStrategy what idle workers do
     */
    public Dispatcher(int threads, String name, IdleStrategy idleStrategy) {
        if (threads < 0) {
            throw new IllegalArgumentException("dispatcher thread count must be 0 (one per core) or positive, was " + threads);
        }
        this.name = Objects.requireNonNull(name, "name");
        this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
        int n = threads == 0 ? Math.max(2, Runtime.getRuntime().availableProcessors()) : threads;
        this.defaultUnhandledExceptions = new Port<>(name + ".unhandled");
        this.pool = new WorkerPool(name, n, idleStrategy, defaultUnhandledExceptions);
    }

    /**
     * Creates an unconstrained queue served by this dispatcher.
     *
     * @param queueName the queue's name
     * @return the queue
     */
    public DispatcherQueue createQueue(String queueName) {
        return new DispatcherQueue(queueName, this, SchedulingPolicy.unconstrained());
    }

    /**
     * Creates a queue served by this dispatcher.
     *
     * @param queueName the queue's name
     * @param policy its scheduling policy
     * @return the queue
     */
    public DispatcherQueue createQueue(String queueName, SchedulingPolicy policy) {
        return new DispatcherQueue(queueName, this, policy);
    }

    /** {@return the name} */
    public String name() {
        return name;
    }

    /** {@return the number of worker threads} */
    public int workerCount() {
        return pool.workerCount();
    }

    /** {@return the idle strategy} */
    public IdleStrategy idleStrategy() {
        return idleStrategy;
    }

    /** {@return tasks waiting in this dispatcher's queues} */
    public long pendingTaskCount() {
        return pool.pendingCount();
    }

    /** {@return tasks run so far} */
    public long processedTaskCount() {
        return pool.processedCount();
    }

    /** {@return the number of queues created on this dispatcher} */
    public int queueCount() {
        return pool.queueCount();
    }

    /**
     * A snapshot of the counters an operator watches: tasks run and waiting, what the policies
     * dropped and throttled, how often idle workers parked and were woken, and each queue's depth.
     * Any thread; reads counters the dispatcher keeps anyway.
     *
     * @return the snapshot
     */
    public DispatcherMetrics metrics() {
        List<DispatcherMetrics.Queue> queues = new ArrayList<>();
        long pending = 0;
        long discarded = 0;
        long throttled = 0;
        for (QueueCore q : pool.queues()) {
            int depth = q.pendingTasks();
            pending += depth;
            long d = q.discardedCount();
            long t = q.throttledCount();
            discarded += d;
            throttled += t;
            queues.add(new DispatcherMetrics.Queue(q.name(), q.policy().kind(), depth, q.executedCount(), d, t,
                    q.isSuspended()));
        }
        return new DispatcherMetrics(name, pool.workerCount(), pool.parkedWorkerCount(), pool.processedCount(),
                pending, discarded, throttled, pool.parkCount(), pool.wakeUpCount(), queues);
    }

    /**
     * A readable dump of {@link #metrics()} for logs and debugging: one line for the dispatcher,
     * then one per queue.
     *
     * @return the dump
     */
    public String describe() {
        DispatcherMetrics m = metrics();
        StringBuilder sb = new StringBuilder();
        sb.append("dispatcher '").append(name).append("': ").append(m.workers()).append(" worker(s), ")
                .append(m.parkedWorkers()).append(" parked; ").append(m.tasksExecuted()).append(" executed, ")
                .append(m.pendingTasks()).append(" pending, ").append(m.discarded()).append(" discarded, ")
                .append(m.throttled()).append(" throttled; ").append(m.parks()).append(" park(s), ")
                .append(m.wakeUps()).append(" wake-up(s)");
        if (isClosed()) {
            sb.append("; closed");
        }
        for (DispatcherMetrics.Queue q : m.queues()) {
            sb.append("\n  queue '").append(q.name()).append("' (").append(q.policy())
                    .append(q.suspended() ? ", suspended" : "").append("): ").append(q.depth()).append(" pending, ")
                    .append(q.executed()).append(" executed, ").append(q.discarded()).append(" discarded, ")
                    .append(q.throttled()).append(" throttled");
        }
        return sb.toString();
    }

    /**
     * The last stop for handler exceptions with no causality, when their queue has no
     * unhandled-exception port of its own. Each is also logged. Items accumulate here until
     * received: register a receiver if the application expects such failures.
     *
     * @return the port
     */
    public Port<Throwable> unhandledExceptionPort() {
        return pool.unhandledExceptions();
    }

    /**
     * Sets where handler exceptions with no causality go when their queue has no port of its own
     * (CCR's settable {@code Dispatcher.UnhandledExceptionPort}, as
     * {@link DispatcherQueue#setUnhandledExceptionPort(Port)} is for a queue). Failures raised
     * after this call go to the new port; each is still logged.
     *
     * @param port the port, or {@code null} to restore the one the dispatcher created
     */
    public void setUnhandledExceptionPort(Port<Throwable> port) {
        pool.setUnhandledExceptions(port == null ? defaultUnhandledExceptions : port);
    }

    /** Drains (up to 30 s) and stops; see the class description. Idempotent. */
    @Override
    public void close() {
        close(DEFAULT_DRAIN);
    }

    /**
     * Drains up to {@code drainTimeout}, then stops.
     *
     * @param drainTimeout how long to wait for the queues to empty
     * @return the number of tasks discarded because the timeout passed first
     */
    public int close(Duration drainTimeout) {
        Objects.requireNonNull(drainTimeout, "drainTimeout");
        return pool.close(drainTimeout);
    }

    /**
     * Stops without draining: handlers already running finish, queued tasks never run, and the
     * futures of queued {@link DispatcherQueue#execute}/{@link DispatcherQueue#submit} tasks fail
     * with a {@link java.util.concurrent.RejectedExecutionException}.
     *
     * @return the number of tasks discarded
     */
    public int shutdownNow() {
        return pool.stopNow();
    }

    /** {@return {@code true} once {@link #close()} or {@link #shutdownNow()} was called} */
    public boolean isClosed() {
        return !pool.isOpen();
    }

    /** {@return {@code true} once closed and every worker thread has ended} */
    public boolean isTerminated() {
        return pool.isTerminated();
    }

    @Override
    public String toString() {
        return "Dispatcher[" + name + ", " + workerCount() + " threads, " + idleStrategy + "]";
    }
}
