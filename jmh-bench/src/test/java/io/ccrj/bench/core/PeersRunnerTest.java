package io.ccrj.bench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.Main;
import io.ccrj.bench.runner.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ccrj peers} turns JMH's forks into its table, CSV and headline figures; fed synthetic
 * forks here (no benchmark runs), shaped as JMH reports them: its units, one array of iteration
 * scores per fork.
 */
class PeersRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** JMH's unit of each workload's benchmark. */
    private static final Map<String, String> UNITS = Map.of("one-way", "ops/s", "ping-pong", "ns/op", "scatter-gather", "us/op",
            "http-round-trip", "us/op", "http-throughput", "ops/s");

    /** Every benchmark of the run, each fork's iterations given by {@code score(workload key, impl)}. */
    private static List<Forks> run(BiFunction<String, String, List<double[]>> score) {
        List<Forks> all = new ArrayList<>();
        for (PeersRunner.Workload w : PeersRunner.WORKLOADS) {
            for (Enum<?> tool : w.names().keySet()) {
                Map<String, String> params = new HashMap<>(w.fixed());
                String impl = PeersRunner.param(tool);
                params.put(w.param(), impl);
                all.add(new Forks(w.benchmark(), params, UNITS.get(w.kind().id), score.apply(w.kind().id, impl)));
            }
        }
        return all;
    }

    private static List<double[]> forks(int n, double... iterations) {
        List<double[]> f = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            f.add(iterations);
        }
        return f;
    }

    private static PeersRunner.Options options(int forks) {
        return new PeersRunner.Options(forks >= 5, new Jmh.Settings(forks, 3, 3, 1_000), null);
    }

    @Test
    void fiveForksGiveTypedFiguresRatiosWhereApartAndModesShown() {
        List<Forks> forks = run((w, impl) -> switch (w + "/" + impl) {
            // ccr-core 40M messages/s, jox 0.8M: apart, a ratio.
            case "one-way/ccr" -> forks(5, 39e6, 40e6, 41e6);
            case "one-way/jox" -> forks(5, 0.79e6, 0.8e6, 0.81e6);
            // Pekko's forks in two modes 2x apart: shown as two, not averaged.
            case "one-way/pekko" -> List.of(new double[] {8e6, 8.1e6}, new double[] {16e6, 16.2e6}, new double[] {7.9e6, 8e6},
                    new double[] {16.1e6, 16e6}, new double[] {8.05e6, 8e6});
            // Ping-pong in ns: ccr-core 220 ns, Pekko 280 ns.
            case "ping-pong/ccr" -> forks(5, 219, 220, 221);
            case "ping-pong/pekko" -> forks(5, 279, 280, 281);
            default -> forks(5, 100, 101, 99);
        });

        PeersRunner.Tables t = PeersRunner.tables(forks, options(5));

        int peers = PeersRunner.WORKLOADS.stream().mapToInt(w -> w.names().size() - 1).sum();
        assertThat(t.figures()).hasSize(peers).allSatisfy(f -> {
            assertThat(f.section()).isEqualTo("peers");
            assertThat(f.ours().hasInterval()).isTrue();
        });
        Figure jox = t.figures().stream().filter(f -> f.id().equals("peers.ONE_WAY.JOX.CCR_CORE.0.0.MESSAGES_PER_S")).findFirst().orElseThrow();
        assertThat(jox.ours().value()).isEqualTo(40e6);
        assertThat(jox.peer().value()).isEqualTo(0.8e6);
        assertThat(jox.peerName()).isEqualTo("jox channel");
        assertThat(Verdict.of(jox.ours(), jox.peer(), false, new Verdict.Context("peers", true, ForkSpread.NONE)).text()).startsWith("50x better (");
        Figure pingPong = t.figures().stream().filter(f -> f.id().equals("peers.PING_PONG.PEKKO.CCR_CORE.0.0.ROUND_TRIP_US")).findFirst().orElseThrow();
        assertThat(pingPong.ours().value()).isCloseTo(0.220, within(1e-9)); // ns/op to µs
        assertThat(pingPong.label()).isEqualTo("ping-pong round trip, ccr-core vs Pekko typed actors");

        assertThat(t.markdown()).contains("| one-way (messages/s) | Pekko typed actor | 8050000 (")
                .contains("| two modes 2.0x apart: 3 forks at 8025000, 2 forks at 16075000 |")
                .contains("| one-way (messages/s) | jox channel | 800000 (").contains("| 5 forks, one mode | 50x better (")
                .contains("| HTTP Get, one connection's round trip (µs) | Vert.x web |")
                .contains("| HTTP Get, throughput over 4 connections (requests/s) | DSS host, HTTP |")
                .doesNotContain("One fork per peer");
        List<String> csv = t.csv().toString().lines().toList();
        assertThat(csv.get(0)).isEqualTo("workload,tool,unit,fork,iteration,value");
        // 45 benchmarks (ping-pong: 8; scatter-gather: 6 at each of 4 task sizes) x 5 forks x (3 iterations, Pekko's one-way 2)
        assertThat(csv).hasSize(1 + 44 * 5 * 3 + 5 * 2);
        assertThat(csv).contains("ping-pong round trip,Pekko typed actors,µs,1,2,0.280000");
    }

    @Test
    void eachScatterGatherTaskSizeIsItsOwnWorkloadAndTakesOnlyItsOwnForks() {
        // ccr-core's time is 10 µs per xorshift round of a task; every peer's is 100 µs whatever the size.
        List<Forks> forks = new ArrayList<>();
        for (Forks f : run((w, impl) -> forks(5, 100, 101, 99))) {
            String rounds = f.params().get("rounds");
            forks.add(rounds != null && "ccr".equals(f.params().get("impl"))
                    ? new Forks(f.benchmark(), f.params(), f.unit(), forks(5, 10.0 * Integer.parseInt(rounds)))
                    : f);
        }

        PeersRunner.Tables t = PeersRunner.tables(forks, options(5));

        for (int rounds : PeersRunner.SCATTER_ROUNDS) {
            Figure invokeAll = t.figures().stream().filter(f -> f.id().equals("peers.SCATTER_GATHER.INVOKE_ALL.CCR_CORE.0." + rounds + ".OP_US"))
                    .findFirst().orElseThrow();
            assertThat(invokeAll.ours().value()).isEqualTo(10.0 * rounds);
            assertThat(invokeAll.peer().value()).isEqualTo(100);
        }
        assertThat(t.markdown()).contains("| scatter-gather of 1,000 tasks of 1 xorshift round (µs) | invokeAll on newFixedThreadPool(2) |")
                .contains("| scatter-gather of 1,000 tasks of 1,000 xorshift rounds (µs) | one virtual thread per task |");
    }

    @Test
    void oneForkStatesOnlyBoundsWidenedByHowFarForksVary() {
        List<Forks> forks = run((w, impl) -> impl.equals("ccr") ? forks(1, 40e6, 41e6, 39e6) : forks(1, 1e6, 1.01e6, 0.99e6));

        PeersRunner.Tables t = PeersRunner.tables(forks, options(1));

        // 40x apart in one fork each, ours widened by the assumed 2x, the peer's fork by 2^2: a bound near 40 / 8,
        // never the 40x itself.
        assertThat(t.markdown()).contains("| jox channel | 1000000 (").containsPattern("\\| 1 fork \\| at least 4\\.[0-9]+x (better|worse)"
                + " \\(one fork each; forks vary up to 2x on small machines, none measured in this run; the other's one fork:"
                + " 4\\.0x\\) \\|")
                .contains("One fork per peer").doesNotContainPattern("[0-9]x (better|worse) \\([0-9]");
        assertThat(t.figures()).allSatisfy(f -> assertThat(f.ours().hasInterval()).isFalse());
        assertThat(Headline.markdown(t.figures())).contains("at least ").doesNotContainPattern("[0-9]x (better|worse) \\([0-9]");
    }

    @Test
    void oursRunsThreeForksInEveryMessagingWorkloadSoAGapWiderThanTheSquareAgainstOnePeerForkIsAVerdict() {
        for (PeersRunner.Workload w : PeersRunner.WORKLOADS) {
            List<Jmh.Part> parts = w.parts();
            if (w.kind().ours == io.ccrj.bench.runner.Backend.CCR_CORE) {
                assertThat(parts).hasSize(2);
                assertThat(parts.get(0).params().get(w.param())).containsExactly("ccr");
                assertThat(parts.get(0).leastForks()).isEqualTo(PeersRunner.OURS_LEAST_FORKS);
                assertThat(parts.get(1).params().get(w.param())).doesNotContain("ccr").hasSize(w.names().size() - 1);
                assertThat(parts.get(1).leastForks()).isZero();
            } else {
                assertThat(parts).hasSize(1);
                assertThat(parts.get(0).leastForks()).isZero();
            }
        }
        // ccr-core 10x jox's messages/s: three forks of ours against one of jox, widened by the assumed 2x squared
        // (another program's fork), are apart; ccr-core's six benchmarks of three equal forks are the run's spread.
        List<Forks> forks = run((w, impl) -> impl.equals("ccr") ? forks(3, 40e6, 41e6, 39e6) : forks(1, 4e6, 4.04e6, 3.96e6));

        PeersRunner.Tables t = PeersRunner.tables(forks, options(1));

        assertThat(t.markdown()).containsPattern("\\| jox channel \\| 4000000 \\([^|]*\\| 1 fork \\| at least 2\\.[0-9]+x better"
                + " \\(the other one fork; forks vary up to 2x on small machines, 1\\.00x in this run, the median of 6 benchmarks;"
                + " the other's one fork: 4\\.0x\\)")
                .contains("a peer by that squared (4.0x)");
        // 3.3x is not: it would take more than the square of how far forks vary.
        List<Forks> narrow = run((w, impl) -> impl.equals("ccr") ? forks(3, 40e6, 41e6, 39e6) : forks(1, 12e6, 12.1e6, 11.9e6));
        assertThat(PeersRunner.tables(narrow, options(1)).markdown())
                .containsPattern("\\| jox channel \\| 12000000 \\([^|]*\\| 1 fork \\| not resolved: one fork, 3\\.33x apart");
    }

    @Test
    void aMissingBenchmarkIsNamed() {
        List<Forks> forks = run((w, impl) -> forks(2, 1, 2)).stream().filter(f -> !f.params().containsValue("jox")).toList();
        assertThatThrownBy(() -> PeersRunner.tables(forks, options(2))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("OneWay.oneWay impl=jox");
    }

    @Test
    void optionsAreJmhSettingsAndBadOnesExitTwo() {
        PeersRunner r = new PeersRunner();
        assertThat(r.parse().jmh().describe()).isEqualTo("1 fork x (3 warm-up + 2 measured iterations of 300 ms)");
        assertThat(r.options(io.ccrj.bench.runner.RunMode.QUICK, null)).isEqualTo(r.parse());
        assertThat(r.parse("--full").jmh().describe()).isEqualTo("5 forks x (2 warm-up + 4 measured iterations of 1000 ms)");
        assertThat(r.parse("--forks", "3", "--iteration-ms", "500").jmh().describe())
                .isEqualTo("3 forks x (3 warm-up + 2 measured iterations of 500 ms)");
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(Main.run(new String[] {"peers", "--forks", "0"}, new PrintStream(out, true, StandardCharsets.UTF_8), e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("ccrj peers: option --forks: 0 is out of range 1..100"
                + " (bin/ccrj peers --help lists the options)\n").doesNotContain("Usage:");
    }
}
