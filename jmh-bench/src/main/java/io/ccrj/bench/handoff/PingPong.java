package io.ccrj.bench.handoff;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;

import java.util.Queue;
import java.util.function.Consumer;
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

        /** B's step: back to A while round trips are left, else the batch is done. */
        void returned(Consumer<Ball> toA, BatchLatch latch) {
            if (--remaining > 0) {
                toA.accept(this);
            } else {
                latch.signal();
            }
        }
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
        BatchLatch latch = new BatchLatch();
        return switch (impl) {
            case "ccr", "ccrTwoDispatchers" -> ccr(impl.equals("ccrTwoDispatchers"), latch);
            case "jctoolsSpsc" -> raw(SpscArrayQueue::new, latch);
            case "jctoolsMpsc" -> raw(MpscArrayQueue::new, latch);
            default -> throw new IllegalArgumentException("unknown ping-pong implementation " + impl);
        };
    }

    /**
     * ccr-core: ports {@code ping} and {@code pong}, one persistent receiver on each. Either one
     * dispatcher of 2 threads with one queue (the handlers may run on either worker), or one
     * single-thread dispatcher per party (each party always on its own thread, like the raw
     * baseline). Default idle strategy.
     */
    private static PingPong ccr(boolean dispatcherPerParty, BatchLatch latch) {
        Dispatcher first = new Dispatcher(dispatcherPerParty ? 1 : 2, dispatcherPerParty ? "ping" : "pingpong",
                IdleStrategy.spinThenPark());
        Dispatcher second = dispatcherPerParty ? new Dispatcher(1, "pong", IdleStrategy.spinThenPark()) : null;
        DispatcherQueue qa = first.createQueue("a");
        DispatcherQueue qb = second == null ? qa : second.createQueue("b");
        Port<Ball> ping = new Port<>("ping");
        Port<Ball> pong = new Port<>("pong");
        Consumer<Ball> toA = ping::post; // made once: the handler passes it on without allocating
        Arbiter.activate(qa, Arbiter.receive(true, ping, pong::post));
        Arbiter.activate(qb, Arbiter.receive(true, pong, (Ball b) -> b.returned(toA, latch)));
        return played(latch, ping::post, () -> {
            first.close();
            if (second != null) {
                second.close();
            }
        });
    }

    /** Raw JCTools: two queues, two consumer threads with ccr-core's default idle strategy. */
    private static PingPong raw(IntFunction<Queue<Ball>> queues, BatchLatch latch) {
        @SuppressWarnings("unchecked")
        SpinYieldParkConsumer<Ball>[] parties = new SpinYieldParkConsumer[2];
        Consumer<Ball> toA = ball -> parties[0].offer(ball); // made once, reads party A when called
        parties[1] = new SpinYieldParkConsumer<>("raw-pong", queues.apply(1024), IdleStrategy.spinThenPark(),
                ball -> ball.returned(toA, latch));
        parties[0] = new SpinYieldParkConsumer<>("raw-ping", queues.apply(1024), IdleStrategy.spinThenPark(),
                ball -> parties[1].offer(ball));
        // A's main queue has one producer, party B: the benchmark thread serves through the other-thread path.
        return played(latch, parties[0]::offerFromOtherThread, () -> {
            parties[0].close();
            parties[1].close();
        });
    }

    /** The batch: a fresh ball served to A, then the wait for B's signal (each JMH fork runs one implementation). */
    private static PingPong played(BatchLatch latch, Consumer<Ball> serve, Runnable close) {
        return new PingPong() {
            @Override
            public int play(int n) {
                Ball ball = new Ball();
                ball.remaining = n;
                latch.reset();
                serve.accept(ball);
                latch.await();
                return ball.remaining;
            }

            @Override
            public void close() {
                close.run();
            }
        };
    }
}
