package io.ccrj.dss;

/**
 * Receives a subscription's notifications.
 *
 * <h2>Threading</h2>
 * Called on the thread of the service's exclusive handler that made the modification, one call
 * at a time and in sequence order; it must not block (post to a {@link io.ccrj.core.Port} or
 * write to a channel). {@link #onClose} is called once, last.
 */
@FunctionalInterface
public interface NotificationListener {
    /**
     * Receives one notification of a subscription, in order.
     *
     * @param notification the next notification
     */
    void onNotification(Notification notification);

    /**
     * The subscription has ended: the service was dropped, or the subscriber closed it.
     *
     * @param reason a short sentence
     */
    default void onClose(String reason) {
    }
}
