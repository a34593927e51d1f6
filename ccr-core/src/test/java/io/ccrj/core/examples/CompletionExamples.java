package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.PortSet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Port sets of any arity, closing ports, a pipeline that shuts down in order, and the inline queue. */
public final class CompletionExamples {
    private CompletionExamples() {
    }

    /** What {@link #portSetOfAnyArity()} observed. */
    public record AnyArity(Integer number, Object chosen, boolean refused) {
    }

    /** {@code PortSet.of}, type-indexed access, and a choice over every port of the set. */
    public static AnyArity portSetOfAnyArity() throws Exception {
        // tag::port-set-of[]
        PortSet replies = PortSet.of(String.class, Integer.class, UUID.class, Exception.class);
        replies.post(42);
        Integer number = replies.test(Integer.class);   // 42: type-indexed test
        Port<String> text = replies.port(String.class); // the String port, with its static type

        DispatcherQueue queue = DispatcherQueue.inline("test"); // handlers run inside post
        CompletableFuture<Object> first = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.choice(replies, first::complete)); // CCR's Choice(portSet)
        text.post("done");                               // the choice fires: first is "done"

        replies.close();                                 // every port of the set
        boolean refused = !replies.tryPost(7);           // true: tryPost reports, post would throw
        // end::port-set-of[]
        return new AnyArity(number, first.getNow(null), refused);
    }

    /** A three-stage pipeline; closing its input shuts every stage down after its last item. */
    public static List<Integer> pipeline() throws Exception {
        List<Integer> out = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Void> finished = new CompletableFuture<>();
        try (Dispatcher dispatcher = new Dispatcher(2, "pipeline")) {
            // tag::pipeline[]
            Port<Integer> input = new Port<>("input");
            Port<Integer> doubled = new Port<>("doubled");
            DispatcherQueue stage = dispatcher.createQueue("stage");
            Arbiter.activate(stage, Arbiter.interleave(
                    // Runs once input is closed and empty and every handler has finished:
                    Arbiter.teardown(Arbiter.completion(input, doubled::close)),
                    Arbiter.exclusive(),
                    Arbiter.concurrent(Arbiter.receive(true, input, x -> doubled.post(2 * x)))));
            DispatcherQueue sink = dispatcher.createQueue("sink");
            Arbiter.activate(sink, Arbiter.interleave(
                    Arbiter.teardown(Arbiter.completion(doubled, () -> finished.complete(null))),
                    Arbiter.exclusive(Arbiter.receive(true, doubled, out::add)),
                    Arbiter.concurrent()));
            for (int i = 1; i <= 100; i++) {
                input.post(i);
            }
            input.close(); // the end of the stream: each stage closes the next after its last item
            // end::pipeline[]
            finished.get(10, TimeUnit.SECONDS);
        }
        return out;
    }
}
