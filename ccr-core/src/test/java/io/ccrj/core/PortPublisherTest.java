package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link PortPublisher}: demand, order, cancellation, completion and failure, and where signals run. */
@Timeout(30)
class PortPublisherTest extends CcrTestSupport {
    private final Port<Integer> port = new Port<>("out");

    /** Records every signal, with the thread that made it, and checks they never overlap. */
    static final class Recorder implements Flow.Subscriber<Integer> {
        final List<Integer> items = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();
        final CompletableFuture<Flow.Subscription> subscription = new CompletableFuture<>();
        final CompletableFuture<Void> completed = new CompletableFuture<>();
        final CompletableFuture<Throwable> failed = new CompletableFuture<>();
        final AtomicInteger inside = new AtomicInteger();
        final AtomicInteger overlaps = new AtomicInteger();
        /** Requested again from inside each onNext (0: none). */
        final long requestPerItem;

        Recorder(long requestPerItem) {
            this.requestPerItem = requestPerItem;
        }

        private void enter() {
            if (inside.incrementAndGet() != 1) {
                overlaps.incrementAndGet();
            }
            threads.add(Thread.currentThread().getName());
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            enter();
            subscription.complete(s);
            inside.decrementAndGet();
        }

        @Override
        public void onNext(Integer item) {
            enter();
            items.add(item);
            if (requestPerItem > 0) {
                subscription.join().request(requestPerItem);
            }
            inside.decrementAndGet();
        }

        @Override
        public void onError(Throwable t) {
            enter();
            failed.complete(t);
            inside.decrementAndGet();
        }

        @Override
        public void onComplete() {
            enter();
            completed.complete(null);
            inside.decrementAndGet();
        }

        Flow.Subscription subscription() {
            return await(subscription);
        }
    }

    @Test
    void signalsOnlyWhatWasRequestedInPortOrderOnTheQueuesWorkers() {
        Dispatcher d = dispatcher(2, "flow-out");
        for (int i = 1; i <= 5; i++) {
            port.post(i);
        }
        Recorder r = new Recorder(0);
        new PortPublisher<>(port, d.createQueue("signals")).subscribe(r);
        r.subscription().request(2);
        eventually("two items", () -> r.items.size() == 2);
        quietPeriod();
        assertThat(r.items).containsExactly(1, 2);
        assertThat(port.items()).as("not requested: left in the port").containsExactly(3, 4, 5);
        r.subscription().request(10);
        eventually("all items", () -> r.items.size() == 5);
        assertThat(r.items).containsExactly(1, 2, 3, 4, 5);
        assertThat(r.threads).allMatch(t -> t.startsWith("flow-out-worker-"));
        assertThat(r.completed).isNotDone();
    }

