package io.ccrj.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;

/** The queue contract on a user executor (a two-thread ForkJoinPool). */
class ExecutorQueueContractTest extends DispatcherQueueContractTest {
    @Override
    DispatcherQueue newQueue(String name, SchedulingPolicy policy) {
        ExecutorService pool = new ForkJoinPool(2);
        onCleanup(pool::shutdownNow);
        return DispatcherQueue.onExecutor(name, pool, policy);
    }
}
