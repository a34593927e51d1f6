package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.PortPublisher;
import io.ccrj.core.PortSubscriber;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;

/** java.util.concurrent.Flow in and out of ports. */
public final class FlowExamples {
    private FlowExamples() {
    }

    /** What {@link #flow} observed: the words that came back out, upper-cased, in order. */
    public record Flowed(List<String> words, CompletableFuture<Void> done) {
    }

    /** A SubmissionPublisher feeds a port; a CCR handler transforms; a PortPublisher hands the results on. */
    public static Flowed flow(DispatcherQueue queue) {
        // tag::flow[]
        Port<String> words = new Port<>("words");
        Port<Throwable> failures = new Port<>("words.failures");
        Port<String> shouted = new Port<>("shouted");
        // In: at most 16 words requested and not yet received plus waiting in the port.
        SubmissionPublisher<String> source = new SubmissionPublisher<>();
        source.subscribe(new PortSubscriber<>(words, failures, 16));
        // CCR in the middle: a handler per word; the end of the input closes the output.
        Arbiter.activate(queue, Arbiter.interleave(
                Arbiter.teardown(Arbiter.completion(words, shouted::close)),
                Arbiter.exclusive(Arbiter.receive(true, words, w -> shouted.post(w.toUpperCase()))),
                Arbiter.concurrent()));
        // Out: any Flow.Subscriber; signals run on the queue, one at a time, in port order.
        List<String> out = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        new PortPublisher<>(shouted, queue).subscribe(new Flow.Subscriber<String>() {
            private Flow.Subscription subscription;

            @Override
            public void onSubscribe(Flow.Subscription s) {
                subscription = s;
                s.request(1);                     // one at a time
            }

            @Override
            public void onNext(String word) {
                out.add(word);
                subscription.request(1);
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                done.complete(null);              // after "WORLD"
            }
        });
        source.submit("hello");
        source.submit("world");
        source.close();                           // onComplete: closes words, then shouted
        // end::flow[]
        return new Flowed(out, done);
    }
}
