package io.ccrj.core.internal;

/**
 * A registration on one port's receiver list. The list is intrusive ({@link #prev}/{@link #next})
 * so that registering and unregistering are O(1) even with millions of waiting receivers, and so a
 * receiver can unregister itself while the post that fired it is walking the list.
 *
 * <p>All methods and the link fields are guarded by the owning port's lock.
 */
@Internal
public abstract class ReceiverEntry {
    ReceiverEntry prev;
    ReceiverEntry next;
    PortCore owner;

    /**
     * Offers a newly posted (or already queued) entry to this receiver, under the port lock.
     *
     * @return {@code null} to decline (the item stays for other receivers or the queue),
     *     {@link Rejection} to decline and report something after the lock is released, or the
     *     work to dispatch after the lock is released, which means the item was consumed
     */
    protected abstract Dispatchable offer(Object entry, PortCore port);

    /**
     * {@code true} for join participants: they never consume in {@link #offer} but are told after
     * an item was queued on the port, and then try to commit.
     */
    protected boolean isJoin() {
        return false;
    }

    /** Called with no lock held after an item was queued on {@code port} (joins only). */
    protected void itemQueued(PortCore port) {
    }

    /**
     * Joins only, under the port lock: how many items must be queued on {@code port} before a
     * commit of this join can succeed (a lower bound; 1 where it depends on other ports).
     */
    protected int itemsNeededOn(PortCore port) {
        return 1;
    }

    /** {@code true} once a one-shot receiver has fired or the receiver was cancelled. */
    protected abstract boolean isDone();

    /** A short description of the arbiter behind this entry. */
    protected abstract String describe();
}
