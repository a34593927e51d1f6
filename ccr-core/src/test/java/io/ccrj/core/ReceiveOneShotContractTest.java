package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a one-shot {@code receive}. */
class ReceiveOneShotContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        return subject(Arbiter.receive(false, p, x -> fired.accept(List.of(x))), false, Spread.ONE_PORT, 1, p);
    }
}
