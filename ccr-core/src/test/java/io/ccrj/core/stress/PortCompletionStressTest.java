package io.ccrj.core.stress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.stress.StressHarness.Tagged;
import io.ccrj.core.stress.StressHarness.Violations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.maybeYield;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static io.ccrj.core.stress.StressHarness.stayWithin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Producers post into a two-stage pipeline while another thread closes its input mid-stream.
 * Every item a producer's {@code tryPost} accepted reaches the sink exactly once and in that
 * producer's order (the stages are exclusive, so they hand items on in commit order); every
 * refused item was refused because the port was closed, and after a refusal no later post of that
 * producer is accepted; each stage's completion fires exactly once, after its last item.
 */
@Timeout(120)
class PortCompletionStressTest {
    private static final int PRODUCERS = 3;
    private static final int PER_PRODUCER = 300_000;
    private static final int WINDOW = 64;

    @Test
    void closingTheInputMidStreamShutsThePipelineDownLosingAndDuplicatingNothing() throws Exception {
        Violations violations = new Violations();
        AtomicIntegerArray accepted = new AtomicIntegerArray(PRODUCERS); // how many each producer got in
        AtomicIntegerArray nextAtSink = new AtomicIntegerArray(PRODUCERS);
        AtomicLong consumed = new AtomicLong();
        AtomicInteger completions = new AtomicInteger();
        CountDownLatch sinkDone = new CountDownLatch(1);
        try (Dispatcher d = new Dispatcher(2, "completion")) {
            Port<Tagged> input = new Port<>("input");
            Port<Tagged> middle = new Port<>("middle");
            DispatcherQueue stage = d.createQueue("stage");
            Arbiter.activate(stage, Arbiter.interleave(
                    Arbiter.teardown(Arbiter.completion(input, () -> {
                        completions.incrementAndGet();
                        middle.close();
                    })),
                    Arbiter.exclusive(Arbiter.receive(true, input, middle::post)),
                    Arbiter.concurrent()));
            DispatcherQueue sink = d.createQueue("sink");
            Arbiter.activate(sink, Arbiter.interleave(
                    Arbiter.teardown(Arbiter.completion(middle, () -> {
                        completions.incrementAndGet();
                        sinkDone.countDown();
                    })),
                    Arbiter.exclusive(Arbiter.receive(true, middle, t -> {
                        int expected = nextAtSink.get(t.producer());
                        violations.check(t.seq() == expected,
                                () -> "producer " + t.producer() + ": got " + t.seq() + ", expected " + expected);
                        nextAtSink.set(t.producer(), t.seq() + 1);
                        consumed.incrementAndGet();
                    })),
                    Arbiter.concurrent()));

            long start = System.nanoTime();
            AtomicLong posted = new AtomicLong();
            int closeAfter = PRODUCERS * PER_PRODUCER / 2;
            runProducers("producer", PRODUCERS + 1, p -> {
                if (p == PRODUCERS) { // the closer
                    while (posted.get() < closeAfter) {
                        Thread.yield();
                    }
                    input.close();
                    return;
                }
                boolean refused = false;
                for (int i = 0; i < PER_PRODUCER; i++) {
                    boolean ok = input.tryPost(new Tagged(p, i));
                    if (ok) {
                        int n = i;
                        violations.check(!refused, () -> "producer " + p + ": item " + n + " accepted after a refusal");
                        accepted.incrementAndGet(p);
                        stayWithin(WINDOW * PRODUCERS, posted.incrementAndGet(), consumed, input::describe);
                    } else {
                        violations.check(input.isClosed(), () -> "refused while the port was open");
                        refused = true;
                        posted.incrementAndGet();
                    }
                    maybeYield(i);
                }
            });
            assertThat(sinkDone.await(StressHarness.WAIT.toSeconds(), TimeUnit.SECONDS))
                    .as("the sink's completion fired: %s / %s", input.describe(), middle.describe()).isTrue();
            long total = 0;
            for (int p = 0; p < PRODUCERS; p++) {
                assertThat(nextAtSink.get(p)).as("producer %d: every accepted item reached the sink", p)
                        .isEqualTo(accepted.get(p));
                total += accepted.get(p);
            }
            report("pipeline closed mid-stream", total, start);
            violations.assertNone();
            assertThat(consumed.get()).isEqualTo(total);
            assertThat(total).as("the close came mid-stream").isLessThan((long) PRODUCERS * PER_PRODUCER);
            assertThat(completions).as("each stage's completion fired once").hasValue(2);
            assertThat(input.itemCount() + middle.itemCount()).isZero();
            assertNoUnhandled(d);
        }
    }
}
