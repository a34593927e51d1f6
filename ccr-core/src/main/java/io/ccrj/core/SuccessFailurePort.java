package io.ccrj.core;

/**
 * The standard reply channel of request/response: a result on {@link #success()} or an exception
 * on {@link #failure()}. Combine it with {@link Arbiter#choice} to handle either, or with the
 * gather form of {@link Arbiter#multipleItemReceive(PortSet2, int, BiHandler)} to collect n
 * replies split into successes and failures.
 *
 * <p>{@link #post(Object)} routes exceptions to the failure port and everything else to the
 * success port (unless the result type is itself an exception type, in which case post to the
 * ports directly).
 *
 * @param <R> the result type
 */
public final class SuccessFailurePort<R> extends PortSet2<R, Exception> {
    /** Creates a reply port whose success port accepts any non-exception object. */
    @SuppressWarnings("unchecked")
    public SuccessFailurePort() {
        super((Class<R>) Object.class, Exception.class);
    }

    /**
     * Creates a reply port for results of a given type.
     *
     * @param resultType the result type
     */
    public SuccessFailurePort(Class<R> resultType) {
        super(resultType, Exception.class);
    }

    /** {@return the port receiving results} */
    public Port<R> success() {
        return first();
    }

    /** {@return the port receiving failures} */
    public Port<Exception> failure() {
        return second();
    }

    /**
     * Posts a result.
     *
     * @param result the result; not null
     */
    public void postSuccess(R result) {
        success().post(result);
    }

    /**
     * Posts a failure.
     *
     * @param failure the exception; not null
     */
    public void postFailure(Exception failure) {
        failure().post(failure);
    }
}
