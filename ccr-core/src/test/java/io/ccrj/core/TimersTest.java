package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class TimersTest extends CcrTestSupport {

    @Test
    void postAfterDeliversNoSoonerThanTheDelay() {
        Port<String> port = new Port<>("p");
        long start = System.nanoTime();
        Timers.postAfter(Duration.ofMillis(40), port, "tick");
        assertThat(awaitItem(port)).isEqualTo("tick");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(40));
    }

    @Test
    void zeroDelayPostsPromptly() {
        Port<String> port = new Port<>("p");
        Timers.postAfter(Duration.ZERO, port, "now");
        assertThat(awaitItem(port)).isEqualTo("now");
    }

    @Test
    void cancelBeforeFiringPreventsThePost() {
        Port<String> cancelled = new Port<>("cancelled");
        Port<String> sentinel = new Port<>("sentinel");
        // Long enough that the cancel surely comes first even on a loaded machine.
        Cancellable c = Timers.postAfter(Duration.ofMillis(200), cancelled, "never");
        Timers.postAfter(Duration.ofMillis(220), sentinel, "later");
        assertThat(c.cancel()).isTrue();
        // Timers fire in due order on one thread: once the later one has fired, the cancelled
        // one would have fired too.
        awaitItem(sentinel);
        assertThat(cancelled.itemCount()).isZero();
        assertThat(c.cancel()).as("second cancel prevents nothing").isFalse();
    }

    @Test
    void cancelAfterFiringReturnsFalse() {
        Port<String> port = new Port<>("p");
        Cancellable c = Timers.postAfter(Duration.ofMillis(1), port, "x");
        awaitItem(port);
        assertThat(c.cancel()).isFalse();
    }

    @Test
    void cancelRacingWithTheDeliveryDoesNotClaimToHavePreventedIt() {
        // The handler runs inline on the timer thread (direct executor), i.e. while the timer's
        // own task is still running: the post has happened, so cancel must say false.
        DispatcherQueue inline = DispatcherQueue.onExecutor("inline", Runnable::run, SchedulingPolicy.unconstrained());
        Port<String> port = new Port<>("p");
        java.util.concurrent.atomic.AtomicReference<Cancellable> timer = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.CompletableFuture<Boolean> cancelDuringDelivery = new java.util.concurrent.CompletableFuture<>();
        Arbiter.activate(inline, Arbiter.receive(false, port, s -> {
            while (timer.get() == null) {
                Thread.onSpinWait();
            }
            cancelDuringDelivery.complete(timer.get().cancel());
        }));
        timer.set(Timers.postAfter(Duration.ofMillis(50), port, "x"));
        assertThat(await(cancelDuringDelivery)).isFalse();
    }

    @Test
    void anEffectivelyInfiniteDelayIsAcceptedAndCancellable() {
        Port<String> port = new Port<>("p");
        Cancellable c = Timers.postAfter(java.time.temporal.ChronoUnit.FOREVER.getDuration(), port, "never");
        Cancellable t = Timers.postTimeAfter(Duration.ofDays(365L * 1_000_000), new Port<>("t"));
        assertThat(c.cancel()).isTrue();
        assertThat(t.cancel()).isTrue();
        assertThat(port.itemCount()).isZero();
    }

    @Test
    void negativeDelayIsRejected() {
        Port<String> p = new Port<>("p");
        Port<Instant> t = new Port<>("t");
        assertThatThrownBy(() -> Timers.postAfter(Duration.ofMillis(-1), p, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> Timers.postTimeAfter(Duration.ofNanos(-1), t))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Timers.timeout(Duration.ofSeconds(-5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Timers.postAfter(null, p, "x")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Timers.postAfter(Duration.ZERO, null, "x")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Timers.postAfter(Duration.ZERO, p, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void timerPostCarriesTheCallersCausality() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        Port<Instant> port = new Port<>("deadline");
        Arbiter.activate(q, Arbiter.receive(false, port, t -> {
            throw new IllegalStateException("deadline handler failed");
        }));
        Causality c = new Causality("timed");
        Causality.run(c, () -> Timers.postTimeAfter(Duration.ofMillis(5), port));
        assertThat(awaitItem(c.exceptionPort())).hasMessage("deadline handler failed");
    }

    @Test
    void timeoutPortReceivesOneInstant() {
        Instant before = Instant.now();
        Port<Instant> timeout = Timers.timeout(Duration.ofMillis(10));
        assertThat(timeout.name()).contains("timeout");
        assertThat(awaitItem(timeout)).isAfterOrEqualTo(before.plusMillis(9));
    }

    @Test
    void manyTimersFireInDueOrder() {
        Port<Integer> port = new Port<>("p");
        for (int i = 9; i >= 0; i--) {
            Timers.postAfter(Duration.ofMillis(5L * i), port, i);
        }
        java.util.List<Integer> got = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            got.add(awaitItem(port));
        }
        assertThat(got).isSorted();
    }
}
