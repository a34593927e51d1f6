package io.ccrj.core;

/**
 * The standard reply channel of request/response: a result on {@link #success()} or an exception
 * on {@link #failure()}. Combine it with {@link Arbiter#choice} to handle either, or with the
 * gather form of {@link Arbiter#multipleItemReceive(PortSet2, int, BiHandler)} to collect n
 * replies split into successes and failures.
 *
 * <p>{@link #post(Object)} routes exceptions to the failure port and everything else to the
 * success port (unless the result type is itself an exception type, in which case post to the
 * ports directly). A {@link Throwable} that is not an {@code Exception} (an {@link Error}) is a
 * failure too, unless the result type is a {@code Throwable} type: it goes to the failure port
 * wrapped in an {@link java.util.concurrent.ExecutionException} whose cause it is (the failure
 * port carries {@code Exception}s), instead of reaching a {@code SuccessFailurePort<Object>}'s
 * success handler as if it were a result.
 *
 * @param <R> the result type
 */
public final class SuccessFailurePort<R> extends PortSet2<R, Exception> {
    private final boolean throwableResults;

    /** Creates a reply port whose success port accepts any non-exception object. */
    @SuppressWarnings("unchecked")
    public SuccessFailurePort() {
        super((Class<R>) Object.class, Exception.class);
        this.throwableResults = false;
    }

    /**
     * Creates a reply port for results of a given type.
     *
     * @param resultType the result type
     */
    public SuccessFailurePort(Class<R> resultType) {
        super(resultType, Exception.class);
        this.throwableResults = Throwable.class.isAssignableFrom(resultType);
    }

    /**
     * Posts a result or a failure: exceptions, and errors wrapped as described in the class
     * documentation, to {@link #failure()}; everything else to {@link #success()}.
     *
     * @param item the item; not null
     * @throws IllegalArgumentException if the item fits neither port's type
     * @throws IllegalStateException if the chosen port is closed
     */
    @Override
    public void post(Object item) {
        super.post(asFailure(item));
    }

    /**
     * The non-throwing {@link #post(Object)}.
     *
     * @param item the item; not null
     * @return {@code true} if taken or queued, {@code false} if the chosen port refused it
     * @throws IllegalArgumentException if the item fits neither port's type
     */
    @Override
    public boolean tryPost(Object item) {
        return super.tryPost(asFailure(item));
    }

    private Object asFailure(Object item) {
        if (item instanceof Throwable t && !(t instanceof Exception) && !throwableResults) {
            return new java.util.concurrent.ExecutionException("error posted to a SuccessFailurePort: " + t, t);
        }
        return item;
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
