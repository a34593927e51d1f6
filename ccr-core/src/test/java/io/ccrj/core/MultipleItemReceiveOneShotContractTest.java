package io.ccrj.core;

import java.util.List;
import java.util.function.Consumer;

/** The arbiter contract for a one-shot {@code multipleItemReceive} of three items. */
class MultipleItemReceiveOneShotContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        return subject(Arbiter.multipleItemReceive(false, p, 3, fired::accept), false, Spread.ONE_PORT, 3, p);
    }
}
