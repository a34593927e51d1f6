package io.ccrj.dss.internal.http.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The host-wide budget for subscribers' buffered events: shares, the total, and its derivation. */
@Timeout(30)
class SubscriberMemoryTest {
    @Test
    void aSubscriberBeyondItsShareOrTheBudgetIsRefusedOneThatHoldsNothingIsNot() {
        SubscriberMemory m = new SubscriberMemory(1000);
        for (int i = 0; i < 4; i++) {
            m.streamOpened();
        }
        // a share is 250 bytes: the first event always fits, then the share decides
        assertThat(m.reserve(0, 200)).isTrue();
        assertThat(m.reserve(200, 40)).isTrue();
        assertThat(m.reserve(240, 20)).as("beyond its share").isFalse();
        // one that holds nothing takes its next event even past the budget (it keeps up)
        assertThat(m.reserve(0, 900)).isTrue();
        assertThat(m.held()).isEqualTo(1140);
        assertThat(m.reserve(10, 1)).as("the budget is spent").isFalse();
        m.release(1140);
        assertThat(m.held()).isZero();
        m.streamClosed();
        m.streamClosed();
        m.streamClosed();
        assertThat(m.reserve(1, 998)).as("one stream left: the whole budget is its share").isTrue();
    }

    @Test
    void reservationsFromManyLoopsNeverExceedTheBudget() throws Exception {
        SubscriberMemory m = new SubscriberMemory(10_000);
        m.streamOpened();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        AtomicLong granted = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        try {
            for (int t = 0; t < 4; t++) {
                pool.execute(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int i = 0; i < 10_000; i++) {
                        if (m.reserve(1, 7)) { // each holds something already: only the budget lets it in
                            granted.addAndGet(7);
                        }
                    }
                });
            }
            start.countDown();
            pool.shutdown();
            assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            pool.shutdownNow();
        }
        assertThat(granted.get()).isEqualTo(m.held()).isLessThanOrEqualTo(10_000).isGreaterThan(10_000 - 7);
    }

    @Test
    void theBudgetIsAQuarterOfWhatTheJvmCanAllocate() {
        long direct = io.netty.util.internal.PlatformDependent.maxDirectMemory();
        long heap = Runtime.getRuntime().maxMemory();
        assertThat(SubscriberMemory.forThisJvm().budget())
                .isEqualTo(Math.max(SubscriberMemory.MIN_BUDGET, Math.min(direct, heap) / 4));
    }
}
