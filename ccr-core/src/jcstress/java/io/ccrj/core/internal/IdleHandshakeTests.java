package io.ccrj.core.internal;

import io.ccrj.core.SchedulingPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The dispatcher's idle handshake ({@link WorkerPool}, class comment): a worker that is about to
 * nap or park against a thread that makes a queue ready, and against a worker that keeps a queue
 * its handler made ready. The states are pools of two workers that are never started
 * ({@link WorkerPool#unstartedModel}); the actors play the workers' part by calling the pool's own
 * steps ({@link WorkerPool#prepareToSleep}, {@link WorkerPool#makeReady},
 * {@link WorkerPool#keepOrMakeReady(WorkerThread, QueueCore)}), so the model runs the code the
 * workers run, not a copy. Worker 0 is busy running a handler throughout (so nobody searches and a
 * wake-up is owed); worker 1 is the sleeper. This class lives in the internal package because
 * those steps are package-private.
 *
 * <p>Outcome: (the sleeper: 0 = saw the work and did not sleep, 1 = slept and was woken, 2 = slept
 * and nobody woke it; the work: 1 = the queue is on the ready list, 2 = worker 0 keeps it). A
 * sleeper left asleep with the work pending is a lost wake-up, except where the protocol says a
 * nap leaves a kept queue to its next slice.
 *
 * <p>The {@code Broken*} classes run deliberately broken variants of the same steps (checking
 * before announcing, keeping without looking again, announcing with release stores only) and
 * show that the model catches each: there too the lost wake-up is {@code FORBIDDEN}, so each
 * broken class must FAIL; {@code bin/lib/after-test.sh} runs them apart from the others as the
 * negative control and fails the build if one of them passes.
 */
public final class IdleHandshakeTests {
    private IdleHandshakeTests() {
    }

    /** The queue the posters make ready; never run, so one serves every state. */
    static final QueueCore QUEUE = new QueueCore("model-queue", WorkerPool.unstartedModel(1), null,
            SchedulingPolicy.unconstrained());

    /** A two-worker pool with worker 0 busy, and the outcome of worker 1's attempt to sleep. */
    abstract static class Model {
        final WorkerPool pool = WorkerPool.unstartedModel(2);
        final WorkerThread busy = pool.worker(0);
        final WorkerThread sleeper = pool.worker(1);
        /** Set by the sleeper's actor: it decided to sleep. */
        boolean slept;

        Model() {
            busy.busy.set(1); // running a handler: not searching, cannot take the work
        }

        /** The real sleeper's side: announce, look again, withdraw if work is visible. */
        final void sleep(int how) {
            slept = pool.prepareToSleep(sleeper, how);
        }

        final void verdict(II_Result r, int how) {
            r.r1 = !slept ? 0 : sleeper.parkState.get() == how ? 2 : 1;
            r.r2 = busy.keptQueue == QUEUE ? 2 : pool.readyIsEmpty() ? 0 : 1;
        }
    }

    /** A post from another thread against a worker about to park. */
    @JCStressTest
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The worker saw the ready queue and did not park.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parked and the poster woke it.")
    @Outcome(id = "2, 1", expect = FORBIDDEN, desc = "Lost wake-up: the worker parked unwoken with a queue ready.")
    @Outcome(expect = FORBIDDEN, desc = "The queue vanished.")
    @State
    public static class PostVersusPark extends Model {
        @Actor
        public void poster() {
            pool.makeReady(QUEUE);
        }

        @Actor
        public void parker() {
            sleep(WorkerThread.PARKED);
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(r, WorkerThread.PARKED);
        }
    }

    /** A post from another thread against a worker about to nap: a nap is woken at once too. */
    @JCStressTest
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The worker saw the ready queue and did not nap.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker napped and the poster woke it.")
    @Outcome(id = "2, 1", expect = FORBIDDEN, desc = "Lost wake-up: the worker napped unwoken with a queue ready.")
    @Outcome(expect = FORBIDDEN, desc = "The queue vanished.")
    @State
    public static class PostVersusNap extends Model {
        @Actor
        public void poster() {
            pool.makeReady(QUEUE);
        }

        @Actor
        public void napper() {
            sleep(WorkerThread.NAPPING);
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(r, WorkerThread.NAPPING);
        }
    }

    /** The busy worker's handler makes the queue ready (it would keep it) against a worker about to park. */
    @JCStressTest
    @Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "Kept; the parker saw the kept queue and takes it over instead.")
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The keeper saw the parker and offered the queue; the parker saw it.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The keeper saw the parker, offered the queue and woke it.")
    @Outcome(id = "2, 2", expect = FORBIDDEN, desc = "Stranded: kept by a busy worker while the other parked unwoken.")
    @Outcome(id = "2, 1", expect = FORBIDDEN, desc = "Lost wake-up: offered, and the parker left asleep.")
    @Outcome(expect = FORBIDDEN, desc = "The queue vanished.")
    @State
    public static class KeepVersusPark extends Model {
        @Actor
        public void keeper() {
            pool.keepOrMakeReady(busy, QUEUE);
        }

        @Actor
        public void parker() {
            sleep(WorkerThread.PARKED);
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(r, WorkerThread.PARKED);
        }
    }

    /**
     * The same against a worker about to nap: by design the keeper keeps the queue (so that a
     * chain of hand-offs stays on its core) and the napper does not look at it before its slice;
     * it takes it over between slices or before it parks (see {@link KeepVersusPark}).
     */
    @JCStressTest
    @Outcome(id = "2, 2", expect = ACCEPTABLE, desc = "Kept while the other naps: its next slice looks for kept queues.")
    @Outcome(expect = FORBIDDEN, desc = "Offered although nobody parked, or the queue vanished.")
    @State
    public static class KeepVersusNap extends Model {
        @Actor
        public void keeper() {
            pool.keepOrMakeReady(busy, QUEUE);
        }

        @Actor
        public void napper() {
            sleep(WorkerThread.NAPPING);
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(r, WorkerThread.NAPPING);
        }
    }

    /** Broken: the parker looks for work first and announces its park after (check, then act). */
    @JCStressTest
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The worker saw the ready queue and did not park.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parked and the poster woke it.")
    @Outcome(id = "2, 1", expect = FORBIDDEN, desc = "The lost wake-up the broken order causes: caught.")
    @Outcome(expect = FORBIDDEN, desc = "The queue vanished.")
    @State
    public static class BrokenCheckThenPark extends Model {
        @Actor
        public void poster() {
            pool.makeReady(QUEUE);
        }

        @Actor
        public void parker() {
            if (!pool.workVisible(true)) {
                pool.announceSleep(sleeper, WorkerThread.PARKED);
                slept = true;
            }
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(r, WorkerThread.PARKED);
        }
    }

    /** Broken: the keeper checks the park states, then keeps, and does not look again after the store. */
    @JCStressTest
    @Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "Kept; the parker saw the kept queue.")
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The keeper saw the parker and offered the queue; the parker saw it.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The keeper saw the parker, offered the queue and woke it.")
    @Outcome(id = "2, 2", expect = FORBIDDEN, desc = "The stranded queue the missing second look causes: caught.")
    @Outcome(expect = FORBIDDEN, desc = "The queue vanished, or a wake-up lost on the offer.")
    @State
    public static class BrokenKeepWithoutSecondLook extends Model {
        @Actor
        public void keeper() {
            if (pool.keepingCouldStrand()) {
                pool.makeReady(QUEUE);
            } else {
                busy.keptQueue = QUEUE;
            }
        }

        @Actor
        public void parker() {
            sleep(WorkerThread.PARKED);
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(r, WorkerThread.PARKED);
        }
    }

    /**
     * Broken: the parker announces itself with release stores ({@code lazySet}), which a CPU may
     * hold back past its next look at the ready list; the handshake needs the sequentially
     * consistent store-then-load on both sides (a Dekker pattern).
     */
    @JCStressTest
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The worker saw the ready queue and did not park.")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parked and the poster woke it.")
    @Outcome(id = "2, 1", expect = FORBIDDEN, desc = "The lost wake-up a reordered store causes: caught.")
    @Outcome(expect = FORBIDDEN, desc = "The queue vanished.")
    @State
    public static class BrokenReleaseOnlyAnnounce extends Model {
        @Actor
        public void poster() {
            pool.makeReady(QUEUE);
        }

        @Actor
        public void parker() {
            sleeper.parkState.lazySet(WorkerThread.PARKED);
            pool.parkedCount.lazySet(pool.parkedCount.get() + 1);
            if (pool.workVisible(true)) {
                pool.withdrawSleep(sleeper, WorkerThread.PARKED);
            } else {
                slept = true;
            }
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(r, WorkerThread.PARKED);
        }
    }
}
