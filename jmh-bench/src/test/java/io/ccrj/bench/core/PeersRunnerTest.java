package io.ccrj.bench.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Main;
import io.ccrj.bench.runner.Report;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ccrj peers} at tiny settings: every peer runs, takes its turns and is checked; a smoke test, not a timing. */
class PeersRunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    private final PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);

    @Test
    @Timeout(120)
    void everyPeerTakesItsTurnsAndEveryFigureIsTyped(@TempDir Path dir) throws Exception {
        PeersRunner runner = new PeersRunner();
        PeersRunner.Options options = runner.parse("--reps", "2", "--messages", "2000", "--round-trips", "50", "--scatters", "2",
                "--requests", "20", "--connections", "4", "--throughput-s", "0.1", "--out", dir.toString());

        Report r = runner.run(options, o, e);

        int peersPerWorkload = (PeersRunner.ONE_WAY.size() - 1) + (PeersRunner.PING_PONG.size() - 1)
                + (PeersRunner.SCATTER.size() - 1) + 2 * (PeersRunner.HTTP.size() - 1);
        assertThat(r.figures()).hasSize(peersPerWorkload).allSatisfy(f -> {
            assertThat(f.section()).isEqualTo("peers");
            assertThat(f.id()).startsWith("peers.");
            if (f.key(1, String.class).equals("http-throughput")) {
                // A 0.1 s window on a machine busy with other work may see no answer: 0 requests/s, not an error.
                assertThat(f.ours().value()).isNotNegative();
                assertThat(f.peer().value()).isNotNegative();
            } else {
                assertThat(f.ours().value()).isPositive();
                assertThat(f.peer().value()).isPositive();
            }
        });
        assertThat(r.figures()).extracting(Figure::peerName).contains("Pekko typed actor", "jox channel",
                "SynchronousQueue, virtual threads", "ArrayBlockingQueue, virtual thread", "one virtual thread per task",
                "Vert.x web", "JDK HttpServer", "raw Netty handler");
        List<String> csv = Files.readAllLines(dir.resolve("peers.csv"));
        // One line per turn of every tool: header + 2 turns x (5 + 6 + 3 + 4 + 4) tools.
        assertThat(csv).hasSize(1 + 2 * 22);
        assertThat(Files.readString(dir.resolve("peers.md"))).contains("| HTTP Get, throughput over 4 connections (requests/s) | DSS host, HTTP |");
    }

    @Test
    void badOptionsExitTwo() {
        assertThat(Main.run(new String[] {"peers", "--reps", "0"}, o, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("option --reps: 0 is out of range").contains("Usage: bin/ccrj peers");
    }
}
