package io.ccrj.dss.internal.runtime;

/**
 * The runtime's data on an admitted operation, kept out of the API: the runtime that admitted it
 * and the handler that will run. Immutable; admission makes a new operation carrying it, so an
 * operation never changes once built and is safely published to the handler's thread through the
 * ports.
 *
 * @param runtime the service's runtime
 * @param binding the handler that will run
 */
public record Envelope(ServiceRuntime<?> runtime, Binding binding) {
}
