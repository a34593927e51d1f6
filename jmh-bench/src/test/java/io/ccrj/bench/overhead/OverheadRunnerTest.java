package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.Main;
import io.ccrj.bench.runner.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class OverheadRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(Stream.concat(Stream.of("overhead"), Stream.of(args)).toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void badOptionExitsTwoNamingIt() {
        assertThat(run("--ways", "1,2", "--bogus")).isEqualTo(2);

        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj overhead: ").contains("'--bogus'")
                .contains("(bin/ccrj overhead --help lists the options)").doesNotContain("Usage:");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void helpPrintsUsageAndExitsZero() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: bin/ccrj overhead").contains("--forks");
    }

    /** JMH in this JVM (smoke settings): the wiring from the benchmarks' forks to every file and figure. */
    @Test
    @Timeout(180)
    void aSmokeRunPrintsTheTablesAndWritesCsvMarkdownJsonAndChart(@TempDir Path dir) throws Exception {
        OverheadRunner.Options o = new OverheadRunner.Options(false, List.of(SpawnedPattern.PIPELINE, SpawnedPattern.TWO_SHIFTS),
                List.of(1, 2, 3), List.of(ThreadMode.MATCH, ThreadMode.DEFAULT), 2, 50, Jmh.SMOKE, dir);

        Report r = new OverheadRunner().run(o, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(stdout).contains("Stage overhead (µs)").contains("Straight Pipeline").contains("Two Shifts")
                .contains("predicted: about").contains("chart " + dir.resolve("overhead-per-stage.png"));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("ETA").contains("SpawnedPipelineBenchmark.computation");
        // 1-way: Pipeline match and default; 2-way and 3-way: both patterns, both modes.
        assertThat(Files.readAllLines(dir.resolve("overhead.csv"))).hasSize(1 + 2 + 2 * 2 + 2 * 2);
        assertThat(Files.readString(dir.resolve("overhead.md"))).contains("| Straight Pipeline | match |")
                .contains("## Back-to-back stages").contains("| Straight Pipeline | 1 |");
        assertThat(Files.readString(dir.resolve(OverheadRunner.RAW))).contains("SpawnedPatternBenchmark.computation")
                .contains("\"totalUnits\"");
        assertThat(Files.readString(dir.resolve(OverheadRunner.CALIBRATION_RAW))).contains("BasicUnitBenchmark.units");
        // Back-to-back stages of one unit: 40 S = 2,000 stages; one-way Pipeline (uncontended) first, then both patterns at 2-way.
        List<String> messaging = Files.readAllLines(dir.resolve("overhead-messaging.csv"));
        assertThat(messaging).hasSize(1 + 3);
        assertThat(messaging.get(1)).startsWith("Pipeline,1,match,2000,");
        assertThat(messaging.get(2)).startsWith("Pipeline,2,match,2000,");
        assertThat(messaging.get(3)).startsWith("TwoShifts,2,match,2000,");
        assertThat(Files.readString(dir.resolve("overhead.md"))).doesNotContain("Targets");
        // Figures only: the runner prints no verdict against a target.
        assertThat(stdout).doesNotContain("Targets").doesNotContain("vs target");
        byte[] png = Files.readAllBytes(dir.resolve("overhead-per-stage.png"));
        assertThat(png).hasSizeGreaterThan(1000);
        assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        assertThat(r.figures()).extracting(Figure::id).containsExactly("overhead.DIFFERENCE.PIPELINE.MATCH.2.50.OVERHEAD_US",
                "overhead.DIFFERENCE.TWO_SHIFTS.MATCH.2.50.OVERHEAD_US", "overhead.BACK_TO_BACK.PIPELINE.MATCH.1.2000.MESSAGING_US",
                "overhead.BACK_TO_BACK.PIPELINE.MATCH.2.2000.MESSAGING_US", "overhead.BACK_TO_BACK.TWO_SHIFTS.MATCH.2.2000.MESSAGING_US");
        // The back-to-back stages stand beside the papers' overhead per stage where they published one (1- and 2-way Pipeline,
        // 2-way Two Shifts), and the section says under the headline which method resolves.
        assertThat(r.figures().subList(2, 5)).extracting(Figure::publishedId).containsExactly("overhead.amd.Pipeline.match.1",
                "overhead.amd.Pipeline.match.2", "overhead.amd.TwoShifts.match.2");
        assertThat(r.headlineNote()).contains("the difference method, (T(S) - T(1)) / S, gives a verdict for 0 of 2 patterns")
                .contains("the back-to-back stages for 0 of 3").contains("neither method resolves it in this run");
        assertThat(Files.readString(dir.resolve("overhead.md"))).contains("## Which method resolves").contains("ours vs published");
        // In this JVM, one iteration per benchmark: no interval, so nothing the headline could call resolved.
        assertThat(r.figures()).allSatisfy(f -> assertThat(f.ours().hasInterval()).isFalse());
    }
}
