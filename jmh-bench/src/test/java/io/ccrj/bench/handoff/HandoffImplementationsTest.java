package io.ccrj.bench.handoff;

import io.ccrj.core.IdleStrategy;
import org.jctools.queues.MpscArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The benchmarks' implementations do what they claim, so the numbers measure the right thing. */
@Timeout(60)
class HandoffImplementationsTest {

    @ParameterizedTest
    @ValueSource(strings = {"ccr", "ccrTwoDispatchers", "jctoolsSpsc", "jctoolsMpsc"})
    void pingPongPlaysEveryRoundTripBatchAfterBatch(String impl) {
        try (PingPong p = PingPong.create(impl)) {
            for (int batch = 0; batch < 5; batch++) {
                assertThat(p.play(2_000)).isZero();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ccr", "ccrTwoDispatchers", "jctoolsSpsc", "jctoolsMpsc"})
    void manyTinyBatchesLoseNoBall(String impl) {
        // Each batch starts from this thread. Starting it by offering into party a's SPSC queue,
        // whose producer is party b, once lost the ball (this thread was preempted between the
        // element store and the index store, b reused the slot) and hung a benchmark. The window
        // is two stores wide, so this is a guard for the contract rather than a reliable repro.
        try (PingPong p = PingPong.create(impl)) {
            for (int batch = 0; batch < 20_000; batch++) {
                assertThat(p.play(1 + batch % 3)).isZero();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ccr", "jctoolsMpsc", "jctoolsSpsc"})
    void streamDeliversEveryMessageOfEveryBatch(String impl) {
        try (Stream s = Stream.create(impl)) {
            for (int batch = 0; batch < 5; batch++) {
                assertThat(s.stream(20_000)).isEqualTo(20_000);
            }
        }
    }

    @Test
    void unknownImplementationsAreRejected() {
        assertThatThrownBy(() -> PingPong.create("nope")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Stream.create("nope")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aParkedConsumerIsWokenByTheNextOffer() throws Exception {
        AtomicInteger handled = new AtomicInteger();
        CountDownLatch second = new CountDownLatch(2);
        IdleStrategy quickPark = IdleStrategy.spinThenPark(Duration.ofNanos(1_000), Duration.ofNanos(1_000));
        try (SpinYieldParkConsumer<Integer> c = new SpinYieldParkConsumer<>("test", new MpscArrayQueue<>(16), quickPark,
                i -> {
                    handled.addAndGet(i);
                    second.countDown();
                })) {
            c.offer(1);
            Thread.sleep(50); // far past spin + yield: the consumer is parked (for up to 100 ms)
            long start = System.nanoTime();
            c.offer(2);
            assertThat(second.await(10, TimeUnit.SECONDS)).isTrue();
            // Woken by the offer, not by the 100 ms park timeout.
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(90);
        }
        assertThat(handled).hasValue(3);
    }
}
