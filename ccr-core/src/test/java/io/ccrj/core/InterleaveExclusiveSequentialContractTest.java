package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/**
 * The arbiter contract for a persistent {@code receiveSequential} in an interleave's exclusive
 * group (its teardown port stays unused). There exclusivity lasts until each sequential handler
 * returns, so its firings keep posting order, as the whole contract says, unlike a persistent
 * {@code receiveSequential} on its own ({@link ReceiveSequentialPersistentContractTest}).
 */
class InterleaveExclusiveSequentialContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        Port<Integer> teardown = new Port<>("teardown");
        Interleave il = Arbiter.interleave(Arbiter.teardown(Arbiter.receive(false, teardown, x -> { })),
                Arbiter.exclusive(Arbiter.receiveSequential(true, p, (x, ctx) -> fired.accept(List.of(x)))),
                Arbiter.concurrent());
        return subject(il, true, Spread.ONE_PORT, 1, p, teardown);
    }
}
