package io.ccrj.bench.dss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.ccrj.bench.runner.Main;
import io.ccrj.bench.runner.RunMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ccrj wrk}: wrk's text read back, the table's verdicts, the command line, and whole
 * runs against a real server JVM, with a stand-in wrk that checks the server answers and with
 * the real one.
 */
class WrkRunnerTest {
    @TempDir
    Path dir;

    /** What wrk 4.1.0 prints for {@code wrk -t1 -c1 -d5s --latency URL}. */
    static String wrkText(double rate, String p50, String p99, String extra) {
        return "Running 5s test @ http://127.0.0.1:41234/services/ping\n"
                + "  1 threads and 1 connections\n"
                + "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
                + "    Latency    62.34us   21.10us   1.23ms   93.21%\n"
                + "    Req/Sec    15.61k   512.33    16.20k    70.00%\n"
                + "  Latency Distribution\n"
                + "     50%   " + p50 + "\n"
                + "     75%   63.00us\n"
                + "     90%   71.00us\n"
                + "     99%   " + p99 + "\n"
                + "  78060 requests in 5.00s, 7.45MB read\n"
                + extra
                + String.format(java.util.Locale.ROOT, "Requests/sec:  %.2f%n", rate)
                + "Transfer/sec:      1.49MB\n";
    }

