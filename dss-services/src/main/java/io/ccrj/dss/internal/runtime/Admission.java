package io.ccrj.dss.internal.runtime;

import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Operation;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * One service's admission: the bound on operations accepted and not yet answered, and the
 * optional admission queue whose ccr-core scheduling policy sheds load. A refused operation is
 * answered {@link FaultCode#UNAVAILABLE} at once (the host turns it into 503 + {@code Retry-After}),
 * never lost.
 *
 * <h2>Threading</h2>
 * Every method may be called from any thread: the pending count is one atomic (incremented on
 * admission, decremented by {@link #release} when the operation's response port is answered),
 * the shed count a {@link LongAdder}.
 */
final class Admission {
    private final String name;
    private final int maxPending;
    /** With an admission policy: the queue whose discards answer 503; else {@code null}. */
    private final DispatcherQueue queue;
    private final AtomicInteger pending = new AtomicInteger();
    private final LongAdder shed = new LongAdder();
    /** Runs once per admitted operation, after its answer (see {@link #tryAcquire}). */
    final Runnable release = pending::decrementAndGet;

    Admission(String name, int maxPending, DispatcherQueue queue) {
        this.name = name;
        this.maxPending = maxPending;
        this.queue = queue;
    }

    /**
     * Counts an operation in, or refuses it.
     *
     * @param op the operation; answered UNAVAILABLE if refused
     * @return {@code true} if admitted: the caller must arrange {@link #release} to run on its answer
     */
    boolean tryAcquire(Operation op) {
        if (pending.incrementAndGet() > maxPending) {
            pending.decrementAndGet();
            shed.increment();
            op.fault(FaultCode.UNAVAILABLE, "service '" + name + "' is overloaded (" + maxPending
                    + " operations pending); retry later");
            return false;
        }
        return true;
    }

    /**
     * Posts an admitted operation to its handler's port, through the admission queue if there is
     * one: its scheduling policy decides, and an operation whose admission task the policy
     * discards is answered UNAVAILABLE at once instead of being lost.
     */
    void post(Envelope admitted, Port<Envelope> target) {
        if (queue == null) {
            target.post(admitted);
            return;
        }
        queue.execute(() -> target.post(admitted)).whenComplete((ok, failure) -> {
            if (failure != null) {
                shed.increment();
                admitted.op().fault(FaultCode.UNAVAILABLE, "service '" + name + "' is overloaded (its admission queue's "
                        + queue.policy().kind() + " policy shed this operation); retry later");
            }
        });
    }

    /**
     * @return {@code true} if one more operation would be refused now (a read of the pending
     *     count; {@link #tryAcquire} decides for an operation that is posted)
     */
    boolean saturated() {
        return pending.get() >= maxPending;
    }

    /** @return {@code true} if an admission policy decides about every operation */
    boolean hasQueue() {
        return queue != null;
    }

    int pending() {
        return pending.get();
    }

    long shed() {
        return shed.sum();
    }
}
