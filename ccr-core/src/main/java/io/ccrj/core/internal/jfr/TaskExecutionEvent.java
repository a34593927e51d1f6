package io.ccrj.core.internal.jfr;

import io.ccrj.core.internal.Internal;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;
import jdk.jfr.Timespan;

/**
 * A task's life on its queue: the event starts when the queue accepted the task and ends when its
 * handler returned, so its duration is the sojourn time (queue wait plus run time) and the
 * threshold applies to that. Made only while a recording enables it; see {@link JfrEvents}.
 */
@Name(TaskExecutionEvent.NAME)
@Label("CCR Task Execution")
@Category({"ccrj", "Dispatcher"})
@Description("A task of a dispatcher queue, from its acceptance to the end of its handler")
@Threshold("10 ms")
@StackTrace(false)
@Internal
public final class TaskExecutionEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "io.ccrj.TaskExecution";

    @Label("Dispatcher")
    @Description("The dispatcher whose worker ran the task; empty for virtual-thread, executor and inline queues")
    String dispatcher;

    @Label("Queue")
    String queue;

    @Label("Task")
    @Description("What ran: the port(s) or arbiter whose handler it was")
    String task;

    @Label("Queue Wait")
    @Description("From the queue's acceptance of the task to the start of its handler; 0 for an item run by a receiver's direct drain, which keeps no time per item")
    @Timespan(Timespan.NANOSECONDS)
    long queueWait;

    @Label("Run Time")
    @Description("The handler's run")
    @Timespan(Timespan.NANOSECONDS)
    long runTime;

    @Label("Direct Path")
    @Description("An item run by a persistent receive's direct drain, not a task of its own")
    boolean direct;

    /** {@code System.nanoTime()} when the queue accepted the task; not recorded. */
    transient long acceptedAt;
    /** {@code System.nanoTime()} when the handler started; not recorded. */
    transient long startedAt;
}
