package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a persistent {@code multipleItemReceive} of three items. */
class MultipleItemReceivePersistentContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        return subject(Arbiter.multipleItemReceive(true, p, 3, fired::accept), true, Spread.ONE_PORT, 3, p);
    }
}
