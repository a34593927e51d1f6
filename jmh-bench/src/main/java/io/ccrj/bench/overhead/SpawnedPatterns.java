package io.ccrj.bench.overhead;

import io.ccrj.core.Arbiter;
import io.ccrj.core.ArbiterTask;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Handler;
import io.ccrj.core.Port;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.IntStream;

/**
 * One timed run of a spawned pattern of Qiu, Fox &amp; Ho 2006, Figure 7, on ccr-core.
 *
 * <p>There are {@code ways} parallel computations, each with its own port (two for Exchange). Every
 * stage is a fresh handler task, fired by a persistent receiver on the computation's port(s) when
 * the previous stage's message(s) arrive; it runs {@code unitsPerStage} basic units and then posts
 * to the next stage's port(s) (its own for Pipeline, its right neighbour's for Shift and Two Shifts,
 * both neighbours' for Exchange). Each port fires exactly {@code stages} times: the initial
 * message(s) plus {@code stages - 1} forwards from the neighbour. The last firing of each port posts
 * its value to a final port instead, where a one-shot {@code multipleItemReceive} of {@code ways}
 * items performs the reduction of Qiu et al. 2007, Fig. 1(b) and stops the clock.
 *
 * <p>Messages carry partial sums, and every firing adds exactly one stage's computation to exactly
 * one of the values it forwards, so the reduction must come to {@code ways * stages * stageValue}:
 * a run that lost, duplicated or skipped a stage fails with an exception rather than reporting a
 * wrong time. Whether a computation's stages run on one worker or migrate between workers is the
 * dispatcher's business, as in CCR.
 */
public final class SpawnedPatterns {
    /** Counters are this many longs apart (128 bytes), so two ports' counters never share a cache line. */
    private static final int PAD = 16;

    private SpawnedPatterns() {
    }

    /**
     * The outcome of one run.
     *
     * @param elapsedNanos from the first initial post to the reduction handler
     * @param checksum the reduced value
     * @param expected what it must be
     */
    public record RunResult(long elapsedNanos, double checksum, double expected) {
    }

