package io.ccrj.core.internal.jfr;

import io.ccrj.core.internal.Internal;
import jdk.jfr.EventType;

/**
 * The only door to ccr-core's Flight Recorder events. Callers check {@code Jfr.AVAILABLE} first,
 * so this class (and jdk.jfr) is loaded only where jdk.jfr is readable.
 *
 * <h2>Cost when no recording enables an event</h2>
 * The hot path asks {@link #tasksEnabled()} once per accepted task (or per item of a direct
 * drain): a load of the event type's enabled flag through a static final reference, and a branch.
 * Nothing is allocated and no clock is read unless a recording enables the event; the event
 * object then travels with the task (typed {@code Object} there, so that no class outside this
 * package names a jdk.jfr type).
 *
 * <h2>Threading</h2>
 * A task event is begun by the thread that submits the task and finished by the thread that runs
 * it; the queue's hand-off of the task publishes the event with it. Events are never shared.
 */
@Internal
public final class JfrEvents {
    private static final EventType TASK = EventType.getEventType(TaskExecutionEvent.class);
    private static final EventType POLICY = EventType.getEventType(QueuePolicyEvent.class);
    private static final EventType PARK = EventType.getEventType(WorkerParkEvent.class);

    private JfrEvents() {
    }

    /** {@return whether a recording wants task events} The one check on the hot path. */
    public static boolean tasksEnabled() {
        return TASK.isEnabled();
    }

    /** A task was accepted by its queue: begins its event (call only if {@link #tasksEnabled()}). */
    public static Object taskAccepted() {
        TaskExecutionEvent e = new TaskExecutionEvent();
        e.begin();
        e.acceptedAt = System.nanoTime();
        return e;
    }

    /** An item of a direct drain is about to run: begins its event (call only if {@link #tasksEnabled()}). */
    public static Object directItemStarting() {
        TaskExecutionEvent e = new TaskExecutionEvent();
        e.begin();
        e.direct = true;
        long now = System.nanoTime();
        e.acceptedAt = now;
        e.startedAt = now;
        return e;
    }

    /** The task's handler is about to run. */
    public static void taskStarting(Object event) {
        ((TaskExecutionEvent) event).startedAt = System.nanoTime();
    }

    /**
     * The task's handler returned: ends the event and says whether it passes the threshold; if
     * so, the caller fills it in with {@link #commitTask}.
     */
    public static boolean taskFinished(Object event) {
        TaskExecutionEvent e = (TaskExecutionEvent) event;
        long now = System.nanoTime();
        e.end();
        e.queueWait = e.startedAt - e.acceptedAt;
        e.runTime = now - e.startedAt;
        return e.shouldCommit();
    }

    /** Records a finished task event. */
    public static void commitTask(Object event, String dispatcher, String queue, String task) {
        TaskExecutionEvent e = (TaskExecutionEvent) event;
        e.dispatcher = dispatcher;
        e.queue = queue;
        e.task = task;
        e.commit();
    }

    /** {@return whether a recording wants policy events} */
    public static boolean policyEnabled() {
        return POLICY.isEnabled();
    }

    /** A discarding policy dropped a task: records an instant event. */
    public static void discarded(String dispatcher, String queue, String policy, int depth, String task) {
        QueuePolicyEvent e = new QueuePolicyEvent();
        if (e.shouldCommit()) {
            fill(e, dispatcher, queue, "TASK_DISCARDED", policy, depth, task);
            e.commit();
        }
    }

    /** A poster is about to wait under a throttling policy: begins the event that lasts for the wait. */
    public static Object throttleStarting(String dispatcher, String queue, String policy, int depth, String thread) {
        QueuePolicyEvent e = new QueuePolicyEvent();
        fill(e, dispatcher, queue, "POSTER_THROTTLED", policy, depth, thread);
        e.begin();
        return e;
    }

    /** The throttled poster was admitted: ends and records the event. */
    public static void throttleEnded(Object event) {
        QueuePolicyEvent e = (QueuePolicyEvent) event;
        e.end();
        if (e.shouldCommit()) {
            e.commit();
        }
    }

    private static void fill(QueuePolicyEvent e, String dispatcher, String queue, String action, String policy,
                             int depth, String detail) {
        e.dispatcher = dispatcher;
        e.queue = queue;
        e.action = action;
        e.policy = policy;
        e.depth = depth;
        e.detail = detail;
    }

    /** {@return whether a recording wants park events} Checked once per park, off the task path. */
    public static boolean parkEnabled() {
        return PARK.isEnabled();
    }

    /** A worker is about to park (call only if {@link #parkEnabled()}). */
    public static Object parkStarting() {
        WorkerParkEvent e = new WorkerParkEvent();
        e.begin();
        return e;
    }

    /** The worker is back from its park. */
    public static void parkEnded(Object event, String dispatcher, boolean woken) {
        WorkerParkEvent e = (WorkerParkEvent) event;
        e.end();
        if (e.shouldCommit()) {
            e.dispatcher = dispatcher;
            e.woken = woken;
            e.commit();
        }
    }
}
