package io.ccrj.bench.core;

import com.softwaremill.jox.Channel;
import io.ccrj.bench.handoff.BatchLatch;
import io.ccrj.bench.handoff.SpinYieldParkConsumer;
import io.ccrj.bench.handoff.Stream;
import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

/**
 * The consumers and round trips that {@link PeerComparisonBenchmark} compares: ccr-core and the
 * JVM tools a user would otherwise pick for the same job, each set up the way its documentation
 * suggests, each with one consumer. Every peer is its set-up plus the one step that differs (how a
 * message is posted, how a ball is handed on); the batch loop around that step is shared, so that
 * every peer, ours included, runs the same loop: in {@code bin/ccrj peers}, where all of them run in
 * one JVM, its call of the step is the same (megamorphic) call for every one of them.
 */
final class Peers {
    static final Object MESSAGE = Stream.MESSAGE;

    private Peers() {
    }

    /** Posts one message (or hands on one ball) the peer's way. */
    @FunctionalInterface
    interface Post<T> {
        void post(T message) throws Exception;
    }

    /** Runs one batch: {@code n} messages, or {@code n} round trips; returns the count to check. */
    @FunctionalInterface
    interface Batch {
        long run(int n) throws Exception;
    }

    /** One loop step of a consumer thread; interrupted when the peer is closed. */
    @FunctionalInterface
    interface Step {
        void run() throws InterruptedException;
    }

    /**
     * One producer (the benchmark thread) to one consumer.
     *
     * @param batch sends {@code n} messages and returns once the consumer has handled the last (the count it handled)
     * @param closer stops the consumer
     */
    record OneWay(Batch batch, AutoCloseable closer) implements AutoCloseable {
        long send(int n) throws Exception {
            return batch.run(n);
        }

        @Override
        public void close() throws Exception {
            closer.close();
        }
    }

    static OneWay oneWay(String impl) {
        Stream.Counter c = new Stream.Counter();
        return switch (impl) {
            // ccr-core: a port with a persistent receive on a one-thread dispatcher, default idle strategy.
            case "ccr" -> {
                Dispatcher dispatcher = new Dispatcher(1, "one-way", IdleStrategy.spinThenPark());
                Port<Object> port = new Port<>("one-way");
                Arbiter.activate(dispatcher.createQueue("consumer"), Arbiter.receive(true, port, c::handle));
                yield counted(c, port::post, dispatcher::close);
            }
            // The raw JCTools MPSC queue (the class ccr-core uses inside) to one thread, same idle strategy.
            case "jctoolsMpsc" -> {
                SpinYieldParkConsumer<Object> consumer = new SpinYieldParkConsumer<>("mpsc", new MpscUnboundedXaddArrayQueue<>(1024),
                        IdleStrategy.spinThenPark(), c::handle);
                yield counted(c, consumer::offer, consumer::close);
            }
            // Apache Pekko: a typed actor on the default dispatcher; tell per message.
            case "pekko" -> {
                ActorSystem<Object> system = ActorSystem.create(Behaviors.receiveMessage(m -> {
                    c.handle(m);
                    return Behaviors.same();
                }), "one-way");
                yield counted(c, system::tell, () -> terminate(system));
            }
            // jox: a buffered channel (default capacity) drained by one virtual thread.
            case "jox" -> {
                Channel<Object> channel = Channel.newBufferedDefaultChannel();
                yield counted(c, channel::send, drain(() -> c.handle(channel.receive())));
            }
            // ForkJoinPool(1).submit of one task per message.
            case "fjp" -> {
                ForkJoinPool pool = new ForkJoinPool(1);
                Runnable task = () -> c.handle(MESSAGE);
                yield counted(c, m -> pool.submit(task), pool::shutdownNow);
            }
            // CompletableFuture.runAsync of one task per message on a one-thread ForkJoinPool.
            case "completableFuture" -> {
                ForkJoinPool pool = new ForkJoinPool(1);
                Runnable task = () -> c.handle(MESSAGE);
                yield counted(c, m -> CompletableFuture.runAsync(task, pool), pool::shutdownNow);
            }
            // An ArrayBlockingQueue (1,024 places) drained by one virtual thread.
            case "virtualThreadQueue" -> {
                ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(1024);
                yield counted(c, queue::put, drain(() -> c.handle(queue.take())));
            }
            default -> throw new IllegalArgumentException("unknown implementation " + impl);
        };
    }

