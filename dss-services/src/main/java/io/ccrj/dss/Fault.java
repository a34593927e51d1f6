package io.ccrj.dss;

import java.util.Objects;

/**
 * A failed operation: the answer a response port receives instead of a {@link Response}. Over
 * HTTP it becomes the status of its {@link FaultCode} with the body
 * {@code {"error": code.error(), "message": message}}.
 */
public final class Fault extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why the operation failed; also picks the HTTP status. */
    private final FaultCode code;

    /**
     * Creates a fault with its code and message.
     *
     * @param code why
     * @param message a sentence for a person: what was wrong and, where it helps, what to do
     */
    public Fault(FaultCode code, String message) {
        super(message, null, false, false);
        this.code = Objects.requireNonNull(code, "code");
    }

    /**
     * Creates a fault with its code, message and cause.
     *
     * @param code why
     * @param message a sentence for a person
     * @param cause the underlying failure
     */
    public Fault(FaultCode code, String message, Throwable cause) {
        super(message, cause, false, true);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** {@return why the operation failed} */
    public FaultCode code() {
        return code;
    }

    @Override
    public String toString() {
        return "Fault[" + code.error() + ": " + getMessage() + "]";
    }
}
