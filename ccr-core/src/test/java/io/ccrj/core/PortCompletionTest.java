package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Closing a port: refused posts, tryPost, completion arbiters, and a pipeline that shuts down in order. */
@Timeout(30)
class PortCompletionTest extends CcrTestSupport {

    @Test
    void closedPortRefusesPostsAndTryPostSaysSoWithoutThrowing() {
        Port<String> p = new Port<>("in");
        assertThat(p.tryPost("a")).isTrue();
        assertThat(p.close()).isTrue();
        assertThat(p.close()).as("idempotent").isFalse();
        assertThat(p.isClosed()).isTrue();
        assertThatThrownBy(() -> p.post("b")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("port 'in' is closed");
        assertThat(p.tryPost("b")).isFalse();
        assertThat(p.items()).as("queued items stay; the refused one was not queued").containsExactly("a");
        assertThat(p.postedCount()).isEqualTo(1);
    }

    @Test
    void tryPostReturnsFalseWhenTheReceiversDispatcherIsClosedAndKeepsTheItem() {
        Dispatcher d = dispatcher(1);
        Port<String> p = new Port<>("p");
        Arbiter.activate(d.createQueue("q"), Arbiter.receive(true, p, s -> { }));
        d.close();
        assertThat(p.tryPost("x")).isFalse();
        assertThat(p.items()).containsExactly("x");
        assertThatThrownBy(() -> p.tryPost(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void completionFiresOnceAfterTheLastQueuedItemIsTaken() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        p.post(1);
        p.post(2);
        AtomicInteger completions = new AtomicInteger();
        Arbiter.activate(q, Arbiter.completion(p, completions::incrementAndGet));
        p.close();
        barrier(q);
        assertThat(completions).as("items still queued").hasValue(0);
        assertThat(p.test()).isEqualTo(1);
        barrier(q);
        assertThat(completions).hasValue(0);
        assertThat(p.test()).isEqualTo(2);
        eventually("completion ran", () -> completions.get() == 1);
        barrier(q);
        assertThat(completions).hasValue(1);
    }

    @Test
    void completionActivatedOnAnAlreadyDrainedClosedPortFiresAtOnce() {
        Dispatcher d = dispatcher(1);
        Port<Integer> p = new Port<>("p");
        p.close();
        CompletableFuture<Void> done = new CompletableFuture<>();
        ArbiterTask c = Arbiter.completion(p, () -> done.complete(null));
        assertThat(c.state()).isEqualTo(ArbiterTask.State.CREATED);
        Arbiter.activate(d.createQueue("q"), c);
        await(done);
        assertThat(c.state()).isEqualTo(ArbiterTask.State.DONE);
    }

    @Test
    void choiceBetweenAJoinAndCompletionSeesTheEndOfAStream() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> a = new Port<>("a");
        Port<String> b = new Port<>("b");
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Void> end = new CompletableFuture<>();
        Runnable[] next = new Runnable[1];
        next[0] = () -> Arbiter.activate(q, Arbiter.choice(
                Arbiter.joinedReceive(false, a, b, (x, y) -> {
                    seen.add(x + y);
                    next[0].run();
                }),
                Arbiter.completion(a, () -> end.complete(null))));
        next[0].run();
        a.post(1);
        b.post("x");
        a.post(2);
        b.post("y");
        eventually("two pairs joined", () -> seen.size() == 2);
        a.post(3); // never joined: no b for it
        a.close();
        assertThat(a.test()).isEqualTo(3); // drain what can never pair
        await(end);
        assertThat(seen).containsExactly("1x", "2y");
    }

    @Test
    void joinTakingTheLastItemsOfAClosedPortFiresItsCompletion() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("p");
        CompletableFuture<Void> done = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.completion(p, () -> done.complete(null)));
        p.post(1);
        p.close();
        CompletableFuture<List<Integer>> pair = new CompletableFuture<>();
        Arbiter.activate(q, Arbiter.multipleItemReceive(p, 1, pair::complete));
        assertThat(await(pair)).containsExactly(1);
        await(done);
    }

    @Test
    void pipelineOfInterleavedStagesShutsDownInOrderAfterTheLastItem() {
        Dispatcher d = dispatcher(2);
        int stages = 3;
        int items = 2_000;
        @SuppressWarnings("unchecked")
        Port<Integer>[] ports = new Port[stages + 1];
        for (int i = 0; i <= stages; i++) {
            ports[i] = new Port<>("stage" + i);
        }
        List<Integer> out = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch closedOut = new CountDownLatch(1);
        for (int s = 0; s < stages; s++) {
            Port<Integer> in = ports[s];
            Port<Integer> next = ports[s + 1];
            DispatcherQueue q = d.createQueue("stage-" + s);
            // Concurrent handlers; the teardown runs once the input is closed and drained and
            // every running handler has finished, so closing the next port loses nothing.
            Arbiter.activate(q, Arbiter.interleave(
                    Arbiter.teardown(Arbiter.completion(in, next::close)),
                    Arbiter.exclusive(),
                    Arbiter.concurrent(Arbiter.receive(true, in, x -> next.post(x + 1)))));
        }
        DispatcherQueue sinkQueue = d.createQueue("sink");
        Arbiter.activate(sinkQueue, Arbiter.interleave(
                Arbiter.teardown(Arbiter.completion(ports[stages], closedOut::countDown)),
                Arbiter.exclusive(Arbiter.receive(true, ports[stages], out::add)),
                Arbiter.concurrent()));
        for (int i = 0; i < items; i++) {
            ports[0].post(i);
        }
        ports[0].close();
        await(closedOut);
        assertThat(out).hasSize(items);
        assertThat(out).doesNotHaveDuplicates().allMatch(x -> x >= stages && x < items + stages);
        for (Port<Integer> p : ports) {
            assertThat(p.isClosed()).isTrue();
            assertThat(p.itemCount()).isZero();
        }
    }
}
