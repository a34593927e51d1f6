package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Many outstanding small nonblocking collectives on one communicator, more than it has reused
 * channel slots, interleaved with blocking collectives and completed in a random order, while
 * one rank at a time lags behind (so that the others start collectives whose slot is still held
 * by an earlier one, which then take channels of their own). Each collective's value names its
 * number, so a result lost, duplicated, delivered to the wrong collective or reordered shows as
 * a wrong value; a lost wake-up as a deadlock report or the timeout.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SmallNonblockingCollectivesStressTest {

    @ParameterizedTest(name = "{0} ranks, {1} threads")
    @CsvSource({"2, PLATFORM", "3, PLATFORM", "4, PLATFORM", "2, VIRTUAL", "3, VIRTUAL", "4, VIRTUAL"})
    void manyOutstandingSmallCollectivesKeepEachResult(int n, RankThreads kind) {
        int batches = 60;
        int outstanding = 20;
        List<String> out = SpmdWorld.builder().size(n).rankThreads(kind).build().run(comm -> {
            int r = comm.rank();
            List<String> bad = new ArrayList<>();
            for (int b = 0; b < batches; b++) {
                // every rank draws the same choices for batch b
                SplittableRandom rnd = new SplittableRandom(b * 31L + n);
                int lagging = rnd.nextInt(n);
                double[][] sums = new double[outstanding][1];
                long[][] bcasts = new long[outstanding][1];
                int[] roots = new int[outstanding];
                Request[] reqs = new Request[outstanding];
                long[] blocking = new long[1];
                for (int i = 0; i < outstanding; i++) {
                    long id = (long) b * outstanding + i;
                    if (r == lagging && i == outstanding / 2) {
                        Thread.sleep(1);
                    }
                    if (rnd.nextBoolean()) {
                        reqs[i] = comm.iallreduce(new double[] {id * 8 + r}, 0, sums[i], 0, 1, Datatype.DOUBLE, Op.SUM);
                        roots[i] = -1;
                    } else {
                        roots[i] = rnd.nextInt(n);
                        if (r == roots[i]) {
                            bcasts[i][0] = id;
                        }
                        reqs[i] = comm.ibcast(bcasts[i], 0, 1, Datatype.LONG, roots[i]);
                    }
                    if (rnd.nextInt(5) == 0) {
                        // a blocking collective between nonblocking ones (MPI-3 lets them interleave)
                        comm.allreduce(new long[] {id + r}, 0, blocking, 0, 1, Datatype.LONG, Op.SUM);
                        if (blocking[0] != n * id + (long) n * (n - 1) / 2) {
                            bad.add("blocking allreduce after collective " + id + ": " + blocking[0]);
                        }
                    }
                }
                // complete in a random order (the same on every rank is not needed)
                SplittableRandom mine = new SplittableRandom(b * 131L + r);
                for (int left = outstanding; left > 0; left--) {
                    int k = mine.nextInt(outstanding);
                    while (reqs[k] == null) {
                        k = (k + 1) % outstanding;
                    }
                    reqs[k].waitFor();
                    reqs[k] = null;
                }
                for (int i = 0; i < outstanding; i++) {
                    long id = (long) b * outstanding + i;
                    if (roots[i] < 0) {
                        double want = n * (id * 8.0) + (double) n * (n - 1) / 2;
                        if (sums[i][0] != want) {
                            bad.add("iallreduce " + id + ": " + sums[i][0] + " instead of " + want);
                        }
                    } else if (bcasts[i][0] != id) {
                        bad.add("ibcast " + id + " from " + roots[i] + ": " + bcasts[i][0]);
                    }
                }
            }
            return String.join("; ", bad);
        });
        assertThat(out).containsOnly("");
    }
}
