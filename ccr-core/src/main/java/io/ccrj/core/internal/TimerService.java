package io.ccrj.core.internal;

import io.ccrj.core.Causality;
import io.ccrj.core.Cancellable;
import io.ccrj.core.Port;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * One daemon thread that fires timers when they are due; each due timer posts from a fresh virtual
 * thread (a post into a throttling queue may wait, and must not delay the other timers). The post
 * runs with the causalities that were active where the timer was set, so a timeout joins its
 * caller's causal chain.
 */
@Internal
public final class TimerService {
    private static final ScheduledThreadPoolExecutor TIMER = create();

    private TimerService() {
    }

    private static ScheduledThreadPoolExecutor create() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "ccrj-timer");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        return t;
    }

    /** Runs {@code action} on a fresh virtual thread after {@code delayNanos} (runtime housekeeping). */
    public static void runAfter(long delayNanos, Runnable action) {
        TIMER.schedule(() -> {
            Thread.startVirtualThread(() -> {
                try {
                    action.run();
                } catch (Throwable t) {
                    Failures.log(t, "timer action");
                }
            });
        }, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    }

    /** Posts {@code item} to {@code port} after {@code delayNanos}, with the caller's causalities. */
    public static <T> Cancellable postAfter(long delayNanos, Port<T> port, T item) {
        return postSupplied(delayNanos, port, () -> item);
    }

    /** Posts what {@code item} supplies at firing time to {@code port} after {@code delayNanos}. */
    public static <T> Cancellable postSupplied(long delayNanos, Port<T> port, Supplier<T> item) {
        Causality[] causalities = CausalityContext.get();
        // Decides between firing and cancelling: the future alone cannot, because it is still
        // cancellable while its task is posting (a cancel that raced with the post said true).
        AtomicBoolean claimed = new AtomicBoolean();
        var future = TIMER.schedule(() -> {
            if (!claimed.compareAndSet(false, true)) {
                return;
            }
            // Post from a virtual thread: a post into a throttling queue may wait, and must not
            // hold up the one timer thread (every other timer would fire late).
            Thread.startVirtualThread(() -> {
                if (causalities != null) {
                    CausalityContext.set(causalities);
                }
                try {
                    port.post(item.get());
                } catch (Throwable t) {
                    Failures.route(t, causalities, null);
                }
            });
        }, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        return () -> {
            if (!claimed.compareAndSet(false, true)) {
                return false; // fired (or cancelled) already
            }
            future.cancel(false);
            return true;
        };
    }
}
