package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The joins: multiple-item receive (and gather), multiple-port receive, joined receive. */
@Timeout(30)
class JoinTest extends CcrTestSupport {

    // ---- multipleItemReceive ----

    @Test
    void multipleItemReceiveOfOneBehavesLikeAOneShotReceive() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> port = new Port<>("p");
        CompletableFuture<List<String>> got = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.multipleItemReceive(port, 1, got::complete));
        port.post("a");
        port.post("b");
        assertThat(await(got)).containsExactly("a");
        assertThat(port.items()).containsExactly("b");
        assertThat(port.receiverCount()).isZero();
    }

    @Test
    void multipleItemReceiveIsNonGreedyUntilNItemsAreQueued() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        CompletableFuture<List<Integer>> got = new CompletableFuture<>();
        port.post(1);
        Arbiter.activate(q, Arbiter.multipleItemReceive(port, 4, got::complete));
        port.post(2);
        port.post(3);
        barrier(q);
        assertThat(got).isNotDone();
        assertThat(port.itemCount()).as("n-1 items: nothing consumed").isEqualTo(3);
        assertThat(port.items()).containsExactly(1, 2, 3);
        assertThat(port.test()).as("the items remain available to others").isEqualTo(1);
        port.post(4);
        port.post(5);
        assertThat(await(got)).containsExactly(2, 3, 4, 5);
        assertThat(port.itemCount()).isZero();
    }

    @Test
    void persistentMultipleItemReceiveFiresOncePerNItemsInFifoOrder() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        List<List<Integer>> batches = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.multipleItemReceive(true, port, 3, batches::add));
        for (int i = 1; i <= 10; i++) {
            port.post(i);
        }
        barrier(q);
        assertThat(batches).containsExactly(List.of(1, 2, 3), List.of(4, 5, 6), List.of(7, 8, 9));
        assertThat(port.items()).containsExactly(10);
        assertThat(port.receiverCount()).isEqualTo(1);
    }

    @Test
    void persistentMultipleItemReceiveRegisteredOnAFullPortFiresForEveryCompleteBatch() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        for (int i = 1; i <= 7; i++) {
            port.post(i);
        }
        List<List<Integer>> batches = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.multipleItemReceive(true, port, 2, batches::add));
        barrier(q);
        assertThat(batches).containsExactly(List.of(1, 2), List.of(3, 4), List.of(5, 6));
        assertThat(port.items()).containsExactly(7);
    }

    @Test
    void gatherOverSuccessFailurePortCountsNInTotalAndSplitsByType() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        SuccessFailurePort<String> replies = new SuccessFailurePort<>(String.class);
        CompletableFuture<List<String>> successes = new CompletableFuture<>();
        CompletableFuture<List<Exception>> failures = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.multipleItemReceive(replies, 5, (ok, failed) -> {
            successes.complete(ok);
            failures.complete(failed);
        }));
        replies.post("r1");
        replies.post(new IllegalStateException("f1"));
        replies.post("r2");
        replies.post("r3");
        barrier(q);
        assertThat(successes).as("4 of 5 replies: nothing delivered").isNotDone();
        assertThat(replies.itemCount()).isEqualTo(4);
        replies.post(new IllegalArgumentException("f2"));
        assertThat(await(successes)).containsExactly("r1", "r2", "r3");
        assertThat(await(failures)).extracting(Throwable::getMessage).containsExactly("f1", "f2");
        assertThat(replies.itemCount()).isZero();
        replies.post("late");
        barrier(q);
        assertThat(replies.success().items()).as("gather is one-shot").containsExactly("late");
    }

    @Test
    void gatherWithOnlyOneKindOfReplyDeliversAnEmptyListForTheOther() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        SuccessFailurePort<Integer> replies = new SuccessFailurePort<>(Integer.class);
        CompletableFuture<List<Object>> got = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.multipleItemReceive(replies, 2, (ok, failed) -> got.complete(List.of(ok, failed))));
        replies.post(new RuntimeException("a"));
        replies.post(new RuntimeException("b"));
        List<Object> result = await(got);
        assertThat((List<?>) result.get(0)).isEmpty();
        assertThat((List<?>) result.get(1)).hasSize(2);
    }

    // ---- multiplePortReceive ----

    @Test
    void multiplePortReceiveTakesOneItemFromEachPortInTheGivenPortOrder() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> p0 = new Port<>("p0");
        Port<String> p1 = new Port<>("p1");
        Port<String> p2 = new Port<>("p2");
        CompletableFuture<List<String>> got = new CompletableFuture<>();
        // Not creation order: the handler must see the caller's order, not the lock order.
        Arbiter.activate(q, Arbiter.multiplePortReceive(false, got::complete, p2, p0, p1));
        p0.post("zero");
        p0.post("zero-again");
        p2.post("two");
        barrier(q);
        assertThat(got).isNotDone();
        assertThat(p0.itemCount()).isEqualTo(2);
        assertThat(p2.itemCount()).isEqualTo(1);
        p1.post("one");
        assertThat(await(got)).containsExactly("two", "zero", "one");
        assertThat(p0.items()).containsExactly("zero-again");
        assertThat(p0.receiverCount() + p1.receiverCount() + p2.receiverCount()).isZero();
    }

    @Test
    void persistentMultiplePortReceiveFiresOncePerCompleteSet() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        List<List<Integer>> sets = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.multiplePortReceive(true, sets::add, a, b));
        for (int i = 0; i < 3; i++) {
            a.post(i);
        }
        b.post(10);
        b.post(11);
        barrier(q);
        assertThat(sets).containsExactly(List.of(0, 10), List.of(1, 11));
        assertThat(a.items()).containsExactly(2);
    }

    @Test
    void multiplePortReceiveRejectsAnEmptyArrayAndNullPorts() {
        Handler<List<Integer>> h = l -> { };
        assertThatThrownBy(() -> Arbiter.<Integer>multiplePortReceive(false, h))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one port");
        assertThatThrownBy(() -> Arbiter.multiplePortReceive(false, h, new Port<>("ok"), null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("port 1");
        assertThatThrownBy(() -> Arbiter.multiplePortReceive(false, h, (Port<Integer>[]) null))
                .isInstanceOf(NullPointerException.class);
    }

    // ---- joinedReceive ----

    @Test
    void joinedReceiveConsumesNothingUntilBothItemsArePresent() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> names = new Port<>("names");
        Port<Integer> ages = new Port<>("ages");
        CompletableFuture<String> got = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.joinedReceive(false, names, ages, (n, a) -> got.complete(n + "=" + a)));
        names.post("ann");
        names.post("bob");
        barrier(q);
        assertThat(got).isNotDone();
        assertThat(names.items()).containsExactly("ann", "bob");
        ages.post(30);
        assertThat(await(got)).isEqualTo("ann=30");
        assertThat(names.items()).containsExactly("bob");
        assertThat(names.receiverCount() + ages.receiverCount()).isZero();
        ages.post(40);
        barrier(q);
        assertThat(ages.items()).containsExactly(40);
    }

    @Test
    void persistentJoinFiresOncePerPairInFifoOrder() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        List<String> pairs = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.joinedReceive(true, a, b, (x, y) -> pairs.add(x + y)));
        a.post("x");
        a.post("y");
        a.post("z");
        b.post(1);
        b.post(2);
        barrier(q);
        assertThat(pairs).containsExactly("x1", "y2");
        assertThat(a.items()).containsExactly("z");
        b.post(3);
        barrier(q);
        assertThat(pairs).containsExactly("x1", "y2", "z3");
        assertThat(a.receiverCount()).isEqualTo(1);
        assertThat(b.receiverCount()).isEqualTo(1);
    }

    @Test
    void joinOverTheSamePortTwiceTakesTwoConsecutiveItems() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        CompletableFuture<String> joined = new CompletableFuture<>();
        CompletableFuture<List<Integer>> ports = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.joinedReceive(false, p, p, (a, b) -> joined.complete(a + "," + b)));
        p.post(1);
        barrier(q);
        assertThat(joined).isNotDone();
        p.post(2);
        assertThat(await(joined)).isEqualTo("1,2");
        Arbiter.activate(q, Arbiter.multiplePortReceive(false, ports::complete, p, p, p));
        p.post(3);
        p.post(4);
        p.post(5);
        assertThat(await(ports)).containsExactly(3, 4, 5);
    }

    @Test
    void joinDoesNotStealItemsThatASimpleReceiverRegisteredBeforeItTakes() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        List<Integer> simple = new CopyOnWriteArrayList<>();
        List<Integer> joined = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.receive(true, a, simple::add, i -> i < 0));
        Arbiter.activate(q, Arbiter.joinedReceive(true, a, b, (x, y) -> joined.add(x)));
        a.post(-1);
        a.post(5);
        b.post(0);
        barrier(q);
        assertThat(simple).containsExactly(-1);
        assertThat(joined).containsExactly(5);
    }

    @Test
    void competingJoinsOnSharedPortsLoseNothingDuplicateNothingAndNeverDeadlock() throws Exception {
        // Commits run on the three posting threads; one worker makes the final barrier exact.
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        Port<Integer> c = new Port<>("c");
        int n = 3000;
        List<Integer> taken = Collections.synchronizedList(new ArrayList<>());
        // (a,b) and (b,c) compete for b; (c,a) for both. Locks go in opposite user orders.
        Arbiter.activate(q, Arbiter.joinedReceive(true, a, b, (x, y) -> { taken.add(x); taken.add(y); }));
        Arbiter.activate(q, Arbiter.joinedReceive(true, c, b, (x, y) -> { taken.add(x); taken.add(y); }));
        Arbiter.activate(q, Arbiter.multiplePortReceive(true, taken::addAll, c, a));
        Thread[] posters = new Thread[3];
        Port<?>[] targets = {a, b, c};
        for (int t = 0; t < 3; t++) {
            @SuppressWarnings("unchecked")
            Port<Integer> target = (Port<Integer>) targets[t];
            int base = t * 1_000_000;
            posters[t] = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < n; i++) {
                    target.post(base + i);
                    if ((i & 7) == 0) {
                        Thread.yield();
                    }
                }
            });
        }
        for (Thread t : posters) {
            t.join(WAIT_SECONDS * 1000);
            assertThat(t.isAlive()).as("poster stuck: deadlock?").isFalse();
        }
        // A reservation lapses after a quiet millisecond and lets the joins it held back commit,
        // so joins may still fire after the posters stopped: wait until a barrier past any lapse
        // finds nothing new.
        List<Integer> seen = List.of();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            Thread.sleep(5);
            barrier(q);
            List<Integer> now;
            synchronized (taken) {
                now = new ArrayList<>(taken);
            }
            if (now.size() == seen.size() && now.size() > 0) {
                break;
            }
            seen = now;
            assertThat(System.nanoTime() - deadline).as("joins still firing").isNegative();
        }
        int left = a.itemCount() + b.itemCount() + c.itemCount();
        assertThat(seen).doesNotHaveDuplicates();
        assertThat(seen.size() + left).as("every item either taken once or still queued").isEqualTo(3 * n);
        // Every pair of ports can still be joined, so at most one port can hold items at rest.
        int nonEmpty = (a.itemCount() > 0 ? 1 : 0) + (b.itemCount() > 0 ? 1 : 0) + (c.itemCount() > 0 ? 1 : 0);
        assertThat(nonEmpty).as("a join was left with a complete set available").isLessThanOrEqualTo(1);
    }

    @Test
    void joinedReceiveMergesNothingWhenCancelledAndLeavesItemsInPlace() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        CountDownLatch fired = new CountDownLatch(1);
        ArbiterTask join = Arbiter.joinedReceive(true, a, b, (x, y) -> fired.countDown());
        Arbiter.activate(q, join);
        a.post(1);
        join.cancel();
        b.post(2);
        barrier(q);
        assertThat(fired.getCount()).isEqualTo(1);
        assertThat(a.items()).containsExactly(1);
        assertThat(b.items()).containsExactly(2);
        assertThat(a.receiverCount() + b.receiverCount()).isZero();
    }

    @Test
    void joinCountsMustBePositive() {
        Port<Integer> p = new Port<>("p");
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(p, 0, l -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(true, p, -1, l -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> Arbiter.multipleItemReceive(new SuccessFailurePort<String>(), 0, (x, y) -> { }))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
