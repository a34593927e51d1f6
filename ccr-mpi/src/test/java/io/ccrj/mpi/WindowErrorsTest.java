package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.mpi.MpiException.ErrorClass;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every misuse of a window fails with the MPI error class MPI names and a message that names the
 * window, the rank and the problem, and leaves no wrong value behind; a rank blocked in a window
 * call fails with ABORTED when the world ends, and a lock nobody releases is a reported deadlock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WindowErrorsTest {

    /**
     * Runs {@code misuse} at rank 1 of a 2-rank world on a fresh 4-element INT window (rank 0 only
     * creates and frees it) and returns the exception it threw.
     */
    static MpiException failure(Consumer<Window> misuse) {
        AtomicReference<MpiException> thrown = new AtomicReference<>();
        SpmdWorld.builder().size(2).name("w").deadlockTimeout(Duration.ofSeconds(20)).build().run(comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 4);
            if (comm.rank() == 1) {
                try {
                    misuse.accept(win);
                } catch (MpiException e) {
                    thrown.set(e);
                }
                cleanUp(win);
            }
            win.free();
            return null;
        });
        assertThat(thrown.get()).as("the misuse threw").isNotNull();
        return thrown.get();
    }

    /** Closes whatever epoch a misuse left open, so that free succeeds. */
    static void cleanUp(Window win) {
        for (Runnable close : List.<Runnable>of(win::unlockAll, () -> win.unlock(0), () -> win.unlock(1),
                win::complete)) {
            try {
                close.run();
            } catch (MpiException e) {
                assertThat(e.errorClass()).isEqualTo(ErrorClass.RMA_SYNC);
            }
        }
    }

    static void assertFails(Consumer<Window> misuse, ErrorClass errorClass, String... phrases) {
        MpiException e = failure(misuse);
        assertThat(e.errorClass()).as(e.getMessage()).isEqualTo(errorClass);
        assertThat(e.getMessage()).contains("window w/window0", "at rank 1");
        for (String phrase : phrases) {
            assertThat(e.getMessage()).contains(phrase);
        }
    }

    static final int[] ONE = {7};

    @Test
    void aPutOutsideTheTargetWindowIsAnRmaRangeErrorAndWritesNothing() {
        AtomicReference<int[]> target = new AtomicReference<>();
        AtomicReference<MpiException> thrown = new AtomicReference<>();
        SpmdWorld.run(2, comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 4);
            win.fence(0);
            if (comm.rank() == 1) {
                try {
                    win.put(new int[] {1, 2, 3}, 0, 3, Datatype.INT, 0, 2, 3, Datatype.INT);
                } catch (MpiException e) {
                    thrown.set(e);
                }
            }
            win.fence(0);
            if (comm.rank() == 0) {
                target.set(((int[]) win.base()).clone());
            }
            win.free();
            return null;
        });
        assertThat(thrown.get().errorClass()).isEqualTo(ErrorClass.RMA_RANGE);
        assertThat(thrown.get().getMessage()).contains("put on window", "at rank 1", "[2, 5)",
                "outside the 4 elements of target rank 0's window");
        assertThat(target.get()).containsExactly(0, 0, 0, 0);
    }

    @Test
    void aNegativeDisplacementIsADispError() {
        assertFails(w -> {
            w.lockAll(0);
            w.put(ONE, 0, 1, Datatype.INT, 0, -1, 1, Datatype.INT);
        }, ErrorClass.DISP, "displacement -1");
    }

    @Test
    void everyOperationOutsideAnEpochIsAnRmaSyncError() {
        List<Consumer<Window>> ops = List.of(
                w -> w.put(ONE, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT),
                w -> w.get(new int[1], 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT),
                w -> w.accumulate(ONE, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT, Op.SUM),
                w -> w.getAccumulate(ONE, 0, 1, Datatype.INT, new int[1], 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT,
                        Op.SUM),
                w -> w.fetchAndOp(ONE, 0, new int[1], 0, Datatype.INT, 0, 0, Op.SUM),
                w -> w.compareAndSwap(ONE, 0, ONE, 0, new int[1], 0, Datatype.INT, 0, 0),
                w -> w.flush(0), w -> w.flushAll(), w -> w.flushLocal(0), w -> w.flushLocalAll());
        for (Consumer<Window> op : ops) {
            assertFails(op, ErrorClass.RMA_SYNC);
        }
        assertFails(w -> w.put(ONE, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT), ErrorClass.RMA_SYNC,
                "no access epoch covers target rank 0");
    }

    @Test
    void anOperationAfterAFenceWithNoSucceedIsOutsideAnEpoch() {
        AtomicReference<MpiException> thrown = new AtomicReference<>();
        SpmdWorld.run(2, comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 1);
            win.fence(0);
            win.fence(Window.MODE_NOSUCCEED);
            try {
                win.put(ONE, 0, 1, Datatype.INT, 1 - comm.rank(), 0, 1, Datatype.INT);
            } catch (MpiException e) {
                thrown.set(e);
            }
            win.free();
            return null;
        });
        assertThat(thrown.get().errorClass()).isEqualTo(ErrorClass.RMA_SYNC);
    }

    @Test
    void requestFormsNeedAPassiveTargetEpoch() {
        AtomicReference<MpiException> thrown = new AtomicReference<>();
        SpmdWorld.run(1, comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 1);
            win.fence(0);
            try {
                win.rget(new int[1], 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT);
            } catch (MpiException ex) {
                thrown.set(ex);
            }
            win.fence(Window.MODE_NOSUCCEED);
            win.free();
            return null;
        });
        assertThat(thrown.get().errorClass()).isEqualTo(ErrorClass.RMA_SYNC);
        assertThat(thrown.get().getMessage()).contains("rget", "passive-target epoch");
    }

    @Test
    void anUnlockWithoutALockIsAnRmaSyncError() {
        assertFails(w -> w.unlock(0), ErrorClass.RMA_SYNC, "holds no lock of rank 0");
        assertFails(Window::unlockAll, ErrorClass.RMA_SYNC, "did not call lockAll");
        assertFails(w -> {
            w.lockAll(0);
            w.unlock(0);
        }, ErrorClass.RMA_SYNC, "unlockAll");
    }

    @Test
    void anUnknownLockTypeIsALocktypeError() {
        assertFails(w -> w.lock(3, 0, 0), ErrorClass.LOCKTYPE, "lock type 3");
    }

    @Test
    void lockingARankTwiceIsAnRmaConflict() {
        assertFails(w -> {
            w.lock(Window.LOCK_SHARED, 0, 0);
            w.lock(Window.LOCK_SHARED, 0, 0);
        }, ErrorClass.RMA_CONFLICT, "holds a lock of rank 0 already");
        assertFails(w -> {
            w.lock(Window.LOCK_SHARED, 1, 0);
            w.lockAll(0);
        }, ErrorClass.RMA_CONFLICT);
    }

    @Test
    void unknownAssertionBitsAreAnAssertError() {
        assertFails(w -> w.lock(Window.LOCK_SHARED, 0, Window.MODE_NOPUT), ErrorClass.ASSERT);
        assertFails(w -> w.lockAll(1), ErrorClass.ASSERT);
    }

    @Test
    void datatypesThatDoNotMatchTheTargetWindowAreTypeErrors() {
        assertFails(w -> {
            w.lockAll(0);
            w.put(new double[] {1}, 0, 1, Datatype.DOUBLE, 0, 0, 1, Datatype.DOUBLE);
        }, ErrorClass.TYPE, "target datatype DOUBLE", "holds INT elements");
        assertFails(w -> {
            w.lockAll(0);
            w.put(new double[] {1}, 0, 1, Datatype.DOUBLE, 0, 0, 1, Datatype.INT);
        }, ErrorClass.TYPE, "origin datatype DOUBLE");
        assertFails(w -> {
            w.lockAll(0);
            w.put(new int[] {1, 2}, 0, 2, Datatype.INT, 0, 0, 1, Datatype.INT);
        }, ErrorClass.TYPE, "the origin has 2 elements and the target 1");
        assertFails(w -> {
            w.lockAll(0);
            w.compareAndSwap(ONE, 0, ONE, 0, new int[1], 0, Datatype.FLOAT, 0, 0);
        }, ErrorClass.TYPE, "compareAndSwap takes one element of BYTE");
        assertFails(w -> {
            w.lockAll(0);
            w.fetchAndOp(new int[2], 0, new int[2], 0, Datatype.INT2, 0, 0, Op.MAXLOC);
        }, ErrorClass.TYPE, "not basic");
        assertFails(w -> {
            w.lockAll(0);
            w.put(new double[] {1}, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT);
        }, ErrorClass.TYPE, "does not match datatype INT");
    }

    @Test
    void operationsAccumulatesRefuseAreOpErrors() {
        Op user = Op.ofInts("first", true, (a, b) -> a);
        assertFails(w -> {
            w.lockAll(0);
            w.accumulate(ONE, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT, user);
        }, ErrorClass.OP, "user operation");
        assertFails(w -> {
            w.lockAll(0);
            w.accumulate(ONE, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT, Op.NO_OP);
        }, ErrorClass.OP, "NO_OP");
        assertFails(w -> {
            w.lockAll(0);
            w.accumulate(ONE, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT, Op.LAND);
        }, ErrorClass.OP, "LAND is not defined on datatype INT");
    }

    @Test
    void reductionsRefuseReplaceAndNoOp() {
        for (Op op : List.of(Op.REPLACE, Op.NO_OP)) {
            assertThatThrownBy(() -> SpmdWorld.run(1, comm -> {
                comm.allreduce(new int[1], 0, new int[1], 0, 1, Datatype.INT, op);
                return null;
            })).isInstanceOf(RankFailedException.class).cause()
                    .hasMessageContaining("accumulate operations of windows only");
        }
    }

    @Test
    void aTargetRankOutsideTheGroupIsARankError() {
        assertFails(w -> w.put(ONE, 0, 1, Datatype.INT, 2, 0, 1, Datatype.INT), ErrorClass.RANK,
                "target rank 2 is outside [0, 2)");
        assertFails(w -> w.lock(Window.LOCK_SHARED, -5, 0), ErrorClass.RANK);
        assertFails(w -> w.sharedQuery(9), ErrorClass.RANK);
    }

    @Test
    void badOriginBuffersAreBufferAndCountErrors() {
        assertFails(w -> {
            w.lockAll(0);
            w.put(null, 0, 1, Datatype.INT, 0, 0, 1, Datatype.INT);
        }, ErrorClass.BUFFER);
        assertFails(w -> {
            w.lockAll(0);
            w.put(ONE, 1, 1, Datatype.INT, 0, 0, 1, Datatype.INT);
        }, ErrorClass.BUFFER);
        assertFails(w -> {
            w.lockAll(0);
            w.put(ONE, 0, 1, Datatype.INT, 0, 0, -1, Datatype.INT);
        }, ErrorClass.COUNT);
    }

    @Test
    void synchronizationCallsThatDoNotFitTheOpenEpochAreRmaSyncErrors() {
        assertFails(w -> {
            w.lock(Window.LOCK_SHARED, 0, 0);
            w.fence(0);
        }, ErrorClass.RMA_SYNC, "fence", "lock epoch is open");
        assertFails(Window::complete, ErrorClass.RMA_SYNC, "no access epoch was started");
        assertFails(Window::waitExposure, ErrorClass.RMA_SYNC, "no exposure epoch was posted");
        assertFails(Window::testExposure, ErrorClass.RMA_SYNC, "no exposure epoch was posted");
        assertFails(w -> {
            w.lock(Window.LOCK_SHARED, 1, 0);
            w.start(w.group().incl(1), 0);
        }, ErrorClass.RMA_SYNC, "passive-target epoch");
        assertFails(w -> {
            w.lock(Window.LOCK_SHARED, 1, 0);
            w.free();
        }, ErrorClass.RMA_SYNC, "free", "close it before the window is freed");
    }

    @Test
    void aFreedWindowRefusesEveryCallWithAWinError() {
        AtomicReference<MpiException> thrown = new AtomicReference<>();
        SpmdWorld.run(2, comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 1);
            win.free();
            assertThat(win.isFreed()).isTrue();
            try {
                win.fence(0);
            } catch (MpiException e) {
                thrown.set(e);
            }
            return null;
        });
        assertThat(thrown.get().errorClass()).isEqualTo(ErrorClass.WIN);
        assertThat(thrown.get().getMessage()).contains("fence on window", "was freed");
    }

    @Test
    void badWindowArgumentsAreRefusedAtCreation() {
        record Case(Kernel<Object> kernel, ErrorClass errorClass, String phrase) {
        }
        List<Case> cases = List.of(
                new Case(c -> c.createWindow(null, 0, 1, Datatype.INT), ErrorClass.BASE, "base array is null"),
                new Case(c -> c.createWindow(new int[4], 0, 1, Datatype.DOUBLE), ErrorClass.TYPE, "does not match"),
                new Case(c -> c.createWindow(new Object[4], 0, 1, Datatype.OBJECT), ErrorClass.TYPE,
                        "primitive elements"),
                new Case(c -> c.createWindow(new int[4], 0, -1, Datatype.INT), ErrorClass.SIZE, "negative"),
                new Case(c -> c.createWindow(new int[4], 2, 3, Datatype.INT), ErrorClass.SIZE,
                        "past the base array of length 4"),
                new Case(c -> c.createWindow(new int[4], 5, 0, Datatype.INT), ErrorClass.BASE, "offset 5"),
                new Case(c -> c.allocateWindow(Datatype.LB, 1), ErrorClass.TYPE, "bound marker"),
                new Case(c -> c.allocateSharedWindow(Datatype.INT, -2), ErrorClass.SIZE, "negative"));
        for (Case c : cases) {
            assertThatThrownBy(() -> SpmdWorld.run(1, c.kernel()))
                    .isInstanceOfSatisfying(RankFailedException.class, e -> {
                        MpiException cause = (MpiException) e.getCause();
                        assertThat(cause.errorClass()).as(cause.getMessage()).isEqualTo(c.errorClass());
                        assertThat(cause.getMessage()).contains(c.phrase(), "at rank 0");
                    });
        }
    }

    @Test
    void windowsAreRefusedOnIntercommunicators() {
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> {
            Comm half = comm.split(comm.rank(), 0);
            Intercomm inter = half.createIntercomm(0, comm, 1 - comm.rank(), 9);
            return inter.allocateWindow(Datatype.INT, 1);
        })).isInstanceOf(RankFailedException.class).cause().hasMessageContaining("intercommunicator");
    }

    /** A rank blocked in lock() fails with ABORTED when another rank fails while holding the lock. */
    @ParameterizedTest
    @EnumSource(value = RankThreads.class, names = {"PLATFORM", "VIRTUAL"})
    void aLockWaiterFailsWithAbortedWhenTheWorldEnds(RankThreads threads) {
        AtomicReference<MpiException> waiter = new AtomicReference<>();
        SpmdWorld world = SpmdWorld.builder().size(2).name("w").rankThreads(threads)
                .deadlockTimeout(Duration.ofSeconds(20)).build();
        assertThatThrownBy(() -> world.run(comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 1);
            if (comm.rank() == 0) {
                win.lock(Window.LOCK_EXCLUSIVE, 0, 0);
                comm.barrier();
                Thread.sleep(50);
                throw new IllegalStateException("rank 0 fails holding the lock");
            }
            comm.barrier();
            try {
                win.lock(Window.LOCK_EXCLUSIVE, 0, 0);
            } catch (MpiException e) {
                waiter.set(e);
                throw e;
            }
            return null;
        })).isInstanceOf(RankFailedException.class).hasRootCauseMessage("rank 0 fails holding the lock");
        assertThat(waiter.get().errorClass()).isEqualTo(ErrorClass.ABORTED);
        assertThat(waiter.get().getMessage()).contains("lock(LOCK_EXCLUSIVE, rank 0) on window w/window0");
    }

    /** A lock nobody releases, with every other rank blocked, is reported as a deadlock naming the lock. */
    @Test
    void aLockNobodyReleasesIsAReportedDeadlock() {
        SpmdWorld world = SpmdWorld.builder().size(2).name("w").deadlockTimeout(Duration.ofMillis(300)).build();
        assertThatThrownBy(() -> world.run(comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 1);
            if (comm.rank() == 0) {
                win.lock(Window.LOCK_EXCLUSIVE, 1, 0);
                comm.barrier();
                comm.recv(new int[1], 0, 1, Datatype.INT, 1, 5);    // never sent
            } else {
                comm.barrier();
                win.lock(Window.LOCK_SHARED, 1, 0);
            }
            return null;
        })).isInstanceOfSatisfying(DeadlockException.class, e -> assertThat(e.pendingOperations().get(1))
                .contains("lock(LOCK_SHARED, rank 1) on window w/window0: the lock is held exclusively"));
    }

    /** A start whose target never posts, with every rank blocked, is reported naming the missing post. */
    @Test
    void aStartWithoutItsPostIsAReportedDeadlock() {
        SpmdWorld world = SpmdWorld.builder().size(2).name("w").deadlockTimeout(Duration.ofMillis(300)).build();
        assertThatThrownBy(() -> world.run(comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 1);
            if (comm.rank() == 0) {
                win.start(win.group().incl(1), 0);      // rank 1 never posts to rank 0
            } else {
                win.post(win.group().incl(1), 0);       // exposed to itself, which never starts
                win.waitExposure();
            }
            return null;
        })).isInstanceOfSatisfying(DeadlockException.class, e -> {
            assertThat(e.pendingOperations().get(0)).contains("start on window w/window0: waiting for post of rank(s) 1");
            assertThat(e.pendingOperations().get(1)).contains("waitExposure on window w/window0: 1 of 1 origin(s)");
        });
    }
}
