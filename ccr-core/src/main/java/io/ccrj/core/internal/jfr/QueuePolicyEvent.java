package io.ccrj.core.internal.jfr;

import io.ccrj.core.internal.Internal;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A scheduling policy acted: a task dropped by a discarding policy (an instant event), or a poster
 * made to wait by a throttling policy (the event lasts as long as the wait). Rare by nature, so
 * recorded whenever enabled, with the poster's stack trace for throttles.
 */
@Name(QueuePolicyEvent.NAME)
@Label("CCR Queue Policy")
@Category({"ccrj", "Dispatcher"})
@Description("A task dropped by a discarding policy, or a poster made to wait by a throttling policy")
@StackTrace(true)
@Internal
public final class QueuePolicyEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "io.ccrj.QueuePolicy";

    @Label("Dispatcher")
    String dispatcher;

    @Label("Queue")
    String queue;

    @Label("Action")
    @Description("TASK_DISCARDED or POSTER_THROTTLED")
    String action;

    @Label("Policy")
    @Description("The queue's scheduling policy")
    String policy;

    @Label("Queue Depth")
    @Description("The queue's pending tasks when it happened")
    int depth;

    @Label("Detail")
    @Description("The dropped task, or the throttled thread")
    String detail;
}
