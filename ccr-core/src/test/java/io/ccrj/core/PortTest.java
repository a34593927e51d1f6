package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class PortTest extends CcrTestSupport {

    @Test
    void postWithNoReceiverQueuesItemsInFifoOrder() {
        Port<Integer> port = new Port<>("numbers");
        for (int i = 1; i <= 5; i++) {
            port.post(i);
        }
        assertThat(port.itemCount()).isEqualTo(5);
        assertThat(port.postedCount()).isEqualTo(5);
        assertThat(port.items()).containsExactly(1, 2, 3, 4, 5);
        for (int i = 1; i <= 5; i++) {
            assertThat(port.test()).isEqualTo(i);
        }
        assertThat(port.test()).isNull();
        assertThat(port.itemCount()).isZero();
        assertThat(port.postedCount()).as("posted counts every post ever made").isEqualTo(5);
    }

    @Test
    void itemsIsASnapshotThatDoesNotConsume() {
        Port<String> port = new Port<>("p");
        port.post("a");
        List<String> snapshot = port.items();
        port.post("b");
        assertThat(snapshot).containsExactly("a");
        assertThat(port.items()).containsExactly("a", "b");
        try {
            snapshot.clear();
        } catch (UnsupportedOperationException immutable) {
            // either way, the port must not change
        }
        assertThat(port.items()).containsExactly("a", "b");
    }

    @Test
    void testNTakesExactlyNItemsFromTheHeadOrNone() {
        Port<Integer> port = new Port<>("p");
        port.post(1);
        port.post(2);
        assertThat(port.test(3)).as("fewer than n queued: nothing taken").isNull();
        assertThat(port.itemCount()).isEqualTo(2);
        port.post(3);
        port.post(4);
        assertThat(port.test(3)).containsExactly(1, 2, 3);
        assertThat(port.items()).containsExactly(4);
        assertThat(port.test(1)).containsExactly(4);
    }

    @Test
    void testZeroOrNegativeCountIsRejected() {
        Port<Integer> port = new Port<>("p");
        port.post(1);
        assertThatThrownBy(() -> port.test(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
        assertThatThrownBy(() -> port.test(-2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-2");
        assertThat(port.itemCount()).isEqualTo(1);
    }

    @Test
    void postingNullIsRejectedWithTheNameOfThePort() {
        Port<String> port = new Port<>("orders");
        assertThatThrownBy(() -> port.post(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("orders");
        assertThat(port.itemCount()).isZero();
        assertThat(port.postedCount()).isZero();
    }

    @Test
    void clearRemovesEveryItemAndReportsHowMany() {
        Port<Integer> port = new Port<>("p");
        port.post(1);
        port.post(2);
        port.post(3);
        assertThat(port.clear()).isEqualTo(3);
        assertThat(port.itemCount()).isZero();
        assertThat(port.test()).isNull();
        assertThat(port.clear()).isZero();
    }

    @Test
    void describeNamesThePortItsItemsAndEachReceiver() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("workq");
        Port<Integer> port = new Port<>("jobs");
        Port<String> other = new Port<>("other");
        port.post(7);
        port.post(8);
        assertThat(port.describe()).contains("jobs").contains("2 item(s)").contains("0 receiver(s)");

        Arbiter.activate(q, Arbiter.receive(true, other, s -> { }));
        Arbiter.activate(q, Arbiter.joinedReceive(false, port, other, (i, s) -> { }));
        String dump = port.describe();
        assertThat(dump).contains("jobs").contains("2 item(s)").contains("1 receiver(s)")
                .contains("joinedReceive").contains("one-shot").contains("workq");
        assertThat(other.describe()).contains("2 receiver(s)").contains("persistent").contains("joinedReceive");
        assertThat(port.name()).isEqualTo("jobs");
        assertThat(port.toString()).contains("jobs");
    }

    @Test
    void postDeliversToReceiversInFifoOrderPerPort() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Integer> port = new Port<>("p");
        List<Integer> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(500);
        Arbiter.activate(q, Arbiter.receive(true, port, i -> {
            seen.add(i);
            done.countDown();
        }));
        for (int i = 0; i < 500; i++) {
            port.post(i);
        }
        await(done);
        assertThat(seen).hasSize(500).isSorted();
    }

    @Test
    void concurrentPostersLoseAndDuplicateNothing() throws Exception {
        Port<Integer> port = new Port<>("shared");
        int perThread = 10_000;
        Thread[] posters = new Thread[4];
        for (int t = 0; t < posters.length; t++) {
            int base = t * perThread;
            posters[t] = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    port.post(base + i);
                    if ((i & 63) == 0) {
                        Thread.yield(); // let the posters interleave
                    }
                }
            });
        }
        for (Thread t : posters) {
            t.join(WAIT_SECONDS * 1000);
            assertThat(t.isAlive()).isFalse();
        }
        List<Integer> items = port.items();
        assertThat(items).hasSize(posters.length * perThread).doesNotHaveDuplicates();
        // FIFO per poster: each poster's items appear in the order it posted them.
        int[] last = new int[posters.length];
        java.util.Arrays.fill(last, -1);
        for (int item : items) {
            int poster = item / perThread;
            assertThat(item).isGreaterThan(last[poster]);
            last[poster] = item;
        }
    }
}
