package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FailureTest {

    private static SpmdWorld world(int size, RankThreads threads) {
        return SpmdWorld.builder().size(size).name("w").rankThreads(threads)
                .deadlockTimeout(Duration.ofMillis(300)).build();
    }

    @ParameterizedTest
    @EnumSource(RankThreads.class)
    void twoRanksReceivingFirstAreReportedAsDeadlockedWithTheirPendingReceives(RankThreads threads) {
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> world(2, threads).run(comm -> {
            double[] buf = new double[1];
            comm.recv(buf, 0, 1, Datatype.DOUBLE, 1 - comm.rank(), 7);
            comm.send(buf, 0, 1, Datatype.DOUBLE, 1 - comm.rank(), 7);
            return null;
        }))
                .isInstanceOfSatisfying(DeadlockException.class, e -> {
                    assertThat(e.pendingOperations()).containsExactly(
                            "rank 0: recv(source=1, tag=7, DOUBLE x 1) on w",
                            "rank 1: recv(source=0, tag=7, DOUBLE x 1) on w");
                    assertThat(e.getMessage()).contains("world 'w' deadlocked")
                            .contains("rank 0: recv(source=1, tag=7").contains("rank 1: recv(source=0, tag=7");
                });
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aRankWaitingForAFinishedRankIsADeadlockWithCollectiveAndUnmatchedMessagesNamed() {
        // Message-based barrier: the report names its internal receives (CollectiveAlgorithmsTest
        // covers the shared-memory one).
        SpmdWorld w = SpmdWorld.builder().size(3).name("w").collectives(Collectives.MESSAGES)
                .deadlockTimeout(Duration.ofMillis(300)).build();
        assertThatThrownBy(() -> w.run(comm -> {
            if (comm.rank() == 2) {
                comm.send(new int[] {1}, 0, 1, Datatype.INT, 0, 55);
                return null;
            }
            comm.barrier();
            return null;
        }))
                .isInstanceOfSatisfying(DeadlockException.class, e -> {
                    assertThat(e.pendingOperations()).hasSize(3);
                    assertThat(e.pendingOperations().get(0)).startsWith("rank 0: barrier: recv(source=")
                            .contains("unmatched message(s) queued: ").contains("from 2 tag 55, 1 INT")
                            .contains("posted receives: source 2 tag barrier (collective)");
                    assertThat(e.pendingOperations().get(1)).startsWith("rank 1: barrier: recv(source=");
                    assertThat(e.pendingOperations().get(2)).isEqualTo("rank 2: finished");
                });
    }

    @Test
    void aDeadlockInWaitAllNamesTheIrecv() {
        assertThatThrownBy(() -> world(2, RankThreads.AUTO).run(comm -> {
            Request r = comm.irecv(new long[2], 0, 2, Datatype.LONG, Comm.ANY_SOURCE, Comm.ANY_TAG);
            Request.waitAll(r);
            return null;
        }))
                .isInstanceOfSatisfying(DeadlockException.class, e -> assertThat(e.pendingOperations())
                        .containsExactly("rank 0: irecv(source=ANY_SOURCE, tag=ANY_TAG, LONG x 2) on w",
                                "rank 1: irecv(source=ANY_SOURCE, tag=ANY_TAG, LONG x 2) on w"));
    }

    @Test
    void slowRanksAreNotMistakenForADeadlock() {
        var results = world(2, RankThreads.AUTO).run(comm -> {
            int[] buf = new int[1];
            if (comm.rank() == 0) {
                Thread.sleep(900);
                comm.send(buf, 0, 1, Datatype.INT, 1, 0);
            } else {
                comm.recv(buf, 0, 1, Datatype.INT, 0, 0);
            }
            return comm.rank();
        });
        assertThat(results).containsExactly(0, 1);
    }

    @ParameterizedTest
    @EnumSource(RankThreads.class)
    void anExceptionInOneRankEndsTheWorldWithThatException(RankThreads threads) {
        IllegalStateException boom = new IllegalStateException("boom");
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> SpmdWorld.builder().size(4).rankThreads(threads).build().run(comm -> {
            if (comm.rank() == 2) {
                throw boom;
            }
            if (comm.rank() == 3) {
                Thread.sleep(60_000);
            }
            comm.recv(new int[1], 0, 1, Datatype.INT, 2, 0);
            return null;
        }))
                .isInstanceOfSatisfying(RankFailedException.class, e -> {
                    assertThat(e.rank()).isEqualTo(2);
                    assertThat(e.getCause()).isSameAs(boom);
                    assertThat(e.getMessage()).contains("rank 2 failed").contains("boom");
                    assertThat(e.getSuppressed()).isEmpty();
                });
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void ranksBlockedWhenTheWorldEndsFailWithAborted() {
        var seen = new java.util.concurrent.ConcurrentLinkedQueue<MpiException>();
        assertThatThrownBy(() -> SpmdWorld.run(3, comm -> {
            if (comm.rank() == 0) {
                Thread.sleep(50);
                throw new java.io.IOException("disk");
            }
            try {
                comm.barrier();
            } catch (MpiException e) {
                seen.add(e);
                throw e;
            }
            return null;
        })).isInstanceOf(RankFailedException.class).hasCauseInstanceOf(java.io.IOException.class);
        assertThat(seen).hasSize(2).allSatisfy(e -> {
            assertThat(e.errorClass()).isEqualTo(MpiException.ErrorClass.ABORTED);
            assertThat(e.getMessage()).contains("rank 0 failed").contains("disk").contains("barrier");
        });
    }

    @Test
    void aWorldCanRunAgainAfterAFailure() {
        SpmdWorld w = world(2, RankThreads.AUTO);
        assertThatThrownBy(() -> w.run(comm -> {
            throw new ArithmeticException("x");
        })).isInstanceOf(RankFailedException.class);
        assertThat(w.run(Comm::rank)).containsExactly(0, 1);
    }
}
