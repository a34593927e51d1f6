package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a one-shot {@code receiveSequential} (its handler runs on a virtual thread). */
class ReceiveSequentialOneShotContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        return subject(Arbiter.receiveSequential(false, p, (x, ctx) -> fired.accept(List.of(x))), false, Spread.ONE_PORT, 1, p);
    }
}
