package io.ccrj.core.internal;

import io.ccrj.core.SequentialTask;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/** Starts sequential tasks on virtual threads and tracks how many are alive. */
@Internal
public final class SequentialRunner {
    private static final AtomicLong ALIVE = new AtomicLong();

    private SequentialRunner() {
    }

    /** Starts {@code body} on a new virtual thread carrying the caller's causalities. */
    public static CompletableFuture<Void> spawn(TaskSink home, SequentialTask body) {
        home.checkOpen();
        CompletableFuture<Void> done = new CompletableFuture<>();
        var causalities = CausalityContext.get();
        ALIVE.incrementAndGet();
        Thread.ofVirtual().start(() -> {
            // A virtual thread starts with no causality: set only if there is one, so that a
            // task that never uses causalities never allocates a thread-local map (~130 bytes
            // per task, which counts with a million pending tasks).
            if (causalities != null) {
                CausalityContext.set(causalities);
            }
            try {
                body.run(new SequentialContextImpl(Thread.currentThread(), home));
                done.complete(null);
            } catch (Throwable failure) {
                Failures.route(failure, CausalityContext.get(), home);
                done.completeExceptionally(failure);
            } finally {
                ALIVE.decrementAndGet();
            }
        });
        return done;
    }

    /** Sequential tasks started and not yet finished, process-wide. */
    public static long alive() {
        return ALIVE.get();
    }
}
