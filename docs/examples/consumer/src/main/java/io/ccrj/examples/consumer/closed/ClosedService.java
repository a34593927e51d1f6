package io.ccrj.examples.consumer.closed;

import io.ccrj.dss.Handlers;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;

/** A service whose state package module-info does not open to Jackson (on purpose). */
public final class ClosedService extends Service<ClosedService.State> {
    /**
     * The state.
     *
     * @param count a count
     */
    record State(long count) {
    }

    /** A count of 0. */
    public ClosedService() {
        super(State.class, new State(0));
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET);
    }
}
