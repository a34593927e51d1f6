package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link PortSubscriber}: demand tied to what leaves the port, and how the stream's end reaches CCR. */
@Timeout(30)
class PortSubscriberTest extends CcrTestSupport {
    private final Port<Integer> port = new Port<>("in");
    private final Port<Throwable> failures = new Port<>("in.failures");

    /** A subscription that records the requests and the cancels made on it. */
    static final class RecordingSubscription implements Flow.Subscription {
        final List<Long> requests = new CopyOnWriteArrayList<>();
        final AtomicInteger cancels = new AtomicInteger();

        @Override
        public void request(long n) {
            requests.add(n);
        }

        @Override
        public void cancel() {
            cancels.incrementAndGet();
        }
    }

    @Test
    void requestsUpToTheBoundAndMoreOnlyAsQueuedItemsLeaveThePort() {
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 4);
        RecordingSubscription s = new RecordingSubscription();
        subscriber.onSubscribe(s);
        assertThat(s.requests).containsExactly(4L);
        for (int i = 1; i <= 4; i++) {
            subscriber.onNext(i);
        }
        assertThat(s.requests).as("nothing left the port: no more demand").containsExactly(4L);
        assertThat(port.items()).containsExactly(1, 2, 3, 4);

        assertThat(port.test()).isEqualTo(1);
        assertThat(s.requests).containsExactly(4L, 1L);
        assertThat(port.test(2)).containsExactly(2, 3);
        assertThat(s.requests).containsExactly(4L, 1L, 2L);

        // A receiver that registers takes the queued item: that departure counts too.
        List<Integer> taken = new CopyOnWriteArrayList<>();
        Arbiter.activate(DispatcherQueue.inline("q"), Arbiter.receive(false, port, taken::add));
        assertThat(taken).containsExactly(4);
        assertThat(s.requests).containsExactly(4L, 1L, 2L, 1L);
        assertThat(s.requests.stream().mapToLong(Long::longValue).sum() - 4)
                .as("outstanding: requested minus received").isEqualTo(4);
    }

    @Test
    void itemsAReceiverTakesAsTheyArriveAreReplacedAtOnce() {
        List<Integer> got = new CopyOnWriteArrayList<>();
        Arbiter.activate(DispatcherQueue.inline("q"), Arbiter.receive(true, port, got::add));
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 2);
        RecordingSubscription s = new RecordingSubscription();
        subscriber.onSubscribe(s);
        subscriber.onNext(1);
        subscriber.onNext(2);
        subscriber.onNext(3);
        assertThat(got).containsExactly(1, 2, 3);
        assertThat(s.requests).containsExactly(2L, 1L, 1L, 1L);
    }

    @Test
    void itemsPostedByOthersCountTowardsTheBound() {
        port.post(100);
        port.post(101);
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 3);
        RecordingSubscription s = new RecordingSubscription();
        subscriber.onSubscribe(s);
        assertThat(s.requests).containsExactly(1L);
    }

    @Test
    void onCompleteClosesThePortAndCompletionFiresAfterTheLastItem() {
        DispatcherQueue q = DispatcherQueue.inline("q");
        AtomicInteger completions = new AtomicInteger();
        Arbiter.activate(q, Arbiter.completion(port, completions::incrementAndGet));
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 4);
        subscriber.onSubscribe(new RecordingSubscription());
        subscriber.onNext(1);
        subscriber.onComplete();
        assertThat(port.isClosed()).isTrue();
        assertThat(completions).as("an item is still queued").hasValue(0);
        assertThat(port.test()).isEqualTo(1);
        assertThat(completions).hasValue(1);
        assertThat(failures.itemCount()).isZero();
    }

    @Test
    void onErrorPostsTheFailureThenClosesThePort() {
        DispatcherQueue q = DispatcherQueue.inline("q");
        List<Object> seen = new CopyOnWriteArrayList<>();
        Arbiter.activate(q, Arbiter.completion(port, () -> seen.add("completed, failures: " + failures.itemCount())));
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 4);
        subscriber.onSubscribe(new RecordingSubscription());
        IllegalStateException boom = new IllegalStateException("boom");
        subscriber.onError(boom);
        assertThat(seen).containsExactly("completed, failures: 1");
        assertThat(failures.test()).isSameAs(boom);
        assertThat(port.isClosed()).isTrue();
    }

    @Test
    void aSecondSubscriptionIsCancelledAndTheFirstKept() {
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 4);
        RecordingSubscription first = new RecordingSubscription();
        RecordingSubscription second = new RecordingSubscription();
        subscriber.onSubscribe(first);
        subscriber.onSubscribe(second);
        assertThat(second.cancels).hasValue(1);
        assertThat(second.requests).isEmpty();
        assertThat(first.cancels).hasValue(0);
    }

    @Test
    void cancelBeforeTheSubscriptionCancelsItOnArrivalAndRequestsNothing() {
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 4);
        subscriber.cancel();
        RecordingSubscription s = new RecordingSubscription();
        subscriber.onSubscribe(s);
        assertThat(s.cancels).hasValue(1);
        assertThat(s.requests).isEmpty();
    }

    @Test
    void closingThePortFromTheCcrSideCancelsTheSubscription() {
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 2);
        RecordingSubscription s = new RecordingSubscription();
        subscriber.onSubscribe(s);
        subscriber.onNext(1);
        port.close();
        subscriber.onNext(2); // in flight: dropped, the port refuses it
        assertThat(s.cancels).hasValue(1);
        assertThat(port.items()).containsExactly(1);
        assertThat(port.test()).isEqualTo(1);
        assertThat(s.requests).as("no demand after the cancel").containsExactly(2L);
    }

    @Test
    void nullSignalsAndBadBoundsAreRejected() {
        PortSubscriber<Integer> subscriber = new PortSubscriber<>(port, failures, 1);
        assertThatThrownBy(() -> subscriber.onSubscribe(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> subscriber.onNext(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> subscriber.onError(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new PortSubscriber<>(port, failures, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bound must be at least 1, was 0");
        assertThatThrownBy(() -> new PortSubscriber<>(null, failures, 1)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new PortSubscriber<>(port, null, 1)).isInstanceOf(NullPointerException.class);
    }
}
