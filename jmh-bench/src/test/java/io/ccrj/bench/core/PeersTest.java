package io.ccrj.bench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.bench.handoff.PingPong;
import io.ccrj.bench.handoff.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every peer of {@link PeerComparisonBenchmark} delivers every message and plays every round trip, batch after batch. */
@SuppressWarnings("try") // the worlds and parties it closes may throw InterruptedException
class PeersTest {
    @ParameterizedTest
    @ValueSource(strings = {"ccr", "pekko", "jox", "fjp", "completableFuture", "virtualThreadQueue", "jctoolsMpsc"})
    @Timeout(60)
    void oneWayHandlesEveryMessageOfEveryBatch(String impl) throws Exception {
        try (Stream p = Peers.oneWay(impl)) {
            assertThat(p.stream(1_000)).isEqualTo(1_000);
            assertThat(p.stream(3)).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ccr", "ccrOneDispatcher", "ccrTwoThreads", "pekko", "jox", "syncQueueVirtual", "completableFuture", "floor"})
    @Timeout(60)
    void roundTripsPlayEveryRound(String impl) throws Exception {
        try (PingPong p = Peers.roundTrips(impl)) {
            assertThat(p.play(500)).isZero();
            assertThat(p.play(1)).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"nope", "CCR"})
    void unknownImplementationsAreNamed(String impl) {
        assertThatThrownBy(() -> Peers.oneWay(impl)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(impl);
        assertThatThrownBy(() -> Peers.roundTrips(impl)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(impl);
    }

    @Test
    @Timeout(60)
    void pekkosScatterGatherSumsEveryTaskOfEveryScatter() throws Exception {
        int rounds = 10;
        long expected = PeerComparisonBenchmark.ScatterGather.sum(rounds);
        try (PekkoScatter p = PekkoScatter.start(PeerComparisonBenchmark.ScatterGather.TASKS,
                n -> PeerComparisonBenchmark.ScatterGather.work(n, rounds))) {
            assertThat(p.scatterGather()).isEqualTo(expected);
            assertThat(p.scatterGather()).isEqualTo(expected); // the gatherer starts afresh
        }
    }
}
