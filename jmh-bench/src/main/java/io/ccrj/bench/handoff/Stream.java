package io.ccrj.bench.handoff;

import io.ccrj.core.Arbiter;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.IdleStrategy;
import io.ccrj.core.Port;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.jctools.queues.SpscUnboundedArrayQueue;

import java.util.Queue;
import java.util.function.Consumer;

/**
 * One producer (the benchmark thread) streaming a batch of messages to one consumer, which counts
 * them and signals when the batch is in. Unbounded on both sides, as a port is: the producer never
 * waits for the consumer.
 */
public interface Stream extends AutoCloseable {
    /** The message: one shared instance, so no allocation is charged to the producer's loop. */
    Object MESSAGE = new Object();

    /**
     * Posts {@code n} messages and waits until the consumer has handled them all.
     *
     * @param n batch size
     * @return messages handled, for the Blackhole
     */
    long stream(int n);

    @Override
    void close();

    /**
     * @param impl {@code ccr}, {@code jctoolsMpsc} or {@code jctoolsSpsc}
     * @return a started implementation
     */
    static Stream create(String impl) {
        Counter counter = new Counter();
        return switch (impl) {
            // ccr-core: a port with a persistent receiver on a one-thread dispatcher, default idle strategy.
            case "ccr" -> {
                Dispatcher dispatcher = new Dispatcher(1, "stream", IdleStrategy.spinThenPark());
                Port<Object> port = new Port<>("stream");
                Arbiter.activate(dispatcher.createQueue("consumer"), Arbiter.receive(true, port, counter::handle));
                yield counted(counter, port::post, dispatcher::close);
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
        return counted(counter, consumer::offer, consumer::close);
    }

    /** The batch loop: arm the counter, post {@code n} messages, wait for the count (one JMH fork runs one implementation). */
    private static Stream counted(Counter counter, Consumer<Object> post, Runnable close) {
        return new Stream() {
            @Override
            public long stream(int n) {
                counter.arm(n);
                for (int i = 0; i < n; i++) {
                    post.accept(MESSAGE);
                }
                return counter.await();
            }

            @Override
            public void close() {
                close.run();
            }
        };
    }

    /** Counts a batch on the consumer's thread (one thread only); the peers of {@code bin/ccrj peers} count with it too. */
    final class Counter extends PaddedCount {
        private final BatchLatch latch = new BatchLatch();

        /**
         * Benchmark thread, before the batch's first post (which publishes these writes).
         *
         * @param n messages in the batch
         */
        public void arm(long n) {
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

        /**
         * Benchmark thread: waits for the batch's end.
         *
         * @return messages handled
         */
        public long await() {
            latch.await();
            return count;
        }
    }
}
