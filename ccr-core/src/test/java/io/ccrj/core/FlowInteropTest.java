package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.adapter.JdkFlowAdapter;
import reactor.core.publisher.Flux;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ccr-core between real Flow implementations: the JDK's {@link SubmissionPublisher} and Reactor's
 * {@code Flux} (through {@link JdkFlowAdapter}). Every item arrives once and in order, and the
 * publisher feeding a {@link PortSubscriber} never has more outstanding demand than its bound.
 */
@Timeout(60)
class FlowInteropTest extends CcrTestSupport {
    private static final int N = 10_000;

    /**
     * Sits between a publisher and its subscriber and keeps the most demand ever outstanding
     * (requested minus delivered), read at each request, where it can only have grown.
     */
    static final class DemandProbe<T> implements Flow.Subscriber<T> {
        private final Flow.Subscriber<? super T> inner;
        final AtomicLong requested = new AtomicLong();
        final AtomicLong delivered = new AtomicLong();
        final AtomicLong maxOutstanding = new AtomicLong();

        DemandProbe(Flow.Subscriber<? super T> inner) {
            this.inner = inner;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            inner.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(long n) {
                    long outstanding = requested.addAndGet(n) - delivered.get();
                    maxOutstanding.accumulateAndGet(outstanding, Math::max);
                    s.request(n);
                }

                @Override
                public void cancel() {
                    s.cancel();
                }
            });
        }

        @Override
        public void onNext(T item) {
            delivered.incrementAndGet();
            inner.onNext(item);
        }

        @Override
        public void onError(Throwable t) {
            inner.onError(t);
        }

        @Override
        public void onComplete() {
            inner.onComplete();
        }
    }

    private static List<Integer> upTo(int n) {
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    /**
     * A slow consumer in CCR style: one item at a time, a one-shot receive re-activated by its
     * handler, so items wait in the port meanwhile; completes {@code done} when the port closes.
     */
    private static void consumeOneAtATime(DispatcherQueue q, Port<Integer> port, int bound, List<Integer> got,
                                          AtomicInteger overBound, CompletableFuture<Void> done) {
        Arbiter.activate(q, Arbiter.choice(
                Arbiter.receive(false, port, x -> {
                    got.add(x);
                    if (port.itemCount() > bound) {
                        overBound.incrementAndGet();
                    }
                    consumeOneAtATime(q, port, bound, got, overBound, done);
                }),
                Arbiter.completion(port, () -> done.complete(null))));
    }

    @Test
    void submissionPublisherFeedsASlowCcrConsumerThroughABoundedPort() throws Exception {
        Dispatcher d = dispatcher(2);
        Port<Integer> port = new Port<>("in");
        Port<Throwable> failures = new Port<>("in.failures");
        List<Integer> got = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger overBound = new AtomicInteger();
        CompletableFuture<Void> done = new CompletableFuture<>();
        consumeOneAtATime(d.createQueue("consumer"), port, 8, got, overBound, done);

        ExecutorService executor = Executors.newSingleThreadExecutor();
        DemandProbe<Integer> probe = new DemandProbe<>(new PortSubscriber<>(port, failures, 8));
        try (SubmissionPublisher<Integer> publisher = new SubmissionPublisher<>(executor, 32)) {
            publisher.subscribe(probe);
            for (int i = 0; i < N; i++) {
                publisher.submit(i); // waits while the publisher's own buffer is full
            }
        } // close(): onComplete after the buffered items
        await(done);
        executor.shutdown();

        assertThat(got).isEqualTo(upTo(N));
        assertThat(probe.maxOutstanding.get()).as("most demand outstanding").isBetween(1L, 8L);
        assertThat(overBound).as("times the port held more than the bound").hasValue(0);
        assertThat(failures.itemCount()).isZero();
    }

    @Test
    void submissionPublisherToPortAndPortPublisherToSubmissionPublisherRoundTrip() throws Exception {
        Dispatcher d = dispatcher(2);
        Port<Integer> port = new Port<>("middle");
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            // ccr-core to the JDK: a relay that requests one item at a time and re-publishes it.
            SubmissionPublisher<Integer> out = new SubmissionPublisher<>(executor, 8);
            List<Integer> got = Collections.synchronizedList(new ArrayList<>());
            CompletableFuture<Void> consumed = out.consume(got::add);
            DemandProbe<Integer> relayProbe = new DemandProbe<>(new Flow.Subscriber<Integer>() {
                private Flow.Subscription subscription;

                @Override
                public void onSubscribe(Flow.Subscription s) {
                    subscription = s;
                    s.request(1);
                }

                @Override
                public void onNext(Integer item) {
                    out.submit(item);
                    subscription.request(1);
                }

                @Override
                public void onError(Throwable t) {
                    out.closeExceptionally(t);
                }

                @Override
                public void onComplete() {
                    out.close();
                }
            });
            new PortPublisher<>(port, d.createQueue("relay")).subscribe(relayProbe);

            // The JDK to ccr-core.
            DemandProbe<Integer> inProbe = new DemandProbe<>(new PortSubscriber<>(port, new Port<>("failures"), 8));
            try (SubmissionPublisher<Integer> in = new SubmissionPublisher<>(executor, 8)) {
                in.subscribe(inProbe);
                for (int i = 0; i < N; i++) {
                    in.submit(i);
                }
            }
            await(consumed);

            assertThat(got).isEqualTo(upTo(N));
            assertThat(inProbe.maxOutstanding.get()).isBetween(1L, 8L);
            assertThat(relayProbe.maxOutstanding.get()).as("PortPublisher delivers no more than requested").isEqualTo(1L);
            assertThat(relayProbe.delivered.get()).isEqualTo(N);
        } finally {
            executor.shutdown();
        }
    }

    @Test
    void reactorFluxThroughABoundedPortAndBackIntoAFlux() {
        Dispatcher d = dispatcher(2);
        Port<Integer> port = new Port<>("middle");
        Port<Throwable> failures = new Port<>("middle.failures");
        AtomicLong fluxRequested = new AtomicLong();

        DemandProbe<Integer> inProbe = new DemandProbe<>(new PortSubscriber<>(port, failures, 16));
        JdkFlowAdapter.publisherToFlowPublisher(Flux.range(0, N).doOnRequest(fluxRequested::addAndGet))
                .subscribe(inProbe);

        PortPublisher<Integer> publisher = new PortPublisher<>(port, d.createQueue("signals"));
        List<DemandProbe<Integer>> outProbe = new ArrayList<>();
        Flow.Publisher<Integer> probed = subscriber -> {
            DemandProbe<Integer> p = new DemandProbe<>(subscriber);
            outProbe.add(p);
            publisher.subscribe(p);
        };
        List<Integer> got = JdkFlowAdapter.flowPublisherToFlux(probed)
                .limitRate(4)
                .collectList()
                .block(Duration.ofSeconds(30));

        assertThat(got).isEqualTo(upTo(N));
        assertThat(inProbe.maxOutstanding.get()).as("most demand outstanding on the Flux").isBetween(1L, 16L);
        assertThat(fluxRequested.get() - N).as("requested beyond what was delivered").isBetween(0L, 16L);
        assertThat(outProbe.getFirst().maxOutstanding.get()).as("PortPublisher delivers no more than requested").isLessThanOrEqualTo(4L);
        assertThat(outProbe.getFirst().delivered.get()).isEqualTo(N);
        assertThat(failures.itemCount()).isZero();
    }

    @Test
    void aFailingFluxReachesTheFailurePortAndClosesThePort() {
        Port<Integer> port = new Port<>("in");
        Port<Throwable> failures = new Port<>("in.failures");
        JdkFlowAdapter.publisherToFlowPublisher(Flux.range(0, 3).concatWith(Flux.error(new IllegalStateException("upstream broke"))))
                .subscribe(new PortSubscriber<>(port, failures, 16));
        assertThat(awaitItem(failures)).hasMessage("upstream broke");
        assertThat(port.isClosed()).isTrue();
        assertThat(port.items()).containsExactly(0, 1, 2);
    }
}
