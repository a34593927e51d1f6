package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a persistent {@code receive} (on a dispatcher queue: the direct path). */
class ReceivePersistentContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        return subject(Arbiter.receive(true, p, x -> fired.accept(List.of(x))), true, Spread.ONE_PORT, 1, p);
    }
}
