package io.ccrj.dss.internal.http.client;

import java.io.IOException;

/**
 * A request whose connection closed before its answer and that was not sent again, because
 * its method is not idempotent (it may or may not have taken effect) or it was sent again once
 * already.
 */
final class ConnectionClosedException extends IOException {
    private static final long serialVersionUID = 1L;

    ConnectionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
