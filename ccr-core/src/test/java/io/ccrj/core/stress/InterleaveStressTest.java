package io.ccrj.core.stress;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Interleave;
import io.ccrj.core.Port;
import io.ccrj.core.stress.StressHarness.Ledger;
import io.ccrj.core.stress.StressHarness.Tagged;
import io.ccrj.core.stress.StressHarness.Violations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import static io.ccrj.core.stress.StressHarness.assertAscending;
import static io.ccrj.core.stress.StressHarness.assertNoUnhandled;
import static io.ccrj.core.stress.StressHarness.await;
import static io.ccrj.core.stress.StressHarness.maybeYield;
import static io.ccrj.core.stress.StressHarness.report;
import static io.ccrj.core.stress.StressHarness.runProducers;
import static io.ccrj.core.stress.StressHarness.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An interleave with two exclusive branches (ports X0, X1), one concurrent branch (port R) and a
 * teardown (port TD) on a two-worker dispatcher, one producer per port.
 *
 * <p>Overlap is tracked in one atomic word: a concurrent handler adds 1 on entry, an exclusive or
 * teardown handler adds {@link #EXCLUSIVE}; each checks on entry what the word held. Any two
 * intervals [entry, exit] that overlap are caught by the entry check of whichever started second,
 * so the check is complete, not just likely.
 *
 * <p>Writer preference is checked exactly: a concurrent item whose post began after an exclusive
 * item's post returned was committed after it (the interleave's state lock orders the commits), so
 * it must not start before that exclusive handler started. Each concurrent item carries the last
 * exclusive sequence numbers posted before it; its handler compares them with the exclusives
 * started so far. Without writer preference a stream of overlapping concurrents would starve the
 * exclusives and this check would fail at once.
 */
@Timeout(120)
class InterleaveStressTest {
    private static final int EXCLUSIVE = 1 << 20;
    private static final int READS = 700_000;
    private static final int WRITES_PER_BRANCH = 175_000;
    /** The teardown test retires one interleave per round: many teardowns, each mid-stream. */
    private static final int ROUNDS = 150;
    private static final int WINDOW = 64;
    /** Producer ids in the ledger. */
    private static final int R = 0;
    private static final int X0 = 1;
    private static final int X1 = 2;

    /** A concurrent item and the last exclusive items of X0 and X1 posted before it. */
    record Read(int seq, int afterX0, int afterX1) {
    }

    /** The interleave under test and everything its handlers record. */
    private static final class Rig {
        final int reads;
        final int writes;
        final Violations violations;
        final Ledger ledger;
        final AtomicInteger inside = new AtomicInteger();
        final AtomicLong consumed = new AtomicLong();
        final AtomicLong overlaps = new AtomicLong();
        final AtomicIntegerArray lastPosted = new AtomicIntegerArray(new int[] {-1, -1});
        final AtomicIntegerArray lastStarted = new AtomicIntegerArray(new int[] {-1, -1});
        final AtomicBoolean tornDown = new AtomicBoolean();
        final Port<Read> r = new Port<>("R");
        final Port<Tagged> x0 = new Port<>("X0");
        final Port<Tagged> x1 = new Port<>("X1");
        final Port<String> td = new Port<>("TD");
        final Interleave interleave;

        Rig(DispatcherQueue queue, int reads, int writes, Violations violations) {
            this.reads = reads;
            this.writes = writes;
            this.violations = violations;
            this.ledger = new Ledger(3, Math.max(reads, writes), violations);
            interleave = Arbiter.interleave(
                    Arbiter.teardown(Arbiter.receive(false, td, s -> teardown())),
                    Arbiter.exclusive(
                            Arbiter.receive(true, x0, t -> write(0, t)),
                            Arbiter.receive(true, x1, t -> write(1, t))),
                    Arbiter.concurrent(Arbiter.receive(true, r, this::read)));
            Arbiter.activate(queue, interleave);
        }

        private void write(int branch, Tagged t) {
            int v = inside.addAndGet(EXCLUSIVE);
            violations.check(v == EXCLUSIVE, () -> "exclusive X" + branch + " " + t + " entered with " + running(v - EXCLUSIVE));
            violations.check(!tornDown.get(), () -> "exclusive X" + branch + " ran after the teardown");
            int prev = lastStarted.get(branch);
            violations.check(t.seq() == prev + 1, () -> "X" + branch + " not FIFO: " + t + " after seq " + prev);
            lastStarted.set(branch, t.seq());
            ledger.consume(t);
            inside.addAndGet(-EXCLUSIVE);
            consumed.incrementAndGet();
        }

