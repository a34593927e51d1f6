package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.Operation;

/**
 * What a response port asks its runtime before it delivers a success: the runtime sets one on the
 * port of every operation it admits (through {@link ApiHooks#admitted}), so that
 * {@link Operation#respond} commits an exclusive modification before its answer is seen while
 * the {@link Operation} itself stays a plain value.
 *
 * <h2>Threading</h2>
 * Called on the answering thread (the handler's), once per success.
 */
@Internal
public interface Commit {
    /**
     * Commits the answering operation's change, if it made one, and claims its response port for
     * the success (see {@link ServiceRuntime#beforeSuccess}).
     *
     * @param op the answering operation
     * @return the version to answer with, or -1 if nothing is to be delivered
     */
    long beforeSuccess(Operation op);

    /**
     * {@link #beforeSuccess(Operation)} for an Insert that says the key it assigned: its
     * notification carries {@code notification} ({@code {"key", "value"}}) instead of the
     * request body.
     *
     * @param op the answering operation
     * @param notification the notification's body
     * @return the version to answer with, or -1 if nothing is to be delivered
     */
    long beforeSuccess(Operation op, JsonNode notification);

    /** {@return the service's state snapshot as committed (the body of {@code respondState})} */
    JsonNode snapshot();
}
