package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * One-way messages to a persistent receive (the direct path of a one-worker dispatcher) allocate
 * nothing per message, on the posting thread or on the worker, once the path is warm: measured
 * with each thread's own allocation counter over a million messages. The producer keeps at most a
 * window of messages ahead of the handler, so the ring does not outgrow what the warm-up made
 * (a producer that runs far ahead gets tasks beyond the ring's bound, by design), and posts
 * boxed values made beforehand. What the bound leaves room for is occasional, not per message: a
 * wait node when the worker, running dry, finds the port lock held by a poster that lost its core.
 */
@Timeout(120)
class PersistentReceiveAllocationTest extends CcrTestSupport {
    private static final int WINDOW = 4096;
    private static final int MEASURED = 1_000_000;

    @Test
    void oneWayToAPersistentReceiveAllocatesNothingPerMessage() {
        AllocationCounter counter = AllocationCounter.orNull();
        assumeTrue(counter != null, "this JVM has no per-thread allocation counter");
        Integer[] values = new Integer[1024];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1000 + i; // boxed here, not per post
        }
        DispatcherQueue q = dispatcher(1).createQueue("one-way");
        Port<Integer> port = new Port<>("one-way");
        AtomicLong seen = new AtomicLong();
        long[] measureFrom = {Long.MAX_VALUE, Long.MAX_VALUE}; // handled-count to start at, to end at
        long[] workerBytes = new long[2];
        CompletableFuture<Long> workerAllocated = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.receive(true, port, x -> {
            long n = seen.get() + 1;
            if (n == measureFrom[0]) {
                workerBytes[0] = counter.bytes();
            } else if (n == measureFrom[1]) {
                workerBytes[1] = counter.bytes();
                workerAllocated.complete(workerBytes[1] - workerBytes[0]);
            }
            seen.lazySet(n); // the worker is the only writer
        }));
        long posted = 0;
        for (int round = 0; round < 3; round++) { // warm-up: compiles the path, grows the ring
            posted = postPaced(port, values, posted, 200_000, seen);
        }
        awaitHandled(seen, posted);
        // The counter's reads allocate nothing themselves once warm; the worker's bracket the
        // measured messages from inside the handler.
        counter.bytes();
        measureFrom[0] = posted + 1;
        measureFrom[1] = posted + MEASURED;
        // (published to the worker by the port lock of the next post)
        long before = counter.bytes();
        posted = postPaced(port, values, posted, MEASURED, seen);
        long posterBytes = counter.bytes() - before;
        long worker = await(workerAllocated);
        double perMessage = (double) (posterBytes + worker) / MEASURED;
        assertThat(perMessage)
                .as("bytes per message: poster %d, worker %d over %d messages", posterBytes, worker, MEASURED)
                .isLessThan(1.0); // an object per message would be 16 bytes or more
    }

    /** Posts {@code count} messages, at most {@link #WINDOW} ahead of the handler; returns the total posted. */
    private static long postPaced(Port<Integer> port, Integer[] values, long posted, int count, AtomicLong seen) {
        for (int i = 0; i < count; i++) {
            while (posted - seen.get() >= WINDOW) {
                Thread.onSpinWait();
            }
            port.post(values[(int) (posted & (values.length - 1))]);
            posted++;
        }
        return posted;
    }

    private static void awaitHandled(AtomicLong seen, long n) {
        eventually("handled " + n, () -> seen.get() == n);
    }
}
