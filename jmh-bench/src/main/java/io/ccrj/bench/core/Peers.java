package io.ccrj.bench.core;

import com.softwaremill.jox.Channel;
import io.ccrj.bench.handoff.BatchLatch;
import io.ccrj.bench.handoff.SpinYieldParkConsumer;
import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
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
 * suggests, each with one consumer.
 */
final class Peers {
    static final Object MESSAGE = new Object();

    private Peers() {
    }

    /** One producer (the benchmark thread) to one consumer. */
    interface OneWay extends AutoCloseable {
        /** Sends {@code n} messages and returns once the consumer has handled the last. */
        long send(int n) throws Exception;

        @Override
        void close() throws Exception;
    }

    /** Counts a batch on the consumer's side; the consumer is one thread at a time. */
    static final class Counter {
        private final BatchLatch latch = new BatchLatch();
        private long count;
        private long target;

        void arm(long n) {
            count = 0;
            target = n;
            latch.reset();
        }

        void handle(Object message) {
            if (++count == target) {
                latch.signal();
            }
        }

        long await() {
            latch.await();
            return count;
        }
    }

    static OneWay oneWay(String impl) {
        return switch (impl) {
            case "ccr" -> new CcrOneWay();
            case "pekko" -> new PekkoOneWay();
            case "jox" -> new JoxOneWay();
            case "fjp" -> new ForkJoinOneWay();
            case "completableFuture" -> new CompletableFutureOneWay();
            case "virtualThreadQueue" -> new BlockingQueueOneWay();
            case "jctoolsMpsc" -> new MpscOneWay();
            default -> throw new IllegalArgumentException("unknown implementation " + impl);
        };
    }

    /** ccr-core: a port with a persistent receive on a one-thread dispatcher, default idle strategy. */
    static final class CcrOneWay implements OneWay {
        private final Dispatcher dispatcher = new Dispatcher(1, "one-way", IdleStrategy.spinThenPark());
        private final Port<Object> port = new Port<>("one-way");
        private final Counter counter = new Counter();

        CcrOneWay() {
            Arbiter.activate(dispatcher.createQueue("consumer"), Arbiter.receive(true, port, counter::handle));
        }

        @Override
        public long send(int n) {
            counter.arm(n);
            for (int i = 0; i < n; i++) {
                port.post(MESSAGE);
            }
            return counter.await();
        }

        @Override
        public void close() {
            dispatcher.close();
        }
    }

    /** Apache Pekko: a typed actor on the default dispatcher; {@code tell} per message. */
    static final class PekkoOneWay implements OneWay {
        private final Counter counter = new Counter();
        private final ActorSystem<Object> system = ActorSystem.create(Behaviors.receiveMessage(m -> {
            counter.handle(m);
            return Behaviors.same();
        }), "one-way");

        @Override
        public long send(int n) {
            counter.arm(n);
            for (int i = 0; i < n; i++) {
                system.tell(MESSAGE);
            }
            return counter.await();
        }

