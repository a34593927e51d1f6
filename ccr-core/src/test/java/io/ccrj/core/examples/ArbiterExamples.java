package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.core.SuccessFailurePort;
import io.ccrj.core.Timers;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Receives, joins and choices. Every example takes the {@link DispatcherQueue} its handlers run
 * on and returns what a caller can observe; {@code ExamplesTest} waits for it.
 */
public final class ArbiterExamples {
    private ArbiterExamples() {
    }

    /** A handler with no message. */
    public static CompletableFuture<String> fromHandler(DispatcherQueue queue) {
        // tag::from-handler[]
        CompletableFuture<String> ranOn = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.fromHandler(() -> ranOn.complete(Thread.currentThread().getName())));
        // ranOn completes with a worker's name, such as "examples-worker-0"
        // end::from-handler[]
        return ranOn;
    }

    /** What {@link #receiveOneShot} observed. */
    public record OneShot(CompletableFuture<Integer> first, Port<Integer> port) {
    }

    /** A one-shot receiver takes one item and unregisters. */
    public static OneShot receiveOneShot(DispatcherQueue queue) {
        // tag::receive-one-shot[]
        Port<Integer> numbers = new Port<>("numbers");
        CompletableFuture<Integer> first = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.receive(false, numbers, n -> first.complete(n)));
        numbers.post(1);    // consumed by the receiver, which unregisters: first completes with 1
        numbers.post(2);    // no receiver left: stays in the port (itemCount() == 1)
        // end::receive-one-shot[]
        return new OneShot(first, numbers);
    }

    /** A persistent receiver runs one task per item; the tasks may run in parallel. */
    public static Set<Integer> receivePersistent(DispatcherQueue queue) throws InterruptedException {
        // tag::receive-persistent[]
        Port<Integer> numbers = new Port<>("numbers");
        Set<Integer> seen = ConcurrentHashMap.newKeySet();   // handlers may run on several workers at once
        numbers.post(1);                                      // queued before the receiver exists
        Arbiter.activate(queue, Arbiter.receive(true, numbers, seen::add));   // drains 1 on activation
        numbers.post(2);
        numbers.post(3);
        // end::receive-persistent[]
        Examples.awaitTrue(() -> seen.size() == 3);
        return seen;
    }

    /** What {@link #receivePredicate} observed. */
    public record Filtered(Set<Integer> evens, Set<Integer> odds) {
    }

    /** A predicate leaves rejected items for other receivers, without blocking later ones. */
    public static Filtered receivePredicate(DispatcherQueue queue) throws InterruptedException {
        // tag::receive-predicate[]
        Port<Integer> numbers = new Port<>("numbers");
        Set<Integer> evens = ConcurrentHashMap.newKeySet();
        Set<Integer> odds = ConcurrentHashMap.newKeySet();
        for (int i = 1; i <= 6; i++) {
            numbers.post(i);
        }
        // Takes 2, 4 and 6 although 1 is at the head: no head-of-line blocking.
        Arbiter.activate(queue, Arbiter.receive(true, numbers, evens::add, n -> n % 2 == 0));
        // 1, 3 and 5 stayed in the port; this receiver takes them.
        Arbiter.activate(queue, Arbiter.receive(true, numbers, odds::add));
        // end::receive-predicate[]
        Examples.awaitTrue(() -> evens.size() + odds.size() == 6);
        return new Filtered(evens, odds);
    }

    /** What {@link #multipleItemReceive} observed. */
    public record Batch(int waitingBeforeThird, CompletableFuture<List<String>> batch) {
    }

    /** Exactly n items of one port, delivered together. */
    public static Batch multipleItemReceive(DispatcherQueue queue) {
        // tag::multiple-item-receive[]
        Port<String> words = new Port<>("words");
        CompletableFuture<List<String>> batch = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.multipleItemReceive(words, 3, batch::complete));
        words.post("a");
        words.post("b");
        int waiting = words.itemCount();   // 2: a join takes nothing until all its items are there
        words.post("c");                   // now all three are taken at once: batch gets [a, b, c]
        // end::multiple-item-receive[]
        return new Batch(waiting, batch);
    }

    /** n replies in total, split into successes and failures. */
    public static CompletableFuture<String> gather(DispatcherQueue queue) {
        // tag::gather[]
        SuccessFailurePort<Integer> replies = new SuccessFailurePort<>(Integer.class);
        CompletableFuture<String> summary = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.multipleItemReceive(replies, 4,
                (successes, failures) -> summary.complete(successes + " ok, " + failures.size() + " failed")));
        // Four requests were sent out; their replies come back in any mix:
        replies.postSuccess(10);
        replies.postFailure(new IOException("timeout"));
        replies.postSuccess(30);
        replies.postSuccess(40);   // the fourth reply fires the handler: "[10, 30, 40] ok, 1 failed"
        // end::gather[]
        return summary;
    }

    /** One item from each of several ports of one type. */
    public static CompletableFuture<List<Double>> multiplePortReceive(DispatcherQueue queue) {
        // tag::multiple-port-receive[]
        Port<Double> left = new Port<>("left");
        Port<Double> middle = new Port<>("middle");
        Port<Double> right = new Port<>("right");
        CompletableFuture<List<Double>> row = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.multiplePortReceive(false, row::complete, left, middle, right));
        right.post(3.0);
        left.post(1.0);
        middle.post(2.0);   // one item per port: row gets [1.0, 2.0, 3.0], in port order
        // end::multiple-port-receive[]
        return row;
    }

    /** One item from each of two ports of different types. */
    public static CompletableFuture<String> joinedReceive(DispatcherQueue queue) {
        // tag::joined-receive[]
        Port<String> names = new Port<>("names");
        Port<Integer> ages = new Port<>("ages");
        CompletableFuture<String> person = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.joinedReceive(false, names, ages,
                (name, age) -> person.complete(name + " is " + age)));
        ages.post(36);
        names.post("Ada");   // both parts are there: person completes with "Ada is 36"
        // end::joined-receive[]
        return person;
    }

    /** What {@link #choice} observed. */
    public record ChoiceResult(CompletableFuture<String> outcome, SuccessFailurePort<String> reply) {
    }

    /** The first branch to fire wins; the loser consumes nothing. */
    public static ChoiceResult choice(DispatcherQueue queue) {
        // tag::choice[]
        SuccessFailurePort<String> reply = new SuccessFailurePort<>(String.class);
        CompletableFuture<String> outcome = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.choice(
                Arbiter.receive(false, reply.success(), r -> outcome.complete("ok: " + r)),
                Arbiter.receive(false, reply.failure(), e -> outcome.complete("failed: " + e.getMessage()))));
        reply.postSuccess("42");                    // this branch wins: "ok: 42"
        reply.postFailure(new IOException("late")); // the choice is over: stays in reply.failure()
        // The same choice, shorter: Arbiter.choice(reply, onSuccess, onFailure)
        // end::choice[]
        return new ChoiceResult(outcome, reply);
    }

    /** A receive with a timeout: a choice between the port and a timer port. */
    public static CompletableFuture<String> receiveWithTimeout(DispatcherQueue queue) {
        // tag::receive-with-timeout[]
        Port<String> answers = new Port<>("answers");
        CompletableFuture<String> outcome = new CompletableFuture<>();
        Arbiter.activate(queue, Arbiter.choice(
                Arbiter.receive(false, answers, a -> outcome.complete("answer: " + a)),
                Arbiter.receive(false, Timers.timeout(Duration.ofMillis(50)), t -> outcome.complete("timed out"))));
        // Nobody posts to answers: after 50 ms the timer branch wins with "timed out".
        // end::receive-with-timeout[]
        return outcome;
    }

    /** A service port and its callers: request/response with a reply port in each request. */
    public static CompletableFuture<String> requestResponse(DispatcherQueue queue) {
        // tag::request-response[]
        record Divide(int dividend, int divisor, SuccessFailurePort<Integer> reply) {
        }
        Port<Divide> divider = new Port<>("divider");
        Arbiter.activate(queue, Arbiter.receive(true, divider, request -> {
            if (request.divisor() == 0) {
                request.reply().postFailure(new ArithmeticException("divide by zero"));
            } else {
                request.reply().postSuccess(request.dividend() / request.divisor());
            }
        }));

        SuccessFailurePort<Integer> reply = new SuccessFailurePort<>(Integer.class);
        CompletableFuture<String> outcome = new CompletableFuture<>();
        divider.post(new Divide(84, 2, reply));
        Arbiter.activate(queue, Arbiter.choice(reply,
                quotient -> outcome.complete("quotient " + quotient),
                failure -> outcome.complete("failed: " + failure.getMessage())));
        // outcome completes with "quotient 42"
        // end::request-response[]
        return outcome;
    }
}
