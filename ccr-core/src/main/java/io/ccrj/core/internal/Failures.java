package io.ccrj.core.internal;

import io.ccrj.core.Causality;

/**
 * Routes a failure raised by user code (a handler, a predicate, a sequential task) to where a CCR
 * user expects it: the exception ports of the causalities the triggering message(s) carried, in
 * order; with none, the task sink's unhandled-exception chain (queue, then dispatcher, then log).
 * Routing never throws: a failure while reporting a failure is logged and dropped.
 */
@Internal
public final class Failures {
    private static final System.Logger LOG = System.getLogger("io.ccrj.core");

    private Failures() {
    }

    /** Routes {@code failure} raised by work that carried {@code causalities} and ran for {@code sink}. */
    public static void route(Throwable failure, Causality[] causalities, TaskSink sink) {
        // Post with no causality active: an exception handler that fails must not feed its own port.
        Causality[] saved = CausalityContext.set(null);
        try {
            if (causalities != null && causalities.length > 0) {
                for (Causality c : causalities) {
                    c.exceptionPort().post(failure);
                }
            } else if (sink != null) {
                sink.reportUnhandled(failure);
            } else {
                log(failure, "no causality and no queue");
            }
        } catch (Throwable reportFailure) {
            reportFailure.addSuppressed(failure);
            log(reportFailure, "failure while reporting an exception");
        } finally {
            CausalityContext.set(saved);
        }
    }

    /** Logs an exception that reached the end of the unhandled-exception chain. */
    public static void log(Throwable failure, String where) {
        LOG.log(System.Logger.Level.WARNING, "ccrj: unhandled exception (" + where + ")", failure);
    }
}
