package io.ccrj.core.examples;

import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Interleave;
import io.ccrj.core.Port;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Reader/writer arbitration at message level. */
public final class InterleaveExamples {
    private InterleaveExamples() {
    }

    /** What {@link #interleave} observed. */
    public record Counter(Interleave guard, Port<Integer> increments, int seen,
                          CompletableFuture<Integer> finalValue) {
    }

    /** State owned by an interleave: writes exclusive, reads concurrent, a teardown that retires it. */
    public static Counter interleave(DispatcherQueue queue) {
        // tag::interleave[]
        class Total {
            int value;   // touched only by the interleave's handlers: no lock, no volatile
        }
        Total total = new Total();
        Port<Integer> increments = new Port<>("increments");
        Port<CompletableFuture<Integer>> reads = new Port<>("reads");
        Port<CompletableFuture<Integer>> shutdown = new Port<>("shutdown");

        Interleave guard = Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, shutdown, last -> last.complete(total.value))),
                Arbiter.exclusive(Arbiter.receive(true, increments, n -> total.value += n)),
                Arbiter.concurrent(Arbiter.receive(true, reads, reply -> reply.complete(total.value))));
        Arbiter.activate(queue, guard);

        for (int i = 1; i <= 100; i++) {
            increments.post(i);
        }
        CompletableFuture<Integer> read = new CompletableFuture<>();
        reads.post(read);          // admitted only when no increment is waiting or running
        int seen = read.join();    // 5050: writer preference

        increments.post(1000);
        CompletableFuture<Integer> finalValue = new CompletableFuture<>();
        shutdown.post(finalValue); // the teardown runs alone, once the running handler has finished
        // finalValue is 6050, or 5050 if the last increment was still waiting inside the
        // interleave: it then goes back to the increments port. Nothing is lost.
        // end::interleave[]
        return new Counter(guard, increments, seen, finalValue);
    }

    /** What {@link #teardownWithPending} observed. */
    public record Pending(boolean exclusiveRunning, int pendingExclusive, int pendingConcurrent, List<String> ran,
                          Port<String> writes, Port<String> reads, Interleave guard) {
    }

    /** Writer preference, pending counts, and what teardown does with messages still waiting inside. */
    public static Pending teardownWithPending(DispatcherQueue queue) {
        // tag::interleave-pending[]
        Port<String> writes = new Port<>("writes");
        Port<String> reads = new Port<>("reads");
        Port<String> stop = new Port<>("stop");
        List<String> ran = new CopyOnWriteArrayList<>();
        Interleave guard = Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, stop, s -> ran.add("teardown"))),
                Arbiter.exclusive(Arbiter.receive(true, writes, ran::add)),
                Arbiter.concurrent(Arbiter.receive(true, reads, ran::add)));
        Arbiter.activate(queue, guard);

        queue.suspend();   // for the example: hold the tasks so that the interleave's state stays still
        writes.post("w1"); // admitted: isExclusiveRunning() is true from now until its handler ends
        reads.post("r1");  // waits inside the interleave (it has left the reads port)
        writes.post("w2"); // waits too: pendingExclusiveCount() == 1, pendingConcurrentCount() == 1
        boolean exclusiveRunning = guard.isExclusiveRunning();
        int pendingExclusive = guard.pendingExclusiveCount();
        int pendingConcurrent = guard.pendingConcurrentCount();
        stop.post("stop"); // teardown requested: it will run as soon as w1 is done
        writes.post("w3"); // refused by the retiring interleave: stays in the writes port
        queue.resume();
        // ran becomes [w1, teardown]. Then every branch is unregistered, r1 goes back to reads
        // and w2 back to the head of writes, ahead of w3: nothing is lost.
        // end::interleave-pending[]
        return new Pending(exclusiveRunning, pendingExclusive, pendingConcurrent, ran, writes, reads, guard);
    }
}
