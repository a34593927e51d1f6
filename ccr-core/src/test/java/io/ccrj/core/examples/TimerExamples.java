package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Cancellable;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.Timers;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Posts after a delay. */
public final class TimerExamples {
    private TimerExamples() {
    }

    /** What {@link #timers} observed. */
    public record Timed(boolean cancelled, CompletableFuture<String> reminder, CompletableFuture<Instant> tick,
                        Port<String> reminders) {
    }

    /** One-off timers, cancellation, and CCR's EnqueueTimer. */
    public static Timed timers(DispatcherQueue queue) {
        // tag::timers[]
        Port<String> reminders = new Port<>("reminders");
        CompletableFuture<String> reminder = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.receive(false, reminders, reminder::complete));
        Timers.postAfter(Duration.ofMillis(20), reminders, "tea is ready");   // reminder, 20 ms from now
        Cancellable never = Timers.postAfter(Duration.ofMillis(40), reminders, "never posted");
        boolean cancelled = never.cancel();   // true: it had not fired, and now it never will

        Port<Instant> ticks = new Port<>("ticks");
        CompletableFuture<Instant> tick = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.receive(false, ticks, tick::complete));
        queue.enqueueTimer(Duration.ofMillis(10), ticks);   // posts the firing time, like Timers.postTimeAfter
        // end::timers[]
        return new Timed(cancelled, reminder, tick, reminders);
    }

    /** A periodic timer: the handler re-arms it. */
    public static List<Instant> periodic(DispatcherQueue queue) throws InterruptedException {
        // tag::periodic[]
        Port<Instant> ticks = new Port<>("ticks");
        List<Instant> fired = new CopyOnWriteArrayList<>();
        Arbiter.activate(queue, Arbiter.receive(true, ticks, time -> {
            fired.add(time);
            if (fired.size() < 5) {
                Timers.postTimeAfter(Duration.ofMillis(10), ticks);   // re-arm: one tick every 10 ms, 5 in all
            }
        }));
        Timers.postTimeAfter(Duration.ofMillis(10), ticks);
        // end::periodic[]
        Examples.awaitTrue(() -> fired.size() == 5);
        return fired;
    }
}