    /**
     * Runs a pattern once on a queue and checks the result.
     *
     * @param pattern the message pattern
     * @param queue where every handler runs (its dispatcher sets the thread count)
     * @param ways parallel computations; at least 2 for all but Pipeline
     * @param stages S, firings per port; at least 1
     * @param unitsPerStage basic units per stage; at least 1
     * @param timeout give up (and throw) after this long
     * @return the time and checksum
     * @throws IllegalStateException if the run times out or its result is wrong
     * @throws InterruptedException if interrupted while waiting
     */
    public static RunResult run(SpawnedPattern pattern, DispatcherQueue queue, int ways, int stages, int unitsPerStage,
                                Duration timeout) throws InterruptedException {
        if (!pattern.appliesTo(ways)) {
            throw new IllegalArgumentException(pattern.id() + " needs at least 2 parallel computations, got " + ways);
        }
        if (stages < 1 || unitsPerStage < 1) {
            throw new IllegalArgumentException("stages and units per stage must be at least 1: " + stages + ", " + unitsPerStage);
        }
        Port<Double> done = new Port<>("done");
        CountDownLatch finished = new CountDownLatch(1);
        long[] end = new long[1];
        double[] sum = new double[1];
        Arbiter.activate(queue, Arbiter.multipleItemReceive(false, done, ways, values -> {
            end[0] = System.nanoTime();
            sum[0] = values.stream().mapToDouble(Double::doubleValue).sum();
            finished.countDown();
        }));

        AtomicLongArray remaining = new AtomicLongArray(ways * PAD);
        // Exchange: a from-left and a from-right port per computation; every other pattern one port.
        boolean exchange = pattern == SpawnedPattern.EXCHANGE;
        Port<Double>[] in = ports(exchange ? "from-left-" : "in-", ways);
        Port<Double>[] fromRight = exchange ? ports("from-right-", ways) : in;
        ArbiterTask[] receivers = new ArbiterTask[ways];
        for (int j = 0; j < ways; j++) {
            int slot = j * PAD;
            remaining.set(slot, stages);
            Port<Double> right = in[(j + 1) % ways];
            receivers[j] = switch (pattern) {
                // Pipeline posts to its own port, Shift to its right neighbour's: CCR Receive.
                case PIPELINE, SHIFT -> {
                    Port<Double> target = pattern == SpawnedPattern.PIPELINE ? in[j] : right;
                    yield Arbiter.receive(true, in[j], (Double acc) -> {
                        double next = acc + BasicUnit.compute(unitsPerStage);
                        (remaining.decrementAndGet(slot) == 0 ? done : target).post(next);
                    });
                }
                // Two Shifts: two messages to the right neighbour's port, which fires on two items.
                case TWO_SHIFTS -> Arbiter.multipleItemReceive(true, in[j], 2,
                        twoItems(unitsPerStage, remaining, slot, done, right, right));
                // Exchange: one message to each neighbour; fires on one item from each side.
                case EXCHANGE -> Arbiter.multiplePortReceive(true, twoItems(unitsPerStage, remaining, slot, done,
                        fromRight[(j - 1 + ways) % ways], right), in[j], fromRight[j]);
            };
        }
        Arbiter.activate(queue, receivers);

        long begin = System.nanoTime();
        for (int j = 0; j < ways; j++) {
            in[j].post(0.0);
            if (pattern == SpawnedPattern.TWO_SHIFTS || exchange) {
                fromRight[j].post(0.0); // Two Shifts: the same port again
            }
        }
        if (!finished.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new IllegalStateException(pattern.id() + " " + ways + "-way, " + stages + " stages: no result after "
                    + timeout + " (" + queue.pendingCount() + " tasks pending)");
        }
        double expected = (double) ways * stages * stageValue(unitsPerStage);
        for (int j = 0; j < ways; j++) {
            if (remaining.get(j * PAD) != 0) {
                throw new IllegalStateException(pattern.id() + ": port " + j + " fired " + (stages - remaining.get(j * PAD))
                        + " times instead of " + stages);
            }
        }
        // Summation error grows with the additions per message: at most about units * 2^-53 relative.
        double tolerance = Math.max(1e-7, (double) unitsPerStage * 0x1p-52);
        if (Math.abs(sum[0] - expected) > tolerance * Math.abs(expected)) {
            throw new IllegalStateException(pattern.id() + " " + ways + "-way, " + stages + " stages: checksum " + sum[0]
                    + " instead of " + expected);
        }
        return new RunResult(end[0] - begin, sum[0], expected);
    }

    /**
     * What one stage of {@code units} units adds to a message: {@code units * value()}. Every unit
     * adds the same value, and summing n equal doubles is off from n times one by at most about
     * n ulps, far inside the checksum's tolerance. Recomputing it instead would run a whole stage's
     * units again on the caller's thread: for a single-stage run that is the whole computation
     * again, which doubled every T(1) the runner took (14 s more each at the papers' full size) and
     * every single-stage JMH score (JMH times the whole method, check included).
     */
    static double stageValue(int units) {
        return units * BasicUnit.value();
    }

    /** One port per computation, named {@code prefix + j}. */
    @SuppressWarnings("unchecked")
    private static Port<Double>[] ports(String prefix, int ways) {
        return IntStream.range(0, ways).mapToObj(j -> new Port<Double>(prefix + j)).toArray(Port[]::new);
    }

    /**
     * The handler of a stage that fires on two items: it adds the stage's computation to the first
     * and posts it to {@code first}, the second to {@code second}; the last firing posts their sum.
     */
    private static Handler<List<Double>> twoItems(int units, AtomicLongArray remaining, int slot, Port<Double> done,
                                                  Port<Double> first, Port<Double> second) {
        return (List<Double> both) -> {
            double a = both.get(0) + BasicUnit.compute(units);
            double b = both.get(1);
            if (remaining.decrementAndGet(slot) == 0) {
                done.post(a + b);
            } else {
                first.post(a);
                second.post(b);
            }
        };
    }
}
