package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.patterns.RendezvousExchange;
import io.ccrj.mpi.patterns.StageComputation;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpmdWorldTest {

    @Test
    void resultsComeBackInRankOrderIncludingNulls() {
        List<String> results = SpmdWorld.run(5, comm -> comm.rank() == 3 ? null : "r" + comm.rank() + "/" + comm.size());
        assertThat(results).containsExactly("r0/5", "r1/5", "r2/5", null, "r4/5");
    }

    @Test
    void autoUsesPlatformThreadsWhileRanksFitTheProcessorsAndVirtualThreadsBeyond() {
        int cpus = Runtime.getRuntime().availableProcessors();
        SpmdWorld fits = SpmdWorld.builder().size(cpus).build();
        SpmdWorld beyond = SpmdWorld.builder().size(cpus + 1).build();
        assertThat(fits.effectiveRankThreads()).isEqualTo(RankThreads.PLATFORM);
        assertThat(beyond.effectiveRankThreads()).isEqualTo(RankThreads.VIRTUAL);
        assertThat(fits.run(comm -> Thread.currentThread().isVirtual())).containsOnly(false);
        assertThat(beyond.run(comm -> Thread.currentThread().isVirtual())).containsOnly(true);
    }

    @ParameterizedTest
    @EnumSource(value = RankThreads.class, names = {"PLATFORM", "VIRTUAL"})
    void explicitRankThreadsAreHonouredAndNamedAfterTheWorld(RankThreads kind) {
        List<String> results = SpmdWorld.builder().size(3).name("named").rankThreads(kind).build()
                .run(comm -> Thread.currentThread().isVirtual() + " " + Thread.currentThread().getName());
        boolean virtual = kind == RankThreads.VIRTUAL;
        assertThat(results).containsExactly(virtual + " named-rank-0", virtual + " named-rank-1",
                virtual + " named-rank-2");
    }

    @Test
    void aWorldRunsAgainAndConcurrently() throws Exception {
        SpmdWorld world = SpmdWorld.builder().size(3).rankThreads(RankThreads.VIRTUAL).build();
        Kernel<Integer> sum = comm -> {
            int[] out = new int[1];
            comm.allreduce(new int[] {comm.rank()}, 0, out, 0, 1, Datatype.INT, Op.SUM);
            return out[0];
        };
        var other = java.util.concurrent.CompletableFuture.supplyAsync(() -> world.run(sum));
        assertThat(world.run(sum)).containsExactly(3, 3, 3);
        assertThat(other.get()).containsExactly(3, 3, 3);
    }

    /**
     * 8 ranks on a machine with fewer cores complete a loosely synchronous run in bounded time on
     * every kind of rank thread: no rank spins a core away from the rank it waits for. 20,000
     * exchange stages take well under a second unloaded (a few microseconds each); the bound
     * leaves room for a loaded CI machine but not for per-message platform-thread parking.
     */
    @ParameterizedTest
    @EnumSource(RankThreads.class)
    void eightRanksExchangeWithoutPathologicalSlowdown(RankThreads kind) {
        SpmdWorld world = SpmdWorld.builder().size(8).rankThreads(kind).build();
        long stages = 20_000;
        long t0 = System.nanoTime();
        double result = RendezvousExchange.run(world, stages, StageComputation.basicUnits(0));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        assertThat(result).isEqualTo(RendezvousExchange.run(SpmdWorld.builder().size(8).build(), stages,
                StageComputation.basicUnits(0)));
        assertThat(took).as("%s: %s per stage", kind, took.dividedBy(stages)).isLessThan(Duration.ofSeconds(15));
    }

    @Test
    void worldOptionsAreReported() {
        SpmdWorld w = SpmdWorld.builder().size(2).name("opt").rankThreads(RankThreads.VIRTUAL)
                .deadlockTimeout(Duration.ofSeconds(5)).spinPolls(10).build();
        assertThat(w.size()).isEqualTo(2);
        assertThat(w.name()).isEqualTo("opt");
        assertThat(w.rankThreads()).isEqualTo(RankThreads.VIRTUAL);
        assertThat(w.deadlockTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(w.spinPolls()).isEqualTo(10);
        assertThat(w.toString()).contains("opt", "size=2", "VIRTUAL");
        assertThat(SpmdWorld.builder().build().deadlockTimeout()).isEqualTo(SpmdWorld.DEFAULT_DEADLOCK_TIMEOUT);
    }
}
