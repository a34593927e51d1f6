package io.ccrj.bench.core;

import com.softwaremill.jox.Channel;
import io.ccrj.bench.handoff.BatchLatch;
import io.ccrj.bench.handoff.PingPong;
import io.ccrj.bench.handoff.PingPong.Ball;
import io.ccrj.bench.handoff.Stream;
import io.ccrj.bench.handoff.Stream.Post;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

/**
 * The consumers and round trips that {@link PeerComparisonBenchmark} compares: ccr-core and the
 * JVM tools a user would otherwise pick for the same job, each set up the way its documentation
 * suggests, each with one consumer. Every peer is its set-up plus the one step that differs (how a
 * message is posted, how a ball is handed on); the batch loop around that step is shared
 * ({@link Stream#stream}, {@link PingPong#play}), so that every peer, ours included, runs the same
 * loop. {@code bin/ccrj peers} times them through this benchmark, each in its own JMH fork.
 */
final class Peers {
    static {
        initLogging();
    }

    /**
     * Initialises SLF4J on the calling thread; call before starting an actor system. SLF4J
     * initialises its binding on first use; if Pekko's threads ask for loggers while that is under
     * way, SLF4J replays their calls and prints a three-line notice. Initialised first, on the
     * thread that starts the system, it has nothing to replay.
     */
    static void initLogging() {
        org.slf4j.LoggerFactory.getILoggerFactory();
    }

    private Peers() {
    }

    /** One loop step of a consumer thread; interrupted when the peer is closed. */
    @FunctionalInterface
    interface Step {
        void run() throws InterruptedException;
    }

    /** One producer (the benchmark thread) to one consumer. */
    static Stream oneWay(String impl) {
        Stream.Counter c = new Stream.Counter();
        return switch (impl) {
            // ccr-core: a port with a persistent receive on a one-thread dispatcher, default idle strategy;
            // the raw JCTools MPSC queue (the design of ccr-core's own task queue) to one thread, same idle strategy.
            case "ccr", "jctoolsMpsc" -> Stream.create(impl);
            // Apache Pekko: a typed actor on the default dispatcher; tell per message.
            case "pekko" -> {
                ActorSystem<Object> system = ActorSystem.create(Behaviors.receiveMessage(m -> {
                    c.handle(m);
                    return Behaviors.same();
                }), "one-way");
                yield new Stream(c, system::tell, () -> terminate(system));
            }
            // jox: a buffered channel (default capacity) drained by one virtual thread.
            case "jox" -> {
                Channel<Object> channel = Channel.newBufferedDefaultChannel();
                yield new Stream(c, channel::send, drain(() -> c.handle(channel.receive())));
            }
            // ForkJoinPool(1).submit of one task per message.
            case "fjp" -> {
                ForkJoinPool pool = new ForkJoinPool(1);
                Runnable task = () -> c.handle(Stream.MESSAGE);
                yield new Stream(c, m -> pool.submit(task), pool::shutdownNow);
            }
            // CompletableFuture.runAsync of one task per message on a one-thread ForkJoinPool.
            case "completableFuture" -> {
                ForkJoinPool pool = new ForkJoinPool(1);
                Runnable task = () -> c.handle(Stream.MESSAGE);
                yield new Stream(c, m -> CompletableFuture.runAsync(task, pool), pool::shutdownNow);
            }
            // An ArrayBlockingQueue (1,024 places) drained by one virtual thread.
            case "virtualThreadQueue" -> {
                ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(1024);
                yield new Stream(c, queue::put, drain(() -> c.handle(queue.take())));
            }
            default -> throw new IllegalArgumentException("unknown implementation " + impl);
        };
    }

