package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.OperationHandler;

/**
 * A bound handler with its arbitration kind.
 *
 * @param handler the handler's code
 * @param kind how the interleave runs it
 * @param standard {@code true} for the runtime's generic handlers (Get, Replace, Update,
 *     Subscribe, Lookup, Drop)
 */
@Internal
public record Binding(OperationHandler handler, HandlerKind kind, boolean standard) {
}
