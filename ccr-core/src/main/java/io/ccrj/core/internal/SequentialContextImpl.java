package io.ccrj.core.internal;

import io.ccrj.core.Causality;
import io.ccrj.core.Handler;
import io.ccrj.core.ArbiterTask;
import io.ccrj.core.Joined;
import io.ccrj.core.Port;
import io.ccrj.core.SequentialContext;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The waits of one sequential task. Every wait builds a one-shot arbiter, activates it with a
 * {@link SequentialWait} as its sink, parks the task's thread, and runs the fired task inline.
 */
@Internal
public final class SequentialContextImpl implements SequentialContext {
    private final Thread owner;
    private final TaskSink home;

    public SequentialContextImpl(Thread owner, TaskSink home) {
        this.owner = owner;
        this.home = home;
    }

    private void checkThread() {
        Thread t = Thread.currentThread();
        if (t != owner) {
            throw new IllegalStateException("a SequentialContext may only be used by its own task's thread (owner #"
                    + owner.threadId() + ", caller '" + t.getName() + "')");
        }
        if (t instanceof WorkerThread w) {
            throw new IllegalStateException("blocking receive on dispatcher worker '" + w.getName()
                    + "' would stall dispatcher '" + w.pool.name() + "'; run this code as a sequential task");
        }
    }

    @Override
    public <T> T receive(Port<T> port) throws InterruptedException {
        return receiveMatching(port, null);
    }

    @Override
    public <T> T receive(Port<T> port, Predicate<? super T> predicate) throws InterruptedException {
        Objects.requireNonNull(predicate, "predicate");
        return receiveMatching(port, predicate);
    }

    private <T> T receiveMatching(Port<T> port, Predicate<? super T> predicate) throws InterruptedException {
        return receiveWithin(port, predicate, 0).orElseThrow();
    }

    @Override
    public <T> Optional<T> receive(Port<T> port, Duration timeout) throws InterruptedException {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative, was " + timeout);
        }
        // Saturating conversion; the sum may wrap, which the deadline arithmetic (differences) tolerates.
        long deadline = System.nanoTime() + Math.max(1, TimeUnit.NANOSECONDS.convert(timeout));
        if (deadline == 0) {
            deadline = 1;
        }
        return receiveWithin(port, null, deadline);
    }

    @SuppressWarnings("unchecked")
    private <T> Optional<T> receiveWithin(Port<T> port, Predicate<? super T> predicate, long deadline)
            throws InterruptedException {
        checkThread();
        Objects.requireNonNull(port, "port");
        // Built directly (not through Arbiter's factory): the fired task carries the item, which
        // value() hands back, so the receiver needs no capturing handler.
        SimpleReceiver receiver = new SimpleReceiver(false, PortAccess.core(port), IGNORE, predicate);
        SequentialWait wait = new SequentialWait(owner, home, port);
        receiver.activate(wait);
        Task fired;
        try {
            fired = wait.await(deadline);
        } catch (InterruptedException e) {
            if (receiver.withdraw()) {
                throw e;
            }
            Thread.currentThread().interrupt(); // the item is ours: deliver it, keep the interrupt
            fired = wait.awaitUninterruptibly();
        }
        if (fired == null) {
            if (receiver.withdraw()) {
                return Optional.empty();
            }
            fired = wait.awaitUninterruptibly(); // fired just as the deadline passed
        }
        adoptCausalities(fired);
        return Optional.of((T) fired.value());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> List<T> receive(Port<T> port, int n) throws InterruptedException {
        if (n < 1) {
            throw new IllegalArgumentException("item count must be at least 1, was " + n);
        }
        return (List<T>) awaitUnchecked(JoinReceiver.items(false, PortAccess.core(Objects.requireNonNull(port, "port")), n, IGNORE));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A, B> Joined<A, B> join(Port<A> first, Port<B> second) throws InterruptedException {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        return (Joined<A, B>) awaitUnchecked(JoinReceiver.joined(false, PortAccess.core(first), PortAccess.core(second),
                (a, b) -> { }));
    }

    private Object awaitUnchecked(ArbiterNode arbiter) throws InterruptedException {
        try {
            return awaitNode(arbiter);
        } catch (InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("unreachable: a no-op handler failed", e);
        }
    }

    @Override
    public Object await(ArbiterTask arbiter) throws Exception {
        Objects.requireNonNull(arbiter, "arbiter");
        if (arbiter.isPersistent()) {
            throw new IllegalArgumentException("a sequential task can only await a one-shot arbiter, got " + arbiter.describe());
        }
        if (!(arbiter instanceof ArbiterNode node)) {
            throw new IllegalArgumentException("not an arbiter made by io.ccrj.core.Arbiter: " + arbiter.getClass().getName());
        }
        return awaitNode(node);
    }

    private Object awaitNode(ArbiterNode node) throws Exception {
        checkThread();
        SequentialWait wait = new SequentialWait(owner, home, node);
        node.activate(wait);
        Task fired;
        try {
            fired = wait.await(0);
        } catch (InterruptedException e) {
            node.cancel(); // no commit from now on; one already made may still be on its way
            if (wait.abandon()) {
                throw e; // a task arriving later puts its items back
            }
            Thread.currentThread().interrupt(); // the items are ours: deliver them, keep the interrupt
            fired = wait.awaitUninterruptibly();
        }
        adoptCausalities(fired);
        fired.runInline();
        return fired.value();
    }

    /**
     * CCR runs the code after a wait as a new task of the message that ended it, so the task
     * carries that message's causalities from here on (an item posted with none leaves the
     * task's current ones in place: a timer or a plain reply does not strip a causality).
     */
    private static void adoptCausalities(Task fired) {
        Causality[] c = fired.causalities();
        if (c != null) {
            CausalityContext.set(c);
        }
    }

    private static final Handler<Object> IGNORE = item -> { };
}
