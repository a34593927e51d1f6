package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class SmokeTest {
    @Test
    void persistentReceiveDeliversInOrderOnOneThread() throws Exception {
        try (Dispatcher d = new Dispatcher(1, "smoke")) {
            DispatcherQueue q = d.createQueue("q");
            Port<Integer> port = new Port<>("ints");
            List<Integer> seen = new CopyOnWriteArrayList<>();
            CountDownLatch done = new CountDownLatch(1000);
            Arbiter.activate(q, Arbiter.receive(true, port, i -> {
                seen.add(i);
                done.countDown();
            }));
            for (int i = 0; i < 1000; i++) {
                port.post(i);
            }
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(seen).hasSize(1000);
            for (int i = 0; i < 1000; i++) {
                assertThat(seen.get(i)).isEqualTo(i);
            }
        }
    }

    @Test
    void choiceAndJoinAndSequential() throws Exception {
        try (Dispatcher d = new Dispatcher(2, "smoke")) {
            DispatcherQueue q = d.createQueue("q");
            Port<String> a = new Port<>("a");
            Port<Integer> b = new Port<>("b");
            CountDownLatch fired = new CountDownLatch(1);
            Arbiter.activate(q, Arbiter.joinedReceive(false, a, b, (s, i) -> fired.countDown()));
            a.post("x");
            assertThat(fired.getCount()).isEqualTo(1);
            b.post(1);
            assertThat(fired.await(5, TimeUnit.SECONDS)).isTrue();

            Port<String> p1 = new Port<>("p1");
            Port<String> p2 = new Port<>("p2");
            CountDownLatch c = new CountDownLatch(1);
            Arbiter.activate(q, Arbiter.choice(Arbiter.receive(false, p1, s -> c.countDown()),
                    Arbiter.receive(false, p2, s -> c.countDown())));
            p1.post("win");
            p2.post("lose");
            assertThat(c.await(5, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(50);
            assertThat(p2.itemCount()).isEqualTo(1);
            assertThat(p2.receiverCount()).isZero();

            Port<Integer> in = new Port<>("in");
            var f = q.spawn(ctx -> {
                int x = ctx.receive(in);
                int y = ctx.receive(in);
                assertThat(x + y).isEqualTo(3);
                assertThat(ctx.receive(in, Duration.ofMillis(20))).isEmpty();
            });
            in.post(1);
            in.post(2);
            f.get(5, TimeUnit.SECONDS);
        }
    }
}
