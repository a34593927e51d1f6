package io.ccrj.dss.examples;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;

// tag::service[]
/** A counter: Get, Replace, Update and Subscribe are standard; "add" and "peek" are its own. */
public final class CounterService extends Service<CounterService.State> {
    /** The state: an immutable record, replaced by exclusive handlers. */
    public record State(long count) {
    }

    /** What "add" takes, {"by": n}: declared for the OpenAPI documents and the browser view. */
    public record Add(long by) {
    }

    public CounterService() {
        super(State.class, new State(0));
    }

    @Override
    public String contract() {
        return "counter";
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.REPLACE, Verb.UPDATE, Verb.SUBSCRIBE)
                // Submit "add": a modification, so exclusive (the default for actions)
                .action("add", op -> {
                    long by = op.bodyOrEmpty().path("by").asLong(1);
                    long count = state().count() + by;
                    // about the state, not the body (which the host checked against Add): 409
                    if (count < 0 || (by > 0 && count < by)) {
                        throw new Fault(FaultCode.CONFLICT, "the count is " + state().count() + ": adding " + by
                                + " would take it below zero or past the largest count");
                    }
                    setState(new State(count));
                    op.respondState(); // bumps the version, saves, notifies subscribers, answers
                })
                // Submit "peek": reads only, so it may run alongside other readers
                .action("peek", HandlerKind.CONCURRENT, op -> op.respond(json().valueToTree(state())))
                // what they take and answer (null: any JSON), for the OpenAPI documents: they describe,
                // the handler still checks
                .actionTypes("add", Add.class, State.class)
                .actionTypes("peek", null, State.class);
    }
}
// end::service[]
