package io.ccrj.core.examples;

import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** Plumbing shared by the examples, kept out of the documented snippets. */
final class Examples {
    private Examples() {
    }

    /** Polls until the condition holds; fails after 10 s. */
    static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(new TimeoutException("condition not met within 10 s"));
            }
            Thread.sleep(1);
        }
    }
}
