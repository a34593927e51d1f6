package io.ccrj.bench.handoff;

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
 * Two parties passing one message back and forth: party A receives "ping" and posts it to B,
 * party B receives it and posts it back to A, {@code n} round trips per batch. Only one message is
 * ever in flight, so every step is a hand-off from one party to the other.
 */
public interface PingPong extends AutoCloseable {
    /** The ball: B counts the round trips down; only the party holding it touches it. */
    final class Ball {
        int remaining;
    }

    /**
     * Plays {@code n} round trips and waits for the last.
     *
     * @param n round trips
     * @return the ball's final count (0), for the Blackhole
     */
    int play(int n);

    @Override
    void close();

    /**
     * @param impl {@code ccr}, {@code ccrTwoDispatchers}, {@code jctoolsSpsc} or {@code jctoolsMpsc}
     * @return a started implementation
     */
    static PingPong create(String impl) {
        return switch (impl) {
            case "ccr" -> new CcrPingPong(false);
            case "ccrTwoDispatchers" -> new CcrPingPong(true);
            case "jctoolsSpsc" -> new RawPingPong(SpscArrayQueue::new);
            case "jctoolsMpsc" -> new RawPingPong(MpscArrayQueue::new);
            default -> throw new IllegalArgumentException("unknown ping-pong implementation " + impl);
        };
    }

    /**
     * ccr-core: ports {@code ping} and {@code pong}, one persistent receiver on each. Either one
     * dispatcher of 2 threads with one queue (the handlers may run on either worker), or one
     * single-thread dispatcher per party (each party always on its own thread, like the raw
     * baseline). Default idle strategy.
     */
    final class CcrPingPong implements PingPong {
        private final Dispatcher first;
        private final Dispatcher second;
        private final Port<Ball> ping = new Port<>("ping");
        private final Port<Ball> pong = new Port<>("pong");
        private final BatchLatch latch = new BatchLatch();

        CcrPingPong(boolean dispatcherPerParty) {
            if (dispatcherPerParty) {
                first = new Dispatcher(1, "ping", IdleStrategy.spinThenPark());
                second = new Dispatcher(1, "pong", IdleStrategy.spinThenPark());
            } else {
                first = new Dispatcher(2, "pingpong", IdleStrategy.spinThenPark());
                second = null;
            }
            DispatcherQueue qa = first.createQueue("a");
            DispatcherQueue qb = second == null ? qa : second.createQueue("b");
            Arbiter.activate(qa, Arbiter.receive(true, ping, pong::post));
            Arbiter.activate(qb, Arbiter.receive(true, pong, (Ball b) -> {
                if (--b.remaining > 0) {
                    ping.post(b);
                } else {
                    latch.signal();
                }
            }));
        }

        @Override
        public int play(int n) {
            Ball b = new Ball();
            b.remaining = n;
            latch.reset();
            ping.post(b);
            latch.await();
            return b.remaining;
        }

        @Override
        public void close() {
            first.close();
            if (second != null) {
                second.close();
            }
        }
    }

    /** Raw JCTools: two queues, two consumer threads with ccr-core's default idle strategy. */
    final class RawPingPong implements PingPong {
        private final SpinYieldParkConsumer<Ball> a;
        private final SpinYieldParkConsumer<Ball> b;
        private final BatchLatch latch = new BatchLatch();

        RawPingPong(IntFunction<Queue<Ball>> queues) {
            Queue<Ball> toA = queues.apply(1024);
            Queue<Ball> toB = queues.apply(1024);
            SpinYieldParkConsumer<Ball>[] parties = newPair();
            b = new SpinYieldParkConsumer<>("raw-pong", toB, IdleStrategy.spinThenPark(), ball -> {
                if (--ball.remaining > 0) {
                    parties[0].offer(ball);
                } else {
                    latch.signal();
                }
            });
            parties[1] = b;
            a = new SpinYieldParkConsumer<>("raw-ping", toA, IdleStrategy.spinThenPark(), ball -> parties[1].offer(ball));
            parties[0] = a;
        }

        @SuppressWarnings("unchecked")
        private static SpinYieldParkConsumer<Ball>[] newPair() {
            return new SpinYieldParkConsumer[2];
        }

        @Override
        public int play(int n) {
            Ball ball = new Ball();
            ball.remaining = n;
            latch.reset();
            a.offerFromOtherThread(ball); // a's main queue has one producer: party b
            latch.await();
            return ball.remaining;
        }

        @Override
        public void close() {
            a.close();
            b.close();
        }
    }
}
