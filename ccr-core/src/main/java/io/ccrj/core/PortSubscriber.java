package io.ccrj.core;

import io.ccrj.core.internal.Dispatchable;

import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link Flow.Subscriber} that posts every item it receives into a {@link Port}, so that a
 * {@link Flow.Publisher} (a {@link java.util.concurrent.SubmissionPublisher}, a Reactor
 * {@code Flux} or an RxJava {@code Flowable} through their Flow adapters) feeds CCR receivers.
 *
 * <p><b>Back-pressure:</b> the items requested from the publisher and not yet received, plus the
 * items queued in the port, never exceed {@link #bound()}, and more are requested only as items
 * leave the port (taken by a receiver, a join, {@link Port#test()} or {@link Port#clear()}).
 * Receivers take items as they arrive, so what holds the publisher back is a consumer that leaves
 * items in the port while it works: a one-shot receive re-activated by its handler, a join, or
 * {@code test()}; a persistent receive on an unconstrained queue takes every item at once, and
 * its queue, not the port, then buffers (use a throttling {@link SchedulingPolicy} there, or the
 * one-shot pattern, for a slow handler). Items posted to the port by anyone else count towards
 * the bound too.
 *
 * <p><b>Termination:</b> {@code onComplete} closes the port: items already in it are still
 * delivered, then the {@link Arbiter#completion} arbiters on it fire. {@code onError} posts the
 * failure to the failure port given to the constructor, then closes the port the same way (so a
 * completion handler that finds an item on the failure port knows the stream failed). Closing the
 * port from the CCR side cancels the subscription at the next item or departure;
 * {@link #cancel()} cancels it and leaves the port open.
 *
 * <h2>Threading</h2>
 * The publisher calls the {@code on*} methods serially (Reactive Streams rule 1.3), from any
 * thread; {@code onNext} posts on that thread, so a throttling policy on the receiving queue
 * makes the publisher's thread wait. Requests are made from the thread that called
 * {@code onSubscribe}/{@code onNext}, or from the thread that took items from the port, never two
 * at once (a work-in-progress counter serialises them), and never while a port lock is held. A
 * subscriber accepts one subscription; it cannot be re-used after termination.
 *
 * @param <T> the item type
 */
public final class PortSubscriber<T> implements Flow.Subscriber<T> {
    private final Port<T> port;
    private final Port<Throwable> failures;
    private final int bound;
    /** Runs on the thread that took items from the port (no lock held): tops the demand up. */
    private final Dispatchable onDeparture = this::topUp;
    private final AtomicReference<Flow.Subscription> subscription = new AtomicReference<>();
    /**
     * Requested and not yet received. Raised only by {@link #topUp()} (one thread at a time),
     * lowered by {@link #onNext} after its post, so an item is counted here or in the port, or for
     * an instant in both, never in neither: the bound holds against every interleaving.
     */
    private final AtomicLong requested = new AtomicLong();
    /** Serialises {@link #topUp()}: the thread that moves it from 0 runs the loop for everyone. */
    private final AtomicInteger wip = new AtomicInteger();
    /** {@link #cancel()} was called, or the port was found closed: request nothing more. */
    private volatile boolean cancelled;
    /** The subscription was cancelled; owned by the {@link #topUp()} loop (guarded by {@link #wip}). */
    private boolean upstreamCancelled;
    /** {@code onComplete} or {@code onError} arrived. */
    private final AtomicBoolean terminated = new AtomicBoolean();

    /**
     * Creates a subscriber that feeds a port.
     *
     * @param port where the items go
     * @param failures where {@code onError}'s throwable goes (before the port is closed)
     * @param bound the most items requested and not yet received plus items queued in the port;
     *     at least 1
     * @throws NullPointerException if {@code port} or {@code failures} is null
     * @throws IllegalArgumentException if {@code bound} is less than 1
     */
    public PortSubscriber(Port<T> port, Port<Throwable> failures, int bound) {
        this.port = Objects.requireNonNull(port, "port");
        this.failures = Objects.requireNonNull(failures, "failures");
        if (bound < 1) {
            throw new IllegalArgumentException("bound must be at least 1, was " + bound);
        }
        this.bound = bound;
    }

    /** {@return the port the items go to} */
    public Port<T> port() {
        return port;
    }

    /** {@return the port {@code onError}'s throwable goes to} */
    public Port<Throwable> failures() {
        return failures;
    }

    /** {@return the most items requested and not yet received plus items queued in the port} */
    public int bound() {
        return bound;
    }

    /**
     * Accepts the subscription and requests up to the bound; cancels a second subscription
     * (rule 2.5), and this one too if {@link #cancel()} came first.
     *
     * @param s the subscription
     * @throws NullPointerException if {@code s} is null (rule 2.13)
     */
    @Override
    public void onSubscribe(Flow.Subscription s) {
        Objects.requireNonNull(s, "subscription");
        if (!subscription.compareAndSet(null, s)) {
            s.cancel(); // another subscription's cancel: rule 2.7 is about calls on one subscription
            return;
        }
        if (!cancelled) {
            port.core.watchDepartures(onDeparture);
        }
        topUp(); // requests, or cancels if cancel() came first
    }

    /**
     * Posts the item to the port, then requests more if the port has room. If the port was
     * closed from the CCR side, the item is dropped and the subscription cancelled.
     *
     * @param item the item
     * @throws NullPointerException if {@code item} is null (rule 2.13)
     */
    @Override
    public void onNext(T item) {
        Objects.requireNonNull(item, "item");
        // Post first, count second (see requested): a queued item is in the port's count before
        // it leaves this one.
        boolean posted = port.tryPost(item);
        requested.decrementAndGet();
        if (!posted && port.isClosed()) {
            cancel();
            return;
        }
        topUp();
    }

    /**
     * Posts the failure to the failure port, then closes the item port.
     *
     * @param failure the failure
     * @throws NullPointerException if {@code failure} is null (rule 2.13)
     */
    @Override
    public void onError(Throwable failure) {
        Objects.requireNonNull(failure, "failure");
        if (terminate()) {
            failures.tryPost(failure);
            port.close();
        }
    }

    /** Closes the port: its completion arbiters fire once the items in it were taken. */
    @Override
    public void onComplete() {
        if (terminate()) {
            port.close();
        }
    }

    /**
     * Cancels the subscription (now, or as soon as it arrives) and requests nothing more. The
     * port stays open; items already requested may still arrive and are posted. Idempotent; any
     * thread.
     */
    public void cancel() {
        cancelled = true;
        port.core.unwatchDepartures(onDeparture);
        topUp(); // the cancel goes out from the loop that makes the requests (rule 2.7: serially)
    }

    /** First terminal signal: stop watching the port. Rule 2.3: no call to the subscription here. */
    private boolean terminate() {
        if (!terminated.compareAndSet(false, true)) {
            return false;
        }
        port.core.unwatchDepartures(onDeparture);
        return true;
    }

    /**
     * Requests what the bound allows, or cancels the subscription once it should be. Any thread,
     * no lock held; one thread at a time runs the loop, and a call that finds it running makes it
     * go round once more, so a departure or an arrival during a request is never missed. Every
     * call on the subscription comes from here, so they are serial (rule 2.7). {@code request} may
     * call {@code onNext} synchronously; that nested call only bumps the counter (no unbounded
     * recursion, rule 3.3).
     */
    private void topUp() {
        if (wip.getAndIncrement() != 0) {
            return;
        }
        int missed = 1;
        do {
            Flow.Subscription s = subscription.get();
            if (s != null && !upstreamCancelled && !terminated.get()) {
                if (!cancelled && port.isClosed()) {
                    cancelled = true; // closed from the CCR side: nobody wants more
                    port.core.unwatchDepartures(onDeparture);
                }
                if (cancelled) {
                    upstreamCancelled = true;
                    s.cancel();
                } else {
                    long room = bound - Math.max(0, requested.get()) - port.itemCount();
                    if (room > 0) {
                        requested.addAndGet(room);
                        s.request(room);
                    }
                }
            }
            missed = wip.addAndGet(-missed);
        } while (missed != 0);
    }

    @Override
    public String toString() {
        return "PortSubscriber[" + port.name() + ", bound " + bound + "]";
    }
}