    @Test
    void signalsNeverOverlapAndKeepPortOrderUnderConcurrentPostsAndRequestsFromOnNext() throws Exception {
        Dispatcher d = dispatcher(2);
        Recorder r = new Recorder(1);
        new PortPublisher<>(port, d.createQueue("signals")).subscribe(r);
        r.subscription().request(1);
        int n = 20_000;
        Thread producer = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < n; i++) {
                port.post(i);
            }
            port.close();
        });
        await(r.completed);
        producer.join();
        assertThat(r.overlaps).hasValue(0);
        List<Integer> expected = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            expected.add(i);
        }
        assertThat(r.items).isEqualTo(expected);
    }

    @Test
    void batchedRequestsFromOnNextKeepPortOrderWhileAnArmedReceiveAndTheDrainTakeTurns() throws Exception {
        Dispatcher d = dispatcher(2);
        int n = 20_000;
        List<Integer> got = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        // Like Reactor's limitRate(4): 4 up front, then 3 more after every third item, so the
        // armed receive's items and the drain's test() alternate under concurrent posts.
        new PortPublisher<>(port, d.createQueue("signals")).subscribe(new Flow.Subscriber<Integer>() {
            private Flow.Subscription subscription;

            @Override
            public void onSubscribe(Flow.Subscription s) {
                subscription = s;
                s.request(4);
            }

            @Override
            public void onNext(Integer item) {
                got.add(item);
                if (got.size() % 3 == 0) {
                    subscription.request(3);
                }
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                done.complete(null);
            }
        });
        Thread producer = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < n; i++) {
                port.post(i);
            }
            port.close();
        });
        await(done);
        producer.join();
        List<Integer> expected = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            expected.add(i);
        }
        assertThat(got).isEqualTo(expected);
    }

    @Test
    void aCancelledSubscriptionTakesNothingMoreAndLeavesLaterItemsInThePort() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("signals");
        port.post(1);
        Recorder r = new Recorder(0);
        new PortPublisher<>(port, q).subscribe(r);
        r.subscription().request(2);
        eventually("first item", () -> r.items.size() == 1);
        barrier(q);
        assertThat(port.receiverCount()).as("armed for the second item").isEqualTo(1);
        r.subscription().cancel();
        assertThat(port.receiverCount()).as("retracted").isZero();
        port.post(2);
        port.post(3);
        r.subscription().request(5);
        barrier(q);
        quietPeriod();
        assertThat(r.items).containsExactly(1);
        assertThat(port.items()).containsExactly(2, 3);
    }

    @Test
    void closingThePortCompletesTheSubscriberAfterItsLastItemWithoutFurtherDemand() {
        Dispatcher d = dispatcher(2);
        port.post(1);
        port.post(2);
        port.close();
        Recorder r = new Recorder(0);
        new PortPublisher<>(port, d.createQueue("signals")).subscribe(r);
        r.subscription().request(2);
        await(r.completed);
        assertThat(r.items).containsExactly(1, 2);

        Port<Integer> empty = new Port<>("empty");
        empty.close();
        Recorder none = new Recorder(0);
        new PortPublisher<>(empty, d.createQueue("other")).subscribe(none);
        await(none.completed);
        assertThat(none.items).isEmpty();
    }

    @Test
    void anItemOnTheFailurePortFailsTheSubscriptionWithoutDemandAndLeavesItemsInThePort() {
        Dispatcher d = dispatcher(1);
        SuccessFailurePort<Integer> replies = new SuccessFailurePort<>(Integer.class);
        replies.success().post(1);
        Recorder r = new Recorder(0);
        new PortPublisher<>(replies.success(), replies.failure(), d.createQueue("signals")).subscribe(r);
        r.subscription();
        Exception boom = new IllegalStateException("boom");
        replies.failure().post(boom);
        assertThat(await(r.failed)).isSameAs(boom);
        assertThat(r.items).isEmpty();
        assertThat(replies.success().items()).containsExactly(1);
        assertThat(replies.failure().receiverCount()).as("the failure watcher is gone").isZero();
        assertThat(replies.success().receiverCount()).isZero();
    }

    @Test
    void nonPositiveRequestsFailTheSubscriptionWithIllegalArgumentException() {
        Dispatcher d = dispatcher(1);
        port.post(1);
        Recorder r = new Recorder(0);
        new PortPublisher<>(port, d.createQueue("signals")).subscribe(r);
        r.subscription().request(0);
        assertThat(await(r.failed)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3.9");
        r.subscription().request(1);
        quietPeriod();
        assertThat(r.items).isEmpty();
        assertThat(port.items()).containsExactly(1);
    }

    @Test
    void demandAccumulatesUpToLongMaxValueWithoutOverflow() {
        DispatcherQueue q = DispatcherQueue.inline("signals");
        Recorder r = new Recorder(0);
        new PortPublisher<>(port, q).subscribe(r);
        r.subscription().request(Long.MAX_VALUE - 1);
        r.subscription().request(Long.MAX_VALUE);
        for (int i = 0; i < 100; i++) {
            port.post(i);
        }
        port.close();
        assertThat(r.items).hasSize(100);
        assertThat(r.completed).isDone();
        assertThat(r.failed).isNotDone();
    }

    @Test
    void subscribeRejectsANullSubscriberAndAClosedDispatcherFailsTheSubscriber() {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("signals");
        PortPublisher<Integer> publisher = new PortPublisher<>(port, q);
        assertThatThrownBy(() -> publisher.subscribe(null)).isInstanceOf(NullPointerException.class);
        d.close();
        Recorder r = new Recorder(0);
        publisher.subscribe(r);
        assertThat(r.subscription).isDone();
        assertThat(r.failed.join()).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }
}
