package io.ccrj.bench.handoff;

import io.ccrj.bench.handoff.Stream.Post;
import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;

import java.util.Queue;
import java.util.function.IntFunction;

/**
 * Two parties passing one ball back and forth: party A receives it and posts it to B, party B
 * receives it and posts it back to A, {@code n} round trips per batch. Only one ball is ever in
 * flight, so every step is a hand-off from one party to the other. Every implementation, and every
 * ping-pong peer of {@code bin/ccrj peers}, plays the same batch ({@link #play}); only the parties differ.
 *
 * @param latch signalled by B when the ball has no round trip left
 * @param serve hands a fresh ball to A
 * @param closer stops both parties
 */
@SuppressWarnings("try") // close() may throw InterruptedException: stopping the parties waits for their threads
public record PingPong(BatchLatch latch, Post<Ball, Exception> serve, AutoCloseable closer) implements AutoCloseable {
    /** The ball: B counts the round trips down; only the party holding it touches it. */
    public static final class Ball {
        int remaining;

        /** B's step: back to A while round trips are left, else the batch is done; {@code X}: what handing on can throw. */
        public <X extends Exception> void returned(Post<Ball, X> toA, BatchLatch latch) throws X {
            if (--remaining > 0) {
                toA.post(this);
            } else {
                latch.signal();
            }
        }
    }

    /**
     * @param impl {@code ccr}, {@code ccrTwoDispatchers}, {@code ccrOneDispatcher} (for {@code bin/ccrj peers}),
     *     {@code jctoolsSpsc} or {@code jctoolsMpsc}
     * @return a started implementation
     */
    public static PingPong create(String impl) {
        BatchLatch latch = new BatchLatch();
        return switch (impl) {
            // One dispatcher of 2 threads with one queue: the handlers may run on either worker.
            case "ccr" -> {
                Dispatcher d = new Dispatcher(2, "pingpong", IdleStrategy.spinThenPark());
                DispatcherQueue q = d.createQueue("a");
                yield ccr(latch, q, q, d::close);
            }
            // One single-thread dispatcher per party (each party always on its own thread, like the raw
            // baseline), or both parties on one single-thread dispatcher, a queue each (every hop stays on its thread).
            case "ccrTwoDispatchers", "ccrOneDispatcher" -> {
                Dispatcher a = new Dispatcher(1, "ping", IdleStrategy.spinThenPark());
                Dispatcher b = impl.equals("ccrTwoDispatchers") ? new Dispatcher(1, "pong", IdleStrategy.spinThenPark()) : a;
                yield ccr(latch, a.createQueue("a"), b.createQueue("b"), () -> {
                    a.close();
                    if (b != a) {
                        b.close();
                    }
                });
            }
            case "jctoolsSpsc" -> raw(SpscArrayQueue::new, latch);
            case "jctoolsMpsc" -> raw(MpscArrayQueue::new, latch);
            default -> throw new IllegalArgumentException("unknown ping-pong implementation " + impl);
        };
    }

    /**
     * ccr-core: ports {@code ping} and {@code pong}, one persistent receiver on each, A's on
     * {@code qa} and B's on {@code qb}; {@code closer} closes their dispatchers (default idle strategy).
     */
    private static PingPong ccr(BatchLatch latch, DispatcherQueue qa, DispatcherQueue qb, AutoCloseable closer) {
        Port<Ball> ping = new Port<>("ping");
        Port<Ball> pong = new Port<>("pong");
        Post<Ball, RuntimeException> toA = ping::post; // made once: the handler passes it on without allocating
        Arbiter.activate(qa, Arbiter.receive(true, ping, pong::post));
        Arbiter.activate(qb, Arbiter.receive(true, pong, (Ball b) -> b.returned(toA, latch)));
        return new PingPong(latch, ping::post, closer);
    }

    /** Raw JCTools: two queues, two consumer threads with ccr-core's default idle strategy. */
    private static PingPong raw(IntFunction<Queue<Ball>> queues, BatchLatch latch) {
        @SuppressWarnings("unchecked")
        SpinYieldParkConsumer<Ball>[] parties = (SpinYieldParkConsumer<Ball>[]) new SpinYieldParkConsumer<?>[2];
        Post<Ball, RuntimeException> toA = ball -> parties[0].offer(ball); // made once, reads party A when called
        parties[1] = new SpinYieldParkConsumer<>("raw-pong", queues.apply(1024), IdleStrategy.spinThenPark(),
                ball -> ball.returned(toA, latch));
        parties[0] = new SpinYieldParkConsumer<>("raw-ping", queues.apply(1024), IdleStrategy.spinThenPark(),
                ball -> parties[1].offer(ball));
        // A's main queue has one producer, party B: the benchmark thread serves through the other-thread path.
        return new PingPong(latch, parties[0]::offerFromOtherThread, () -> {
            parties[0].close();
            parties[1].close();
        });
    }

    /**
     * Plays {@code n} round trips: a fresh ball served to A, then the wait for B's signal (one JMH
     * fork runs one implementation).
     *
     * @param n round trips
     * @return the ball's final count (0), for the Blackhole
     * @throws Exception if serving fails
     */
    public int play(int n) throws Exception {
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
