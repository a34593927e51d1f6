package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/**
 * The arbiter contract for {@code choice(PortSet, handler)}: one item from whichever of the set's
 * ports has one first (a unit goes to one port). The items are posted to the ports directly, so
 * that every port gets units; routing by type is {@link PortSet}'s own concern.
 */
class PortSetChoiceContractTest extends ArbiterContractTest {
    @Override
    @SuppressWarnings("unchecked")
    protected Subject create(Consumer<List<Integer>> fired) {
        PortSet set = PortSet.of(Integer.class, Number.class, Object.class);
        // Every port here holds Integers only: the Number and Object ports accept them as is.
        Port<Integer> integers = set.port(Integer.class);
        Port<Integer> numbers = (Port<Integer>) (Port<?>) set.port(Number.class);
        Port<Integer> objects = (Port<Integer>) (Port<?>) set.port(Object.class);
        ArbiterTask choice = Arbiter.choice(set, x -> fired.accept(List.of((Integer) x)));
        return subject(choice, false, Spread.UNIT_PER_PORT, 1, integers, numbers, objects);
    }
}
