package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for an {@code interleave} whose units go to a persistent exclusive receive (its teardown port stays unused). */
class InterleaveExclusiveContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        Port<Integer> teardown = new Port<>("teardown");
        Interleave il = Arbiter.interleave(Arbiter.teardown(Arbiter.receive(false, teardown, x -> { })),
                Arbiter.exclusive(Arbiter.receive(true, p, x -> fired.accept(List.of(x)))), Arbiter.concurrent());
        return subject(il, true, Spread.ONE_PORT, 1, p, teardown);
    }
}
