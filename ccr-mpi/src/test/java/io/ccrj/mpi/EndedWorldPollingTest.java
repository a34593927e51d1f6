package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A rank that polls ({@code test}, {@code iprobe}) in a loop for a message that will never come,
 * because another rank failed, stops with the world's failure instead of spinning on: a rank
 * left spinning outlives {@code run} and, on virtual threads, takes the carriers from every
 * later world in the JVM.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EndedWorldPollingTest {

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"TEST_RECV, VIRTUAL", "TEST_RECV, PLATFORM", "TEST_LENT_SEND, VIRTUAL", "IPROBE, VIRTUAL",
        "IPROBE, PLATFORM"})
    void pollingRanksStopWhenAnotherRankFails(String poll, RankThreads threads) {
        SpmdWorld world = SpmdWorld.builder().size(3).rankThreads(threads).deadlockTimeout(Duration.ofSeconds(30))
                .build();
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> world.run(comm -> {
            if (comm.rank() == 0) {
                comm.barrier();
                throw new IllegalStateException("rank 0 gives up");
            }
            comm.barrier();
            switch (poll) {
                case "TEST_RECV" -> {
                    Request r = comm.irecv(new int[1], 0, 1, Datatype.INT, 0, 1);
                    while (r.test() == null) {
                        Thread.yield();
                    }
                }
                case "TEST_LENT_SEND" -> {
                    Request s = comm.isend(new double[1000], 0, 1000, Datatype.DOUBLE, 0, 1);
                    while (s.test() == null) {
                        Thread.yield();
                    }
                }
                default -> {
                    while (comm.iprobe(0, 1) == null) {
                        Thread.yield();
                    }
                }
            }
            return null;
        })).isInstanceOfSatisfying(RankFailedException.class, e -> {
            assertThat(e.rank()).isZero();
            assertThat(e.getCause()).hasMessage("rank 0 gives up");
        });
        // run waits for every rank: the pollers stopped (not the 10 s grace after which run gives up).
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(8));
    }
}