    /** A one-way peer whose consumer counts with {@code c}: arm, post {@code n} messages, await the count. */
    private static OneWay counted(Stream.Counter c, Post<Object> post, AutoCloseable closer) {
        return new OneWay(n -> {
            c.arm(n);
            for (int i = 0; i < n; i++) {
                post.post(MESSAGE);
            }
            return c.await();
        }, closer);
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

    // ---- ping-pong ----

    /**
     * Two parties bounce a ball; one round trip is ping and pong.
     *
     * @param latch signalled by the pong party when the ball has no round trip left
     * @param serve hands a fresh ball to the ping party
     * @param closer stops both parties
     */
    record RoundTrips(BatchLatch latch, Post<Ball> serve, AutoCloseable closer) implements AutoCloseable {
        /** Plays {@code n} round trips; returns when the last pong arrived, with the round trips left (0). */
        int play(int n) throws Exception {
            Ball ball = new Ball();
            ball.remaining = n;
            latch.reset();
            serve.post(ball);
            latch.await();
            return ball.remaining;
        }

        @Override
        public void close() throws Exception {
            closer.close();
        }
    }

    /** Hands the ball on to a party; {@code X} is what that can throw (nothing checked for most peers). */
    @FunctionalInterface
    interface Hand<X extends Exception> {
        void on(Ball ball) throws X;
    }

    /** The ball: how many round trips are left; touched by one party at a time. */
    static final class Ball {
        int remaining;

        /** The pong party's step: back to ping while round trips are left, else the batch is done. */
        <X extends Exception> void returned(Hand<X> ping, BatchLatch latch) throws X {
            if (--remaining > 0) {
                ping.on(this);
            } else {
                latch.signal();
            }
        }
    }

    static RoundTrips roundTrips(String impl) {
        BatchLatch latch = new BatchLatch();
        return switch (impl) {
            // ccr-core: two ports, a persistent receive each; one one-thread dispatcher per party (every
            // hop a hand-off between two threads), or both parties on one one-thread dispatcher (every
            // hop stays on its thread, as Pekko's actors on one dispatcher or two virtual threads on one
            // carrier can).
            case "ccr", "ccrOneDispatcher" -> {
                Dispatcher a = new Dispatcher(1, "ping", IdleStrategy.spinThenPark());
                Dispatcher b = impl.equals("ccr") ? new Dispatcher(1, "pong", IdleStrategy.spinThenPark()) : a;
                Port<Ball> ping = new Port<>("ping");
                Port<Ball> pong = new Port<>("pong");
                Arbiter.activate(a.createQueue("a"), Arbiter.receive(true, ping, pong::post));
                Hand<RuntimeException> toPing = ping::post; // made once: the handler passes it on without allocating
                Arbiter.activate(b.createQueue("b"), Arbiter.receive(true, pong, (Ball ball) -> ball.returned(toPing, latch)));
                yield new RoundTrips(latch, ping::post, () -> {
                    a.close();
                    if (b != a) {
                        b.close();
                    }
                });
            }
            // Pekko: two typed actors that tell each other the ball.
            case "pekko" -> {
                ActorSystem<Ball> system = ActorSystem.create(Behaviors.setup(ctx -> {
                    @SuppressWarnings("unchecked")
                    ActorRef<Ball>[] pinger = new ActorRef[1];
                    Hand<RuntimeException> toPing = ball -> pinger[0].tell(ball); // made once, reads the pinger when called
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
                yield new RoundTrips(latch, system::tell, () -> terminate(system));
            }
            // jox: two rendezvous channels, one virtual thread per party.
            case "jox" -> {
                Channel<Ball> ping = Channel.newRendezvousChannel();
                Channel<Ball> pong = Channel.newRendezvousChannel();
                Hand<InterruptedException> toPing = ping::send;
                yield parties(latch, ping::send, () -> pong.send(ping.receive()), () -> pong.receive().returned(toPing, latch));
            }
            // Two SynchronousQueues, one virtual thread per party.
            case "syncQueueVirtual" -> {
                SynchronousQueue<Ball> ping = new SynchronousQueue<>();
                SynchronousQueue<Ball> pong = new SynchronousQueue<>();
                Hand<InterruptedException> toPing = ping::put;
                yield parties(latch, ping::put, () -> pong.put(ping.take()), () -> pong.take().returned(toPing, latch));
            }
            // Each hop a CompletableFuture.runAsync on the other party's one-thread ForkJoinPool.
            case "completableFuture" -> {
                ForkJoinPool a = new ForkJoinPool(1);
                ForkJoinPool b = new ForkJoinPool(1);
                @SuppressWarnings("unchecked")
                Hand<RuntimeException>[] ping = new Hand[1];
                Hand<RuntimeException> pong = ball -> CompletableFuture.runAsync(() -> ball.returned(ping[0], latch), b);
                ping[0] = ball -> CompletableFuture.runAsync(() -> pong.on(ball), a);
                yield new RoundTrips(latch, ping[0]::on, () -> {
                    a.shutdownNow();
                    b.shutdownNow();
                });
            }
            default -> throw new IllegalArgumentException("unknown implementation " + impl);
        };
    }

    /** Two parties, one virtual thread each, looping their step until the peer is closed. */
    private static RoundTrips parties(BatchLatch latch, Post<Ball> serve, Step pinger, Step ponger) {
        AutoCloseable a = drain(pinger);
        AutoCloseable b = drain(ponger);
        return new RoundTrips(latch, serve, () -> {
            a.close();
            b.close();
        });
    }
}
