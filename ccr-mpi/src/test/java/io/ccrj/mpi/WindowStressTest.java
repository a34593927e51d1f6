package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Windows under contention: every rank hammering one counter with fetch-and-add (no increment
 * lost or duplicated), read-modify-write sections under exclusive locks (mutual exclusion: no
 * two ranks inside at once, no update lost), a spin lock built on compare-and-swap, and lock
 * waits that park and are woken (exclusive locks held across yields). At 2, 3, 4 and 8 ranks on
 * platform and virtual threads.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class WindowStressTest {

    static SpmdWorld world(int n, RankThreads threads) {
        return SpmdWorld.builder().size(n).name("stress").rankThreads(threads)
                .deadlockTimeout(Duration.ofSeconds(30)).build();
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> sizesAndThreads() {
        return WindowTest.sizesAndThreads();
    }

    /** Increments per rank: fewer where ranks outnumber the two cores many times over. */
    static int increments(int n) {
        return n >= 8 ? 300 : 1000;
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void fetchAndAddCounterLosesAndDuplicatesNoIncrement(int n, RankThreads threads) {
        int m = increments(n);
        List<long[]> fetched = world(n, threads).run(comm -> {
            Window win = comm.allocateWindow(Datatype.LONG, 1);
            long[] one = {1};
            long[] got = new long[m];
            win.lockAll(0);
            for (int i = 0; i < m; i++) {
                // alternate the shared lock-all epoch's fetch-and-op with per-operation locks
                if ((i & 1) == 0) {
                    win.fetchAndOp(one, 0, got, i, Datatype.LONG, 0, 0, Op.SUM);
                } else {
                    win.getAccumulate(one, 0, 1, Datatype.LONG, got, i, 1, Datatype.LONG, 0, 0, 1, Datatype.LONG,
                            Op.SUM);
                }
                if (i % 97 == 0) {
                    Thread.yield();
                }
            }
            win.unlockAll();
            comm.barrier();
            win.sync();
            long total = ((long[]) win.base())[0];
            win.free();
            long[] r = Arrays.copyOf(got, m + 1);
            r[m] = total;
            return r;
        });
        long[] all = new long[n * m];
        for (int r = 0; r < n; r++) {
            long[] g = fetched.get(r);
            for (int i = 1; i < m; i++) {
                assertThat(g[i]).as("rank %d's fetches increase", r).isGreaterThan(g[i - 1]);
            }
            System.arraycopy(g, 0, all, r * m, m);
        }
        assertThat(fetched.get(0)[m]).as("final counter").isEqualTo((long) n * m);
        Arrays.sort(all);
        for (int k = 0; k < all.length; k++) {
            assertThat(all[k]).as("fetched value %d", k).isEqualTo(k);
        }
    }

    /**
     * Under an exclusive lock of rank 0 each rank reads the counter with a plain get, writes its
     * own rank into an owner slot, yields (inviting another rank in), checks that the slot still
     * holds its rank, and puts the counter back incremented: a second rank inside at the same
     * time would overwrite the slot or lose an increment.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void exclusiveLocksExcludeEachOther(int n, RankThreads threads) {
        int m = increments(n) / 5;
        List<Long> results = world(n, threads).run(comm -> {
            Window win = comm.allocateWindow(Datatype.LONG, 2);
            long[] value = new long[1];
            long[] owner = new long[1];
            long violations = 0;
            for (int i = 0; i < m; i++) {
                win.lock(Window.LOCK_EXCLUSIVE, 0, 0);
                win.get(value, 0, 1, Datatype.LONG, 0, 0, 1, Datatype.LONG);
                win.put(new long[] {comm.rank()}, 0, 1, Datatype.LONG, 0, 1, 1, Datatype.LONG);
                Thread.yield();
                win.get(owner, 0, 1, Datatype.LONG, 0, 1, 1, Datatype.LONG);
                if (owner[0] != comm.rank()) {
                    violations++;
                }
                value[0]++;
                win.put(value, 0, 1, Datatype.LONG, 0, 0, 1, Datatype.LONG);
                win.unlock(0);
                if (i % 7 == 0) {
                    // shared locks in between: readers exclude the writers, not each other
                    win.lock(Window.LOCK_SHARED, 0, 0);
                    win.get(value, 0, 1, Datatype.LONG, 0, 0, 1, Datatype.LONG);
                    win.unlock(0);
                }
            }
            comm.barrier();
            win.lock(Window.LOCK_SHARED, 0, 0);
            win.get(value, 0, 1, Datatype.LONG, 0, 0, 1, Datatype.LONG);
            win.unlock(0);
            win.free();
            return violations * 1_000_000_000L + value[0];
        });
        for (int r = 0; r < n; r++) {
            assertThat(results.get(r) / 1_000_000_000L).as("rank %d saw another rank inside", r).isZero();
            assertThat(results.get(r)).as("final count at rank %d", r).isEqualTo((long) n * m);
        }
    }

    /**
     * A spin lock on compare-and-swap (0 free, rank + 1 held) guarding a plain get-increment-put
     * of a counter, all in one lock-all epoch: the lock must be acquired by one rank at a time
     * (the counter ends exact) and released with an atomic REPLACE.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void compareAndSwapSpinLockGuardsACounter(int n, RankThreads threads) {
        int m = increments(n) / 10;
        List<Long> results = world(n, threads).run(comm -> {
            Window win = comm.allocateWindow(Datatype.INT, 2);
            int[] zero = {0};
            int[] mine = {comm.rank() + 1};
            int[] previous = new int[1];
            int[] count = new int[1];
            win.lockAll(0);
            for (int i = 0; i < m; i++) {
                while (true) {
                    win.compareAndSwap(mine, 0, zero, 0, previous, 0, Datatype.INT, 0, 0);
                    if (previous[0] == 0) {
                        break;
                    }
                    Thread.yield();
                }
                win.get(count, 0, 1, Datatype.INT, 0, 1, 1, Datatype.INT);
                count[0]++;
                win.put(count, 0, 1, Datatype.INT, 0, 1, 1, Datatype.INT);
                win.flush(0);
                win.fetchAndOp(zero, 0, previous, 0, Datatype.INT, 0, 0, Op.REPLACE);
                assertThat(previous[0]).as("lock word at release").isEqualTo(comm.rank() + 1);
            }
            win.unlockAll();
            comm.barrier();
            win.lockAll(0);
            win.get(count, 0, 1, Datatype.INT, 0, 1, 1, Datatype.INT);
            win.unlockAll();
            win.free();
            return (long) count[0];
        });
        assertThat(results).containsOnly((long) n * m);
    }

    /**
     * Waiting for a lock parks: rank 0 holds an exclusive lock of itself for a while (sleeping),
     * the others block in lock() and must all be woken when it releases, round after round.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndThreads")
    void blockedLockersAreWokenByTheRelease(int n, RankThreads threads) {
        List<Long> results = world(n, threads).run(comm -> {
            Window win = comm.allocateWindow(Datatype.LONG, 1);
            for (int round = 0; round < 5; round++) {
                if (comm.rank() == 0) {
                    win.lock(Window.LOCK_EXCLUSIVE, 0, 0);
                }
                comm.barrier();
                if (comm.rank() == 0) {
                    Thread.sleep(5);
                    win.unlock(0);
                } else {
                    win.lock(round % 2 == 0 ? Window.LOCK_SHARED : Window.LOCK_EXCLUSIVE, 0, 0);
                    win.accumulate(new long[] {1}, 0, 1, Datatype.LONG, 0, 0, 1, Datatype.LONG, Op.SUM);
                    win.unlock(0);
                }
                comm.barrier();
            }
            win.sync();
            long v = ((long[]) win.base())[0];
            win.free();
            return v;
        });
        assertThat(results.get(0)).isEqualTo(5L * (n - 1));
    }
}
