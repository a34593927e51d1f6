package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many rounds of several outstanding nonblocking collectives completed in random ways (waitFor in
 * a random order, waitAny, polling with testAll, a pause before waiting) while point-to-point
 * traffic flows: a lost wake-up shows as a deadlock report, a lost, duplicated or misrouted
 * message as a wrong result. Ranks that busy-poll with {@code testAll} while the completions come
 * from the collectives' dispatcher once starved a woken virtual-thread rank for good (see
 * {@code RankMailbox.pauseForCompletion}).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NonblockingCollectivesStressTest {

    @ParameterizedTest
    @EnumSource(value = RankThreads.class, names = {"PLATFORM", "VIRTUAL"})
    void randomCompletionOrdersKeepEveryResult(RankThreads kind) {
        int n = 8;
        int rounds = 150;
        List<String> out = SpmdWorld.builder().size(n).rankThreads(kind).build().run(comm -> {
            int r = comm.rank();
            List<String> bad = new ArrayList<>();
            for (int k = 0; k < rounds; k++) {
                // every rank draws the same choices for round k
                SplittableRandom rnd = new SplittableRandom(k);
                long[] sum = new long[2];
                int[] bc = new int[1];
                int[] a2a = new int[n];
                int[] send = new int[n];
                for (int j = 0; j < n; j++) {
                    send[j] = k * 1000 + r * 10 + j;
                }
                int root = rnd.nextInt(n);
                if (r == root) {
                    bc[0] = k + 1;
                }
                int[] got = new int[1];
                Request p2p = comm.irecv(got, 0, 1, Datatype.INT, Comm.ANY_SOURCE, Comm.ANY_TAG);
                Request[] reqs = {
                    comm.iallreduce(new long[] {r, k}, 0, sum, 0, 2, Datatype.LONG, Op.SUM),
                    comm.ibcast(bc, 0, 1, Datatype.INT, root),
                    comm.ialltoall(send, 0, 1, Datatype.INT, a2a, 0, 1, Datatype.INT),
                    comm.ibarrier(),
                    p2p,
                };
                comm.send(new int[] {k}, 0, 1, Datatype.INT, (r + 1) % n, k);
                switch (rnd.nextInt(4)) {
                    case 0 -> {
                        for (int i = reqs.length - 1; i >= 0; i--) {
                            reqs[i].waitFor();
                        }
                    }
                    case 1 -> {
                        for (int done = 0; done < reqs.length; done++) {
                            Status s = Request.waitAny(reqs);
                            reqs[s.index()] = null;
                        }
                    }
                    case 2 -> {
                        while (Request.testAll(reqs) == null) {
                            Thread.onSpinWait();
                        }
                    }
                    default -> {
                        if (r % 2 == 0) {
                            Thread.sleep(1);
                        }
                        Request.waitAll(reqs);
                    }
                }
                if (sum[0] != (long) n * (n - 1) / 2 || sum[1] != (long) n * k || bc[0] != k + 1 || got[0] != k) {
                    bad.add("round " + k + ": sum " + sum[0] + "," + sum[1] + " bcast " + bc[0] + " p2p " + got[0]);
                }
                for (int q = 0; q < n; q++) {
                    if (a2a[q] != k * 1000 + q * 10 + r) {
                        bad.add("round " + k + " alltoall from " + q + ": " + a2a[q]);
                    }
                }
            }
            return String.join("; ", bad);
        });
        assertThat(out).containsOnly("");
    }
}
