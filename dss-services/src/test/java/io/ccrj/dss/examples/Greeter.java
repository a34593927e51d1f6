package io.ccrj.dss.examples;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;

import java.util.ArrayList;
import java.util.List;

// tag::service[]
/** The guide's first service: it greets whoever it is given and remembers them. */
public final class Greeter extends Service<Greeter.State> {
    /** The state: a record, which the host reads and writes as JSON, {"greeted": [...]}. */
    public record State(List<String> greeted) {
    }

    public Greeter() {
        super(State.class, new State(List.of())); // the state before any operation
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.SUBSCRIBE)     // Get answers the state; Subscribe streams changes
                .action("greet", op -> {         // an action of its own: POST .../actions/greet
                    String who = op.bodyOrEmpty().asText();
                    if (who.isBlank()) {
                        throw new Fault(FaultCode.BAD_REQUEST, "greet takes a name: a non-empty JSON string");
                    }
                    List<String> greeted = new ArrayList<>(state().greeted());
                    greeted.add(who);
                    setState(new State(List.copyOf(greeted))); // actions run alone: no handler sees half a change
                    op.respond(JsonBodies.object().put("greeting", "hello, " + who));
                });
    }
}
// end::service[]
