package io.ccrj.bench.handoff;

import io.ccrj.core.IdleStrategy;
import org.jctools.queues.MpscArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The benchmarks' implementations do what they claim, so the numbers measure the right thing. */
@Timeout(60)
@SuppressWarnings("try") // PingPong.close() may throw InterruptedException, which the tests declare
class HandoffImplementationsTest {

    @ParameterizedTest
    @ValueSource(strings = {"ccr", "ccrTwoDispatchers", "jctoolsSpsc", "jctoolsMpsc"})
    void pingPongPlaysEveryRoundTripBatchAfterBatch(String impl) throws Exception {
        try (PingPong p = PingPong.create(impl)) {
            for (int batch = 0; batch < 5; batch++) {
                assertThat(p.play(2_000)).isZero();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ccr", "ccrTwoDispatchers", "jctoolsSpsc", "jctoolsMpsc"})
    void manyTinyBatchesLoseNoBall(String impl) throws Exception {
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
    void streamDeliversEveryMessageOfEveryBatch(String impl) throws Exception {
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
        IdleStrategy quickPark = IdleStrategy.spinThenPark(Duration.ofNanos(1_000), Duration.ofNanos(1_000));
        int offered = 0;
        boolean wokenByOffer = false;
        try (SpinYieldParkConsumer<Integer> c = new SpinYieldParkConsumer<>("test", new MpscArrayQueue<>(16), quickPark,
                i -> handled.incrementAndGet())) {
            // Offer while the consumer is parked (past spin + yield). Its park may time out
            // (100 ms) just as an offer comes, so offer again until one finds it parked and ends
            // the park itself: no wall-clock bound, which a loaded machine breaks.
            for (int attempt = 0; attempt < 20 && !wokenByOffer; attempt++) {
                awaitTrue("the idle consumer parks", c::isParked);
                int wakeUps = c.producerWakeUps();
                c.offer(1);
                offered++;
                int expected = offered;
                awaitTrue("the offered element is handled", () -> handled.get() == expected);
                wokenByOffer = c.producerWakeUps() == wakeUps + 1;
            }
        }
        assertThat(wokenByOffer).as("an offer to a parked consumer ends its park").isTrue();
        assertThat(handled).hasValue(offered);
    }

    /** Waits (polling every millisecond, at most 10 s) until {@code condition} holds. */
    private static void awaitTrue(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as(what).isNegative();
            Thread.sleep(1);
        }
    }
}
