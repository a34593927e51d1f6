package io.ccrj.core.stress;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.Port;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Shared machinery of the stress tests: tagged items, exactly-once ledgers, producer threads that
 * keep ports nearly empty, and waits that are always bounded.
 *
 * <p>Handlers never assert directly (an assertion error thrown on a worker would only reach the
 * unhandled-exception port); they record the first violation in a {@link Violations} and the test
 * thread fails with it once the run is over.
 */
final class StressHarness {
    /** How long any single wait of a stress test may last before it fails the test. */
    static final Duration WAIT = Duration.ofSeconds(60);

    private StressHarness() {
    }

    /** An item tagged with its producer and that producer's sequence number (0, 1, 2, ...). */
    record Tagged(int producer, int seq) {
    }

    /** The first invariant violation seen by any thread, plus how many there were. */
    static final class Violations {
        private final AtomicReference<String> first = new AtomicReference<>();
        private final AtomicLong count = new AtomicLong();

        void report(String what) {
            count.incrementAndGet();
            first.compareAndSet(null, what + " (on " + Thread.currentThread().getName() + ")");
        }

        void check(boolean ok, Supplier<String> what) {
            if (!ok) {
                report(what.get());
            }
        }

        /** Fails the test with the first violation, if there was one. */
        void assertNone() {
            if (count.get() != 0) {
                throw new AssertionError(count.get() + " violation(s); first: " + first.get());
            }
        }
    }

    /**
     * Counts how many times each tagged item was consumed. {@link #consume} reports a duplicate at
     * once; {@link #assertExactlyOnce} checks that every item was consumed once, or, for those
     * named as left over, not at all.
     */
    static final class Ledger {
        private final int producers;
        private final int perProducer;
        private final AtomicIntegerArray times;
        private final AtomicLong consumed = new AtomicLong();
        private final Violations violations;

        Ledger(int producers, int perProducer, Violations violations) {
            this.producers = producers;
            this.perProducer = perProducer;
            this.times = new AtomicIntegerArray(Math.multiplyExact(producers, perProducer));
            this.violations = violations;
        }

        void consume(int producer, int seq) {
            consume(new Tagged(producer, seq));
        }

        void consume(Tagged t) {
            if (t.producer() < 0 || t.producer() >= producers || t.seq() < 0 || t.seq() >= perProducer) {
                violations.report("item never posted: " + t);
                return;
            }
            int n = times.incrementAndGet(index(t));
            if (n != 1) {
                violations.report("item consumed " + n + " times: " + t);
            }
            consumed.incrementAndGet();
        }

        long consumed() {
            return consumed.get();
        }

        long total() {
            return (long) producers * perProducer;
        }

        /**
         * Every posted item was consumed exactly once, except {@code leftOver}, each of which must
         * not have been consumed at all (and must appear once).
         */
        void assertExactlyOnce(List<Tagged> leftOver) {
            AtomicIntegerArray left = new AtomicIntegerArray(times.length());
            for (Tagged t : leftOver) {
                if (left.getAndIncrement(index(t)) != 0) {
                    throw new AssertionError("item left over twice: " + t);
                }
            }
            long missing = 0;
            String firstMissing = null;
            for (int i = 0; i < times.length(); i++) {
                int consumedTimes = times.get(i);
                int leftTimes = left.get(i);
                if (consumedTimes + leftTimes != 1) {
                    missing++;
                    if (firstMissing == null) {
                        firstMissing = new Tagged(i / perProducer, i % perProducer) + " consumed "
                                + consumedTimes + " time(s), left over " + leftTimes + " time(s)";
                    }
                }
            }
            if (missing != 0) {
                throw new AssertionError(missing + " of " + total() + " items not accounted for exactly once; first: "
                        + firstMissing);
            }
        }

        private int index(Tagged t) {
            return t.producer() * perProducer + t.seq();
        }
    }

    /** Posts {@code perProducer} tagged items per producer, yielding now and then. */
    interface ProducerBody {
        void run(int producer) throws Exception;
    }

    /**
     * Runs one thread per producer, starts them together, and waits (bounded) for all of them,
     * rethrowing the first failure.
     */
    static void runProducers(String name, int producers, ProducerBody body) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        for (int p = 0; p < producers; p++) {
            int id = p;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    body.run(id);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, name + "-" + p);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        start.countDown();
        long deadline = System.nanoTime() + WAIT.toNanos();
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " still running after " + WAIT + ": " + stack(t));
            }
        }
        Throwable f = failure.get();
        if (f != null) {
            throw new AssertionError("producer failed", f);
        }
    }

    /**
     * Flow control that keeps ports nearly empty: a producer that is more than {@code window}
     * items ahead of the consumers yields until they catch up. Bounded by {@link #WAIT}.
     */
    static void stayWithin(long window, long posted, AtomicLong consumed, Supplier<String> what) {
        if (posted - consumed.get() <= window) {
            return;
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (posted - consumed.get() > window) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("consumers stalled: " + what.get());
            }
            Thread.yield();
        }
    }

    /** Yields the posting thread once every 64 posts: ports stay near empty, where races live. */
    static void maybeYield(int i) {
        if ((i & 63) == 0) {
            Thread.yield();
        }
    }

    /** Waits, bounded by {@link #WAIT}, until {@code condition} holds; fails with {@code what} otherwise. */
    static void await(BooleanSupplier condition, Supplier<String> what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        int spins = 0;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + WAIT + " waiting for: " + what.get());
            }
            if (++spins < 100) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
            }
        }
    }

    /** Waits until the dispatcher has no pending task and its count of processed tasks is stable. */
    static void awaitQuiescent(Dispatcher d) {
        long[] last = {-1};
        int[] stable = {0};
        await(() -> {
            long processed = d.processedTaskCount();
            if (d.pendingTaskCount() == 0 && processed == last[0]) {
                return ++stable[0] >= 20;
            }
            last[0] = processed;
            stable[0] = 0;
            return false;
        }, () -> "dispatcher '" + d.name() + "' to go idle: " + d.pendingTaskCount() + " pending");
    }

    /** Fails, naming the first inversion, unless {@code seqs} is strictly ascending. */
    static void assertAscending(List<Integer> seqs, Supplier<String> what) {
        for (int i = 1; i < seqs.size(); i++) {
            if (seqs.get(i - 1) >= seqs.get(i)) {
                throw new AssertionError(what.get() + ": not in FIFO order at index " + i + ": "
                        + seqs.subList(Math.max(0, i - 3), Math.min(seqs.size(), i + 4)) + " (of " + seqs.size() + ")");
            }
        }
    }

    /** Fails if a handler threw where no causality caught it. */
    static void assertNoUnhandled(Dispatcher d) {
        Port<Throwable> unhandled = d.unhandledExceptionPort();
        Throwable t = unhandled.test();
        if (t != null) {
            throw new AssertionError("a handler threw (" + (unhandled.itemCount() + 1) + " unhandled)", t);
        }
    }

    /** Ends a line of progress output: which test, how many messages, how long. */
    static void report(String test, long messages, long startNanos) {
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        System.out.printf("[stress] %s: %,d messages in %,d ms (%,.0f msg/s)%n", test, messages, ms,
                messages * 1000.0 / Math.max(1, ms));
    }

    private static String stack(Thread t) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement e : t.getStackTrace()) {
            sb.append("\n\tat ").append(e);
        }
        return sb.toString();
    }
}
