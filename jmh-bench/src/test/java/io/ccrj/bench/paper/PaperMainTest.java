package io.ccrj.bench.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import io.ccrj.bench.runner.Figure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class PaperMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private final List<Figure> figures = new ArrayList<>();

    private int run(String... args) {
        return PaperMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), figures);
    }

    @Test
    void badOptionExitsTwoWithUsage() {
        assertThat(run("--only", "nonsense")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj paper: option --only: unknown experiment 'nonsense'")
                .contains("Usage: bin/ccrj paper");
    }

    @Test
    void helpExitsZero() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: bin/ccrj paper").contains("--smoke");
    }

    /** Every section at smoke settings: results.md with the headline, each section's files and charts. */
    @Test
    @Timeout(240)
    void aSmokeRunWritesEveryFile(@TempDir Path dir) throws Exception {
        int code = run("--smoke", "--out", dir.toString());

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("== paper [1/3] Spawned patterns").contains("== paper [2/3]").contains("== paper [3/3] DSS")
                .contains("ETA");
        for (String f : new String[] {"results.md", "overhead/overhead.csv", "overhead/overhead.md",
                "overhead/overhead-per-stage.png", "overhead/overhead-sweep.csv", "overhead/overhead-messaging.csv", "overhead/overhead-runtime-vs-stages.png",
                "mpi/mpi.csv", "mpi/mpi.md", "mpi/mpi-stage-overhead.png",
                "mpi/mpi-latency.png", "mpi/mpi-bandwidth.png", "dss/dss.csv", "dss/dss-groups.csv", "dss/dss.md",
                "dss/dss-two-way.png", "dss/dss-throughput.png", "headline.csv"}) {
            assertThat(dir.resolve(f)).as(f).isNotEmptyFile();
        }
        String md = Files.readString(dir.resolve("results.md"));
        // The headline comes from the sections' typed figures, handed over in process.
        assertThat(figures).extracting(Figure::section).contains("overhead", "mpi", "dss");
        assertThat(figures).filteredOn(f -> f.seedId() != null).isNotEmpty().allSatisfy(f -> assertThat(f.seed()).isPositive());
        assertThat(md).startsWith("# ccrj").contains("## How to read this").contains("Glossary")
                .contains("## Headline").contains("| spawned Pipeline, overhead per stage (T(S) - T(1)) / S, 2-way match (µs) |")
                .contains("| Rendezvous Exchange, per stage, 2 ranks (µs) |")
                .contains("| DSS two-way Get, loopback HTTP (µs) |").contains("| DSS HTTP throughput (requests/s) |")
                .contains("![dss-two-way.png](dss/dss-two-way.png)")
                .contains("![mpi-bandwidth.png](mpi/mpi-bandwidth.png)")
                .contains("![overhead-per-stage.png](overhead/overhead-per-stage.png)")
                .contains("mode smoke").contains("command: `bin/ccrj paper --smoke`");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("results: " + dir.resolve("results.md"));
    }

    @Test
    @Timeout(120)
    void onlyRunsTheNamedSections(@TempDir Path dir) throws Exception {
        assertThat(run("--smoke", "--only", "latency", "--out", dir.toString())).isZero();
        assertThat(dir.resolve("overhead")).doesNotExist();
        assertThat(Files.readString(dir.resolve("mpi/mpi.csv"))).contains("latency,").doesNotContain("stages,")
                .doesNotContain("bandwidth,");
    }
}
