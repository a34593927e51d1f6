package io.ccrj.core;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The arbiter contract for a persistent {@code receiveSequential}. Each firing runs its handler on
 * a virtual thread of its own, and outside an interleave's exclusive group the receiver does not
 * wait for one handler to return before it fires again, so the handlers of successive items may
 * run at the same time even on a one-thread dispatcher: the posting-order property does not apply
 * as stated, and its override checks what does hold (every unit fired exactly once, each firing
 * its own unit, and nothing left in the port).
 */
class ReceiveSequentialPersistentContractTest extends ArbiterContractTest {
    @Override
    protected Subject create(Consumer<List<Integer>> fired) {
        Port<Integer> p = new Port<>("p");
        return subject(Arbiter.receiveSequential(true, p, (x, ctx) -> fired.accept(List.of(x))), true, Spread.ONE_PORT, 1, p);
    }

    @Override
    @Test
    void firesInPostingOrderOrOnceLeavingTheRestInOrder() {
        List<List<Integer>> fired = Collections.synchronizedList(new ArrayList<>());
        Subject s = create(fired::add);
        DispatcherQueue q = dispatcher(1).createQueue("q");
        Arbiter.activate(q, s.task());
        int units = 200;
        List<List<Integer>> expected = new ArrayList<>();
        for (int u = 0; u < units; u++) {
            s.post(u);
            expected.add(s.expected(u));
        }
        eventually("every unit fired", () -> fired.size() == units);
        quietPeriod();
        assertThat(fired).as("every unit once, in whatever order the handlers' threads ran")
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(s.ports().get(0).itemCount()).isZero();
    }
}
