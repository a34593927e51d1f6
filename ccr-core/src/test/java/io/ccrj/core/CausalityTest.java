package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class CausalityTest extends CcrTestSupport {

    @Test
    void handlerExceptionGoesToTheCausalityActiveWhenTheMessageWasPosted() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Throwable> queuePort = new Port<>("queue unhandled");
        q.setUnhandledExceptionPort(queuePort);
        Port<String> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, s -> {
            throw new IllegalStateException("failed on " + s);
        }));
        Causality c = new Causality("request-1");
        Causality.run(c, () -> p.post("x"));
        assertThat(awaitItem(c.exceptionPort())).isInstanceOf(IllegalStateException.class).hasMessage("failed on x");
        barrier(q);
        assertThat(queuePort.itemCount()).as("a causality takes precedence").isZero();
        assertThat(d.unhandledExceptionPort().itemCount()).isZero();
    }

    @Test
    void causalityFlowsAcrossPostsMadeByHandlers() {
        Dispatcher d = dispatcher(2);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> first = new Port<>("first");
        Port<Integer> second = new Port<>("second");
        Port<Integer> third = new Port<>("third");
        Arbiter.activate(q, Arbiter.receive(true, first, i -> second.post(i + 1)));
        Arbiter.activate(q, Arbiter.receive(true, second, i -> third.post(i + 1)));
        Arbiter.activate(q, Arbiter.receive(true, third, i -> {
            throw new ArithmeticException("hop " + i);
        }));
        Causality origin = new Causality("origin");
        Causality.run(origin, () -> first.post(1));
        assertThat(awaitItem(origin.exceptionPort())).hasMessage("hop 3");
    }

    @Test
    void currentInsideAHandlerShowsTheMessagesCausalityAndNothingLeaksToTheNextTask() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> p = new Port<>("p");
        CompletableFuture<List<Causality>> inHandler = new CompletableFuture<>();
        CompletableFuture<List<Causality>> inNextTask = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.receive(false, p, s -> inHandler.complete(Causality.current())));
        Causality c = new Causality("c");
        Causality.run(c, () -> p.post("x"));
        assertThat(await(inHandler)).containsExactly(c);
        q.execute(() -> inNextTask.complete(Causality.current()));
        assertThat(await(inNextTask)).as("the worker's causalities are restored after each task").isEmpty();
        assertThat(Causality.current()).as("run() restores the caller's set").isEmpty();
    }

    @Test
    void joinMergesTheCausalitiesOfAllItsItems() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> a = new Port<>("a");
        Port<String> b = new Port<>("b");
        CompletableFuture<List<Causality>> seen = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.joinedReceive(false, a, b, (x, y) -> {
            seen.complete(Causality.current());
            throw new IllegalStateException("join failed");
        }));
        Causality ca = new Causality("a-side");
        Causality cb = new Causality("b-side");
        Causality.run(ca, () -> a.post("x"));
        Causality.run(cb, () -> b.post("y"));
        assertThat(await(seen)).containsExactlyInAnyOrder(ca, cb);
        assertThat(awaitItem(ca.exceptionPort())).hasMessage("join failed");
        assertThat(awaitItem(cb.exceptionPort())).hasMessage("join failed");
    }

    @Test
    void aJoinHandsOverItemsWithTheirCausalitiesWhetherOrNotAnyWasActiveAtThePost() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        Causality middle = new Causality("middle");
        Runnable[] posts = {
            () -> { p.post(1); p.post(2); p.post(3); },                                  // none active
            () -> { p.post(4); Causality.run(middle, () -> p.post(5)); p.post(6); },      // one of three
            () -> { p.post(7); p.post(8); p.post(9); }                                   // none again, same port
        };
        List<List<Integer>> expectedItems = List.of(List.of(1, 2, 3), List.of(4, 5, 6), List.of(7, 8, 9));
        List<List<Causality>> expectedCausalities = List.of(List.of(), List.of(middle), List.of());
        for (int round = 0; round < posts.length; round++) {
            CompletableFuture<List<Integer>> items = new CompletableFuture<>();
            CompletableFuture<List<Causality>> active = new CompletableFuture<>();
            Arbiter.activate(q, Arbiter.multipleItemReceive(p, 3, l -> {
                active.complete(Causality.current());
                items.complete(l);
            }));
            posts[round].run();
            assertThat(await(items)).as("round %d: the items, in post order", round).isEqualTo(expectedItems.get(round));
            assertThat(await(active)).as("round %d: the causalities active in the handler", round)
                    .containsExactlyElementsOf(expectedCausalities.get(round));
            assertThatThrownBy(() -> await(items).set(0, 0)).isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Test
    void sameCausalityOnBothItemsOfAJoinIsReportedOnce() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.multipleItemReceive(p, 3, l -> {
            throw new IllegalStateException("batch failed");
        }));
        Causality c = new Causality("c");
        Causality.run(c, () -> {
            p.post(1);
            p.post(2);
            p.post(3);
        });
        awaitItem(c.exceptionPort());
        barrier(q);
        assertThat(c.exceptionPort().itemCount()).isZero();
    }

    @Test
    void nestedCausalitiesAllReceiveTheException() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, s -> {
            throw new IllegalStateException("both see me");
        }));
        Causality outer = new Causality("outer");
        Causality inner = new Causality("inner");
        Causality.run(outer, () -> Causality.run(inner, () -> p.post("x")));
        assertThat(awaitItem(outer.exceptionPort())).hasMessage("both see me");
        assertThat(awaitItem(inner.exceptionPort())).hasMessage("both see me");
    }

    @Test
    void withoutCausalityExceptionsGoToTheQueuesPortIfSetElseTheDispatchers() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue withPort = d.createQueue("with");
        DispatcherQueue without = d.createQueue("without");
        Port<Throwable> queuePort = new Port<>("queue unhandled");
        withPort.setUnhandledExceptionPort(queuePort);
        assertThat(withPort.unhandledExceptionPort()).isSameAs(queuePort);
        Port<String> p1 = new Port<>("p1");
        Port<String> p2 = new Port<>("p2");
        Arbiter.activate(withPort, Arbiter.receive(true, p1, s -> {
            throw new IllegalStateException("on queue " + s);
        }));
        Arbiter.activate(without, Arbiter.receive(true, p2, s -> {
            throw new IllegalStateException("on dispatcher " + s);
        }));
        p1.post("a");
        p2.post("b");
        assertThat(awaitItem(queuePort)).hasMessage("on queue a");
        assertThat(awaitItem(d.unhandledExceptionPort())).hasMessage("on dispatcher b");

        withPort.setUnhandledExceptionPort(null);
        p1.post("c");
        assertThat(awaitItem(d.unhandledExceptionPort())).hasMessage("on queue c");
    }

    @Test
    void clearCurrentInsideAHandlerStopsPropagation() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Throwable> queuePort = new Port<>("queue unhandled");
        q.setUnhandledExceptionPort(queuePort);
        Port<Integer> first = new Port<>("first");
        Port<Integer> resource = new Port<>("resource");
        Arbiter.activate(q, Arbiter.receive(true, first, i -> {
            Causality.clearCurrent();
            resource.post(i);
        }));
        Arbiter.activate(q, Arbiter.receive(true, resource, i -> {
            throw new IllegalStateException("resource failed " + i);
        }));
        Causality c = new Causality("c");
        Causality.run(c, () -> first.post(1));
        assertThat(awaitItem(queuePort)).hasMessage("resource failed 1");
        barrier(q);
        assertThat(c.exceptionPort().itemCount()).isZero();
    }

    @Test
    void runWithoutPostsWithNoCausalityAndRestoresTheCallersAfterwards() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Throwable> queuePort = new Port<>("queue unhandled");
        q.setUnhandledExceptionPort(queuePort);
        Port<String> resource = new Port<>("resource");
        Port<String> mine = new Port<>("mine");
        Port<String> entry = new Port<>("entry");
        Arbiter.activate(q, Arbiter.receive(true, entry, s -> {
            Causality.runWithout(() -> resource.post("shared"));
            mine.post("own");
        }));
        Handler<String> fail = s -> {
            throw new IllegalStateException(s);
        };
        Arbiter.activate(q, Arbiter.receive(true, resource, fail));
        Arbiter.activate(q, Arbiter.receive(true, mine, fail));
        Causality c = new Causality("c");
        Causality.run(c, () -> entry.post("go"));
        assertThat(awaitItem(queuePort)).hasMessage("shared");
        assertThat(awaitItem(c.exceptionPort())).hasMessage("own");
    }

    @Test
    void addAndRemoveManageTheCallingThreadsSet() {
        Causality a = new Causality("a");
        Causality b = new Causality("b", new Port<>("b-errors"));
        try {
            Causality.add(a);
            Causality.add(b);
            Causality.add(a);
            assertThat(Causality.current()).containsExactly(a, b);
            Causality.remove(a);
            assertThat(Causality.current()).containsExactly(b);
            assertThat(b.exceptionPort().name()).isEqualTo("b-errors");
            assertThat(b.name()).isEqualTo("b");
        } finally {
            Causality.clearCurrent();
        }
        assertThat(Causality.current()).isEmpty();
    }

    @Test
    void callReturnsTheBodysResultAndRestoresOnException() throws Exception {
        Causality c = new Causality("c");
        assertThat(Causality.call(c, () -> Causality.current().size())).isEqualTo(1);
        assertThatThrownBy(() -> Causality.call(c, () -> {
            throw new java.io.IOException("x");
        })).isInstanceOf(java.io.IOException.class);
        assertThat(Causality.current()).isEmpty();
    }

    @Test
    void aFailingExceptionHandlerDoesNotFeedItsOwnPort() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Throwable> queuePort = new Port<>("queue unhandled");
        q.setUnhandledExceptionPort(queuePort);
        Causality c = new Causality("c");
        Port<String> p = new Port<>("p");
        Arbiter.activate(q, Arbiter.receive(true, p, s -> {
            throw new IllegalStateException("first");
        }));
        Arbiter.activate(q, Arbiter.receive(true, c.exceptionPort(), t -> {
            throw new IllegalStateException("handler of the exception port failed too");
        }));
        Causality.run(c, () -> p.post("x"));
        assertThat(awaitItem(queuePort)).hasMessage("handler of the exception port failed too");
        barrier(q);
        barrier(q);
        assertThat(queuePort.itemCount()).as("no feedback loop").isZero();
    }

    @Test
    void badArgumentsAreRejected() {
        assertThatThrownBy(() -> new Causality(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Causality("x", null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Causality.add(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Causality.run(null, () -> { })).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Causality.run(new Causality("x"), null)).isInstanceOf(NullPointerException.class);
    }
}
