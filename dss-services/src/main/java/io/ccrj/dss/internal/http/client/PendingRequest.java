package io.ccrj.dss.internal.http.client;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;

import java.util.function.BiConsumer;

/**
 * A request written (or waiting for its connection to connect) and not yet answered.
 *
 * <p>References: the request's own, which its write releases (the encoder), and for a request
 * that may be retried one more on its body, kept for the one retry and released when it is
 * answered or fails. The retry sends the same request object again: the encoder only reads
 * its line and headers, and Netty's {@code retainedDuplicate()} would copy both header
 * tables for every request.
 *
 * <h2>Threading</h2>
 * Confined to its connection's event loop, as the connection is.
 */
final class PendingRequest {
    final FullHttpRequest request;
    /** Whether {@link #request} was written (its own reference is then the encoder's to release). */
    boolean written;
    /** Whether it holds a second reference for the one retry. */
    final boolean retryable;
    /** The body's reader index before the first write consumed it. */
    final int bodyIndex;
    final BiConsumer<FullHttpResponse, Throwable> callback;
    final boolean safe;
    /** When it fails unanswered ({@link System#nanoTime()}). */
    long deadline;

    PendingRequest(FullHttpRequest request, boolean retryable, BiConsumer<FullHttpResponse, Throwable> callback,
            boolean safe) {
        this.request = request;
        this.retryable = retryable;
        this.bodyIndex = request.content().readerIndex();
        this.callback = callback;
        this.safe = safe;
        if (retryable) {
            request.content().retain(); // no object: a count on the body (none on an empty one)
        }
    }

    /** Drops the reference kept for the retry (the request was answered, or fails for good). */
    void releaseRetry() {
        if (retryable) {
            request.content().release();
        }
    }
}
