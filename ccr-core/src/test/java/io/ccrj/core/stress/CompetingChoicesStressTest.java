package io.ccrj.core.stress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.ArbiterTask;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.stress.StressHarness.Ledger;
import io.ccrj.core.stress.StressHarness.Tagged;
import io.ccrj.core.stress.StressHarness.Violations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.awaitQuiescent;
import static io.ccrj.core.stress.StressHarness.maybeYield;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static io.ccrj.core.stress.StressHarness.stayWithin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many one-shot choices over four shared ports, each re-created by its own handler, while one
 * producer per port posts tagged items. Shapes (each active twice at any time):
 * <pre>
 *   S0 choice(P0 | P1)            S4 choice(P0 | P1 | P2 | P3)
 *   S1 choice(P1 | P2)            S5 choice(P0 | join(P1, P2))
 *   S2 choice(P2 | P3)            S6 choice(join(P0, P3) | P2)
 *   S3 choice(P3 | P0)            S7 choice(multipleItemReceive(P3, 2) | P1)
 * </pre>
 * A choice's first branch to commit wins; losers consume nothing and are unregistered. So: every
 * item is handled exactly once (an item consumed by a losing branch would be neither handled nor
 * left in its port), every choice instance fires exactly once, the join branches ask their choice
 * before taking anything, and at the end every port is empty (each has plain receive branches) and
 * holds exactly the branches of the choices now active: no loser stays registered.
 */
@Timeout(120)
class CompetingChoicesStressTest {
    private static final int PORTS = 4;
    private static final int PER_PORT = 260_000;
    private static final int COPIES = 2;
    private static final int WINDOW = 32;
    private static final int SHAPES = 8;
    /** Branches each shape registers on each port; every port ends up with COPIES * 5. */
    private static final int BRANCHES_PER_PORT = 5;

    @Test
    void reCreatedOneShotChoicesOverSharedPortsHandleEachItemOnceAndLosersConsumeNothing() throws Exception {
        Violations violations = new Violations();
        Ledger ledger = new Ledger(PORTS, PER_PORT, violations);
        AtomicLong consumed = new AtomicLong();
        AtomicLong instances = new AtomicLong();
        AtomicLongArray wins = new AtomicLongArray(SHAPES);
        try (Dispatcher d = new Dispatcher(2, "choices")) {
            DispatcherQueue q = d.createQueue("q");
            @SuppressWarnings("unchecked")
            Port<Tagged>[] ports = new Port[PORTS];
            for (int i = 0; i < PORTS; i++) {
                ports[i] = new Port<>("P" + i);
            }
            Shapes shapes = new Shapes(q, ports, violations, ledger, consumed, instances, wins);
            for (int copy = 0; copy < COPIES; copy++) {
                for (int s = 0; s < SHAPES; s++) {
                    shapes.activate(s);
                }
            }

            long start = System.nanoTime();
            AtomicLong posted = new AtomicLong();
            runProducers("producer", PORTS, p -> {
                for (int i = 0; i < PER_PORT; i++) {
                    ports[p].post(new Tagged(p, i));
                    long n = posted.incrementAndGet();
                    maybeYield(i);
                    stayWithin(WINDOW * PORTS, n, consumed, () -> describe(ports));
                }
            });
            awaitQuiescent(d);
            report("competing re-created choices", ledger.total(), start);
            System.out.println("[stress]   choices fired: " + instances.get() + ", wins per shape: " + wins);

            String state = describe(ports);
            List<Tagged> left = new ArrayList<>();
            for (Port<Tagged> p : ports) {
                left.addAll(p.items());
            }
            assertThat(left).as("every port has plain receive branches: nothing may stay queued; %s", state).isEmpty();
            violations.assertNone();
            ledger.assertExactlyOnce(left);
            for (Port<Tagged> p : ports) {
                assertThat(p.receiverCount()).as("branches registered on %s (losers left behind?): %s", p, state)
                        .isEqualTo(COPIES * BRANCHES_PER_PORT);
            }
            long firings = 0;
            for (int s = 0; s < SHAPES; s++) {
                firings += wins.get(s);
            }
            assertThat(firings).isEqualTo(instances.get() - (long) COPIES * SHAPES);
            assertNoUnhandled(d);
        }
    }

    /** Builds the shapes; every handler checks its instance fires once, then activates a fresh one. */
    private static final class Shapes {
        private final DispatcherQueue q;
        private final Port<Tagged>[] p;
        private final Violations violations;
        private final Ledger ledger;
        private final AtomicLong consumed;
        private final AtomicLong instances;
        private final AtomicLongArray wins;

        Shapes(DispatcherQueue q, Port<Tagged>[] p, Violations violations, Ledger ledger, AtomicLong consumed,
               AtomicLong instances, AtomicLongArray wins) {
            this.q = q;
            this.p = p;
            this.violations = violations;
            this.ledger = ledger;
            this.consumed = consumed;
            this.instances = instances;
            this.wins = wins;
        }

        void activate(int shape) {
            instances.incrementAndGet();
            AtomicInteger fired = new AtomicInteger();
            Arbiter.activate(q, make(shape, fired));
        }

        private ArbiterTask make(int s, AtomicInteger fired) {
            return switch (s) {
                case 0 -> Arbiter.choice(one(s, fired, 0), one(s, fired, 1));
                case 1 -> Arbiter.choice(one(s, fired, 1), one(s, fired, 2));
                case 2 -> Arbiter.choice(one(s, fired, 2), one(s, fired, 3));
                case 3 -> Arbiter.choice(one(s, fired, 3), one(s, fired, 0));
                case 4 -> Arbiter.choice(one(s, fired, 0), one(s, fired, 1), one(s, fired, 2), one(s, fired, 3));
                case 5 -> Arbiter.choice(one(s, fired, 0),
                        Arbiter.joinedReceive(false, p[1], p[2], (x, y) -> won(s, fired, List.of(x, y), 1, 2)));
                case 6 -> Arbiter.choice(
                        Arbiter.joinedReceive(false, p[0], p[3], (x, y) -> won(s, fired, List.of(x, y), 0, 3)),
                        one(s, fired, 2));
                case 7 -> Arbiter.choice(
                        Arbiter.multipleItemReceive(p[3], 2, list -> won(s, fired, list, 3, 3)),
                        one(s, fired, 1));
                default -> throw new IllegalArgumentException("shape " + s);
            };
        }

        private ArbiterTask one(int s, AtomicInteger fired, int port) {
            return Arbiter.receive(false, p[port], t -> won(s, fired, List.of(t), port));
        }

        private void won(int s, AtomicInteger fired, List<Tagged> items, int... fromPorts) {
            int n = fired.incrementAndGet();
            violations.check(n == 1, () -> "a choice of shape S" + s + " fired " + n + " times; this time with " + items);
            violations.check(items.size() == fromPorts.length, () -> "S" + s + " got " + items);
            for (int i = 0; i < items.size(); i++) {
                Tagged t = items.get(i);
                int expected = fromPorts[Math.min(i, fromPorts.length - 1)];
                violations.check(t.producer() == expected, () -> "S" + s + " got " + t + " from the wrong port");
                ledger.consume(t);
            }
            if (items.size() == 2 && items.get(0).producer() == items.get(1).producer()) {
                violations.check(items.get(0).seq() < items.get(1).seq(), () -> "S" + s + " items out of FIFO order: " + items);
            }
            wins.incrementAndGet(s);
            consumed.addAndGet(items.size());
            activate(s);
        }
    }

    private static String describe(Port<?>[] ports) {
        return String.join("; ", Arrays.stream(ports).map(Port::describe).toList());
    }
}
