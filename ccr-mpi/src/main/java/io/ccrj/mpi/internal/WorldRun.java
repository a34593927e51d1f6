package io.ccrj.mpi.internal;

import io.ccrj.mpi.DeadlockException;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.SpmdWorld;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one world: starts a thread per rank, then watches from the calling thread for the end,
 * for a failed rank and for deadlock, and collects the results.
 *
 * <p>Deadlock detection: the watchdog samples each live rank's state and wait epoch (incremented
 * whenever the rank starts a blocking wait). When every live rank is blocked, no epoch has changed
 * for the whole deadlock timeout, and every blocked rank's inbound queue is empty, no rank can
 * ever be released (sends never block, so a message that could release a rank would have been
 * sent by a running rank) and the world ends with a {@link DeadlockException}. At
 * {@code THREAD_MULTIPLE} a rank with a waiting thread is not blocked while another of its
 * threads that has called MPI runs outside a wait ({@link RankMailbox#threadRunningOutsideWaits}).
 */
@Internal
public final class WorldRun {
    /** How long ranks get to finish after the world ended before {@code run} gives up on them. */
    private static final long ABORT_GRACE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private WorldRun() {
    }

    /**
     * Runs {@code kernel} on a fresh instance of {@code config}.
     *
     * @param config the world's configuration
     * @param kernel the SPMD program
     * @param <R> result type
     * @return results in rank order
     */
    public static <R> List<R> run(SpmdWorld config, Kernel<R> kernel) {
        World world = new World(config);
        int n = world.size;
        Object[] results = new Object[n];
        CountDownLatch done = new CountDownLatch(n);
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            int rank = i;
            RankMailbox mailbox = world.mailboxes[i];
            Runnable body = () -> {
                try {
                    results[rank] = kernel.run(DefaultComm.world(world, rank));
                } catch (Throwable t) {
                    world.abort(rank, t);
                } finally {
                    mailbox.finish();
                    done.countDown();
                }
            };
            String name = world.name + "-rank-" + i;
            threads[i] = world.virtualThreads
                    ? Thread.ofVirtual().name(name).unstarted(body)
                    : Thread.ofPlatform().name(name).daemon(true).unstarted(body);
            mailbox.owner = threads[i];
        }
        for (Thread t : threads) {
            t.start();
        }
        try {
            watch(world, config, done);
            if (done.getCount() == 0 && world.failure() == null && !world.collectiveFailed) {
                checkCollectivesReceived(world);
            }
        } finally {
            world.close();
        }
        Throwable failure = world.failure();
        if (failure != null) {
            if (failure instanceof DeadlockException d) {
                throw d;
            }
            if (failure instanceof MpiException me && world.failedRank() < 0) {
                throw me;
            }
            throw new RankFailedException(world.name, world.failedRank(), failure);
        }
        return Collections.unmodifiableList(Arrays.asList(castAll(results)));
    }

    /**
     * After every rank returned: fails the run if a rank ended with a blocking collective's
     * message it never received, which only disagreeing collective calls leave (see
     * {@link RankMailbox#unreceivedCollectiveMessage}); a receive would have named the
     * disagreement at once, but here no rank received.
     *
     * @throws MpiException {@link ErrorClass#ARG} naming each such rank's first message
     */
    private static void checkCollectivesReceived(World world) {
        List<String> left = new ArrayList<>();
        if (world.unreceived() != null) {
            left.add(world.unreceived());
        }
        for (RankMailbox mb : world.mailboxes) {
            String m = mb.unreceivedCollectiveMessage(world.name);
            if (m != null) {
                left.add(m);
            }
        }
        if (!left.isEmpty()) {
            throw new MpiException(ErrorClass.ARG, "a mismatched collective in world '" + world.name + "': "
                    + String.join("; ", left) + ". The ranks did not call the same collectives with the same root (a"
                    + " broadcast, scatter or gather whose ranks disagree on the root, or a collective called on some"
                    + " ranks only); every rank must call the same collectives in the same order, with the same root"
                    + " and operation");
        }
    }

    @SuppressWarnings("unchecked")
    private static <R> R[] castAll(Object[] results) {
        return (R[]) results;
    }

    private static void watch(World world, SpmdWorld config, CountDownLatch done) {
        long timeout = config.deadlockTimeout().toNanos();
        long interval = Math.clamp(timeout / 8, TimeUnit.MILLISECONDS.toNanos(5), TimeUnit.MILLISECONDS.toNanos(250));
        DeadlockDetector detector = new DeadlockDetector(world, timeout, config.onAllBlocked());
        long abortedAt = 0;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    if (done.await(interval, TimeUnit.NANOSECONDS)) {
                        return;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                    world.abort(-1, new MpiException(ErrorClass.INTERRUPTED, "the thread running world '"
                            + world.name + "' was interrupted; the world was ended"));
                }
                long now = System.nanoTime();
                if (!world.aborted) {
                    DeadlockException d = detector.check(now);
                    if (d != null) {
                        world.abort(-1, d);
                    }
                }
                if (world.aborted) {
                    if (abortedAt == 0) {
                        abortedAt = now;
                    } else if (now - abortedAt > ABORT_GRACE_NANOS) {
                        return;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Watches for a world whose live ranks are all blocked with no progress. Watchdog thread only. */
    static final class DeadlockDetector {
        /** How long a stall lasts before {@link SpmdWorld#onAllBlocked()} is told (at most half the timeout). */
        private static final long NOTICE_NANOS = TimeUnit.SECONDS.toNanos(1);

        private final World world;
        private final long timeoutNanos;
        private final long noticeNanos;
        private final Consumer<String> onAllBlocked;
        private final long[] epochs;
        private long blockedSince = -1;
        /** Whether the current stall has been told to {@link #onAllBlocked}. */
        private boolean noticed;

        DeadlockDetector(World world, long timeoutNanos, Consumer<String> onAllBlocked) {
            this.world = world;
            this.timeoutNanos = timeoutNanos;
            this.noticeNanos = Math.min(NOTICE_NANOS, timeoutNanos / 2);
            this.onAllBlocked = onAllBlocked;
            this.epochs = new long[world.size];
        }

        DeadlockException check(long now) {
            RankMailbox[] mbs = world.mailboxes;
            boolean changed = blockedSince < 0;
            int live = 0;
            for (int i = 0; i < mbs.length; i++) {
                int st = mbs[i].state();
                if (st == RankMailbox.DONE) {
                    continue;
                }
                if (st != RankMailbox.BLOCKED || mbs[i].threadRunningOutsideWaits()) {
                    blockedSince = -1;
                    noticed = false;
                    return null;
                }
                live++;
                long e = mbs[i].epoch();
                if (e != epochs[i]) {
                    epochs[i] = e;
                    changed = true;
                }
            }
            if (live == 0) {
                return null;
            }
            if (changed) {
                blockedSince = now;
                noticed = false;
                return null;
            }
            long stalled = now - blockedSince;
            if (stalled < noticeNanos) {
                return null;
            }
            for (RankMailbox mb : mbs) {
                if (mb.state() == RankMailbox.BLOCKED && !mb.inboundEmpty()) {
                    blockedSince = now;
                    noticed = false;
                    return null;
                }
            }
            if (!noticed) {
                noticed = true;
                tell(live, stalled);
            }
            if (stalled < timeoutNanos) {
                return null;
            }
            List<String> pending = new ArrayList<>();
            for (int i = 0; i < mbs.length; i++) {
                int st = mbs[i].state();
                pending.add("rank " + i + ": " + (st == RankMailbox.DONE ? "finished" : mbs[i].pendingDescription()
                        + (mbs[i].unexpectedCount() > 0 ? " [" + mbs[i].unexpectedCount() + " unmatched message(s) queued"
                                + mbs[i].queuesDescription() + "]" : "")));
            }
            return new DeadlockException(world.name, TimeUnit.NANOSECONDS.toMillis(now - blockedSince), pending);
        }

        private void tell(int live, long stalled) {
            if (onAllBlocked == null) {
                return;
            }
            int finished = world.size - live;
            long left = Math.max(0, TimeUnit.NANOSECONDS.toSeconds(timeoutNanos - stalled + TimeUnit.MILLISECONDS.toNanos(500)));
            try {
                onAllBlocked.accept("all " + live + (finished > 0 ? " running" : "") + " rank" + (live == 1 ? "" : "s")
                        + " blocked" + (finished > 0 ? " (" + finished + " finished)" : "")
                        + "; deadlock report in " + left + " s");
            } catch (RuntimeException e) {
                // a listener's failure must not stop the watchdog
            }
        }
    }
}
