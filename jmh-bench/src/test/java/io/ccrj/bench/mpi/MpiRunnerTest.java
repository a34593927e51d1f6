package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class MpiRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return io.ccrj.bench.runner.Main.run(java.util.stream.Stream.concat(java.util.stream.Stream.of("mpi"), java.util.Arrays.stream(args)).toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void badOptionExitsTwoNamingIt() {
        assertThat(run("--ranks", "2", "--bogus")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj mpi: ").contains("bogus")
                .contains("Usage: bin/ccrj mpi");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void helpPrintsUsageAndExitsZero() {
        assertThat(run("-h")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: bin/ccrj mpi");
    }

    /** Both backends, every experiment, tiny sizes: the tables, the CSV, the Markdown and three PNGs. */
    @Test
    @Timeout(180)
    void aTinyRunOfBothBackendsWritesEveryFile(@TempDir Path dir) throws Exception {
        int code = run("--ranks", "2,3", "--sizes", "300,1000", "--stages", "20", "--stage-us", "1", "--reps", "1",
                "--round-ms", "2", "--warmup-ms", "0", "--ignore-load", "--out", dir.toString());

        String stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(stdout).contains("| Rendezvous Exchange | 3 |").contains("| barrier | 3 |")
                .contains("| 1,000 |").doesNotContain("Targets");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("ETA");
        // stages: 3 patterns x 2 ranks x 2 backends x 2 metrics; latency: ping-pong at 2 + 3 ops x 2 ranks, x 2
        // backends, + the core-to-core floor, + native MPI's 4 operations at 2 ranks and 3 at 3; bandwidth: 2 sizes x
        // (3 models x 2 backends + 2 baselines) x 2 metrics
        assertThat(Files.readAllLines(dir.resolve("mpi.csv"))).hasSize(1 + 24 + 15 + 7 + 32);
        // ccr-mpi, MPJ Express and native MPI each measured (a * marks a figure other processes disturbed)
        assertThat(stdout).containsPattern("\\| ping-pong \\(half round trip\\) \\| 2 \\| [0-9.]+\\*? \\| [0-9.]+\\*? \\| [0-9.]+\\*? \\|");
        assertThat(stdout).contains("floor for a one-way hand-off between two threads");
        assertThat(Files.readString(dir.resolve("mpi.csv"))).doesNotContain("not installed");
        assertThat(Files.readString(dir.resolve("mpi.md"))).doesNotContain("Targets");
        for (String png : new String[] {"mpi-stage-overhead.png", "mpi-latency.png", "mpi-bandwidth.png"}) {
            byte[] bytes = Files.readAllBytes(dir.resolve(png));
            assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).as(png).isEqualTo("PNG");
        }
    }
}
