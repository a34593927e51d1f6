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
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static io.ccrj.core.stress.StressHarness.WAIT;
import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.awaitQuiescent;
import static io.ccrj.core.stress.StressHarness.maybeYield;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Posts racing receiver registration and cancellation on one port: two posters, two threads that
 * activate receivers (one-shot mostly, persistent sometimes) and cancel some at once, some later,
 * and some from a third thread while the activation may still be registering them.
 *
 * <p>The port lock decides every race, so: each item is consumed exactly once or is still in the
 * port at the end; a one-shot receiver fires at most once; a receiver is never offered an item
 * after {@code cancel()} returned (its predicate, which runs under the port lock at each offer,
 * checks that); and once everything is cancelled no registration is left behind on the port.
 */
@Timeout(120)
class PostRegistrationRaceStressTest {
    private static final int POSTERS = 2;
    private static final int PER_POSTER = 500_000;
    private static final int REGISTRARS = 2;
    /** Posters pause while the port holds more than this: it keeps going empty and filling again. */
    private static final int BACKLOG = 32;

    /** One activated receiver and what the test knows about it. */
    private static final class Probe {
        final AtomicInteger fired = new AtomicInteger();
        final AtomicBoolean cancelReturned = new AtomicBoolean();
        volatile ArbiterTask task;

        void cancel() {
            task.cancel();
            cancelReturned.set(true);
        }
    }

    @Test
    void everyItemIsConsumedOnceOrLeftInThePortWhileReceiversComeAndGo() throws Exception {
        Violations violations = new Violations();
        Ledger ledger = new Ledger(POSTERS, PER_POSTER, violations);
        AtomicLong activations = new AtomicLong();
        AtomicLong crossThreadCancels = new AtomicLong();
        try (Dispatcher d = new Dispatcher(2, "race")) {
            DispatcherQueue q = d.createQueue("q");
            Port<Tagged> port = new Port<>("P");
            AtomicBoolean postersDone = new AtomicBoolean();
            AtomicBoolean registrarsDone = new AtomicBoolean();
            ConcurrentLinkedQueue<Probe> toCancel = new ConcurrentLinkedQueue<>();
            List<List<Probe>> keptPerRegistrar = new ArrayList<>();
            for (int i = 0; i < REGISTRARS; i++) {
                keptPerRegistrar.add(new ArrayList<>());
            }

            Thread canceller = daemon("canceller", () -> {
                while (!registrarsDone.get() || !toCancel.isEmpty()) {
                    Probe p = toCancel.poll();
                    if (p == null) {
                        Thread.yield();
                    } else {
                        while (p.task == null) {
                            Thread.onSpinWait();
                        }
                        p.cancel();
                        crossThreadCancels.incrementAndGet();
                    }
                }
            });
            List<Thread> registrars = new ArrayList<>();
            for (int r = 0; r < REGISTRARS; r++) {
                List<Probe> kept = keptPerRegistrar.get(r);
                registrars.add(daemon("registrar-" + r, () -> {
                    ThreadLocalRandom rnd = ThreadLocalRandom.current();
                    for (int round = 0; !postersDone.get(); round++) {
                        maybeYield(round << 3); // every 8th activation: leave the cores to posters and workers too
                        int dice = rnd.nextInt(100);
                        Probe p = new Probe();
                        boolean persistent = dice >= 92;
                        boolean predicate = (dice & 1) == 0;
                        p.task = receiver(port, persistent, predicate, p, violations, ledger);
                        if (dice < 25) {
                            toCancel.add(p); // cancelled by another thread, maybe while being registered
                        }
                        Arbiter.activate(q, p.task);
                        activations.incrementAndGet();
                        if (dice < 25) {
                            continue;
                        } else if (dice < 60) {
                            p.cancel();
                        } else if (persistent) {
                            for (int i = rnd.nextInt(200); i > 0; i--) {
                                Thread.onSpinWait();
                            }
                            p.cancel();
                        } else {
                            kept.add(p); // left to fire; cancelled at the end if it has not
                        }
                        if (kept.size() > 64) {
                            kept.removeIf(k -> k.fired.get() > 0);
                        }
                    }
                }));
            }

            long start = System.nanoTime();
            canceller.start();
            registrars.forEach(Thread::start);
            try {
                runProducers("poster", POSTERS, id -> {
                    for (int i = 0; i < PER_POSTER; i++) {
                        port.post(new Tagged(id, i));
                        maybeYield(i);
                        long deadline = System.nanoTime() + WAIT.toNanos();
                        while (port.itemCount() > BACKLOG) {
                            if (System.nanoTime() - deadline > 0) {
                                throw new AssertionError("no receiver took anything for " + WAIT + ": " + port.describe());
                            }
                            Thread.yield();
                        }
                    }
                });
            } finally {
                postersDone.set(true);
            }
            for (Thread t : registrars) {
                t.join(WAIT.toMillis());
                assertThat(t.isAlive()).as(t.getName() + " stuck").isFalse();
            }
            registrarsDone.set(true);
            canceller.join(WAIT.toMillis());
            assertThat(canceller.isAlive()).as("canceller stuck").isFalse();
            for (List<Probe> kept : keptPerRegistrar) {
                kept.forEach(Probe::cancel);
            }
            awaitQuiescent(d);
            report("post vs. register/cancel race (" + activations.get() + " activations, "
                    + crossThreadCancels.get() + " cancelled from another thread)", ledger.total(), start);

            List<Tagged> left = port.items();
            System.out.println("[stress]   consumed " + ledger.consumed() + ", left in the port " + left.size());
            violations.assertNone();
            ledger.assertExactlyOnce(left);
            assertThat(port.receiverCount()).as("registrations left behind: %s", port.describe()).isZero();
            assertNoUnhandled(d);
        }
    }

    private static ArbiterTask receiver(Port<Tagged> port, boolean persistent, boolean withPredicate, Probe p,
                                        Violations violations, Ledger ledger) {
        if (!withPredicate) {
            return Arbiter.receive(persistent, port, t -> handled(t, persistent, p, violations, ledger));
        }
        return Arbiter.receive(persistent, port, t -> handled(t, persistent, p, violations, ledger), t -> {
            violations.check(!p.cancelReturned.get(), () -> "a receiver was offered " + t + " after cancel() returned");
            return true;
        });
    }

    private static void handled(Tagged t, boolean persistent, Probe p, Violations violations, Ledger ledger) {
        int n = p.fired.incrementAndGet();
        violations.check(persistent || n == 1, () -> "a one-shot receiver fired " + n + " times, now with " + t);
        ledger.consume(t);
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        return t;
    }
}