        private void read(Read item) {
            int v = inside.incrementAndGet();
            violations.check(v < EXCLUSIVE, () -> "concurrent " + item + " entered with " + running(v - 1));
            violations.check(!tornDown.get(), () -> "concurrent " + item + " ran after the teardown");
            if (v > 1) {
                overlaps.incrementAndGet();
            } else if ((item.seq() & 1023) == 0) {
                // Now and then wait (briefly, bounded) for a second concurrent to come in beside this one.
                long until = System.nanoTime() + 2_000_000;
                while (inside.get() == 1 && System.nanoTime() - until < 0) {
                    Thread.onSpinWait();
                }
                if (inside.get() > 1) {
                    overlaps.incrementAndGet();
                }
            }
            violations.check(lastStarted.get(0) >= item.afterX0() && lastStarted.get(1) >= item.afterX1(),
                    () -> "writer preference: concurrent " + item + " started before an exclusive posted ahead of it"
                            + " (exclusives started so far: X0 " + lastStarted.get(0) + ", X1 " + lastStarted.get(1) + ")");
            for (int i = 0; i < 50; i++) {
                Thread.onSpinWait(); // a little work, so that concurrents have a chance to overlap
            }
            ledger.consume(R, item.seq());
            inside.decrementAndGet();
            consumed.incrementAndGet();
        }

        private void teardown() {
            int v = inside.addAndGet(EXCLUSIVE);
            violations.check(v == EXCLUSIVE, () -> "teardown entered with " + running(v - EXCLUSIVE));
            tornDown.set(true);
            inside.addAndGet(-EXCLUSIVE);
        }

        private static String running(int v) {
            return (v / EXCLUSIVE) + " exclusive and " + (v % EXCLUSIVE) + " concurrent handler(s) running";
        }

        long total() {
            return reads + 2L * writes;
        }

        /** Posts every item; producers stay within the window until {@code unthrottle} is set. */
        void produce(AtomicBoolean unthrottle) throws InterruptedException {
            AtomicLong posted = new AtomicLong();
            runProducers("producer", 3, p -> {
                int n = p == R ? reads : writes;
                for (int i = 0; i < n; i++) {
                    if (p == R) {
                        r.post(new Read(i, lastPosted.get(0), lastPosted.get(1)));
                    } else {
                        (p == X0 ? x0 : x1).post(new Tagged(p, i));
                        lastPosted.set(p - X0, i);
                    }
                    long k = posted.incrementAndGet();
                    maybeYield(i);
                    long deadline = System.nanoTime() + WAIT.toNanos();
                    while (k - consumed.get() > WINDOW * 3L && !unthrottle.get()) {
                        if (System.nanoTime() - deadline > 0) {
                            throw new AssertionError("handlers stalled: " + interleave.describe()
                                    + ", pending exclusive " + interleave.pendingExclusiveCount()
                                    + ", pending concurrent " + interleave.pendingConcurrentCount());
                        }
                        Thread.yield();
                    }
                }
            });
        }

        /** The ledger is sized for the readers; the exclusive producers post fewer. */
        List<Tagged> unusedLedgerSlots() {
            List<Tagged> out = new ArrayList<>();
            for (int p = X0; p <= X1; p++) {
                for (int i = writes; i < reads; i++) {
                    out.add(new Tagged(p, i));
                }
            }
            return out;
        }
    }

