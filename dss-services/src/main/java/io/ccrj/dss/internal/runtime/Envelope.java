package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.Operation;

/**
 * An admitted operation as the runtime keeps it: the operation, the runtime that admitted it and
 * the handler that will run. The runtime's ports carry envelopes (the {@link Operation} a handler
 * receives carries no runtime data), and the envelope is the {@link Commit} its response port
 * asks before a success is delivered. Immutable, so it is safely published to the handler's
 * thread through the ports.
 *
 * @param op the operation as posted
 * @param runtime the service's runtime
 * @param binding the handler that will run
 */
@Internal
public record Envelope(Operation op, ServiceRuntime<?> runtime, Binding binding) implements Commit {
    @Override
    public long beforeSuccess(Operation answering) {
        return runtime.beforeSuccess(answering, binding, null);
    }

    @Override
    public long beforeSuccess(Operation answering, JsonNode notification) {
        return runtime.beforeSuccess(answering, binding, notification);
    }

    @Override
    public JsonNode snapshot() {
        return runtime.snapshot();
    }
}
