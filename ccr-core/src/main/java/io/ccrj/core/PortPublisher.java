package io.ccrj.core;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Flow.Publisher} over a {@link Port}: each subscription takes items from the port as
 * its subscriber requests them and signals them, in port order, on a {@link DispatcherQueue}, so
 * CCR producers can feed a {@link java.util.concurrent.SubmissionPublisher}'s subscribers, a
 * Reactor {@code Flux} or an RxJava {@code Flowable} through their Flow adapters.
 *
 * <p><b>Back-pressure:</b> a subscription takes an item from the port only while its subscriber
 * has unmet demand, so items nobody requested stay in the port. Demand accumulates across
 * {@code request(n)} calls up to {@link Long#MAX_VALUE} (unbounded); {@code request(n)} with
 * {@code n <= 0} fails the subscription with an {@link IllegalArgumentException} (rule 3.9).
 *
 * <p><b>Termination:</b> once the port is {@linkplain Port#close() closed} and every item in it
 * was taken, the subscriber gets {@code onComplete}, after its last {@code onNext}, requested or
 * not. An item on the failure port, if one was given, fails the subscription with
 * {@code onError} (without demand, after the item in hand, if any; items still in the port stay
 * there). A cancelled subscription takes no more items: an item it took in the race with the
 * cancel is put back at the head of the port, and the items after it stay in the port.
 *
 * <p><b>Several subscribers</b> of one publisher compete for the port's items, as receivers do:
 * each item goes to one of them (unicast, rule 1.11). Each subscription takes one item from the
 * failure port when it fails.
 *
 * <h2>Threading</h2>
 * {@code subscribe} may be called from any thread; it throws only for a null subscriber (rule
 * 1.9). Every signal ({@code onSubscribe} first, then {@code onNext}, then {@code onComplete} or
 * {@code onError}) runs as part of a task of the queue, one at a time per subscription (rule 1.3),
 * each happening-before the next. {@code request} and {@code cancel} may be called from any
 * thread, including from inside {@code onNext}; they never call the subscriber themselves (on a
 * {@linkplain DispatcherQueue#inline(String) inline} queue the task they start runs at once, and
 * the signals it makes then run on that thread), and a {@code request} made inside
 * {@code onNext} never nests another {@code onNext} (rule 3.3).
 *
 * @param <T> the item type
 */
public final class PortPublisher<T> implements Flow.Publisher<T> {
    private final Port<T> port;
    private final Port<? extends Throwable> failures;
    private final DispatcherQueue queue;

    /**
     * Creates a publisher over a port with no failure port: its subscriptions end only by the
     * port's closing, a bad request or cancellation.
     *
     * @param port the port the items come from
     * @param queue the queue whose tasks signal the subscribers
     * @throws NullPointerException if an argument is null
     */
    public PortPublisher(Port<T> port, DispatcherQueue queue) {
        this.port = Objects.requireNonNull(port, "port");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.failures = null;
    }

    /**
     * Creates a publisher over a port whose failures come on a second port (for example
     * {@link SuccessFailurePort#failure()}).
     *
     * @param port the port the items come from
     * @param failures an item here fails one subscription with {@code onError}
     * @param queue the queue whose tasks signal the subscribers
     * @throws NullPointerException if an argument is null
     */
    public PortPublisher(Port<T> port, Port<? extends Throwable> failures, DispatcherQueue queue) {
        this.port = Objects.requireNonNull(port, "port");
        this.failures = Objects.requireNonNull(failures, "failures");
        this.queue = Objects.requireNonNull(queue, "queue");
    }

    /** {@return the port the items come from} */
    public Port<T> port() {
        return port;
    }

    /** {@return the queue whose tasks signal the subscribers} */
    public DispatcherQueue queue() {
        return queue;
    }

    /**
     * Subscribes: {@code onSubscribe} follows on the queue. If the queue can take no task (its
     * dispatcher is closed, or it was disposed of), the subscriber gets {@code onSubscribe} and
     * then {@code onError} with the {@link IllegalStateException} on the calling thread.
     *
     * @param subscriber the subscriber
     * @throws NullPointerException if {@code subscriber} is null (rule 1.9)
     */
    @Override
    public void subscribe(Flow.Subscriber<? super T> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        new Subscription<>(port, failures, queue, subscriber).start();
    }

    @Override
    public String toString() {
        return "PortPublisher[" + port.name() + ", on " + queue.name() + "]";
    }

    /**
     * One subscription.
     *
     * <h2>Who takes items</h2>
     * Items leave the port for this subscription only through the holder of {@link #taker}: the
     * drain loop, which takes queued items with {@code test()} while it holds it, or one armed
     * choice ("an item, or the port's completion") waiting on the port. One taker at a time keeps
     * the port's order: a drain could otherwise take a later item while an armed receive's task
     * carrying an earlier one is still on its way. The armed choice's handler puts its item in
     * {@link #taken} before it hands the taker back, and the drain looks at {@link #taken} again
     * after it got the taker, so the handed-back item is signalled before anything the drain
     * takes with {@code test()}. Demand is only spent by {@link #drain()}, so at most the demand
     * is ever taken.
     *
     * <h2>Signals</h2>
     * Every signal is made by {@link #drain()}, which one thread at a time runs ({@link #wip}), and
     * which only queue tasks call (the subscription's first task, the armed choice's handler, the
     * completion and failure watchers): onNext never runs on a requesting thread.
     */
    private static final class Subscription<T> implements Flow.Subscription {
        private final Port<T> port;
        private final Port<? extends Throwable> failures;
        private final DispatcherQueue queue;
        /** Dropped on cancel and termination (rule 3.13); read by the drain. */
        private volatile Flow.Subscriber<? super T> subscriber;
        /** Items the armed choice took, not yet signalled (at most one). */
        private final ConcurrentLinkedQueue<T> taken = new ConcurrentLinkedQueue<>();
        private final AtomicInteger wip = new AtomicInteger();
        /** Unmet demand, saturating at {@link Long#MAX_VALUE} (then never spent). */
        private final AtomicLong demand = new AtomicLong();
        /** Who may take items from the port for this subscription (see the class comment). */
        private final AtomicBoolean taker = new AtomicBoolean();
        /** The armed choice, while it holds {@link #taker}. */
        private volatile ArbiterTask armed;
        private volatile boolean cancelled;
        /** The port was seen closed and empty (by a watcher). */
        private volatile boolean portDone;
        /** From the failure port, or a bad request. */
        private volatile Throwable failure;
        /** Written by {@code start()}, read by cancelling threads. */
        private volatile ArbiterTask completionWatch;
        private volatile ArbiterTask failureWatch;
        /** Drain-owned: onSubscribe was signalled. */
        private boolean started;
        /** Drain-owned: a terminal signal was made. */
        private boolean terminated;

        Subscription(Port<T> port, Port<? extends Throwable> failures, DispatcherQueue queue,
                     Flow.Subscriber<? super T> subscriber) {
            this.port = port;
            this.failures = failures;
            this.queue = queue;
            this.subscriber = subscriber;
        }

        void start() {
            try {
                Arbiter.activate(queue, Arbiter.fromHandler(this::drain)); // signals onSubscribe
            } catch (IllegalStateException refused) {
                Flow.Subscriber<? super T> s = subscriber;
                subscriber = null;
                cancelled = true;
                s.onSubscribe(this);
                s.onError(refused);
                return;
            }
            ArbiterTask completion = Arbiter.completion(port, this::onPortDone);
            completionWatch = completion;
            ArbiterTask failed = null;
            if (failures != null) {
                failed = Arbiter.receive(false, failures, this::onFailurePosted);
                failureWatch = failed;
            }
            try {
                if (failed == null) {
                    Arbiter.activate(queue, completion);
                } else {
                    Arbiter.activate(queue, completion, failed);
                }
            } catch (IllegalStateException closedMeanwhile) {
                onFailure(closedMeanwhile);
            }
            if (cancelled) {
                retireWatchers(); // a cancel (or end) before they were set found nothing to retire
            }
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                onFailure(new IllegalArgumentException(
                        "non-positive request signals are illegal (Reactive Streams rule 3.9), got " + n));
                return;
            }
            if (cancelled) {
                return; // rule 3.6
            }
            demand.getAndUpdate(d -> d + n < 0 ? Long.MAX_VALUE : d + n);
            if (taker.compareAndSet(false, true)) {
                arm();
            }
            // Else the drain holds it (it reads the demand after handing it back) or a choice is
            // armed already.
        }

        @Override
        public void cancel() {
            if (cancelled) {
                return;
            }
            cancelled = true;
            subscriber = null;
            ArbiterTask a = armed;
            if (a != null) {
                a.cancel(); // if it fired, its handler puts the item back
            }
            retireWatchers();
        }

        private void retireWatchers() {
            ArbiterTask c = completionWatch;
            if (c != null) {
                c.cancel();
            }
            ArbiterTask f = failureWatch;
            if (f != null) {
                f.cancel();
            }
        }

        /**
         * Holding {@link #taker}: activates a choice that takes the next item, or fires when the
         * port is closed and empty. It may fire during activation and start its task.
         */
        private void arm() {
            ArbiterTask choice = Arbiter.choice(
                    Arbiter.receive(false, port, this::onItem),
                    Arbiter.completion(port, this::onArmedPortDone));
            armed = choice;
            try {
                Arbiter.activate(queue, choice);
            } catch (IllegalStateException closed) {
                armed = null;
                taker.set(false);
                onFailure(closed);
                return;
            }
            if (cancelled) {
                choice.cancel(); // cancel() may have run before armed was set
            }
        }

        /** The armed choice took an item (a queue task). */
        private void onItem(T item) {
            if (cancelled || failure != null) {
                // Taken in the race with the end: it goes back to the head of the port.
                port.core.returnEntries(List.of(item));
                armed = null;
                taker.set(false);
                drain();
                return;
            }
            taken.offer(item); // before the taker is handed back: the next taker finds it here
            armed = null;
            taker.set(false);
            drain();
        }

        /** The armed choice saw the port closed and empty (a queue task). */
        private void onArmedPortDone() {
            portDone = true;
            armed = null;
            taker.set(false);
            drain();
        }

        /** The completion watcher fired (a queue task). */
        private void onPortDone() {
            portDone = true;
            drain();
        }

        /** The failure watcher took an item from the failure port (a queue task). */
        private void onFailurePosted(Throwable t) {
            if (failure == null) {
                failure = t;
            }
            drain();
        }

        /** A bad request, or a queue that refused a task (any thread): signalled by a task of the queue. */
        private void onFailure(Throwable t) {
            if (failure == null) {
                failure = t;
            }
            try {
                Arbiter.activate(queue, Arbiter.fromHandler(this::drain));
            } catch (IllegalStateException closed) {
                drain(); // no task can run it: signal from here
            }
        }

        /**
         * Makes the signals, one thread at a time: onSubscribe first, then the items taken and
         * those it takes itself while demand lasts, then the end. A thread that finds it running
         * makes it go round once more.
         */
        private void drain() {
            if (wip.getAndIncrement() != 0) {
                return;
            }
            int missed = 1;
            while (true) {
                drainOnce();
                missed = wip.addAndGet(-missed);
                if (missed == 0) {
                    return;
                }
            }
        }

        private void drainOnce() {
            while (true) {
                Flow.Subscriber<? super T> s = subscriber;
                if (s == null || terminated) {
                    return; // cancelled or ended: signal nothing more (rule 1.8)
                }
                if (!started) {
                    started = true;
                    s.onSubscribe(this);
                    continue;
                }
                if (cancelled) {
                    return;
                }
                T item = taken.poll();
                if (item != null) {
                    emit(s, item);
                    continue;
                }
                Throwable failed = failure;
                if (failed != null) {
                    end();
                    s.onError(failed);
                    return;
                }
                if (demand.get() > 0 && taker.compareAndSet(false, true)) {
                    if (!taken.isEmpty()) {
                        // An armed choice's handler put its item here and then handed the taker
                        // back, after the poll above: that item is older than anything in the port.
                        taker.set(false);
                        continue;
                    }
                    T next = port.test();
                    if (next != null) {
                        taker.set(false);
                        emit(s, next);
                        continue;
                    }
                    if (portDone && port.isClosed()) {
                        taker.set(false); // closed and empty: nothing more will come
                    } else {
                        arm(); // keeps the taker; it may fire at once
                        if (!taken.isEmpty() || !taker.get()) {
                            continue; // an inline queue ran its handler already
                        }
                    }
                }
                if (portDone && !taker.get() && taken.isEmpty() && port.itemCount() == 0) {
                    end();
                    s.onComplete();
                }
                return;
            }
        }

        private void emit(Flow.Subscriber<? super T> s, T item) {
            if (demand.get() != Long.MAX_VALUE) {
                demand.decrementAndGet();
            }
            try {
                s.onNext(item);
            } catch (RuntimeException | Error broken) {
                cancel(); // rule 2.13: a subscriber that throws is cancelled; its failure is reported
                throw broken;
            }
        }

        private void end() {
            terminated = true;
            cancelled = true;
            subscriber = null;
            ArbiterTask a = armed;
            if (a != null) {
                a.cancel();
            }
            retireWatchers();
        }
    }
}
