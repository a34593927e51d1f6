package io.ccrj.core;

import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowSubscriberBlackboxVerification;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;

import java.time.Duration;
import java.util.concurrent.Flow;

/**
 * The Reactive Streams TCK (its Flow edition, black-box subscriber rules) against
 * {@link PortSubscriber}: each subscriber feeds a port that a persistent receive drains, so demand
 * keeps flowing as the TCK's publisher expects.
 */
public class PortSubscriberTckTest extends FlowSubscriberBlackboxVerification<Integer> {
    private Dispatcher dispatcher;
    private DispatcherQueue queue;

    public PortSubscriberTckTest() {
        super(new TestEnvironment(1_000, 200));
    }

    /** Here, not in the constructor: TestNG makes the test objects long before it runs them. */
    @BeforeClass
    public void startDispatcher() {
        dispatcher = new Dispatcher(2, "tck-subscriber");
        queue = dispatcher.createQueue("consumer");
    }

    @AfterClass
    public void closeDispatcher() {
        dispatcher.close(Duration.ofSeconds(5));
    }

    @Override
    public Flow.Subscriber<Integer> createFlowSubscriber() {
        Port<Integer> port = new Port<>("tck");
        Arbiter.activate(queue, Arbiter.receive(true, port, item -> { }));
        return new PortSubscriber<>(port, new Port<>("tck.failures"), 8);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
