package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a one-shot {@code joinedReceive} of two ports. */
class JoinedReceiveOneShotContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        return subject(Arbiter.joinedReceive(false, a, b, (x, y) -> fired.accept(List.of(x, y))), false, Spread.PART_PER_PORT, 2, a, b);
    }
}
