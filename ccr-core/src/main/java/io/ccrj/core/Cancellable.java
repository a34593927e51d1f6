package io.ccrj.core;

/** A pending timer that can be cancelled. */
@FunctionalInterface
public interface Cancellable {
    /**
     * Cancels the timer if it has not fired.
     *
     * @return {@code true} if this call prevented the post
     */
    boolean cancel();
}
