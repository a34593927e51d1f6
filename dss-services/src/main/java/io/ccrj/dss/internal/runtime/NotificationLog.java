package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.Notification;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.internal.json.Json;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One service's notification log: the sequence of its committed changes, the last notifications
 * kept for replay to a subscriber that reconnects ({@code Last-Event-ID}), bounded in count and in
 * bytes, and the open subscriptions.
 *
 * <h2>Threading</h2>
 * {@link #append} and {@link #subscribe} run as exclusive handlers of the service (Subscribe is an
 * exclusive verb), so the retained window and the sequence are only ever touched by one thread at
 * a time and a subscriber never misses a notification committed between its replay and its
 * registration. {@link #unsubscribe}, {@link #closeAll} and {@link #subscriberCount} may be called
 * from any thread: the subscriber list is copy-on-write and each subscriber closes once.
 */
final class NotificationLog {
    private static final System.Logger LOG = System.getLogger(NotificationLog.class.getName());
    /** Notifications kept for SSE reconnection ({@code Last-Event-ID}). */
    public static final int RETAINED_NOTIFICATIONS = 1024;
    /** The action of the notification that says replay cannot fill a gap (see {@link Notification}). */
    public static final String GAP = "gap";

    private final long retainedBytesLimit;
    /** Notifications kept for replay, oldest first, bounded in count and in bytes. */
    private final ArrayDeque<Notification> retained = new ArrayDeque<>();
    /** The JSON sizes of {@link #retained}'s bodies, in the same order. */
    private final ArrayDeque<Integer> retainedSizes = new ArrayDeque<>();
    private long retainedBytes;
    private long sequence;
    private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();

    /**
     * @param retainedBytesLimit the most bytes of notification bodies kept for replay (the last
     *     notification is kept whatever its size)
     */
    public NotificationLog(long retainedBytesLimit) {
        this.retainedBytesLimit = retainedBytesLimit;
    }

    /** {@return the sequence of the last committed notification (0 before the first)} */
    public long sequence() {
        return sequence;
    }

    /** {@return the number of open subscriptions} */
    public int subscriberCount() {
        return subscribers.size();
    }

    /**
     * Commits a notification: it becomes the last in sequence, is retained for replay and is
     * delivered to every subscriber. Cannot fail on the client's input (its size was measured
     * before the commit).
     *
     * @param n the notification, whose sequence is {@link #sequence()} + 1
     * @param bodyBytes the size of its body written as JSON
     */
    public void append(Notification n, int bodyBytes) {
        sequence = n.sequence();
        try {
            retained.addLast(n);
            retainedSizes.addLast(bodyBytes);
            retainedBytes += bodyBytes;
            while (retained.size() > RETAINED_NOTIFICATIONS || retainedBytes > retainedBytesLimit && retained.size() > 1) {
                retained.removeFirst();
                retainedBytes -= retainedSizes.removeFirst();
            }
        } catch (OutOfMemoryError e) {
            // no room to keep it for replay: forget the window, so that a subscriber resuming
            // before it gets a gap (and reads the state again) instead of a silent hole
            retained.clear();
            retainedSizes.clear();
            retainedBytes = 0;
        }
        for (Subscriber s : subscribers) {
            if (!s.deliver(n)) {
                drop(s);
            }
        }
    }

    /** A subscriber that could not take a notification: it leaves, so that it never misses one silently. */
    private void drop(Subscriber s) {
        subscribers.remove(s);
        s.close("this subscriber could not take notification " + sequence + " (the host is short of memory);"
                + " subscribe again with the last sequence seen");
    }

    /**
     * Registers a listener; with a last sequence seen, first replays what it missed, or a
     * {@link #GAP} notification where the log cannot fill the gap (too old, or a sequence this
     * log never reached: the host restarted).
     *
     * @param listener the subscriber
     * @param last the last sequence the subscriber saw, or a negative number for none
     * @param version the service's current version (told in a gap notification)
     */
    public void subscribe(NotificationListener listener, long last, long version) {
        Subscriber s = new Subscriber(listener);
        if (last >= 0) {
            boolean ok = true;
            long oldest = retained.isEmpty() ? sequence + 1 : retained.peekFirst().sequence();
            if (last > sequence) {
                ok = s.deliver(new Notification(sequence, GAP, Json.object()
                        .put("reason", "the last event id " + last + " is ahead of this service's notifications (the host"
                                + " restarted?); notifications before " + (sequence + 1) + " are not available: read the state again")
                        .put("lastEventId", last).put("resumeAfter", sequence).put("version", version)));
            } else if (last < oldest - 1) {
                ok = s.deliver(new Notification(oldest - 1, GAP, Json.object()
                        .put("reason", "notifications " + (last + 1) + " to " + (oldest - 1) + " are no longer retained"
                                + " (the host keeps the last " + RETAINED_NOTIFICATIONS + ", at most " + retainedBytesLimit
                                + " bytes of them): read the state again")
                        .put("missedFrom", last + 1).put("missedTo", oldest - 1).put("version", version)));
            }
            for (java.util.Iterator<Notification> it = retained.iterator(); ok && it.hasNext(); ) {
                Notification n = it.next();
                ok = n.sequence() <= last || s.deliver(n);
            }
            if (!ok) {
                s.close("the replay could not be delivered (the host is short of memory); subscribe again");
                return;
            }
        }
        subscribers.add(s);
    }

    /**
     * Ends a subscription from the subscriber's side.
     *
     * @param listener the listener given to {@link #subscribe}
     */
    public void unsubscribe(NotificationListener listener) {
        for (Subscriber s : subscribers) {
            if (s.listener == listener) {
                subscribers.remove(s);
                s.close("unsubscribed");
            }
        }
    }

    /**
     * Closes every subscription (the service is dropped).
     *
     * @param reason told to each listener's {@code onClose}
     */
    public void closeAll(String reason) {
        for (Subscriber s : subscribers) {
            s.close(reason);
        }
        subscribers.clear();
    }

    /** A registered listener; closes once. */
    private static final class Subscriber {
        final NotificationListener listener;
        final AtomicBoolean closed = new AtomicBoolean();

        Subscriber(NotificationListener listener) {
            this.listener = listener;
        }

        /**
         * Delivers one notification; never throws, so that no subscriber can fail or stop the
         * write whose notification it is, or the other subscribers' delivery.
         *
         * @return {@code false} if the listener could not take it for want of memory (or stack):
         *     it must be dropped, since it has missed a notification
         */
        boolean deliver(Notification n) {
            if (closed.get()) {
                return true;
            }
            try {
                listener.onNotification(n);
                return true;
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a notification listener threw; it stays subscribed", e);
                return true;
            } catch (OutOfMemoryError | StackOverflowError e) {
                LOG.log(System.Logger.Level.WARNING, "a notification listener could not take notification "
                        + n.sequence() + "; it is dropped", e);
                return false;
            }
        }

        void close(String reason) {
            if (closed.compareAndSet(false, true)) {
                try {
                    listener.onClose(reason);
                } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                    LOG.log(System.Logger.Level.WARNING, "a notification listener's onClose threw", e);
                }
            }
        }
    }
}