    @Test
    void wrksTextReadsBackWithItsUnitsAndItsFailures() {
        WrkOutput w = WrkOutput.parse(wrkText(15612.04, "58.00us", "1.45ms", ""));
        assertThat(w.requestsPerSecond()).isEqualTo(15612.04);
        assertThat(w.requests()).isEqualTo(78060);
        assertThat(w.p50Micros()).isEqualTo(58.0);
        assertThat(w.p99Micros()).isCloseTo(1450.0, within(1e-9));
        assertThat(w.clean()).isTrue();

        WrkOutput bad = WrkOutput.parse(wrkText(100, "2.00s", "3.00s",
                "  Socket errors: connect 0, read 3, write 1, timeout 2\n  Non-2xx or 3xx responses: 12\n"));
        assertThat(bad.p50Micros()).isEqualTo(2e6);
        assertThat(bad.failedAnswers()).isEqualTo(12);
        assertThat(bad.socketErrors()).isEqualTo(6);
        assertThat(bad.clean()).isFalse();

        assertThatThrownBy(() -> WrkOutput.parse("unable to connect to 127.0.0.1:1 Connection refused\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no Requests/sec")
                .hasMessageContaining("unable to connect");
        assertThatThrownBy(() -> WrkOutput.parse(wrkText(10, "1.00us", "2.00us", "").replace("     99%   2.00us\n", "")))
                .hasMessageContaining("99% latency (run wrk with --latency)");
    }

    private static WrkRunner.Run run(DssTarget t, int connections, int round, double rate) {
        return new WrkRunner.Run(t, connections, round, new WrkOutput(rate, (long) rate * 5, 60, 140, 0, 0));
    }

    @Test
    void theTableComparesTheHostWithEachPeerByTheRoundsIntervals() {
        WrkRunner.Options o = WrkRunner.Options.of(RunMode.QUICK, null);
        List<WrkRunner.Run> runs = new ArrayList<>();
        double[][] one = {{14_800, 15_400, 15_200}, {17_100, 20_700, 18_000}, {15_900, 16_100, 15_700}};
        double[][] many = {{157_000, 158_000, 156_500}, {156_000, 157_500, 156_800}, {160_000, 161_000, 160_500}};
        for (int round = 1; round <= 3; round++) {
            for (int k = 0; k < 3; k++) {
                runs.add(run(WrkRunner.TARGETS.get(k), 1, round, one[k][round - 1]));
                runs.add(run(WrkRunner.TARGETS.get(k), 32, round, many[k][round - 1]));
            }
        }

        WrkRunner.Tables t = WrkRunner.tables(runs, o);

        String md = t.markdown();
        assertThat(md).contains("| connections | server | requests/s, median (95% interval) | rounds | DSS host, HTTP vs it |");
        // one connection: Vert.x ahead in every round, apart: a ratio below 1
        assertThat(md).containsPattern("\\| 1 \\| Vert\\.x web \\| 18000 \\([^|]*\\| 17,100 / 20,700 / 18,000 \\| 1\\.[0-9]+x worse \\(");
        assertThat(md).contains("| 1 | DSS host, HTTP | 15200 (").contains("| (ours) |");
        // 32 connections: the host and Vert.x overlap, raw Netty a little ahead and apart
        assertThat(md).containsPattern("\\| 32 \\| Vert\\.x web \\|[^\\n]*not resolved: the intervals overlap");
        assertThat(md).containsPattern("\\| 32 \\| raw Netty handler \\|[^\\n]*1\\.0[0-9]x worse");
        assertThat(md).contains("-Xms512m -Xmx512m").contains("median of 3 rounds");
        List<String> csv = t.csv().toString().lines().toList();
        assertThat(csv.get(0)).isEqualTo("server,connections,round,requests_per_s,requests,p50_us,p99_us");
        assertThat(csv).hasSize(1 + 18).anyMatch(l -> l.startsWith("vertx-web,1,2,20700"));
    }

    @Test
    void optionsFollowTheModeAndBadOnesNameThemselves() {
        WrkRunner r = new WrkRunner();
        WrkRunner.Options quick = r.parse();
        assertThat(quick).isEqualTo(r.options(RunMode.QUICK, null));
        assertThat(quick.targets()).containsExactly(DssTarget.DSS_HTTP, DssTarget.VERTX_WEB, DssTarget.RAW_NETTY);
        assertThat(quick.connections()).containsExactly(1, 32);
        assertThat(quick.rounds()).isEqualTo(3);
        assertThat(r.parse("--full").rounds()).isEqualTo(5);
        WrkRunner.Options some = r.parse("--targets", "raw-netty,jdk_http_server,raw-netty", "--connections", "64,1,64", "--rounds", "2");
        assertThat(some.targets()).containsExactly(DssTarget.RAW_NETTY, DssTarget.JDK_HTTP_SERVER);
        assertThat(some.connections()).containsExactly(1, 64);

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream devNull = new PrintStream(OutputStream.nullOutputStream());
        assertThat(Main.run(new String[] {"wrk", "--targets", "dss-in-process"}, devNull, new PrintStream(err, true, StandardCharsets.UTF_8)))
                .isEqualTo(2);
        assertThat(Main.run(new String[] {"wrk", "--connections", "0"}, devNull, new PrintStream(err, true, StandardCharsets.UTF_8)))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown server 'dss-in-process' (known: raw-netty, dss-http,")
                .contains("0 is out of range 1..1024");
    }

    @Test
    void aMissingWrkIsOneLineAndExitStatusOne() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream devNull = new PrintStream(OutputStream.nullOutputStream());
        assertThat(Main.run(new String[] {"wrk", "--wrk", "no-such-wrk-here", "--out", dir.toString()}, devNull,
                new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("ccrj wrk: no-such-wrk-here is not installed (not on PATH):"
                + " on Debian, apt-get install wrk; or give --wrk PATH\n");
    }

    /**
     * A stand-in for wrk that asks the server itself (one GET over bash's /dev/tcp), records its
     * arguments, and prints wrk's text only where the server answered 200.
     */
    private Path fakeWrk() throws IOException {
        Path script = dir.resolve("fake-wrk");
        Files.writeString(script, """
                #!/usr/bin/env bash
                url=${@: -1}
                hostport=${url#http://}; hostport=${hostport%%/*}
                exec 3<>"/dev/tcp/${hostport%:*}/${hostport#*:}" || exit 1
                printf 'GET /services/ping HTTP/1.1\\r\\nHost: %s\\r\\nConnection: close\\r\\n\\r\\n' "$hostport" >&3
                read -r status <&3
                case $status in "HTTP/1.1 200"*) ;; *) echo "the server said: $status"; exit 1;; esac
                echo "$*" >> "$(dirname "$0")/calls"
                cat "$(dirname "$0")/canned"
                """);
        Files.writeString(dir.resolve("canned"), wrkText(12_345.5, "70.00us", "150.00us", ""));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aWholeRunStartsEachServerInItsOwnJvmAndAsksWrkAboutIt() throws IOException {
        Path wrk = fakeWrk();
        Path out = dir.resolve("run");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = Main.run(new String[] {"wrk", "--wrk", wrk.toString(), "--targets", "raw-netty,vertx-web", "--connections", "1",
            "--rounds", "1", "--seconds", "1", "--warmup", "1", "--out", out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        List<String> calls = Files.readAllLines(dir.resolve("calls"));
        assertThat(calls).hasSize(4);
        assertThat(calls.get(0)).startsWith("-t 2 -c 32 -d 1s --latency http://127.0.0.1:").endsWith("/services/ping");
        assertThat(calls.get(1)).startsWith("-t 1 -c 1 -d 1s --latency http://127.0.0.1:");
        assertThat(Files.readString(out.resolve("wrk.csv"))).contains("raw-netty,1,1,12345.5").contains("vertx-web,1,1,12345.5");
        assertThat(Files.readString(out.resolve("wrk.md"))).contains("| 1 | Vert.x web | 12346 |");
        assertThat(out.resolve("raw").resolve("wrk-vertx-web-c1-round1.txt")).exists();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("[1/2] round 1/1 raw-netty c=1 12,346 req/s");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theRealWrkMeasuresARealServer() throws IOException {
        Path wrk;
        try {
            wrk = WrkRunner.program("wrk");
        } catch (RuntimeException e) {
            throw new AssertionError("this test needs wrk, the C load generator: sudo apt-get install wrk (bin/ccrj test and CI"
                    + " install it)", e);
        }
        Path out = dir.resolve("real");
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = Main.run(new String[] {"wrk", "--wrk", wrk.toString(), "--targets", "raw-netty", "--connections", "1,4",
            "--rounds", "1", "--seconds", "1", "--warmup", "0", "--out", out.toString()},
                new PrintStream(OutputStream.nullOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        List<String> rows = Files.readAllLines(out.resolve("wrk.csv"));
        assertThat(rows).hasSize(3);
        for (String row : rows.subList(1, 3)) {
            String[] cells = row.split(",");
            assertThat(Double.parseDouble(cells[3])).as(row).isGreaterThan(100);
            assertThat(Double.parseDouble(cells[5])).as(row).isPositive();
        }
    }
}
