package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a {@code choice} of two one-shot receives (a unit goes to one branch). */
class ChoiceContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        ArbiterTask choice = Arbiter.choice(Arbiter.receive(false, a, x -> fired.accept(List.of(x))),
                Arbiter.receive(false, b, x -> fired.accept(List.of(x))));
        return subject(choice, false, Spread.UNIT_PER_PORT, 1, a, b);
    }
}
