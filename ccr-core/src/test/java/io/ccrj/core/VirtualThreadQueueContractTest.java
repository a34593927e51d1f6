package io.ccrj.core;

/** The queue contract on virtual threads (one per task). */
class VirtualThreadQueueContractTest extends DispatcherQueueContractTest {
    @Override
    DispatcherQueue newQueue(String name, SchedulingPolicy policy) {
        return DispatcherQueue.onVirtualThreads(name, policy);
    }
}
