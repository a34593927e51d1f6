package io.ccrj.bench.dss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class DssRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return io.ccrj.bench.runner.Main.run(java.util.stream.Stream.concat(java.util.stream.Stream.of("dss"), java.util.Arrays.stream(args)).toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void optionsDefaultToThePapersGroups() throws Exception {
        DssRunner.Options o = DssRunner.Options.parse();
        assertThat(o.groups()).isEqualTo(30);
        assertThat(o.groupSize()).isEqualTo(200);
        assertThat(o.connections()).isEqualTo(32);
        assertThat(o.throughputSeconds()).isEqualTo(1.2);
        assertThat(o.throughputRounds()).isEqualTo(5);
        assertThat(DssRunner.Options.parse("--full").throughputSeconds()).isEqualTo(5.0);
        assertThatThrownBy(() -> DssRunner.Options.parse("--groups", "0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option --groups: 0 is out of range 1..100000");
        assertThatThrownBy(() -> DssRunner.Options.parse("--throughput-s", "-1")).hasMessageContaining("--throughput-s: -1.0 is out of range");
        assertThatThrownBy(() -> DssRunner.Options.parse("--wrk")).hasMessageContaining("wrk");
    }

    @Test
    void badOptionExitsTwo() {
        assertThat(run("--group-size", "x")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj dss: ").contains("group-size").contains("'x'")
                .contains("Usage: bin/ccrj dss");
    }

    /** Every caller and server at tiny settings: the tables, both CSVs, the Markdown and two charts. */
    @Test
    @Timeout(120)
    void aTinyRunMeasuresEveryTargetAndWritesEveryFile(@TempDir Path dir) throws Exception {
        int code = run("--groups", "3", "--group-size", "10", "--throughput-s", "0.2", "--rounds", "1", "--notifications", "100",
                "--out", dir.toString());

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        String stdout = out.toString(StandardCharsets.UTF_8);
        for (DssRunner.Caller caller : DssRunner.Caller.values()) {
            assertThat(stdout).contains("| " + caller.label + " |");
        }
        assertThat(stdout).contains("| DSS host, HTTP |").contains("| raw Netty handler |").doesNotContain("Targets");
        List<String> groups = Files.readAllLines(dir.resolve("dss-groups.csv"));
        assertThat(groups).hasSize(1 + 3 * DssRunner.Caller.values().length);
        assertThat(Files.readString(dir.resolve("dss.csv"))).contains("throughput,\"DSS host, HTTP\",req_per_s,")
                .contains("one-way,\"Replace to notification, in-process\",p99_us,");
        // The load generator saw no errors and no non-2xx answers from any server.
        assertThat(Files.readAllLines(dir.resolve("dss.csv")).stream().filter(l -> l.contains(",non2xx,")))
                .hasSize(3).allMatch(l -> Double.parseDouble(l.substring(l.lastIndexOf(',') + 1)) == 0);
        for (String png : new String[] {"dss-two-way.png", "dss-throughput.png"}) {
            byte[] bytes = Files.readAllBytes(dir.resolve(png));
            assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).as(png).isEqualTo("PNG");
        }
    }
}
