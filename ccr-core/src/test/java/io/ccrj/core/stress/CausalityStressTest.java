package io.ccrj.core.stress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Causality;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.stress.StressHarness.Ledger;
import io.ccrj.core.stress.StressHarness.Tagged;
import io.ccrj.core.stress.StressHarness.Violations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.awaitQuiescent;
import static io.ccrj.core.stress.StressHarness.maybeYield;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static io.ccrj.core.stress.StressHarness.stayWithin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many posts under many distinct causalities, handlers on a two-worker dispatcher, some of which
 * throw. Each producer posts item (p, s) under causality {@code cause(p, s)}, one of 4096, and by
 * {@code s % 4}:
 * <ul>
 *   <li>0: to IN, whose handler throws;</li>
 *   <li>1: to IN, whose handler forwards the item to HOP, whose handler throws (the causality
 *   flows with the post made inside the first handler);</li>
 *   <li>2: to IN, whose handler returns normally;</li>
 *   <li>3: to A, and the same tag to B under the next causality; a persistent joinedReceive(A, B)
 *   pairs A and B items (of whichever producers) and throws, so its exception belongs to the
 *   causalities of both items (a join merges them; one post if they are the same).</li>
 * </ul>
 * At the end every exception sits on the exception port of each causality it belongs to, exactly
 * once, on no other causality's port, and none reached the dispatcher's unhandled port.
 */
@Timeout(120)
class CausalityStressTest {
    private static final int PRODUCERS = 3;
    private static final int PER_PRODUCER = 300_000;
    private static final int CAUSALITIES = 4096;
    private static final int WINDOW = 64;

    /** A handler's failure: the items it consumed and the causalities it must reach. */
    static final class Boom extends RuntimeException {
        final List<Tagged> items;
        final int[] expected;       // distinct causality indices
        final int[] landings;       // per entry of expected, counted at the end

        Boom(List<Tagged> items, int... causes) {
            super("boom " + items, null, false, false);
            this.items = items;
            this.expected = Arrays.stream(causes).distinct().toArray();
            this.landings = new int[expected.length];
        }

        int slotOf(int causality) {
            for (int i = 0; i < expected.length; i++) {
                if (expected[i] == causality) {
                    return i;
                }
            }
            return -1;
        }
    }

    static int cause(Tagged t) {
        return Math.floorMod(t.producer() * 7919 + t.seq(), CAUSALITIES);
    }

    static int partnerCause(Tagged t) {
        return (cause(t) + 1) % CAUSALITIES;
    }

