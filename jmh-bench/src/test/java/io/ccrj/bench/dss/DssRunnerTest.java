package io.ccrj.bench.dss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ccrj dss} turns JMH's forks into its tables, CSVs, charts and headline figures; fed
 * synthetic forks here (no benchmark runs), shaped as JMH reports them.
 */
class DssRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "dss";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.run(all, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static List<double[]> forks(int n, double... iterations) {
        List<double[]> f = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            f.add(iterations);
        }
        return f;
    }

    /** Every benchmark of a run of {@code n} forks of 4 iterations: the DSS host 2x the raw handler's round trip. */
    private static List<Forks> run(int n) {
        List<Forks> all = new ArrayList<>();
        for (DssRunner.Caller c : DssRunner.Caller.values()) {
            double us = c == DssRunner.Caller.RAW_NETTY ? 20 : c.target.http ? 40 : 2;
            all.add(new Forks(c.benchmark, c.param == null ? Map.of() : Map.of(c.param, c.value()), "us/op",
                    forks(n, us, us * 1.01, us * 0.99, us * 1.02)));
        }
        for (DssTarget t : DssRunner.LOADED) {
            double rate = t == DssTarget.RAW_NETTY ? 60_000 : 30_000;
            all.add(new Forks(DssRunner.THROUGHPUT, Map.of("target", t.name()), "ops/s", forks(n, rate, rate * 1.01, rate * 0.99, rate)));
        }
        all.add(new Forks(DssRunner.ONE_WAY, Map.of(), "us/op", forks(n, 3, 3.1, 2.9, 3),
                Map.of(50.0, 2.5, 90.0, 4.0, 99.0, 9.0, 99.9, 30.0, 100.0, 400.0)));
        return all;
    }

    @Test
    void optionsAreJmhSettingsAndBadOnesExitTwo() {
        assertThat(DssRunner.Options.parse().jmh().describe()).isEqualTo("1 fork x (3 warm-up + 3 measured iterations of 300 ms)");
        assertThat(DssRunner.Options.of(io.ccrj.bench.runner.RunMode.QUICK, null)).isEqualTo(DssRunner.Options.parse());
        assertThat(DssRunner.Options.of(io.ccrj.bench.runner.RunMode.FULL, null)).isEqualTo(DssRunner.Options.parse("--full"));
        assertThat(DssRunner.Options.parse("--full").jmh().describe()).isEqualTo("5 forks x (2 warm-up + 5 measured iterations of 1000 ms)");
        assertThatThrownBy(() -> DssRunner.Options.parse("--forks", "0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option --forks: 0 is out of range 1..100");
        assertThatThrownBy(() -> DssRunner.Options.parse("--groups", "3")).hasMessageContaining("groups");
        assertThat(run("--iterations", "x")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("ccrj dss: option --iterations: 'x' is not a whole number"
                + " (bin/ccrj dss --help lists the options)\n");
    }

    @Test
    void anOptionGivenOverridesItsQuickOrFullSettingAndOutTakesBothSpellings() {
        assertThat(DssRunner.Options.parse("--full", "--forks", "3").jmh()).isEqualTo(new Jmh.Settings(3, 2, 5, 1_000));
        assertThat(DssRunner.Options.parse("--warmup=0", "--iteration-ms", "1_000").jmh()).isEqualTo(new Jmh.Settings(1, 0, 3, 1_000));
        assertThat(DssRunner.Options.parse("--out=a b").out()).isEqualTo(Path.of("a b"));
        assertThat(DssRunner.Options.parse("--out", "a,b").out()).isEqualTo(Path.of("a,b"));
        assertThat(DssRunner.Options.parse().out()).isNull();
        // Scripts repeat options: the last one wins.
        assertThat(DssRunner.Options.parse("--forks", "3", "--forks=4").jmh().forks()).isEqualTo(4);
    }

    @Test
    void theRunsPartsNameEveryBenchmarkTheReportReads() {
        List<Jmh.Part> parts = DssRunner.parts();
        assertThat(parts).extracting(Jmh.Part::benchmark).containsExactly(DssRunner.ROUND_TRIP,
                DssPartnerBenchmark.class.getCanonicalName() + ".get", DssServiceToServiceBenchmark.class.getCanonicalName() + ".group",
                DssRunner.THROUGHPUT, DssRunner.ONE_WAY);
        assertThat(parts.get(0).params()).containsEntry("target", List.of("DSS_IN_PROCESS", "DSS_HTTP", "DSS_HTTP_DISPATCHER", "RAW_NETTY"));
        assertThat(parts.get(1).params()).containsEntry("path", List.of("REMOTE_REF_FROM_THREAD"));
    }

    @Test
    void forksBecomeTablesCsvsChartsAndHeadlineFigures(@TempDir Path dir) throws Exception {
        DssReport r = DssRunner.report(run(3), new Jmh.Settings(3, 1, 4, 100));

        String tables = r.tables();
        for (DssRunner.Caller caller : DssRunner.Caller.values()) {
            assertThat(tables).contains("| " + caller.label + " |");
        }
        assertThat(tables).contains("| DSS host over HTTP (round-trip client) | 40.2 (").contains("| 3 forks, one mode |")
                .contains("| 2.00x worse (").contains("| DSS host, HTTP | 30000 (").contains("| 2.00x worse (")
                .contains("| 3.00 (").contains("| 2.50 | 4.00 | 9.00 | 30.00 | 400.00 |").doesNotContain("One fork per benchmark");
        List<String> csv = r.csv().toString().lines().toList();
        assertThat(csv).contains("throughput,\"DSS host, HTTP\",req_per_s,30000.0").contains(
                "one-way,\"Replace to notification, in-process\",p99_us,9.00000");
        // Every iteration of every fork of every caller: the papers' groups.
        assertThat(r.groupsCsv().toString().lines()).hasSize(1 + DssRunner.Caller.values().length * 3 * 4);
        r.twoWayHistogram(dir.resolve("h.png"));
        r.throughputChart(dir.resolve("t.png"));
        for (String png : new String[] {"h.png", "t.png"}) {
            assertThat(new String(Files.readAllBytes(dir.resolve(png)), 1, 3, StandardCharsets.US_ASCII)).as(png).isEqualTo("PNG");
        }
        List<Figure> headline = DssRunner.headline(r);
        assertThat(headline).extracting(Figure::id).containsExactly(
                "dss.TWO_WAY.SERVICE_TO_SERVICE.DSS_SERVICES.1.0.ROUND_TRIP_US", "dss.TWO_WAY.HTTP.DSS_SERVICES.1.0.ROUND_TRIP_US",
                "dss.THROUGHPUT.DSS_HTTP.DSS_SERVICES.4.0.REQUESTS_PER_S",
                "dss.THROUGHPUT_BESIDE_AXIS2.DSS_HTTP.DSS_SERVICES.4.0.REQUESTS_PER_S");
        assertThat(Headline.markdown(headline)).contains("| DSS two-way Get, loopback HTTP (µs) | 40.2 (").contains("2.00x worse (");
        // The papers timed services in one process: the HTTP rows are not compared with their figures.
        for (String http : List.of("| DSS two-way Get, loopback HTTP", "| DSS HTTP throughput")) {
            String row = Headline.markdown(headline).lines().filter(l -> l.startsWith(http)).findFirst().orElseThrow();
            assertThat(row.split("\\|")[3].trim()).as(http).isEqualTo("-");
        }
    }

    @Test
    void oneForkStatesNoFullRatioAndAMissingBenchmarkIsNamed() {
        DssReport r = DssRunner.report(run(1), new Jmh.Settings(1, 1, 4, 100));
        // From one fork at most a bound ("at least"), never a ratio with its range.
        assertThat(r.tables()).contains("One fork per benchmark").doesNotContainPattern("[0-9]x (better|worse) \\([0-9]");
        assertThat(Headline.markdown(DssRunner.headline(r))).doesNotContainPattern("[0-9]x (better|worse) \\([0-9]");

        List<Forks> missing = run(2).stream().filter(f -> !f.benchmark().equals(DssRunner.ONE_WAY)).toList();
        assertThatThrownBy(() -> DssRunner.report(missing, new Jmh.Settings(2, 1, 4, 100))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("DssNotificationBenchmark.replaceToNotification");
        List<Forks> wrongUnit = run(2).stream().map(f -> f.benchmark().equals(DssRunner.THROUGHPUT)
                ? new Forks(f.benchmark(), f.params(), "us/op", f.iterations()) : f).toList();
        assertThatThrownBy(() -> DssRunner.report(wrongUnit, new Jmh.Settings(2, 1, 4, 100))).hasMessageContaining("not ops/s");
    }
}
