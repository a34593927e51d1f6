package io.ccrj.dss;

import java.util.Locale;

/** Why an operation failed, with the HTTP status the host answers for it. */
public enum FaultCode {
    /** Malformed input: bad JSON, a missing field, a bad {@code If-Match}. */
    BAD_REQUEST(400),
    /** A bearer token is required and none was given. */
    UNAUTHORIZED(401),
    /** The bearer token is wrong. */
    FORBIDDEN(403),
    /** No such service, item or path. */
    NOT_FOUND(404),
    /** The service does not support this operation (or Submit action). */
    UNSUPPORTED(405),
    /** The item exists already (Insert), or the service name is taken (Create). */
    CONFLICT(409),
    /** {@code If-Match} does not match the current ETag. */
    PRECONDITION_FAILED(412),
    /** The request body is larger than the host accepts. */
    PAYLOAD_TOO_LARGE(413),
    /** The request body's content type is not one the operation takes. */
    UNSUPPORTED_MEDIA_TYPE(415),
    /** A handler threw. */
    INTERNAL(500),
    /** Overloaded or shutting down: retry later. */
    UNAVAILABLE(503),
    /** The handler did not answer in time. */
    TIMEOUT(504);

    private final int httpStatus;
    private final String error;

    FaultCode(int httpStatus) {
        this.httpStatus = httpStatus;
        this.error = name().toLowerCase(Locale.ROOT);
    }

    /** {@return the HTTP status code} */
    public int httpStatus() {
        return httpStatus;
    }

    /** {@return the value of the {@code "error"} field of the JSON error body, e.g. {@code not_found}} */
    public String error() {
        return error;
    }

    /**
     * Maps an HTTP status code back to a fault code.
     *
     * @param status an HTTP status code
     * @return the code with that status; {@link #INTERNAL} for an unknown 5xx, {@link #BAD_REQUEST}
     *     for any other
     */
    public static FaultCode ofHttpStatus(int status) {
        for (FaultCode c : values()) {
            if (c.httpStatus == status) {
                return c;
            }
        }
        return status >= 500 ? INTERNAL : BAD_REQUEST;
    }
}