        @Override
        public void close() throws Exception {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** jox: a buffered channel (default capacity) drained by one virtual thread. */
    static final class JoxOneWay implements OneWay {
        private final Counter counter = new Counter();
        private final Channel<Object> channel = Channel.newBufferedDefaultChannel();
        private final Thread consumer = Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    counter.handle(channel.receive());
                }
            } catch (InterruptedException e) {
                // closed
            }
        });

        @Override
        public long send(int n) throws InterruptedException {
            counter.arm(n);
            for (int i = 0; i < n; i++) {
                channel.send(MESSAGE);
            }
            return counter.await();
        }

        @Override
        public void close() {
            consumer.interrupt();
        }
    }

    /** {@code ForkJoinPool(1).submit} of one task per message. */
    static final class ForkJoinOneWay implements OneWay {
        private final ForkJoinPool pool = new ForkJoinPool(1);
        private final Counter counter = new Counter();
        private final Runnable task = () -> counter.handle(MESSAGE);

        @Override
        public long send(int n) {
            counter.arm(n);
            for (int i = 0; i < n; i++) {
                pool.submit(task);
            }
            return counter.await();
        }

        @Override
        public void close() {
            pool.shutdownNow();
        }
    }

    /** {@code CompletableFuture.runAsync} of one task per message on a one-thread {@link ForkJoinPool}. */
    static final class CompletableFutureOneWay implements OneWay {
        private final ForkJoinPool pool = new ForkJoinPool(1);
        private final Counter counter = new Counter();
        private final Runnable task = () -> counter.handle(MESSAGE);

        @Override
        public long send(int n) {
            counter.arm(n);
            for (int i = 0; i < n; i++) {
                CompletableFuture.runAsync(task, pool);
            }
            return counter.await();
        }

        @Override
        public void close() {
            pool.shutdownNow();
        }
    }

    /** An {@link ArrayBlockingQueue} (1,024 places) drained by one virtual thread. */
    static final class BlockingQueueOneWay implements OneWay {
        private final Counter counter = new Counter();
        private final ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(1024);
        private final Thread consumer = Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    counter.handle(queue.take());
                }
            } catch (InterruptedException e) {
                // closed
            }
        });

        @Override
        public long send(int n) throws InterruptedException {
            counter.arm(n);
            for (int i = 0; i < n; i++) {
                queue.put(MESSAGE);
            }
            return counter.await();
        }

        @Override
        public void close() {
            consumer.interrupt();
        }
    }

    /** Raw JCTools MPSC queue (the class ccr-core uses inside) to one thread, same idle strategy. */
    static final class MpscOneWay implements OneWay {
        private final Counter counter = new Counter();
        private final SpinYieldParkConsumer<Object> consumer = new SpinYieldParkConsumer<>("mpsc",
                new MpscUnboundedXaddArrayQueue<>(1024), IdleStrategy.spinThenPark(), counter::handle);

        @Override
        public long send(int n) {
            counter.arm(n);
            for (int i = 0; i < n; i++) {
                consumer.offer(MESSAGE);
            }
            return counter.await();
        }

        @Override
        public void close() {
            consumer.close();
        }
    }

    // ---- ping-pong ----

    /** Two parties bounce a ball; one round trip is ping and pong. */
    interface RoundTrips extends AutoCloseable {
        /** Plays {@code n} round trips; returns when the last pong arrived. */
        int play(int n) throws Exception;

        @Override
        void close() throws Exception;
    }

    /** The ball: how many round trips are left; touched by one party at a time. */
    static final class Ball {
        int remaining;
    }

    static RoundTrips roundTrips(String impl) {
        return switch (impl) {
            case "ccr" -> new CcrRoundTrips(false);
            case "ccrOneDispatcher" -> new CcrRoundTrips(true);
            case "pekko" -> new PekkoRoundTrips();
            case "jox" -> new JoxRoundTrips();
            case "syncQueueVirtual" -> new SynchronousQueueRoundTrips();
            case "completableFuture" -> new CompletableFutureRoundTrips();
            default -> throw new IllegalArgumentException("unknown implementation " + impl);
        };
    }

    /**
     * ccr-core: two ports, a persistent receive each; one one-thread dispatcher per party (every hop
     * a hand-off between two threads), or both parties on one one-thread dispatcher (every hop stays
     * on its thread, as Pekko's actors on one dispatcher or two virtual threads on one carrier can).
     */
    static final class CcrRoundTrips implements RoundTrips {
        private final Dispatcher a = new Dispatcher(1, "ping", IdleStrategy.spinThenPark());
        private final Dispatcher b;
        private final Port<Ball> ping = new Port<>("ping");
        private final Port<Ball> pong = new Port<>("pong");
        private final BatchLatch latch = new BatchLatch();

        CcrRoundTrips(boolean oneDispatcher) {
            b = oneDispatcher ? a : new Dispatcher(1, "pong", IdleStrategy.spinThenPark());
            Arbiter.activate(a.createQueue("a"), Arbiter.receive(true, ping, pong::post));
            Arbiter.activate(b.createQueue("b"), Arbiter.receive(true, pong, (Ball ball) -> {
                if (--ball.remaining > 0) {
                    ping.post(ball);
                } else {
                    latch.signal();
                }
            }));
        }

        @Override
        public int play(int n) {
            Ball ball = new Ball();
            ball.remaining = n;
            latch.reset();
            ping.post(ball);
            latch.await();
            return ball.remaining;
        }

        @Override
        public void close() {
            a.close();
            if (b != a) {
                b.close();
            }
        }
    }

    /** Pekko: two typed actors that tell each other the ball. */
    static final class PekkoRoundTrips implements RoundTrips {
        private final BatchLatch latch = new BatchLatch();
        private final ActorSystem<Object> system;

        PekkoRoundTrips() {
            system = ActorSystem.create(Behaviors.setup(ctx -> {
                org.apache.pekko.actor.typed.ActorRef<Ball>[] other = new org.apache.pekko.actor.typed.ActorRef[1];
                org.apache.pekko.actor.typed.ActorRef<Ball> ponger = ctx.spawn(Behaviors.receiveMessage(ball -> {
                    if (--ball.remaining > 0) {
                        other[0].tell(ball);
                    } else {
                        latch.signal();
                    }
                    return Behaviors.same();
                }), "pong");
                other[0] = ctx.spawn(Behaviors.<Ball>receiveMessage(ball -> {
                    ponger.tell(ball);
                    return Behaviors.same();
                }), "ping");
                return Behaviors.receiveMessage(m -> {
                    other[0].tell((Ball) m);
                    return Behaviors.same();
                });
            }), "round-trips");
        }

        @Override
        public int play(int n) {
            Ball ball = new Ball();
            ball.remaining = n;
            latch.reset();
            system.tell(ball);
            latch.await();
            return ball.remaining;
        }

        @Override
        public void close() throws Exception {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** jox: two rendezvous channels, one virtual thread per party. */
    static final class JoxRoundTrips implements RoundTrips {
        private final Channel<Ball> ping = Channel.newRendezvousChannel();
        private final Channel<Ball> pong = Channel.newRendezvousChannel();
        private final BatchLatch latch = new BatchLatch();
        private final Thread pinger = Thread.ofVirtual().start(() -> relay(ping, pong));
        private final Thread ponger = Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    Ball ball = pong.receive();
                    if (--ball.remaining > 0) {
                        ping.send(ball);
                    } else {
                        latch.signal();
                    }
                }
            } catch (InterruptedException e) {
                // closed
            }
        });

        private static void relay(Channel<Ball> from, Channel<Ball> to) {
            try {
                while (true) {
                    to.send(from.receive());
                }
            } catch (InterruptedException e) {
                // closed
            }
        }

        @Override
        public int play(int n) throws InterruptedException {
            Ball ball = new Ball();
            ball.remaining = n;
            latch.reset();
            ping.send(ball);
            latch.await();
            return ball.remaining;
        }

        @Override
        public void close() {
            pinger.interrupt();
            ponger.interrupt();
        }
    }

    /** Two {@link SynchronousQueue}s, one virtual thread per party. */
    static final class SynchronousQueueRoundTrips implements RoundTrips {
        private final SynchronousQueue<Ball> ping = new SynchronousQueue<>();
        private final SynchronousQueue<Ball> pong = new SynchronousQueue<>();
        private final BatchLatch latch = new BatchLatch();
        private final Thread pinger = Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    pong.put(ping.take());
                }
            } catch (InterruptedException e) {
                // closed
            }
        });
        private final Thread ponger = Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    Ball ball = pong.take();
                    if (--ball.remaining > 0) {
                        ping.put(ball);
                    } else {
                        latch.signal();
                    }
                }
            } catch (InterruptedException e) {
                // closed
            }
        });

        @Override
        public int play(int n) throws InterruptedException {
            Ball ball = new Ball();
            ball.remaining = n;
            latch.reset();
            ping.put(ball);
            latch.await();
            return ball.remaining;
        }

        @Override
        public void close() {
            pinger.interrupt();
            ponger.interrupt();
        }
    }

    /** Each hop a {@code CompletableFuture.runAsync} on the other party's one-thread {@link ForkJoinPool}. */
    static final class CompletableFutureRoundTrips implements RoundTrips {
        private final ForkJoinPool a = new ForkJoinPool(1);
        private final ForkJoinPool b = new ForkJoinPool(1);
        private final BatchLatch latch = new BatchLatch();

        private void ping(Ball ball) {
            CompletableFuture.runAsync(() -> pong(ball), b);
        }

        private void pong(Ball ball) {
            if (--ball.remaining > 0) {
                CompletableFuture.runAsync(() -> ping(ball), a);
            } else {
                latch.signal();
            }
        }

        @Override
        public int play(int n) {
            Ball ball = new Ball();
            ball.remaining = n;
            latch.reset();
            CompletableFuture.runAsync(() -> ping(ball), a);
            latch.await();
            return ball.remaining;
        }

        @Override
        public void close() {
            a.shutdownNow();
            b.shutdownNow();
        }
    }
}
