package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Single-item receives (one-shot, persistent, with predicates) and {@code fromHandler}. */
@Timeout(30)
class ReceiveTest extends CcrTestSupport {

    @Test
    void oneShotReceiveFiresExactlyOnceAndLeavesTheRestQueued() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        AtomicInteger runs = new AtomicInteger();
        List<Integer> seen = new CopyOnWriteArrayList<>();
        ArbiterTask r = Arbiter.receive(false, port, i -> {
            runs.incrementAndGet();
            seen.add(i);
        });
        Arbiter.activate(q, r);
        assertThat(r.isActive()).isTrue();
        port.post(1);
        port.post(2);
        port.post(3);
        barrier(q);
        assertThat(runs).hasValue(1);
        assertThat(seen).containsExactly(1);
        assertThat(port.items()).containsExactly(2, 3);
        assertThat(port.receiverCount()).isZero();
        assertThat(r.isActive()).isFalse();
    }

    @Test
    void persistentReceiveDrainsEveryItem() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        AtomicInteger sum = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(100);
        ArbiterTask r = Arbiter.receive(true, port, i -> {
            sum.addAndGet(i);
            done.countDown();
        });
        Arbiter.activate(q, r);
        for (int i = 1; i <= 100; i++) {
            port.post(i);
        }
        await(done);
        assertThat(sum).hasValue(5050);
        assertThat(port.itemCount()).isZero();
        assertThat(port.receiverCount()).isEqualTo(1);
        assertThat(r.isActive()).isTrue();
        assertThat(r.isPersistent()).isTrue();
    }

    @Test
    void persistentReceiverRegisteredOnAFullPortDrainsItInFifoOrder() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        for (int i = 0; i < 50; i++) {
            port.post(i);
        }
        List<Integer> seen = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(60);
        Arbiter.activate(q, Arbiter.receive(true, port, i -> {
            seen.add(i);
            done.countDown();
        }));
        for (int i = 50; i < 60; i++) {
            port.post(i);
        }
        await(done);
        assertThat(seen).hasSize(60).isSorted();
        assertThat(port.itemCount()).isZero();
    }

    @Test
    void oneShotReceiverRegisteredOnAFullPortTakesTheHead() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> port = new Port<>("p");
        port.post("first");
        port.post("second");
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.receive(false, port, seen::add));
        barrier(q);
        assertThat(seen).containsExactly("first");
        assertThat(port.items()).containsExactly("second");
    }

    @Test
    void receiversAreOfferedItemsInRegistrationOrder() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.receive(false, port, i -> seen.add("A" + i)));
        Arbiter.activate(q, Arbiter.receive(true, port, i -> seen.add("B" + i)));
        Arbiter.activate(q, Arbiter.receive(true, port, i -> seen.add("C" + i)));
        port.post(1);
        port.post(2);
        port.post(3);
        barrier(q);
        assertThat(seen).containsExactly("A1", "B2", "B3");
    }

    @Test
    void predicateRejectedItemsStayQueuedForOtherReceivers() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        List<Integer> evens = new CopyOnWriteArrayList<>();
        List<Integer> rest = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.receive(true, port, evens::add, i -> i % 2 == 0));
        for (int i = 1; i <= 6; i++) {
            port.post(i);
        }
        barrier(q);
        assertThat(evens).containsExactly(2, 4, 6);
        assertThat(port.items()).as("rejected items wait in FIFO order").containsExactly(1, 3, 5);

        // A receiver registered later gets the rejected items, oldest first; no head-of-line blocking.
        Arbiter.activate(q, Arbiter.receive(true, port, rest::add));
        port.post(7);
        port.post(8);
        barrier(q);
        assertThat(rest).containsExactly(1, 3, 5, 7);
        assertThat(evens).containsExactly(2, 4, 6, 8);
        assertThat(port.itemCount()).isZero();
    }

    @Test
    void oneShotPredicateReceiverTakesTheFirstMatchNotTheHead() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> port = new Port<>("p");
        port.post("apple");
        port.post("banana");
        port.post("blueberry");
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.receive(false, port, seen::add, s -> s.startsWith("b")));
        barrier(q);
        assertThat(seen).containsExactly("banana");
        assertThat(port.items()).containsExactly("apple", "blueberry");
    }

    @Test
    void throwingPredicateKeepsTheItemAndReportsToThePostersCausality() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> port = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, port, s -> { }, s -> {
            throw new IllegalStateException("predicate broke on " + s);
        }));
        Causality c = new Causality("poster");
        assertThatCode(() -> Causality.run(c, () -> port.post("x"))).doesNotThrowAnyException();
        Throwable reported = awaitItem(c.exceptionPort());
        assertThat(reported).isInstanceOf(IllegalStateException.class).hasMessageContaining("predicate broke on x");
        assertThat(port.items()).containsExactly("x");

        // The item is still there for a later receiver.
        List<String> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.receive(false, port, seen::add));
        barrier(q);
        assertThat(seen).containsExactly("x");
    }

    @Test
    void throwingPredicateDoesNotStopLaterReceiversFromTakingTheItem() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        Port<Throwable> unhandled = new Port<>("unhandled");
        q.setUnhandledExceptionPort(unhandled);
        List<Integer> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.receive(true, port, i -> { }, i -> {
            throw new ArithmeticException("boom");
        }));
        Arbiter.activate(q, Arbiter.receive(true, port, seen::add));
        port.post(1);
        port.post(2);
        barrier(q);
        assertThat(seen).containsExactly(1, 2);
        assertThat(port.itemCount()).isZero();
        assertThat(awaitItem(unhandled)).as("no causality: the queue's unhandled port")
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void throwingPredicateOnAlreadyQueuedItemsReportsAndKeepsThem() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        Causality c = new Causality("poster");
        Causality.run(c, () -> port.post(1));
        assertThatCode(() -> Arbiter.activate(q, Arbiter.receive(false, port, i -> { }, i -> {
            throw new IllegalStateException("no");
        }))).doesNotThrowAnyException();
        assertThat(awaitItem(c.exceptionPort())).isInstanceOf(IllegalStateException.class);
        assertThat(port.items()).containsExactly(1);
    }

    @Test
    void cancelUnregistersAReceiverAndLeavesItemsInThePort() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        AtomicInteger runs = new AtomicInteger();
        ArbiterTask r = Arbiter.receive(true, port, i -> runs.incrementAndGet());
        Arbiter.activate(q, r);
        port.post(1);
        r.cancel();
        r.cancel(); // idempotent
        port.post(2);
        barrier(q);
        assertThat(runs).hasValue(1);
        assertThat(port.items()).containsExactly(2);
        assertThat(port.receiverCount()).isZero();
        assertThat(r.isActive()).isFalse();
    }

    @Test
    void persistentHandlersMayRunConcurrently() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        CountDownLatch bothInside = new CountDownLatch(2);
        CountDownLatch done = new CountDownLatch(2);
        Arbiter.activate(q, Arbiter.receive(true, port, i -> {
            bothInside.countDown();
            hold(bothInside);
            done.countDown();
        }));
        port.post(1);
        port.post(2);
        await(done);
    }

    @Test
    void fromHandlerRunsOnceOnActivation() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        AtomicInteger runs = new AtomicInteger();
        List<String> threads = new CopyOnWriteArrayList<>();
        ArbiterTask t = Arbiter.fromHandler(() -> {
            runs.incrementAndGet();
            threads.add(Thread.currentThread().getName());
        });
        assertThat(t.isPersistent()).isFalse();
        Arbiter.activate(q, t);
        barrier(q);
        barrier(q);
        assertThat(runs).hasValue(1);
        assertThat(threads).singleElement().asString().startsWith(d.name());
        assertThat(t.isActive()).isFalse();
        assertThatThrownBy(() -> Arbiter.activate(q, t)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already activated");
        barrier(q);
        assertThat(runs).hasValue(1);
    }

    @Test
    void activatingAnArbiterTwiceIsRejected() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        ArbiterTask r = Arbiter.receive(true, port, i -> { });
        Arbiter.activate(q, r);
        assertThatThrownBy(() -> Arbiter.activate(q, r))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already activated");
        assertThat(port.receiverCount()).isEqualTo(1);
    }

    @Test
    void handlerReceivesTheItemThatWasPosted() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<StringBuilder> port = new Port<>("p");
        StringBuilder item = new StringBuilder("same");
        java.util.concurrent.CompletableFuture<StringBuilder> got = new java.util.concurrent.CompletableFuture<>();
        Arbiter.activate(q, Arbiter.receive(false, port, got::complete));
        port.post(item);
        assertThat(await(got)).isSameAs(item);
    }
}
