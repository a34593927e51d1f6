package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ccrj paper}: every section in process at smoke settings, the headline from their typed figures. */
class PaperRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "paper";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.run(all, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void badOptionExitsTwoWithUsage() {
        assertThat(run("--only", "nonsense")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj paper: option --only: unknown experiment 'nonsense' (known: ")
                .contains("(bin/ccrj paper --help lists the options)").doesNotContain("Usage:");
        err.reset();
        assertThat(run("--full", "--smoke")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--full and --smoke exclude each other");
    }

    /** Every section at smoke settings: results.md with the headline, each section's files and charts. */
    @Test
    @Timeout(300)
    void aSmokeRunWritesEveryFile(@TempDir Path dir) throws Exception {
        int code = run("--smoke", "--out", dir.toString());

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("== paper [1/4] overhead").contains("== paper [4/4] peers");
        for (String f : new String[] {"results.md", "overhead/overhead.csv", "overhead/overhead.md",
                "overhead/overhead-per-stage.png", "overhead/overhead-messaging.csv", "overhead/overhead-jmh.json",
                "mpi/mpi.csv", "mpi/mpi.md", "mpi/mpi-stage-overhead.png",
                "mpi/mpi-latency.png", "mpi/mpi-bandwidth.png", "dss/dss.csv", "dss/dss-groups.csv", "dss/dss.md",
                "dss/dss-two-way.png", "dss/dss-throughput.png", "peers/peers.csv", "peers/peers.md", "peers/peers-jmh.json", "headline.csv"}) {
            assertThat(dir.resolve(f)).as(f).isNotEmptyFile();
        }
        String md = Files.readString(dir.resolve("results.md"));
        // The commit the code came from (the test runs in a git checkout, or says it is not one).
        assertThat(md).containsPattern("\\n- commit ([0-9a-f]{7,}( \\+ uncommitted changes)?|unknown \\(not a git checkout\\))\\n");
        // The headline comes from the sections' typed figures, handed over in process.
        assertThat(Files.readString(dir.resolve("headline.csv"))).contains("\noverhead,").contains("\nmpi,").contains("\ndss,")
                .contains("\npeers,")
                // Rows keyed by what was timed, not by their labels.
                .contains("\noverhead,overhead.DIFFERENCE.PIPELINE.MATCH.2.").contains("\nmpi,mpi.stages.RENDEZVOUS_EXCHANGE.2,")
                .contains("\ndss,dss.TWO_WAY.HTTP.").contains("\npeers,peers.PING_PONG.PEKKO.");
        assertThat(md).startsWith("# ccrj").contains("## How to read this").contains("Glossary")
                .contains("## Headline").contains("| spawned Pipeline, overhead per stage (T(S) - T(1)) / S, 2-way match (µs) |")
                .contains("| Rendezvous Exchange, per stage, 2 ranks (µs) |")
                .contains("| DSS two-way Get, loopback HTTP (µs) |").contains("| DSS HTTP throughput (requests/s) |")
                .contains("| ping-pong round trip, ccr-core vs Pekko typed actors (µs) |")
                // The papers' overhead per stage beside both methods, and under the headline which one resolves.
                .contains("| spawned Pipeline, back-to-back stages of one unit (direct), 2-way match, per stage (µs) |")
                .contains("The papers' overhead per stage against the two methods")
                .contains("![dss-two-way.png](dss/dss-two-way.png)")
                .contains("![mpi-bandwidth.png](mpi/mpi-bandwidth.png)")
                .contains("![overhead-per-stage.png](overhead/overhead-per-stage.png)")
                .contains("mode smoke").contains("command: `bin/ccrj paper --smoke`")
                // Each section's Markdown, as its report handed it over, one heading level down.
                .contains("### Back-to-back stages").contains("| HTTP Get, one connection's round trip (µs) | Vert.x web |");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("results: " + dir.resolve("results.md"));
    }

    @Test
    @Timeout(120)
    void onlyRunsTheNamedSections(@TempDir Path dir) throws Exception {
        assertThat(run("--smoke", "--only", "latency", "--out", dir.toString())).isZero();
        assertThat(dir.resolve("overhead")).doesNotExist();
        assertThat(dir.resolve("peers")).doesNotExist();
        assertThat(Files.readString(dir.resolve("mpi/mpi.csv"))).contains("latency,").doesNotContain("stages,")
                .doesNotContain("bandwidth,");
    }
}
