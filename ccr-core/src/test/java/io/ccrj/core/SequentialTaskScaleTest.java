package io.ccrj.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CCR's promise that millions of iterators may be pending: a million sequential tasks waiting on
 * one shared port at once, in the default heap, all released and completed.
 *
 * <p>On the 2-core reference machine this takes 15-20 s when the machine is otherwise idle and up to
 * ~40 s while parallel builds load it (hence the generous limits); the pending tasks hold about
 * 1.2-1.6 GiB of heap (1.3-1.7 KB per task, mostly the virtual threads' frozen stacks).
 */
@Timeout(150)
class SequentialTaskScaleTest extends CcrTestSupport {
    private static final int TASKS = 1_000_000;

    @Test
    void aMillionPendingSequentialTasksFitAndAllComplete() throws Exception {
        Dispatcher d = dispatcher(1);
        DispatcherQueue q = d.createQueue("q");
        // Warm the JIT first. Measured on the 2-core reference machine: cold, the million
        // resumptions took 9-24 s (continuations frozen in interpreted frames thaw slowly);
        // warm, ~3 s, the same as a bare JDK park/unpark of a million virtual threads.
        for (int round = 0; round < 10; round++) {
            runRound(q, 20_000);
        }
        Port<Integer> shared = new Port<>("shared");
        LongAdder sum = new LongAdder();
        CountDownLatch done = new CountDownLatch(TASKS);
        AtomicLong failures = new AtomicLong();
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long heapBefore = rt.totalMemory() - rt.freeMemory();

        long t0 = System.nanoTime();
        for (int i = 0; i < TASKS; i++) {
            q.spawn(ctx -> {
                sum.add(ctx.receive(shared));
                done.countDown();
            }).exceptionally(e -> {
                failures.incrementAndGet();
                return null;
            });
        }
        long spawned = System.nanoTime();
        long deadline = spawned + TimeUnit.SECONDS.toNanos(60);
        while (shared.receiverCount() < TASKS) { // all of them pending at once
            assertThat(System.nanoTime() - deadline).as("tasks registered: %d", shared.receiverCount()).isNegative();
            LockSupport.parkNanos(5_000_000);
        }
        long pending = System.nanoTime();
        System.gc();
        long heapPending = rt.totalMemory() - rt.freeMemory();

        for (int i = 1; i <= TASKS; i++) {
            shared.post(i);
        }
        long posted = System.nanoTime();
        assertThat(done.await(60, TimeUnit.SECONDS)).as("completed: %d", TASKS - done.getCount()).isTrue();
        long finished = System.nanoTime();

        assertThat(failures).hasValue(0);
        assertThat(sum.sum()).isEqualTo((long) TASKS * (TASKS + 1) / 2);
        assertThat(shared.itemCount()).isZero();
        assertThat(shared.receiverCount()).isZero();
        System.out.printf("%,d sequential tasks: spawn %d ms, all pending after %d ms, post %d ms, complete %d ms;"
                        + " heap while pending ~%d MiB (%d bytes/task), max heap %d MiB%n",
                TASKS, ms(spawned - t0), ms(pending - t0), ms(posted - pending), ms(finished - pending),
                (heapPending - heapBefore) >> 20, (heapPending - heapBefore) / TASKS, rt.maxMemory() >> 20);
    }

    private static void runRound(DispatcherQueue q, int tasks) {
        Port<Integer> port = new Port<>("warm-up");
        CountDownLatch done = new CountDownLatch(tasks);
        for (int i = 0; i < tasks; i++) {
            q.spawn(ctx -> {
                ctx.receive(port);
                done.countDown();
            });
        }
        for (int i = 0; i < tasks; i++) {
            port.post(i);
        }
        await(done);
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
