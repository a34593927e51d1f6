package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Competing persistent joins of different sizes on one port: the large one is not starved. */
@Timeout(30)
class JoinFairnessTest extends CcrTestSupport {

    @Test
    void aLargeJoinCompetingWithASmallOneOnAPortStillFires() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("shared");
        AtomicInteger small = new AtomicInteger();
        AtomicInteger large = new AtomicInteger();
        AtomicInteger items = new AtomicInteger();
        Arbiter.activate(q,
                Arbiter.multipleItemReceive(true, p, 1, xs -> {
                    small.incrementAndGet();
                    items.addAndGet(xs.size());
                }),
                Arbiter.multipleItemReceive(true, p, 3, xs -> {
                    large.incrementAndGet();
                    items.addAndGet(xs.size());
                }));
        int posted = 3_000;
        for (int i = 0; i < posted; i++) {
            p.post(i); // one at a time: without fairness the one-item join takes every item
        }
        eventually("all items consumed once the stream stopped", () -> items.get() + p.itemCount() == posted
                && p.itemCount() == 0);
        assertThat(large.get()).as("the three-item join fired").isGreaterThan(posted / 20);
        assertThat(small.get()).as("the one-item join still fired").isGreaterThan(posted / 20);
        assertThat(small.get() + 3 * large.get()).isEqualTo(posted);
    }

    @Test
    void itemsHeldForAStarvingJoinGoToTheOthersWhenTheStreamStops() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> p = new Port<>("shared");
        AtomicInteger taken = new AtomicInteger();
        Arbiter.activate(q,
                Arbiter.multipleItemReceive(true, p, 1, xs -> taken.addAndGet(xs.size())),
                Arbiter.multipleItemReceive(true, p, 50, xs -> taken.addAndGet(xs.size())));
        for (int i = 0; i < 10; i++) {
            p.post(i);
        }
        // Ten items can never make fifty: a reservation for the large join lapses when posts stop.
        eventually("nothing stranded", () -> taken.get() == 10);
        assertThat(p.itemCount()).isZero();
        assertThat(List.of(p.receiverCount())).containsExactly(2);
    }
}
