package io.ccrj.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The queue contract on an event loop: one thread that runs every task in turn (what a Netty
 * event loop or a UI thread is), given to the queue as its executor.
 */
class EventLoopQueueContractTest extends DispatcherQueueContractTest {
    @Override
    DispatcherQueue newQueue(String name, SchedulingPolicy policy) {
        ExecutorService loop = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "event-loop");
            t.setDaemon(true);
            return t;
        });
        onCleanup(loop::shutdownNow);
        return DispatcherQueue.onExecutor(name, loop, policy);
    }
}
