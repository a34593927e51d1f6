package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a persistent {@code multiplePortReceive} over three ports. */
class MultiplePortReceiveContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> a = new Port<>("a");
        Port<Integer> b = new Port<>("b");
        Port<Integer> c = new Port<>("c");
        return subject(Arbiter.multiplePortReceive(true, fired::accept, a, b, c), true, Spread.PART_PER_PORT, 3, a, b, c);
    }
}
