package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.json.Json;

/**
 * The built-in ping service (contract {@code ping}) for two-way timing: Get returns
 * {@code {"count": n}}; Submit of action {@code ping} increments the count and echoes its body.
 * Replace, Update and Subscribe are the standard ones.
 */
public final class PingService extends Service<PingService.State> {
    /** The contract name used by manifests and Create. */
    public static final String CONTRACT = "ping";

    /**
     * The ping count.
     *
     * @param count pings so far
     */
    public record State(long count) {
    }

    /** A service at count 0. */
    public PingService() {
        super(State.class, new State(0));
    }

    /** Its handlers only read and replace the in-memory state: they never block. */
    @Override
    public boolean handlersNeverBlock() {
        return true;
    }

    @Override
    public String contract() {
        return CONTRACT;
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.REPLACE, Verb.UPDATE, Verb.SUBSCRIBE)
                .action("ping", op -> {
                    setState(new State(state().count() + 1));
                    op.respond(op.bodyOrEmpty());
                });
    }

    @Override
    protected JsonNode toJson(State value) {
        return Json.object().put("count", value.count());
    }
}
