package io.ccrj.dss.internal.host;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The executor of a service that belongs on an event loop but was created before the host
 * listens (no event loop exists yet): its turns run on the dispatcher until the host starts,
 * then on the event loop {@link #bind} gives it, for the rest of its life.
 *
 * <p>Safe to switch at any moment because the service's queue hands the executor interchangeable
 * turns (each takes the queue's next task, in FIFO order) and never relies on the executor for
 * mutual exclusion: the service's interleave orders its handlers on any threads, as it does on a
 * dispatcher of several workers. A turn handed out before the switch may still run on the
 * dispatcher while a later one runs on the loop, which the interleave allows too.
 *
 * <p>Thread-safe: {@link #execute} reads one atomic reference; {@link #bind} sets it once.
 */
final class LateBoundLoop implements Executor {
    private final DispatcherQueue beforeStart;
    private final AtomicReference<Executor> loop = new AtomicReference<>();

    /**
     * @param name the service's name
     * @param dispatcher the host's dispatcher, which runs the turns until {@link #bind}
     */
    LateBoundLoop(String name, Dispatcher dispatcher) {
        this.beforeStart = new DispatcherQueue(name + ".before-start", dispatcher);
    }

    @Override
    public void execute(Runnable turn) {
        Executor l = loop.get();
        if (l != null) {
            l.execute(turn);
        } else {
            beforeStart.execute(turn);
        }
    }

    /**
     * Moves the turns to an event loop (the first call wins; later ones do nothing).
     *
     * @param eventLoop the host's event loop
     */
    void bind(Executor eventLoop) {
        loop.compareAndSet(null, eventLoop);
    }

    /** {@return whether the turns run on an event loop now} */
    boolean isBound() {
        return loop.get() != null;
    }
}
