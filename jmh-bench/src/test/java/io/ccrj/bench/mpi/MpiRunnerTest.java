package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.bench.mpi.MpiRunner.Options.Part;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.Report;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj mpi: ").contains("'--bogus'")
                .contains("(bin/ccrj mpi --help lists the options)").doesNotContain("Usage:");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void helpPrintsUsageWithTheJmhOptionsAndExitsZero() {
        assertThat(run("-h")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: bin/ccrj mpi").contains("--forks").contains("--iteration-ms")
                .contains("mpi-jmh.json").doesNotContain("--reps").doesNotContain("--round-ms");
    }

    @Test
    void theQuickRunFitsItsShareOfThePaperRun() {
        // 49 benchmarks of one fork each (bandwidth at 10^3 and 10^5 doubles) and the overlap's pure iallreduce before them, four warm-up iterations
        // each (fewer leave a 2-rank stage's first measured iteration cold): the section's share of
        // `bin/ccrj paper` is about two minutes on 2 cores.
        MpiRunner.Options o = MpiRunner.Options.defaults(false);
        int benchmarks = 1 + MpiRunner.parts(o, o.backends(), 170, 500_000).stream()
                .mapToInt(p -> p.params().values().stream().mapToInt(List::size).reduce(1, (a, b) -> a * b)).sum();
        assertThat(benchmarks).isEqualTo(14 + 9 + 16 + 1 + 10);
        assertThat(MpiRunner.expectedSeconds(benchmarks, o.jmh())).isLessThan(120);
        MpiRunner.Options full = MpiRunner.Options.defaults(true);
        assertThat(full.jmh().forks()).isGreaterThanOrEqualTo(5);
    }

    @Test
    void unitsPerStageComeFromTheUnitsTime() {
        assertThat(MpiRunner.unitsPerStage(17, 100)).isEqualTo(170);
        assertThat(MpiRunner.unitsPerStage(0.01, 100)).isEqualTo(1);
    }

    /**
     * Both backends, every experiment, smoke settings (JMH in this JVM): the tables, the CSV, the
     * Markdown, the three PNGs and JMH's JSON, every JMH figure measured.
     */
    @Test
    @Timeout(300)
    void aSmokeRunOfBothBackendsWritesEveryFile(@TempDir Path dir) throws Exception {
        MpiRunner.Options o = new MpiRunner.Options(false, List.of(Part.values()), List.of(MpiBackend.values()), List.of(2), 2,
                List.of(1_000), 1, Jmh.SMOKE, dir);
        Report report = new MpiRunner().run(o, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String stdout = out.toString(StandardCharsets.UTF_8);
        assertThat(stdout).contains("| Rendezvous Exchange | 2 |").contains("| barrier | 2 |").contains("| 1,000 |")
                .contains("### MPI-3 beside native MPI").contains("| iallreduce, 1 double (start + wait) | 2 | µs |")
                .contains("floor for a one-way hand-off between two threads").contains("benchmarks: expected about");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("ETA");
        String csv = Files.readString(dir.resolve("mpi.csv"));
        // stages: 3 patterns x 2 backends x 2 metrics + compute alone x 2 backends; latency: ping-pong and 3
        // collectives x 2 backends, the floor, native MPI's 4 operations; bandwidth: (3 models x 2 backends + 2
        // baselines) x 2 metrics; MPI-3: 9 operations x ccr-mpi and native MPI
        assertThat(csv.lines()).hasSize(1 + 14 + 13 + 16 + 18);
        assertThat(csv).contains("mpi3,\"iallreduce, 10^5 doubles, overlap with computation\",ccr-mpi,2,0,overlap_%,")
                .contains("mpi3,\"neighbour all-to-all, 2-D periodic grid 2 x 2, 1 double per neighbour\",native-mpi,4,0,latency_us,");
        assertThat(csv).doesNotContain("not installed").doesNotContain("NaN");
        assertThat(Files.readString(dir.resolve("mpi-jmh.json"))).contains(MpiRunner.STAGE).contains(MpiRunner.COPY_ALL);
        assertThat(dir.resolve("mpi-unit-jmh.json")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve(MpiRunner.OVERLAP_PURE_RAW))).contains(MpiRunner.OVERLAP);
        assertThat(Files.readString(dir.resolve("mpi.md"))).contains("JMH no fork (in this JVM");
        for (String png : new String[] {"mpi-stage-overhead.png", "mpi-latency.png", "mpi-bandwidth.png"}) {
            byte[] bytes = Files.readAllBytes(dir.resolve(png));
            assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).as(png).isEqualTo("PNG");
        }
        assertThat(report.figures()).extracting(io.ccrj.bench.runner.Figure::id).contains("mpi.stages.RENDEZVOUS_SHIFT.2",
                "mpi.latency.PING_PONG.2");
    }

    /** An mpirun's failure as Open MPI reports a segfault: long, and alarming on a console. */
    private static final String TRACE = "mpirun --oversubscribe -np 2 native_mpi3 failed (exit 139): [host:1234] *** Process received"
            + " signal ***\n[host:1234] Signal: Segmentation fault (11)\n" + "[host:1234] [ 0] /lib/libc.so.6(+0x3c050)\n".repeat(40)
            + "[host:1234] *** End of error message ***";

    @Test
    void compareAndSwapFallsBackToPointToPointWithOneLineAndTheTraceInAFile(@TempDir Path dir) throws IOException {
        List<List<String>> calls = new ArrayList<>();
        Path log = dir.resolve(MpiRunner.CAS_LOG);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        MpiRunner.NativeAttempt a = MpiRunner.runNativeMpi3(List.of(Mpi3Op.COMPARE_AND_SWAP), 2, mca -> {
            calls.add(mca);
            if (mca.isEmpty()) {
                throw new IOException(TRACE);
            }
            return Map.of(Mpi3Op.COMPARE_AND_SWAP, new double[] {0.3, 0.31, 0.29});
        }, log, e);

        assertThat(calls).containsExactly(List.of(), MpiRunner.OSC_PT2PT);
        assertThat(a.figures().get(Mpi3Op.COMPARE_AND_SWAP)).containsExactly(0.3, 0.31, 0.29);
        assertThat(a.note()).contains("point-to-point one-sided component (--mca osc pt2pt)");
        // One line on the console, none of the trace; the trace whole in the run's folder.
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("native MPI compare-and-swap: the default one-sided component"
                + " failed; falling back to --mca osc pt2pt (trace in " + log + ")\n");
        assertThat(Files.readString(log)).contains(TRACE).contains("fell back to --mca osc pt2pt");
    }

    @Test
    void anotherNativeMpi3FailureIsTheRunsAndGoesToTheConsole(@TempDir Path dir) {
        Path log = dir.resolve(MpiRunner.CAS_LOG);
        MpiRunner.NativeAttempt a = MpiRunner.runNativeMpi3(List.of(Mpi3Op.PUT_FLUSH, Mpi3Op.GET_FLUSH), 2, mca -> {
            throw new IOException(TRACE);
        }, log, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(a.figures()).isNull();
        assertThat(log).doesNotExist();
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("ccrj mpi: native MPI-3 at 2 ranks failed: mpirun").endsWith(" ...\n");
        // and compare-and-swap failing on both components: no figures, both said
        err.reset();
        MpiRunner.NativeAttempt twice = MpiRunner.runNativeMpi3(List.of(Mpi3Op.COMPARE_AND_SWAP), 2, mca -> {
            throw new IOException(TRACE);
        }, log, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(twice.figures()).isNull();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("falling back to --mca osc pt2pt")
                .contains("compare-and-swap failed again with --mca osc pt2pt");
    }
}
