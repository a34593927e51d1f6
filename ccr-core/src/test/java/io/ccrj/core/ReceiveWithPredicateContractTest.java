package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a persistent {@code receive} with a predicate (a task per item, no direct path). */
class ReceiveWithPredicateContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        return subject(Arbiter.receive(true, p, x -> fired.accept(List.of(x)), x -> x % 10 == 0), true, Spread.ONE_PORT, 1, p);
    }
}
