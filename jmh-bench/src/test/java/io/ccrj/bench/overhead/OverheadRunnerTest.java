package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OverheadRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return io.ccrj.bench.runner.Main.run(java.util.stream.Stream.concat(java.util.stream.Stream.of("overhead"), java.util.Arrays.stream(args)).toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void badOptionExitsTwoNamingIt() {
        assertThat(run("--ways", "1,2", "--bogus")).isEqualTo(2);

        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj overhead: ").contains("bogus")
                .contains("Usage: bin/ccrj overhead");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void helpPrintsUsageAndExitsZero() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: bin/ccrj overhead");
    }

    @Test
    @Timeout(120)
    void aTinyRunPrintsTheTablesAndWritesCsvMarkdownAndChart(@TempDir Path dir) throws Exception {
        int code = run("--stages", "50", "--reps", "1", "--ways", "1,2,3", "--stage-us", "2",
                "--pattern", "Pipeline,TwoShifts", "--ignore-load", "--out", dir.toString());

        String stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(stdout).contains("Stage overhead (µs)").contains("Straight Pipeline").contains("Two Shifts")
                .contains("chart " + dir.resolve("overhead-per-stage.png"));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("ETA");
        assertThat(Files.readAllLines(dir.resolve("overhead.csv"))).hasSize(1 + 2 * 3 + 2 * 2);
        assertThat(Files.readString(dir.resolve("overhead.md"))).contains("| Straight Pipeline | match |");
        // The run-time-vs-stages sweep (Qiu, Fox & Ho 2006, Figs. 4-5) at 2-way: 2 patterns x S = 1, 3, 12, 50.
        assertThat(Files.readAllLines(dir.resolve("overhead-sweep.csv"))).hasSize(1 + 2 * 4)
                .contains("Pipeline,2,12," + Files.readAllLines(dir.resolve("overhead-sweep.csv")).stream()
                        .filter(l -> l.startsWith("Pipeline,2,12,")).findFirst().orElseThrow().substring(14));
        assertThat(Files.readString(dir.resolve("overhead.md"))).contains("## Run time vs stages")
                .contains("| S = 1 | S = 3 | S = 12 | S = 50 |");
        assertThat(new String(Files.readAllBytes(dir.resolve("overhead-runtime-vs-stages.png")), 1, 3,
                StandardCharsets.US_ASCII)).isEqualTo("PNG");
        // Back-to-back stages of one unit: 10 S = 500 stages, 5 runs each, every run in the CSV; one-way
        // Pipeline (uncontended) first, then the sweep's patterns at 2-way.
        List<String> messaging = Files.readAllLines(dir.resolve("overhead-messaging.csv"));
        assertThat(messaging).hasSize(1 + 3);
        assertThat(messaging.get(1)).startsWith("Pipeline,1,match,500,");
        assertThat(messaging.get(2)).startsWith("Pipeline,2,match,500,");
        assertThat(messaging.get(3)).startsWith("TwoShifts,2,match,500,");
        assertThat(messaging.get(3).split(",")[7].split(";")).hasSize(5);
        assertThat(Files.readString(dir.resolve("overhead.md"))).contains("## Back-to-back stages")
                .contains("| Straight Pipeline | 1 |").doesNotContain("Targets");
        // Figures only: the runner prints no verdict against a target.
        assertThat(stdout).doesNotContain("Targets").doesNotContain("vs target");
        byte[] png = Files.readAllBytes(dir.resolve("overhead-per-stage.png"));
        assertThat(png).hasSizeGreaterThan(1000);
        assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }
}
