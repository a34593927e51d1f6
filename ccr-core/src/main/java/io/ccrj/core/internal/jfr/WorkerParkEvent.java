package io.ccrj.core.internal.jfr;

import io.ccrj.core.internal.Internal;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * An idle dispatcher worker parked, from the park to its return: woken by a poster (work came) or
 * back on its own (the park timeout). The event thread is the worker.
 */
@Name(WorkerParkEvent.NAME)
@Label("CCR Worker Park")
@Category({"ccrj", "Dispatcher"})
@Description("An idle dispatcher worker parked until work woke it or its park timed out")
@Threshold("1 ms")
@StackTrace(false)
@Internal
public final class WorkerParkEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "io.ccrj.WorkerPark";

    @Label("Dispatcher")
    String dispatcher;

    @Label("Woken")
    @Description("true if a thread with work woke the worker; false if its park timed out (or ended spuriously)")
    boolean woken;
}
