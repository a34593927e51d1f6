package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Causality;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/** Where handler exceptions go. */
public final class CausalityExamples {
    private CausalityExamples() {
    }

    /** An exception two hops away from the post that started the chain reaches its causality. */
    public static CompletableFuture<Throwable> causality(DispatcherQueue queue) {
        // tag::causality[]
        Port<String> parse = new Port<>("parse");
        Port<Integer> check = new Port<>("check");
        Arbiter.activate(queue,
                Arbiter.receive(true, parse, text -> check.post(Integer.parseInt(text))),   // carries the causality on
                Arbiter.receive(true, check, n -> {
                    if (n < 0) {
                        throw new IllegalArgumentException("negative: " + n);
                    }
                }));

        Causality request = new Causality("request-17");
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.receive(false, request.exceptionPort(), failure::complete));
        Causality.run(request, () -> parse.post("-5"));
        // Two hops later check's handler throws: failure completes with "negative: -5".
        // parse.post("abc") would report the NumberFormatException the same way.
        // end::causality[]
        return failure;
    }

    /** Causalities flow with posts, except where they are explicitly left out. */
    public static Map<String, List<Causality>> flowAndClear(DispatcherQueue queue) throws InterruptedException {
        // tag::causality-clear[]
        Port<String> audit = new Port<>("audit");   // a long-lived port that every request uses
        Map<String, List<Causality>> seen = new ConcurrentHashMap<>();
        Arbiter.activate(queue, Arbiter.receive(true, audit, line -> seen.put(line, Causality.current())));

        Causality request = new Causality("request-18");
        Causality.run(request, () -> {
            audit.post("carried");                                  // its handler runs with [request-18]
            Causality.runWithout(() -> audit.post("not carried"));  // its handler runs with none
        });
        // end::causality-clear[]
        Examples.awaitTrue(() -> seen.size() == 2);
        return seen;
    }

    /** With no causality, a failure goes to the queue's unhandled-exception port. */
    public static CompletableFuture<Throwable> unhandled(DispatcherQueue queue) {
        // tag::unhandled[]
        Port<Throwable> failures = new Port<>("failures");
        queue.setUnhandledExceptionPort(failures);   // unset: the dispatcher's port, plus a log line
        CompletableFuture<Throwable> reported = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.receive(false, failures, reported::complete));

        Port<String> jobs = new Port<>("jobs");
        Arbiter.activate(queue, Arbiter.receive(true, jobs, job -> {
            throw new IllegalStateException("cannot run " + job);
        }));
        jobs.post("backup");   // no causality active: reported completes with "cannot run backup"
        // end::unhandled[]
        return reported;
    }

    /** What {@link #sequentialFailure} observed. */
    public record SequentialFailure(CompletableFuture<Void> task, AtomicBoolean cleanedUp,
                                    CompletableFuture<Throwable> reported) {
    }

    /** A sequential task that throws: finally blocks run, the causality and the future both see it. */
    public static SequentialFailure sequentialFailure(DispatcherQueue queue) throws Exception {
        // tag::sequential-failure[]
        Causality job = new Causality("nightly-job");
        CompletableFuture<Throwable> reported = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.receive(false, job.exceptionPort(), reported::complete));

        AtomicBoolean cleanedUp = new AtomicBoolean();
        CompletableFuture<Void> task = Causality.call(job, () -> queue.spawn(ctx -> {
            try {
                throw new IOException("connection lost");
            } finally {
                cleanedUp.set(true);
            }
        }));
        // cleanedUp becomes true, task fails with the IOException, and the IOException is
        // posted to job.exceptionPort(): reported completes with it.
        // end::sequential-failure[]
        return new SequentialFailure(task, cleanedUp, reported);
    }
}
