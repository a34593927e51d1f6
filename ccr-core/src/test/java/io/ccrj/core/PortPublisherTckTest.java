package io.ccrj.core;

import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;

import java.time.Duration;
import java.util.concurrent.Flow;

/**
 * The Reactive Streams TCK (its Flow edition) against {@link PortPublisher} on a two-thread
 * dispatcher: every required rule must pass; the TCK itself skips the optional rules a unicast
 * publisher does not meet (multicast) and the untested ones.
 *
 * <p>A publisher of up to {@link #POSTED_UP_FRONT} elements is a port with the elements posted
 * and the port closed; a longer one (the TCK asks for up to {@code Integer.MAX_VALUE} elements)
 * is a port fed by a {@link PortSubscriber} from a generator that emits on demand, so those
 * tests exercise both halves of the interop.
 */
public class PortPublisherTckTest extends FlowPublisherVerification<Long> {
    static final long POSTED_UP_FRONT = 1024;

    private final boolean inline;
    private Dispatcher dispatcher;
    private DispatcherQueue queue;

    public PortPublisherTckTest() {
        this(false);
    }

    PortPublisherTckTest(boolean inline) {
        super(new TestEnvironment(1_000, 200), 2_000);
        this.inline = inline;
    }

    /** Here, not in the constructor: TestNG makes the test objects long before it runs them. */
    @BeforeClass
    public void startDispatcher() {
        if (inline) {
            queue = DispatcherQueue.inline("tck-inline");
        } else {
            dispatcher = new Dispatcher(2, "tck-publisher");
            queue = dispatcher.createQueue("signals");
        }
    }

    @AfterClass
    public void closeDispatcher() {
        if (dispatcher != null) {
            dispatcher.close(Duration.ofSeconds(5));
        }
    }

    @Override
    public Flow.Publisher<Long> createFlowPublisher(long elements) {
        Port<Long> port = new Port<>("tck");
        if (elements <= POSTED_UP_FRONT) {
            for (long i = 0; i < elements; i++) {
                port.post(i);
            }
            port.close();
        } else {
            new CountingPublisher(elements).subscribe(new PortSubscriber<>(port, new Port<>("tck.failures"), 16));
        }
        return new PortPublisher<>(port, queue);
    }

    @Override
    public Flow.Publisher<Long> createFailedFlowPublisher() {
        Port<Long> port = new Port<>("tck-failed");
        Port<Exception> failures = new Port<>("tck-failed.failures");
        failures.post(new IllegalStateException("the stream failed"));
        return new PortPublisher<>(port, failures, queue);
    }

    /**
     * Emits 0, 1, 2, ... up to {@code elements} on the requesting thread, as much as requested,
     * then completes; the smallest correct publisher, to feed a port through a PortSubscriber.
     */
    static final class CountingPublisher implements Flow.Publisher<Long> {
        private final long elements;

        CountingPublisher(long elements) {
            this.elements = elements;
        }

        @Override
        public void subscribe(Flow.Subscriber<? super Long> subscriber) {
            subscriber.onSubscribe(new Flow.Subscription() {
                private final java.util.concurrent.atomic.AtomicLong demand = new java.util.concurrent.atomic.AtomicLong();
                private long next;
                private volatile boolean cancelled;

                @Override
                public void request(long n) {
                    // The first requester emits for everyone (no recursion through onNext -> request).
                    if (demand.getAndAdd(n) != 0) {
                        return;
                    }
                    long missed = n;
                    while (true) {
                        for (long i = 0; i < missed && !cancelled; i++) {
                            if (next == elements) {
                                cancelled = true;
                                subscriber.onComplete();
                                return;
                            }
                            subscriber.onNext(next++);
                        }
                        missed = demand.addAndGet(-missed);
                        if (missed == 0 || cancelled) {
                            return;
                        }
                    }
                }

                @Override
                public void cancel() {
                    cancelled = true;
                }
            });
        }
    }
}
