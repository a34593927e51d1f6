package io.ccrj.bench.core;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Routers;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntToLongFunction;

/**
 * The scatter-gather of {@link PeerComparisonBenchmark.ScatterGather} as a Pekko user writes it:
 * a pool router of two typed worker actors (round robin), each computing its task and telling
 * the result to one gathering actor, which sums a scatter's results and completes its future. The
 * actors run on the default dispatcher; two workers bound the parallelism as the other peers' two
 * threads do.
 *
 * <p>Threading: the benchmark thread sets {@link #pending} and then tells the tasks; a tell
 * happens before its receipt, so the gatherer, which completes {@link #pending}, sees it.
 */
final class PekkoScatter implements AutoCloseable {
    /** A task for a worker: its input. */
    record Task(int n) {
    }

    private final ActorSystem<Object> system;
    private final ActorRef<Task> workers;
    private final int tasks;
    /** The current scatter's sum; written by the benchmark thread before it tells the tasks. */
    private volatile CompletableFuture<Long> pending;

    private PekkoScatter(ActorSystem<Object> system, ActorRef<Task> workers, int tasks) {
        this.system = system;
        this.workers = workers;
        this.tasks = tasks;
    }

    /**
     * Starts the actor system: the gatherer and the router of two workers computing {@code work}.
     *
     * @param tasks results per scatter
     * @param work a task's result from its input
     * @return the started scatter
     */
    static PekkoScatter start(int tasks, IntToLongFunction work) {
        Peers.initLogging();
        CompletableFuture<ActorRef<Task>> router = new CompletableFuture<>();
        PekkoScatter[] self = new PekkoScatter[1];
        ActorSystem<Object> system = ActorSystem.create(Behaviors.setup(ctx -> {
            ActorRef<Long> gatherer = ctx.spawn(gatherer(tasks, self), "gatherer");
            Behavior<Task> worker = Behaviors.receiveMessage(t -> {
                gatherer.tell(work.applyAsLong(t.n()));
                return Behaviors.same();
            });
            router.complete(ctx.spawn(Routers.pool(2, worker), "workers"));
            return Behaviors.empty();
        }), "scatter-gather");
        try {
            self[0] = new PekkoScatter(system, router.get(10, TimeUnit.SECONDS), tasks);
        } catch (Exception e) {
            system.terminate();
            throw new IllegalStateException("Pekko's scatter-gather did not start", e);
        }
        return self[0];
    }

    /** The gatherer: sums every {@code tasks} results and completes the scatter's future. */
    private static Behavior<Long> gatherer(int tasks, PekkoScatter[] self) {
        long[] sum = new long[1]; // the actor's own state: one message at a time
        int[] count = new int[1];
        return Behaviors.receiveMessage(r -> {
            sum[0] += r;
            if (++count[0] == tasks) {
                long s = sum[0];
                sum[0] = 0;
                count[0] = 0;
                self[0].pending.complete(s);
            }
            return Behaviors.same();
        });
    }

    /** One scatter of the tasks and the gather of their results; returns the sum. */
    long scatterGather() throws Exception {
        CompletableFuture<Long> sum = new CompletableFuture<>();
        pending = sum;
        for (int i = 0; i < tasks; i++) {
            workers.tell(new Task(i));
        }
        return sum.get(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
