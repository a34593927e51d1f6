package io.ccrj.bench.handoff;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.jctools.queues.SpscUnboundedArrayQueue;

import java.util.Queue;

/**
 * One producer (the benchmark thread) streaming a batch of messages to one consumer, which counts
 * them and signals when the batch is in. Unbounded on both sides, as a port is: the producer never
 * waits for the consumer. Every implementation, and every one-way peer of {@code bin/ccrj peers},
 * runs the same batch loop ({@link #stream}); only {@code post} differs.
 *
 * @param counter the consumer's count of the batch
 * @param post posts one message the implementation's way
 * @param closer stops the consumer
 */
@SuppressWarnings("try") // close() may throw InterruptedException: stopping the parties waits for their threads
public record Stream(Counter counter, Post<Object, Exception> post, AutoCloseable closer) implements AutoCloseable {
    /** The message: one shared instance, so no allocation is charged to the producer's loop. */
    public static final Object MESSAGE = new Object();

    /** Posts one message (or hands on one ball) the implementation's way; {@code X} is what that can throw. */
    @FunctionalInterface
    public interface Post<T, X extends Exception> {
        void post(T message) throws X;
    }

    /**
     * @param impl {@code ccr}, {@code jctoolsMpsc} or {@code jctoolsSpsc}
     * @return a started implementation
     */
    public static Stream create(String impl) {
        Counter counter = new Counter();
        return switch (impl) {
            // ccr-core: a port with a persistent receiver on a one-thread dispatcher, default idle strategy.
            case "ccr" -> {
                Dispatcher dispatcher = new Dispatcher(1, "stream", IdleStrategy.spinThenPark());
                Port<Object> port = new Port<>("stream");
                Arbiter.activate(dispatcher.createQueue("consumer"), Arbiter.receive(true, port, counter::handle));
                yield new Stream(counter, port::post, dispatcher::close);
            }
            // Raw JCTools queues to one consumer thread with ccr-core's default idle strategy.
            case "jctoolsMpsc" -> raw(counter, new MpscUnboundedXaddArrayQueue<>(1024));
            case "jctoolsSpsc" -> raw(counter, new SpscUnboundedArrayQueue<>(1024));
            default -> throw new IllegalArgumentException("unknown stream implementation " + impl);
        };
    }

    private static Stream raw(Counter counter, Queue<Object> queue) {
        SpinYieldParkConsumer<Object> consumer = new SpinYieldParkConsumer<>("raw-consumer", queue, IdleStrategy.spinThenPark(),
                counter::handle);
        return new Stream(counter, consumer::offer, consumer::close);
    }

    /**
     * The batch loop: arms the counter, posts {@code n} messages, waits until the consumer has
     * handled them all (one JMH fork runs one implementation).
     *
     * @param n batch size
     * @return messages handled, for the Blackhole
     * @throws Exception if a post fails
     */
    public long stream(int n) throws Exception {
        counter.arm(n);
        for (int i = 0; i < n; i++) {
            post.post(MESSAGE);
        }
        return counter.await();
    }

    @Override
    public void close() throws Exception {
        closer.close();
    }

    /** Counts a batch on the consumer's thread (one thread only). */
    public static final class Counter extends PaddedCount {
        private final BatchLatch latch = new BatchLatch();

        /** Benchmark thread, before the batch's first post (which publishes these writes): a batch of {@code n}. */
        void arm(long n) {
            count = 0;
            target = n;
            latch.reset();
        }

        /**
         * Consumer thread: counts one message, signals the batch's end.
         *
         * @param message the message (not looked at)
         */
        public void handle(Object message) {
            if (++count == target) {
                latch.signal();
            }
        }

        /** Benchmark thread: waits for the batch's end; returns the messages handled. */
        long await() {
            latch.await();
            return count;
        }
    }
}
