package io.ccrj.core;

/** The queue contract on a dispatcher's worker pool (two workers). */
class PoolQueueContractTest extends DispatcherQueueContractTest {
    @Override
    DispatcherQueue newQueue(String name, SchedulingPolicy policy) {
        return dispatcher(2).createQueue(name, policy);
    }
}
