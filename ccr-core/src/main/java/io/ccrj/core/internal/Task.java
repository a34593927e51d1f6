package io.ccrj.core.internal;

import io.ccrj.core.Causality;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One unit of work for a {@link TaskSink}: a handler bound to the item(s) it consumed.
 *
 * <p>Threading: created under a port lock by the receiver that consumed the items, dispatched
 * after the lock is released, run exactly once by one thread. The fields are written before the
 * task is handed to the sink and the sink's hand-off publishes them.
 */
@Internal
public abstract class Task implements Dispatchable {
    final TaskSink sink;
    Causality[] causalities;
    /** Called after the handler finishes (interleave release); may be null. */
    Completion completion;
    /**
     * The Flight Recorder event of this run, or {@code null} (always, unless a recording enables
     * task events): begun by the submitting thread ({@link QueueCore#submit}), published with the
     * task by the queue's hand-off, finished and cleared by the running thread.
     */
    Object jfrEvent;

    protected Task(TaskSink sink, Causality[] causalities) {
        this.sink = sink;
        this.causalities = causalities;
    }

    @Override
    public final void dispatch() {
        try {
            sink.submit(this);
        } catch (java.util.concurrent.RejectedExecutionException closedMeanwhile) {
            // The receiver consumed just before its dispatcher closed: put the items back, so the
            // rejection loses nothing (the receivers now decline them, so they stay queued).
            returnItems();
            throw closedMeanwhile;
        }
    }

    /** The sink this task runs on. */
    public final TaskSink sink() {
        return sink;
    }

    /**
     * Runs the handler with the task's causalities active; routes any exception; then signals
     * completion unless the handler completes asynchronously, and hands the spent task to
     * {@link #spent()}. Never throws. The caller must not touch the task afterwards: it may
     * already carry another item.
     */
    public final void execute() {
        Object event = jfrEvent;
        if (event != null) { // a plain field of the task in hand: no JFR check here
            jfrEvent = null;
            io.ccrj.core.internal.jfr.JfrEvents.taskStarting(event);
        }
        Causality[] saved = CausalityContext.set(causalities);
        boolean async = false;
        try {
            async = invoke();
        } catch (Throwable failure) {
            Failures.route(failure, causalities, sink);
        } finally {
            CausalityContext.set(saved);
            if (!async) {
                complete();
            }
        }
        if (event != null) {
            recordRun(event); // before spent(): a reused task may carry another item right after
        }
        if (!async) {
            spent();
        }
    }

    private void recordRun(Object event) {
        if (io.ccrj.core.internal.jfr.JfrEvents.taskFinished(event)) {
            String queue = sink instanceof QueueCore q ? q.name() : sink.sinkName();
            String dispatcher = sink instanceof QueueCore q && q.pool() != null ? q.pool().name() : "";
            io.ccrj.core.internal.jfr.JfrEvents.commitTask(event, dispatcher, queue, describe());
        }
    }

    /**
     * Called on the running thread once the task ran and completed, when nothing refers to it
     * any more (neither the sink nor an arbiter): a task that can be reused goes back to its
     * receiver here. Not called for a task that was discarded, rejected or run inline.
     */
    protected void spent() {
    }

    /** Signals completion to the owning arbiter (interleave release), if any. */
    final void complete() {
        Completion c = completion;
        if (c != null) {
            completion = null;
            try {
                c.completed(this);
            } catch (Throwable t) {
                Failures.log(t, "task completion");
            }
        }
    }

    /**
     * Runs the user code.
     *
     * @return {@code true} when the work continues asynchronously and will call {@link #complete()}
     *     itself (sequential handlers)
     */
    protected abstract boolean invoke() throws Exception;

    /**
     * Runs the user code directly on the calling thread, letting exceptions propagate; used by a
     * sequential task that resumes with this task (it is its own causality scope).
     */
    public void runInline() throws Exception {
        invoke();
    }

    /**
     * What a sequential task's {@code await} hands back once this task ran inline: the item, the
     * joined items, or {@code null} for a task that consumed nothing. Called after
     * {@link #runInline()} on the same thread.
     */
    public Object value() {
        return null;
    }

    /** The causalities of the item(s) this task consumed, or {@code null}. */
    public final Causality[] causalities() {
        return causalities;
    }

    /** Called instead of running when a discarding policy drops this task. */
    protected void discarded() {
    }

    /**
     * Adds the stored entries this task consumed to {@code byPort}, per source port in the order
     * they were taken, so that an interleave retiring with this task still pending inside can put
     * them back at the head of their ports ({@link PortCore#returnEntries}) in their original order.
     */
    protected abstract void collectItems(Map<PortCore, List<Object>> byPort);

    /** Puts this task's items back at the heads of their ports, in their original order. */
    final void returnItems() {
        Map<PortCore, List<Object>> byPort = new java.util.LinkedHashMap<>();
        collectItems(byPort);
        byPort.forEach(PortCore::returnEntries);
    }

    /** Appends entries to a port's list in {@code byPort}. */
    static void collect(Map<PortCore, List<Object>> byPort, PortCore port, Object... entries) {
        List<Object> list = byPort.computeIfAbsent(port, p -> new ArrayList<>());
        Collections.addAll(list, entries);
    }

    /** A short description for diagnostics. */
    protected abstract String describe();

    @Override
    public String toString() {
        return describe();
    }
}
