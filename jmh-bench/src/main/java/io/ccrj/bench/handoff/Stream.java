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
        return switch (impl) {
            case "ccr" -> new CcrStream();
            case "jctoolsMpsc" -> new RawStream(new MpscUnboundedXaddArrayQueue<>(1024));
            case "jctoolsSpsc" -> new RawStream(new SpscUnboundedArrayQueue<>(1024));
            default -> throw new IllegalArgumentException("unknown stream implementation " + impl);
        };
    }

    /** Counts a batch on the consumer's thread (one thread only); the peers of {@code bin/ccrj peers} count with it too. */
    final class Counter {
        private final BatchLatch latch = new BatchLatch();
        private long count;
        private long target;

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

    /** ccr-core: a port with a persistent receiver on a one-thread dispatcher, default idle strategy. */
    final class CcrStream implements Stream {
        private final Dispatcher dispatcher = new Dispatcher(1, "stream", IdleStrategy.spinThenPark());
        private final Port<Object> port = new Port<>("stream");
        private final Counter counter = new Counter();

        CcrStream() {
            Arbiter.activate(dispatcher.createQueue("consumer"), Arbiter.receive(true, port, counter::handle));
        }

        @Override
        public long stream(int n) {
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

    /** Raw JCTools queue to one consumer thread with ccr-core's default idle strategy. */
    final class RawStream implements Stream {
        private final Counter counter = new Counter();
        private final SpinYieldParkConsumer<Object> consumer;

        RawStream(Queue<Object> queue) {
            consumer = new SpinYieldParkConsumer<>("raw-consumer", queue, IdleStrategy.spinThenPark(), counter::handle);
        }

        @Override
        public long stream(int n) {
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
}
