package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ranks that wait by polling ({@code test}, {@code testAll}, {@code testSome}, {@code iprobe} in
 * a tight loop, with no yield of their own, as mpiJava programs do) on more ranks than
 * processors must not keep the rank they wait for from running. On virtual-thread ranks a poller
 * that only yields can hold its carrier: the JDK's scheduler may hand the carrier straight back
 * to it while the sender's continuation waits in another queue, so two pollers on two carriers
 * starve the sender of every message they poll for.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PollingRanksFairnessTest {
    private static final int ROUNDS = 300;
    /** Far beyond any fair wait, far below the class timeout: a starved poll fails with a message. */
    private static final long POLL_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(15);

    @ParameterizedTest(name = "{0}, {1} ranks, {2}")
    @CsvSource({"TEST, 8, VIRTUAL", "TEST_ALL, 8, VIRTUAL", "TEST_SOME, 4, VIRTUAL", "IPROBE, 8, VIRTUAL",
        "TEST, 8, PLATFORM", "TEST_SOME, 4, PLATFORM"})
    void ringMessagesPolledForArriveWithoutStarvingTheirSenders(String poll, int ranks, RankThreads threads) {
        List<Integer> sums = SpmdWorld.builder().size(ranks).rankThreads(threads).build().run(comm -> {
            int me = comm.rank();
            int right = (me + 1) % ranks;
            int left = (me + ranks - 1) % ranks;
            int sum = 0;
            for (int round = 0; round < ROUNDS; round++) {
                int[] in = new int[1];
                int tag = round % 7;
                if (round % 3 == 0) {
                    comm.barrier();                 // ranks leave together, woken by one another
                }
                log(me, round);
                if (poll.equals("IPROBE")) {
                    comm.isend(new int[] {me * 1000 + round}, 0, 1, Datatype.INT, right, tag);
                    pollUntil(() -> comm.iprobe(left, tag), me, round);
                    comm.recv(in, 0, 1, Datatype.INT, left, tag);
                } else {
                    Request[] r = {comm.irecv(in, 0, 1, Datatype.INT, left, tag)};
                    Request send = comm.isend(new int[] {me * 1000 + round}, 0, 1, Datatype.INT, right, tag);
                    switch (poll) {
                        case "TEST" -> pollUntil(() -> r[0].test(), me, round);
                        case "TEST_ALL" -> pollUntil(() -> Request.testAll(r), me, round);
                        default -> pollUntil(() -> {
                            Status[] some = Request.testSome(r);
                            return some.length == 0 ? null : some;
                        }, me, round);
                    }
                    send.waitFor();
                }
                assertThat(in[0]).as("rank %d round %d", me, round).isEqualTo(left * 1000 + round);
                sum += in[0];
            }
            return sum;
        });
        for (int me = 0; me < ranks; me++) {
            int left = (me + ranks - 1) % ranks;
            assertThat(sums.get(me)).isEqualTo(left * 1000 * ROUNDS + ROUNDS * (ROUNDS - 1) / 2);
        }
    }

    private static final Object LOG_LOCK = new Object();
    private static final StringBuilder LOG = new StringBuilder();

    /**
     * What printing a line does (a shared monitor, held for a moment): a virtual thread that
     * finds the monitor taken blocks, and when it is released it is made runnable again by the
     * JDK's unblocker thread, from outside the carriers' own queues.
     */
    private static void log(int rank, int round) {
        synchronized (LOG_LOCK) {
            LOG.setLength(0);
            for (int i = 0; i < 200; i++) {
                LOG.append(rank).append(':').append(round).append(' ');
            }
        }
    }

    private static void pollUntil(Supplier<Object> poll, int rank, int round) {
        long start = System.nanoTime();
        long polls = 0;
        while (poll.get() == null) {
            if ((++polls & 0xFFF) == 0 && System.nanoTime() - start > POLL_LIMIT_NANOS) {
                throw new AssertionError("rank " + rank + " polled " + polls + " times in round " + round
                        + " for a message its left neighbour sends without waiting");
            }
        }
    }
}
