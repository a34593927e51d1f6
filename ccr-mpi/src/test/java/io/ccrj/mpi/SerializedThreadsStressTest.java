package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ThreadLevel#SERIALIZED} under load: in every rank, {@code T} worker threads take turns
 * (a semaphore ring orders them, which is what publishes the rank's matching state from one to
 * the next), each turn a ring {@code sendrecv} plus, every few turns, an {@code isend} completed
 * by the next worker and an {@code allreduce}. Round {@code i} is done by worker {@code i % T} on
 * every rank, so the ranks' rounds match up; the mailbox changes hands every round.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SerializedThreadsStressTest {

    @ParameterizedTest(name = "{0} ranks, {1} threads per rank, {2} platform")
    @CsvSource({"2, 3, true", "4, 3, false", "8, 4, true", "8, 2, false"})
    void workersTakingTurnsOnOneRankSeeEveryMessageOnce(int n, int threads, boolean platform) {
        int rounds = 300;
        SpmdWorld world = SpmdWorld.builder().size(n).deadlockTimeout(Duration.ofSeconds(20))
                .rankThreads(platform ? RankThreads.PLATFORM : RankThreads.VIRTUAL).build();
        List<Long> totals = world.run(comm -> {
            assertThat(comm.requestThreadLevel(ThreadLevel.SERIALIZED)).isEqualTo(ThreadLevel.SERIALIZED);
            int right = (comm.rank() + 1) % n;
            int left = (comm.rank() + n - 1) % n;
            Semaphore[] turn = new Semaphore[threads];
            for (int t = 0; t < threads; t++) {
                turn[t] = new Semaphore(t == 0 ? 1 : 0);
            }
            long[] total = new long[1];
            Request[] pending = new Request[1];
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int me = t;
                workers.add(Thread.ofPlatform().name("rank-" + comm.rank() + "-worker-" + t).start(() -> {
                    for (int round = me; round < rounds; round += threads) {
                        turn[me].acquireUninterruptibly();
                        try {
                            if (pending[0] != null) {
                                pending[0].waitFor();        // started by another thread of this rank
                                pending[0] = null;
                            }
                            int[] got = new int[1];
                            comm.sendrecv(new int[] {comm.rank() * rounds + round}, 0, 1, Datatype.INT, right, round,
                                    got, 0, 1, Datatype.INT, left, round);
                            total[0] += got[0];
                            if (round % 7 == 0) {
                                long[] sum = new long[1];
                                comm.allreduce(new long[] {round}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
                                total[0] += sum[0];
                                pending[0] = comm.isend(new double[300], 0, 300, Datatype.DOUBLE, right,
                                        rounds + round);
                                comm.recv(new double[300], 0, 300, Datatype.DOUBLE, left, rounds + round);
                            }
                        } finally {
                            turn[(me + 1) % threads].release();
                        }
                    }
                }));
            }
            for (Thread w : workers) {
                w.join();
            }
            if (pending[0] != null) {
                pending[0].waitFor();
            }
            return total[0];
        });
        for (int r = 0; r < n; r++) {
            int left = (r + n - 1) % n;
            long expected = 0;
            for (int round = 0; round < rounds; round++) {
                expected += (long) left * rounds + round;
                if (round % 7 == 0) {
                    expected += (long) round * n;
                }
            }
            assertThat(totals.get(r)).as("rank %d", r).isEqualTo(expected);
        }
    }
}
