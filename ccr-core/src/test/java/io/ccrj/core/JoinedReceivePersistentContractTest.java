package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a persistent {@code joinedReceive} of two ports. */
class JoinedReceivePersistentContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        return subject(Arbiter.joinedReceive(true, a, b, (x, y) -> fired.accept(List.of(x, y))), true, Spread.PART_PER_PORT, 2, a, b);
    }
}
