package io.ccrj.dss;

/**
 * A registered listener; {@link #close()} ends it from the subscriber's side (the service ends it
 * when it is dropped). Either way the listener's {@link NotificationListener#onClose} runs once.
 */
public interface Subscription extends AutoCloseable {
    /** Ends the subscription; idempotent. */
    @Override
    void close();

    /** {@return {@code true} once ended from either side} */
    boolean isClosed();
}
