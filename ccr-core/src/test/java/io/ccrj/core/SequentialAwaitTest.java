package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** What SequentialContext.await hands back, and the causality a sequential task adopts when it receives. */
@Timeout(30)
class SequentialAwaitTest extends CcrTestSupport {

    @Test
    void awaitReturnsTheItemTheJoinedPairTheListAndTheChosenBranchsValue() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> s = new Port<>("s");
        Port<Integer> i = new Port<>("i");
        PortSet set = PortSet.of(String.class, Integer.class, Long.class);
        AtomicReference<List<Object>> results = new AtomicReference<>();
        CompletableFuture<Void> f = q.spawn(ctx -> {
            Object item = ctx.await(Arbiter.receive(false, s, x -> { }));
            Object pair = ctx.await(Arbiter.joinedReceive(false, s, i, (x, y) -> { }));
            Object list = ctx.await(Arbiter.multipleItemReceive(i, 2, xs -> { }));
            Object chosen = ctx.await(Arbiter.choice(set, x -> { }));
            Object none = ctx.await(Arbiter.fromHandler(() -> { }));
            results.set(java.util.Arrays.asList(item, pair, list, chosen, none));
        });
        s.post("a");
        s.post("b");
        i.post(1);
        i.post(2);
        i.post(3);
        set.post(7L);
        await(f);
        assertThat(results.get()).containsExactly("a", new Joined<>("b", 1), List.of(2, 3), 7L, null);
    }

    @Test
    void awaitOfAChoiceWithACompletionBranchReturnsNullAtTheEnd() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> in = new Port<>("in");
        CompletableFuture<Integer> sum = new CompletableFuture<>();
        q.spawn(ctx -> {
            int total = 0;
            Object next;
            while ((next = ctx.await(Arbiter.choice(Arbiter.receive(false, in, x -> { }),
                    Arbiter.completion(in, () -> { })))) != null) {
                total += (Integer) next;
            }
            sum.complete(total);
        });
        for (int k = 1; k <= 10; k++) {
            in.post(k);
        }
        in.close();
        assertThat(await(sum)).isEqualTo(55);
    }

    @Test
    void aSequentialTaskAdoptsTheCausalityOfTheItemItReceives() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<String> in = new Port<>("in");
        Port<Throwable> errors = new Port<>("errors");
        Causality request = new Causality("request", errors);
        CompletableFuture<List<Causality>> afterReceive = new CompletableFuture<>();
        CompletableFuture<List<Causality>> afterPlainItem = new CompletableFuture<>();
        CompletableFuture<Void> f = q.spawn(ctx -> {
            ctx.receive(in);
            afterReceive.complete(Causality.current());
            ctx.receive(in); // posted with no causality: the adopted one stays
            afterPlainItem.complete(Causality.current());
            throw new IllegalStateException("after the wait");
        });
        Causality.run(request, () -> in.post("with causality"));
        assertThat(await(afterReceive)).containsExactly(request);
        in.post("plain");
        assertThat(await(afterPlainItem)).containsExactly(request);
        assertThat(awaitItem(errors)).hasMessage("after the wait");
        eventually("task ended", f::isDone);
    }
}
