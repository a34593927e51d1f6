package io.ccrj.dss;

/**
 * A service's code for one operation (or one Submit action).
 *
 * <h2>Threading</h2>
 * Runs as a task on the service's {@link io.ccrj.core.DispatcherQueue}, arbitrated by the
 * service's interleave according to its {@link HandlerKind}: an exclusive handler sees no other
 * handler of its service running. Answer through the operation before returning (an exclusive
 * handler that answers later, from another thread, has left its exclusivity: the runtime's
 * version, durable save and notification then race with other handlers). A handler that throws
 * answers {@link FaultCode#INTERNAL} (or the {@link Fault} it threw) and, if exclusive, has its
 * state change rolled back. A handler that never answers is timed out by the host (504). An
 * exclusive handler must not wait for an answer from its own service: it would deadlock.
 */
@FunctionalInterface
public interface OperationHandler {
    /**
     * Handles one operation.
     *
     * @param operation the message; answer through {@link Operation#respond} or {@link Operation#fault}
     * @throws Exception any failure: a {@link Fault} is answered as is, anything else as INTERNAL
     */
    void handle(Operation operation) throws Exception;
}
