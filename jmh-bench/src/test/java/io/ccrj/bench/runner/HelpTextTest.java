package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every command's help as a user sees it: rendered without a picocli warning (picocli prints
 * "[picocli WARN] Could not format ..." on the error stream for a description it cannot format,
 * an unescaped {@code %}, say), with the one usage prefix, the exit statuses and {@code --version};
 * and {@code bin/ccrj --help} listing the commands a library user needs before the experiments.
 */
class HelpTextTest {

    /** Runs {@code Main} with System.err captured too: picocli's tracer writes there, not to the stream given to Main. */
    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream systemErr = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        int code;
        System.setErr(new PrintStream(systemErr, true, StandardCharsets.UTF_8));
        try {
            code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        } finally {
            System.setErr(saved);
        }
        assertThat(code).as(String.join(" ", args)).isZero();
        return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8) + systemErr.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void everyRunnersHelpRendersWithoutAPicocliWarningAndStatesItsExitStatuses() {
        assertThat(Main.EXPERIMENTS.keySet()).containsExactly("paper", "overhead", "mpi", "dss", "peers", "wrk", "platform");
        for (String command : Main.EXPERIMENTS.keySet()) {
            String[] help = run(command, "--help");
            assertThat(help[1]).as(command + ": nothing on the error streams").isEmpty();
            assertThat(help[0]).as(command).startsWith("Usage: bin/ccrj " + command + " ").doesNotContain("picocli")
                    .doesNotContain("%n").contains("-V, --version").contains("-h, --help")
                    .endsWith(Commands.EXIT_STATUS + "\n");
        }
    }

    @Test
    void paperHelpSaysHowLongQuickAndFullTake() {
        String help = run("paper", "--help")[0].replaceAll("\\s+", " ");
        assertThat(help).contains("Takes roughly 5 minutes, and with --full roughly 100 minutes, on a 2-core machine with nothing else"
                + " running").contains("MPI about 40%,").contains("bin/ccrj paper --compare QUICK_RUN_DIR docs/results/paper-full");
    }

    @Test
    void everyRunnerAnswersVersion() {
        for (String command : Main.EXPERIMENTS.keySet()) {
            for (String flag : List.of("--version", "-V")) {
                String[] v = run(command, flag);
                assertThat(v[0]).as(command).startsWith("ccrj ").contains(", commit ").endsWith("\n");
                assertThat(v[0].lines()).hasSize(1);
                assertThat(v[1]).isEmpty();
            }
        }
    }

    @Test
    void aBadCommandLineGivesTheOneHint() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"mpi", "--nope"}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines().toList())
                .containsExactly("ccrj mpi: unknown option '--nope' (bin/ccrj mpi --help lists the options)");
    }

    /** The launcher, from the module's folder (where the tests run) or the repository root. */
    private static Path launcher() {
        for (Path p : List.of(Path.of("../bin/ccrj"), Path.of("bin/ccrj"))) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalStateException("bin/ccrj not found from " + Path.of("").toAbsolutePath());
    }

    private static String shell(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("bash", launcher().toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", args) + ":\n" + text).isZero();
        return text;
    }

    @Test
    void theLaunchersHelpLeadsWithWhatALibraryUserNeedsThenTheExperiments() throws Exception {
        String help = shell("--help");
        assertThat(help).startsWith("Usage: bin/ccrj COMMAND [ARGS...]\n").contains("Exit status:");
        List<String> order = List.of("  build ", "  host ", "  mpirun ", "  test ", "  paper ", "  overhead ", "  mpi ", "  dss ",
                "  peers ", "  wrk ", "  platform ", "  bench ", "  spark-bench ");
        int last = -1;
        for (String c : order) {
            int at = help.indexOf("\n" + c);
            assertThat(at).as(c + " listed after the commands before it").isGreaterThan(last);
            last = at;
        }
        assertThat(help.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
    }

    @Test
    void theLauncherAnswersVersionForItselfAndEveryCommandWithoutBuilding() throws Exception {
        String own = shell("--version");
        assertThat(own).startsWith("ccrj ").contains(", commit ");
        for (String command : List.of("build", "test", "host", "mpirun", "paper", "overhead", "mpi", "dss", "peers", "wrk", "platform", "bench",
                "spark-bench")) {
            assertThat(shell(command, "--version")).as(command).isEqualTo(own);
        }
        // these answer --help without building anything (spark-bench's first build downloads Spark)
        for (String command : List.of("build", "test", "spark-bench")) {
            assertThat(shell(command, "--help")).as(command).startsWith("Usage: bin/ccrj " + command + " ").contains("Exit status:");
        }
    }
}
