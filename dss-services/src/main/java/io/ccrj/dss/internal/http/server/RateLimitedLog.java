package io.ccrj.dss.internal.http.server;

import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Logs refusals at {@code WARNING} at most once per second, with the count of those not logged
 * in between: a flood of hostile requests must not become a flood of log lines. Thread-safe.
 */
final class RateLimitedLog {
    private static final long INTERVAL_NANOS = 1_000_000_000L;
    private final System.Logger log;
    private final AtomicLong next = new AtomicLong(System.nanoTime());
    private final AtomicLong suppressed = new AtomicLong();

    RateLimitedLog(System.Logger log) {
        this.log = log;
    }

    void log(String message) {
        long now = System.nanoTime();
        long due = next.get();
        if (now - due >= 0 && next.compareAndSet(due, now + INTERVAL_NANOS)) {
            long n = suppressed.getAndSet(0);
            log.log(Level.WARNING, n == 0 ? message : message + " (and " + n + " more refusals since the last report)");
        } else {
            suppressed.incrementAndGet();
        }
    }
}
