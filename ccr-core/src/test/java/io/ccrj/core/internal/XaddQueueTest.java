package io.ccrj.core.internal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The dispatcher's Unsafe-free queue: FIFO on one thread across chunk boundaries, and under
 * concurrent producers and consumers every element taken exactly once, each producer's elements
 * in its own order (per consumer for the MPMC variant, globally for the MPSC one). Small chunks
 * so that the runs cross thousands of chunk boundaries, where the appends race.
 */
class XaddQueueTest {
    private static final int PRODUCERS = 3;
    private static final int PER_PRODUCER = 200_000;

    @Test
    void fifoOnOneThreadAcrossChunks() {
        for (XaddQueue<Integer> q : List.of(XaddQueue.<Integer>mpmc(4), XaddQueue.<Integer>mpsc(4))) {
            assertThat(q.poll()).isNull();
            assertThat(q.peek()).isNull();
            assertThat(q.isEmpty()).isTrue();
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 11; i++) {
                    q.offer(i);
                }
                assertThat(q.size()).isEqualTo(11);
                assertThat(q.isEmpty()).isFalse();
                assertThat(q.peek()).isEqualTo(0);
                for (int i = 0; i < 11; i++) {
                    assertThat(q.poll()).as("%s round %d", q, round).isEqualTo(i);
                }
                assertThat(q.poll()).isNull();
                assertThat(q.size()).isZero();
                assertThat(q.isEmpty()).isTrue();
            }
        }
    }

    @Test
    void badInputIsRefusedByName() {
        assertThatThrownBy(() -> XaddQueue.mpmc(3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("power of two").hasMessageContaining("3");
        assertThatThrownBy(() -> XaddQueue.mpsc(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("power of two");
        assertThatThrownBy(() -> XaddQueue.mpmc(8).offer(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("null");
        assertThatThrownBy(() -> XaddQueue.mpmc(8).iterator()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void mpmcTakesEveryElementOnceInEachProducersOrder() throws Exception {
        stress(XaddQueue.mpmc(8), 2);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void mpscTakesEveryElementOnceInEachProducersOrder() throws Exception {
        stress(XaddQueue.mpsc(8), 1);
    }

    /**
     * Producers offer (producer, sequence) as one long; consumers check that each producer's
     * sequence rises in what they take and count every element; at the end each was taken once.
     */
    private static void stress(XaddQueue<Long> q, int consumers) throws Exception {
        AtomicIntegerArray taken = new AtomicIntegerArray(PRODUCERS * PER_PRODUCER);
        AtomicLong total = new AtomicLong();
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicBoolean producersDone = new AtomicBoolean();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            long id = p;
            producers.add(Thread.ofPlatform().start(() -> {
                await(start);
                for (long s = 0; s < PER_PRODUCER; s++) {
                    q.offer(id << 32 | s);
                }
            }));
        }
        List<Thread> takers = new ArrayList<>();
        for (int c = 0; c < consumers; c++) {
            takers.add(Thread.ofPlatform().start(() -> {
                long[] last = new long[PRODUCERS];
                java.util.Arrays.fill(last, -1);
                await(start);
                while (true) {
                    Long e = q.poll();
                    if (e == null) {
                        if (producersDone.get() && q.isEmpty()) {
                            return;
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                    int producer = (int) (e >>> 32);
                    long seq = e & 0xffff_ffffL;
                    if (seq <= last[producer]) {
                        failure.compareAndSet(null, "producer " + producer + ": " + seq + " after " + last[producer]);
                    }
                    last[producer] = seq;
                    if (taken.incrementAndGet((int) (producer * PER_PRODUCER + seq)) != 1) {
                        failure.compareAndSet(null, "taken twice: producer " + producer + " element " + seq);
                    }
                    total.incrementAndGet();
                }
            }));
        }
        start.countDown();
        for (Thread t : producers) {
            t.join();
        }
        producersDone.set(true);
        for (Thread t : takers) {
            t.join();
        }
        assertThat(failure.get()).isNull();
        assertThat(total.get()).isEqualTo((long) PRODUCERS * PER_PRODUCER);
        assertThat(q.poll()).isNull();
        assertThat(q.isEmpty()).isTrue();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