    @Test
    void exclusivesRunAloneConcurrentsOverlapAndPendingWritersHoldBackNewReaders() throws Exception {
        try (Dispatcher d = new Dispatcher(2, "interleave")) {
            Rig rig = new Rig(d.createQueue("q"), READS, WRITES_PER_BRANCH, new Violations());
            long start = System.nanoTime();
            rig.produce(new AtomicBoolean());
            await(() -> rig.consumed.get() == rig.total(), () -> rig.consumed.get() + " of " + rig.total() + " handled");
            report("interleave arbitration", rig.total(), start);
            System.out.println("[stress]   concurrent handlers that overlapped another: " + rig.overlaps.get());

            rig.td.post("stop");
            await(rig.interleave::isRetired, () -> "interleave to retire: " + rig.interleave.describe());
            rig.violations.assertNone();
            rig.ledger.assertExactlyOnce(rig.unusedLedgerSlots());
            assertThat(rig.overlaps.get()).as("concurrent handlers never overlapped").isPositive();
            for (Port<?> p : List.of(rig.r, rig.x0, rig.x1, rig.td)) {
                assertThat(p.itemCount()).as("%s", p.describe()).isZero();
                assertThat(p.receiverCount()).as("retired, yet still registered: %s", p.describe()).isZero();
            }
            assertNoUnhandled(d);
        }
    }

    /**
     * One interleave per round, torn down once half its items are handled while the producers
     * go on posting. The teardown handler runs alone and last; the items pending inside the
     * interleave go back to the heads of their ports, in their original order; new items stay in
     * their ports. By the time {@link Interleave#isRetired()} is true all of that is done, so the
     * ports then hold, in FIFO order, exactly the items that were not handled.
     */
    @Test
    void teardownMidStreamRetiresTheInterleaveAndEveryItemIsHandledOnceOrBackInItsPortInOrder() throws Exception {
        long start = System.nanoTime();
        long total = 0;
        long handled = 0;
        long pendingInsideAtTeardown = 0;
        try (Dispatcher d = new Dispatcher(2, "interleave")) {
            DispatcherQueue q = d.createQueue("q");
            for (int round = 0; round < ROUNDS; round++) {
                Violations violations = new Violations();
                Rig rig = new Rig(q, READS / ROUNDS, WRITES_PER_BRANCH / ROUNDS, violations);
                AtomicBoolean unthrottle = new AtomicBoolean();
                AtomicInteger pendingInside = new AtomicInteger();
                Thread tearer = new Thread(() -> {
                    long deadline = System.nanoTime() + WAIT.toNanos();
                    while (rig.consumed.get() < rig.total() / 2 && System.nanoTime() - deadline < 0) {
                        Thread.yield();
                    }
                    pendingInside.set(rig.interleave.pendingExclusiveCount() + rig.interleave.pendingConcurrentCount());
                    rig.td.post("stop");
                    unthrottle.set(true);
                }, "tearer");
                tearer.setDaemon(true);
                tearer.start();
                rig.produce(unthrottle);
                tearer.join(WAIT.toMillis());
                await(rig.interleave::isRetired, () -> "interleave to retire: " + rig.interleave.describe());
                String where = "round " + round + ": ";

                for (Port<?> p : List.of(rig.r, rig.x0, rig.x1, rig.td)) {
                    assertThat(p.receiverCount()).as(where + "retired, yet still registered: %s", p.describe()).isZero();
                }
                List<Tagged> left = new ArrayList<>();
                List<Integer> rSeqs = rig.r.items().stream().map(Read::seq).toList();
                assertAscending(rSeqs, () -> where + "port R after the teardown (items pending inside go back in order)");
                rSeqs.forEach(seq -> left.add(new Tagged(R, seq)));
                for (Port<Tagged> p : List.of(rig.x0, rig.x1)) {
                    List<Tagged> items = p.items();
                    assertAscending(items.stream().map(Tagged::seq).toList(),
                            () -> where + "port " + p.name() + " after the teardown (items pending inside go back in order)");
                    left.addAll(items);
                }
                assertThat(rig.tornDown.get()).isTrue();
                violations.assertNone();
                List<Tagged> unused = rig.unusedLedgerSlots();
                assertThat(rig.consumed.get() + left.size()).as(where + "handled + left in ports").isEqualTo(rig.total());
                left.addAll(unused);
                rig.ledger.assertExactlyOnce(left);
                total += rig.total();
                handled += rig.consumed.get();
                pendingInsideAtTeardown += pendingInside.get();
            }
            report("interleave teardown mid-stream, " + ROUNDS + " rounds", total, start);
            System.out.println("[stress]   handled " + handled + ", left in ports " + (total - handled)
                    + ", pending inside when the teardown was posted: " + pendingInsideAtTeardown + " in all");
            assertNoUnhandled(d);
        }
    }
}