    @Test
    void everyHandlerExceptionLandsOnceOnEachCausalityItsMessagesCarried() throws Exception {
        Violations violations = new Violations();
        Ledger ledger = new Ledger(PRODUCERS, PER_PRODUCER, violations);
        Ledger partners = new Ledger(PRODUCERS, PER_PRODUCER, violations); // the B copies of s % 4 == 3
        AtomicLong consumed = new AtomicLong();
        ConcurrentLinkedQueue<Boom> thrown = new ConcurrentLinkedQueue<>();
        Causality[] causalities = new Causality[CAUSALITIES];
        for (int i = 0; i < CAUSALITIES; i++) {
            causalities[i] = new Causality("c" + i);
        }
        try (Dispatcher d = new Dispatcher(2, "causality")) {
            DispatcherQueue q = d.createQueue("q");
            Port<Tagged> in = new Port<>("IN");
            Port<Tagged> hop = new Port<>("HOP");
            Port<Tagged> a = new Port<>("A");
            Port<Tagged> b = new Port<>("B");
            Arbiter.activate(q,
                    Arbiter.receive(true, in, t -> {
                        ledger.consume(t);
                        consumed.incrementAndGet();
                        switch (t.seq() % 4) {
                            case 0 -> throw boom(thrown, List.of(t), cause(t));
                            case 1 -> hop.post(t);
                            case 2 -> checkCurrent(violations, causalities, t);
                            default -> violations.report("IN got " + t);
                        }
                    }),
                    Arbiter.receive(true, hop, t -> {
                        checkCurrent(violations, causalities, t);
                        throw boom(thrown, List.of(t), cause(t));
                    }),
                    Arbiter.joinedReceive(true, a, b, (x, y) -> {
                        ledger.consume(x);
                        partners.consume(y);
                        consumed.addAndGet(2);
                        List<Causality> merged = Causality.current();
                        List<Causality> expected = Arrays.stream(new int[] {cause(x), partnerCause(y)}).distinct()
                                .mapToObj(k -> causalities[k]).toList();
                        violations.check(merged.equals(expected),
                                () -> "join of " + x + " and " + y + " runs under " + merged + ", expected " + expected);
                        throw boom(thrown, List.of(x, y), cause(x), partnerCause(y));
                    }));

            long start = System.nanoTime();
            AtomicLong posted = new AtomicLong();
            runProducers("producer", PRODUCERS, p -> {
                for (int s = 0; s < PER_PRODUCER; s++) {
                    Tagged t = new Tagged(p, s);
                    long n;
                    if (s % 4 == 3) {
                        Causality.run(causalities[cause(t)], () -> a.post(t));
                        Causality.run(causalities[partnerCause(t)], () -> b.post(t));
                        n = posted.addAndGet(2);
                    } else {
                        Causality.run(causalities[cause(t)], () -> in.post(t));
                        n = posted.incrementAndGet();
                    }
                    maybeYield(s);
                    stayWithin(WINDOW * PRODUCERS, n, consumed, () -> in.describe() + "; " + a.describe() + "; " + b.describe());
                }
            });
            awaitQuiescent(d);
            long messages = posted.get() + PRODUCERS * (long) PER_PRODUCER / 4; // plus the forwarded hops
            report("causality routing (" + thrown.size() + " exceptions over " + CAUSALITIES + " causalities)",
                    messages, start);

            violations.assertNone();
            ledger.assertExactlyOnce(List.of());
            List<Tagged> noPartner = new java.util.ArrayList<>();
            for (int p = 0; p < PRODUCERS; p++) {
                for (int s = 0; s < PER_PRODUCER; s++) {
                    if (s % 4 != 3) {
                        noPartner.add(new Tagged(p, s));
                    }
                }
            }
            partners.assertExactlyOnce(noPartner);
            assertThat(a.itemCount() + b.itemCount()).isZero();
            assertThat(thrown).hasSize(PRODUCERS * PER_PRODUCER / 4 * 3);

            long landed = 0;
            for (int k = 0; k < CAUSALITIES; k++) {
                for (Throwable t : causalities[k].exceptionPort().items()) {
                    if (!(t instanceof Boom boom)) {
                        throw new AssertionError("causality c" + k + " got a foreign exception", t);
                    }
                    int slot = boom.slotOf(k);
                    if (slot < 0) {
                        throw new AssertionError(boom.getMessage() + " landed on c" + k + ", expected only on "
                                + Arrays.toString(boom.expected));
                    }
                    boom.landings[slot]++;
                    landed++;
                }
            }
            long expectedLandings = 0;
            for (Boom boom : thrown) {
                for (int i = 0; i < boom.expected.length; i++) {
                    expectedLandings++;
                    if (boom.landings[i] != 1) {
                        throw new AssertionError(boom.getMessage() + " landed " + boom.landings[i] + " time(s) on c"
                                + boom.expected[i]);
                    }
                }
            }
            assertThat(landed).isEqualTo(expectedLandings);
            assertNoUnhandled(d);
        }
    }

    private static Boom boom(ConcurrentLinkedQueue<Boom> thrown, List<Tagged> items, int... causes) {
        Boom b = new Boom(items, causes);
        thrown.add(b);
        return b;
    }

    private static void checkCurrent(Violations violations, Causality[] causalities, Tagged t) {
        List<Causality> current = Causality.current();
        violations.check(current.size() == 1 && current.get(0) == causalities[cause(t)],
                () -> "handler of " + t + " runs under " + current + ", expected c" + cause(t));
    }
}
