package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for an {@code interleave} whose units go to a persistent concurrent receive (its teardown port stays unused). */
class InterleaveConcurrentContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        Port<Integer> teardown = new Port<>("teardown");
        Interleave il = Arbiter.interleave(Arbiter.teardown(Arbiter.receive(false, teardown, x -> { })),
                Arbiter.exclusive(), Arbiter.concurrent(Arbiter.receive(true, p, x -> fired.accept(List.of(x)))));
        return subject(il, true, Spread.ONE_PORT, 1, p, teardown);
    }
}