    /** Starts a virtual thread that runs {@code step} until interrupted; the closer interrupts it. */
    private static AutoCloseable drain(Step step) {
        Thread consumer = Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    step.run();
                }
            } catch (InterruptedException e) {
                // closed
            }
        });
        return consumer::interrupt;
    }

    private static void terminate(ActorSystem<?> system) throws Exception {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** Two parties bounce a ball; one round trip is ping and pong. */
    static PingPong roundTrips(String impl) {
        BatchLatch latch = new BatchLatch();
        return switch (impl) {
            // ccr-core: two ports, a persistent receive each; one one-thread dispatcher per party (every
            // hop a hand-off between two threads), or both parties on one one-thread dispatcher (every
            // hop stays on its thread, as Pekko's actors on one dispatcher or two virtual threads on one
            // carrier can).
            case "ccr" -> PingPong.create("ccrTwoDispatchers");
            case "ccrOneDispatcher" -> PingPong.create(impl);
            // Both parties' receivers on one two-thread dispatcher, one queue (the guide's setting): the
            // dispatcher decides where each hop runs.
            case "ccrTwoThreads" -> PingPong.create("ccr");
            // The floor: two threads, each polling its own JCTools SPSC queue (spinning while the ball is in flight).
            case "floor" -> PingPong.create("jctoolsSpsc");
            // Pekko: two typed actors that tell each other the ball.
            case "pekko" -> {
                ActorSystem<Ball> system = ActorSystem.create(Behaviors.setup(ctx -> {
                    @SuppressWarnings("unchecked")
                    ActorRef<Ball>[] pinger = (ActorRef<Ball>[]) new ActorRef<?>[1];
                    Post<Ball, RuntimeException> toPing = ball -> pinger[0].tell(ball); // made once, reads the pinger when called
                    ActorRef<Ball> ponger = ctx.spawn(Behaviors.receiveMessage(ball -> {
                        ball.returned(toPing, latch);
                        return Behaviors.same();
                    }), "pong");
                    pinger[0] = ctx.spawn(Behaviors.<Ball>receiveMessage(ball -> {
                        ponger.tell(ball);
                        return Behaviors.same();
                    }), "ping");
                    return Behaviors.receiveMessage(ball -> {
                        pinger[0].tell(ball);
                        return Behaviors.same();
                    });
                }), "round-trips");
                yield new PingPong(latch, system::tell, () -> terminate(system));
            }
            // jox: two rendezvous channels, one virtual thread per party.
            case "jox" -> {
                Channel<Ball> ping = Channel.newRendezvousChannel();
                Channel<Ball> pong = Channel.newRendezvousChannel();
                Post<Ball, InterruptedException> toPing = ping::send;
                yield parties(latch, ping::send, () -> pong.send(ping.receive()), () -> pong.receive().returned(toPing, latch));
            }
            // Two SynchronousQueues, one virtual thread per party.
            case "syncQueueVirtual" -> {
                SynchronousQueue<Ball> ping = new SynchronousQueue<>();
                SynchronousQueue<Ball> pong = new SynchronousQueue<>();
                Post<Ball, InterruptedException> toPing = ping::put;
                yield parties(latch, ping::put, () -> pong.put(ping.take()), () -> pong.take().returned(toPing, latch));
            }
            // Each hop a CompletableFuture.runAsync on the other party's one-thread ForkJoinPool.
            case "completableFuture" -> {
                ForkJoinPool a = new ForkJoinPool(1);
                ForkJoinPool b = new ForkJoinPool(1);
                @SuppressWarnings("unchecked")
                Post<Ball, RuntimeException>[] ping = (Post<Ball, RuntimeException>[]) new Post<?, ?>[1];
                Post<Ball, RuntimeException> pong = ball -> CompletableFuture.runAsync(() -> ball.returned(ping[0], latch), b);
                ping[0] = ball -> CompletableFuture.runAsync(() -> pong.post(ball), a);
                yield new PingPong(latch, ping[0]::post, () -> {
                    a.shutdownNow();
                    b.shutdownNow();
                });
            }
            default -> throw new IllegalArgumentException("unknown implementation " + impl);
        };
    }

    /** Two parties, one virtual thread each, looping their step until the peer is closed. */
    private static PingPong parties(BatchLatch latch, Post<Ball, Exception> serve, Step pinger, Step ponger) {
        AutoCloseable a = drain(pinger);
        AutoCloseable b = drain(ponger);
        return new PingPong(latch, serve, () -> {
            a.close();
            b.close();
        });
    }
}
