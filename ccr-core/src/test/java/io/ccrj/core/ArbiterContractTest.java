package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract every arbiter kind keeps, as one abstract suite: a subclass says how to make its
 * kind ({@link #create}) and inherits every test, so a new kind of arbiter gets the whole contract
 * by adding a subclass of a few lines.
 *
 * <p>What the contract says: a firing takes exactly what one "unit" of posts provides and hands it
 * to the handler; a persistent arbiter on a one-thread dispatcher fires in posting order, a
 * one-shot arbiter fires once and leaves later items queued in order; nothing is lost or delivered
 * twice under concurrent posters; a cancelled (retracted) arbiter takes nothing more and leaves
 * the items queued; an arbiter that is done or cancelled is unregistered from every port
 * (teardown); a handler's failure goes to the causality its items were posted under, or to the
 * dispatcher's unhandled-exception port when there was none.
 *
 * <p>Items are tagged: part {@code j} of unit {@code u} is {@code u * 10 + j}.
 */
@Timeout(60)
abstract class ArbiterContractTest extends CcrTestSupport {

    /** One arbiter of the kind under test, with the ports it listens on. */
    protected interface Subject {
        /** The arbiter, not yet activated. */
        ArbiterTask task();

        /** {@code true} if it fires again and again until cancelled. */
        boolean persistent();

        /** Posts one unit: what one firing takes (items {@code u * 10 + j}). */
        void post(int unit);

        /** The items one firing of unit {@code u} hands the handler, in the handler's order. */
        List<Integer> expected(int unit);

        /** Every port the arbiter listens on. */
        List<Port<Integer>> ports();

        /**
         * How many registrations the arbiter holds on its ports now: the ports' receivers by
         * default; a kind that registers elsewhere (a completion watches its port) says so.
         */
        default int registrations() {
            int n = 0;
            for (Port<Integer> p : ports()) {
                n += p.receiverCount();
            }
            return n;
        }
    }

    /**
     * Makes a fresh subject whose handler gives each firing's items to {@code fired}; a handler
     * that {@code fired} makes throw must let the exception out as the handler's failure.
     */
    protected abstract Subject create(Consumer<List<Integer>> fired);

    /** Where the parts of a unit go. */
    protected enum Spread {
        /** Every part to the first port. */
        ONE_PORT,
        /** Part {@code j} to port {@code j}. */
        PART_PER_PORT,
        /** The unit's single part to port {@code u % ports}. */
        UNIT_PER_PORT
    }

    /**
     * The usual subject: {@code parts} items a firing, spread over {@code ports} as {@code spread}
     * says, handed to the handler in part order.
     */
    @SafeVarargs
    protected static Subject subject(ArbiterTask task, boolean persistent, Spread spread, int parts, Port<Integer>... ports) {
        List<Port<Integer>> list = List.of(ports);
        return new Subject() {
            @Override
            public ArbiterTask task() {
                return task;
            }

            @Override
            public boolean persistent() {
                return persistent;
            }

            @Override
            public void post(int u) {
                for (int j = 0; j < parts; j++) {
                    Port<Integer> to = switch (spread) {
                        case ONE_PORT -> list.get(0);
                        case PART_PER_PORT -> list.get(j);
                        case UNIT_PER_PORT -> list.get(u % list.size());
                    };
                    to.post(u * 10 + j);
                }
            }

            @Override
            public List<Integer> expected(int u) {
                return unit(u, parts);
            }

            @Override
            public List<Port<Integer>> ports() {
                return list;
            }
        };
    }

    /** The items of a unit of {@code parts} parts, {@code u * 10 + j}. */
    static List<Integer> unit(int u, int parts) {
        List<Integer> out = new ArrayList<>(parts);
        for (int j = 0; j < parts; j++) {
            out.add(u * 10 + j);
        }
        return out;
    }

    private static int queued(Subject s) {
        int n = 0;
        for (Port<Integer> p : s.ports()) {
            n += p.itemCount();
        }
        return n;
    }

    private static List<Integer> drain(Subject s) {
        List<Integer> out = new ArrayList<>();
        for (Port<Integer> p : s.ports()) {
            for (Integer x; (x = p.test()) != null; ) {
                out.add(x);
            }
        }
        return out;
    }

    private static void assertUnregistered(Subject s) {
        eventually("unregistered from every port", () -> s.registrations() == 0);
    }

    @Test
    void aFiringTakesExactlyOneUnit() {
        List<List<Integer>> fired = Collections.synchronizedList(new ArrayList<>());
        Subject s = create(fired::add);
        DispatcherQueue q = dispatcher(1).createQueue("q");
        Arbiter.activate(q, s.task());
        s.post(0);
        eventually("fired", () -> !fired.isEmpty());
        barrier(q);
        assertThat(fired).containsExactly(s.expected(0));
        assertThat(queued(s)).as("nothing left over").isZero();
    }

    @Test
    void firesInPostingOrderOrOnceLeavingTheRestInOrder() {
        List<List<Integer>> fired = Collections.synchronizedList(new ArrayList<>());
        Subject s = create(fired::add);
        DispatcherQueue q = dispatcher(1).createQueue("q");
        Arbiter.activate(q, s.task());
        int units = s.persistent() ? 200 : 5;
        for (int u = 0; u < units; u++) {
            s.post(u);
        }
        if (s.persistent()) {
            eventually("every unit fired", () -> fired.size() == units);
            List<List<Integer>> expected = new ArrayList<>();
            for (int u = 0; u < units; u++) {
                expected.add(s.expected(u));
            }
            assertThat(fired).containsExactlyElementsOf(expected);
        } else {
            eventually("fired", () -> !fired.isEmpty());
            barrier(q);
            quietPeriod();
            assertThat(fired).containsExactly(s.expected(0));
            List<Integer> rest = new ArrayList<>();
            for (int u = 1; u < units; u++) {
                rest.addAll(unit(u, s.expected(u).size()));
            }
            for (Port<Integer> p : s.ports()) {
                assertThat(p.items()).as("%s keeps its items in posting order", p).isSorted();
            }
            assertThat(drain(s)).as("the later units, still queued").containsExactlyInAnyOrderElementsOf(rest);
        }
    }

    @Test
    void concurrentPostersLoseAndDuplicateNothing() throws Exception {
        ConcurrentLinkedQueue<Integer> got = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<List<Integer>> firings = new ConcurrentLinkedQueue<>();
        Subject s = create(items -> {
            firings.add(items);
            got.addAll(items);
        });
        DispatcherQueue q = dispatcher(2).createQueue("q");
        Arbiter.activate(q, s.task());
        int producers = 4;
        int perProducer = 500;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < producers; t++) {
            int id = t;
            threads.add(Thread.ofPlatform().start(() -> {
                await(start);
                for (int i = 0; i < perProducer; i++) {
                    s.post(id * perProducer + i);
                    if ((i & 63) == 0) {
                        Thread.yield(); // keep the ports nearly empty, where the races are
                    }
                }
            }));
        }
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        }
        int units = producers * perProducer;
        int parts = s.expected(0).size();
        List<Integer> all = new ArrayList<>();
        for (int u = 0; u < units; u++) {
            all.addAll(unit(u, parts));
        }
        if (s.persistent()) {
            eventually("every unit fired", () -> firings.size() == units);
            assertThat(got).as("every item once").containsExactlyInAnyOrderElementsOf(all);
        } else {
            eventually("fired", () -> !firings.isEmpty());
            barrier(q);
            quietPeriod();
            assertThat(firings).as("one-shot: one firing").hasSize(1);
            assertThat(firings.peek()).hasSize(parts);
            List<Integer> seen = new ArrayList<>(got);
            seen.addAll(drain(s));
            assertThat(seen).as("fired plus still queued: every item once").containsExactlyInAnyOrderElementsOf(all);
        }
    }

    @Test
    void aCancelledArbiterTakesNothingAndLeavesTheItemsQueued() {
        List<List<Integer>> fired = Collections.synchronizedList(new ArrayList<>());
        Subject s = create(fired::add);
        DispatcherQueue q = dispatcher(1).createQueue("q");
        Arbiter.activate(q, s.task());
        s.task().cancel();
        assertThat(s.task().state()).isEqualTo(ArbiterTask.State.CANCELLED);
        for (int u = 0; u < 3; u++) {
            s.post(u);
        }
        barrier(q);
        quietPeriod();
        assertThat(fired).isEmpty();
        List<Integer> all = new ArrayList<>();
        for (int u = 0; u < 3; u++) {
            all.addAll(unit(u, s.expected(u).size()));
        }
        assertUnregistered(s);
        assertThat(drain(s)).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void retractedAfterFiringItTakesNothingMore() {
        List<List<Integer>> fired = Collections.synchronizedList(new ArrayList<>());
        Subject s = create(fired::add);
        DispatcherQueue q = dispatcher(1).createQueue("q");
        Arbiter.activate(q, s.task());
        int before = s.persistent() ? 3 : 1;
        for (int u = 0; u < before; u++) {
            s.post(u);
        }
        eventually("fired", () -> fired.size() == before);
        s.task().cancel();
        s.post(before);
        s.post(before + 1);
        barrier(q);
        quietPeriod();
        assertThat(fired).hasSize(before);
        List<Integer> rest = new ArrayList<>(unit(before, s.expected(before).size()));
        rest.addAll(unit(before + 1, s.expected(before + 1).size()));
        assertThat(drain(s)).containsExactlyInAnyOrderElementsOf(rest);
    }

    @Test
    void teardownUnregistersFromEveryPort() {
        List<List<Integer>> fired = Collections.synchronizedList(new ArrayList<>());
        Subject s = create(fired::add);
        DispatcherQueue q = dispatcher(1).createQueue("q");
        Arbiter.activate(q, s.task());
        assertThat(s.registrations()).as("registered while active").isPositive();
        s.post(0);
        eventually("fired", () -> fired.size() == 1);
        barrier(q);
        if (s.persistent()) {
            assertThat(s.task().state()).isEqualTo(ArbiterTask.State.ACTIVE);
            s.task().cancel();
            assertThat(s.task().state()).isEqualTo(ArbiterTask.State.CANCELLED);
        } else {
            eventually("done", () -> s.task().state() == ArbiterTask.State.DONE);
        }
        assertUnregistered(s);
    }

    @Test
    void aHandlerFailureGoesToTheCausalityOfItsItems() {
        Subject s = create(items -> {
            throw new IllegalStateException("failed on " + items);
        });
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Arbiter.activate(q, s.task());
        Causality c = new Causality("contract");
        Causality.run(c, () -> s.post(0));
        assertThat(awaitItem(c.exceptionPort())).isInstanceOf(IllegalStateException.class)
                .hasMessage("failed on " + s.expected(0));
        barrier(q);
        assertThat(d.unhandledExceptionPort().itemCount()).as("not reported as unhandled").isZero();
    }

    @Test
    void aHandlerFailureWithoutCausalityGoesToTheDispatcher() {
        Subject s = create(items -> {
            throw new IllegalStateException("failed on " + items);
        });
        Dispatcher d = dispatcher(1);
        Arbiter.activate(d.createQueue("q"), s.task());
        Causality.runWithout(() -> s.post(0));
        assertThat(awaitItem(d.unhandledExceptionPort())).isInstanceOf(IllegalStateException.class)
                .hasMessage("failed on " + s.expected(0));
    }
}
