package io.ccrj.mpi.mpijava;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpijava.programs.ErrorTermsProgram;
import io.ccrj.mpi.mpijava.programs.SwallowingProgram;
import io.ccrj.mpi.mpijava.programs.ThrowingProgram;
import io.ccrj.mpi.mpijava.programs.UnsupportedProgram;
import io.ccrj.mpi.mpijava.programs.LifecycleProgram;
import io.ccrj.mpi.mpijava.programs.StaticsProgram;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The launcher in this JVM: per-rank class loaders, arguments, failures, the command line. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MpiRunTest {

    private static String captureOut(Runnable r) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void everyRankHasItsOwnStaticsAndInitReturnsTheProgramArguments(int n) {
        String out = captureOut(() -> MpiRun.run(SpmdWorld.builder().size(n).build(),
                List.of(Backends.programClassPath()), StaticsProgram.class.getName(), "a", "b c"));
        assertThat(out.trim()).isEqualTo("starts 1 total " + n + " args a,b c loader rank-0");
    }

    @Test
    void misusedBoundMarkersFailWithAnExceptionNamingTheProblem() {
        String out = captureOut(() -> MpiRun.run(SpmdWorld.builder().size(2).build(),
                List.of(Backends.programClassPath()), UnsupportedProgram.class.getName()));
        List<String> lines = out.lines().toList();
        assertThat(lines).hasSize(3).allMatch(l -> l.startsWith("UNSUPPORTED "));
        assertThat(lines.get(0)).contains("datatype LB is a bound marker for struct, not a buffer datatype");
        assertThat(lines.get(1)).contains("UB is a bound marker, which only struct takes");
        assertThat(lines.get(2)).contains("upper bound 2 is below lower bound 5");
    }

    @Test
    void initializedAndFinalizedFollowTheRanksLife() {
        String out = captureOut(() -> MpiRun.run(SpmdWorld.builder().size(2).build(),
                List.of(Backends.programClassPath()), LifecycleProgram.class.getName()));
        assertThat(out.trim()).isEqualTo("false false | true false | true true | MPI.Finalize: called twice"
                + " | MPI.Init: called after MPI.Finalize (MPI cannot be restarted)");
    }

    @Test
    void aFailingRankIsReportedWithItsException() {
        assertThatThrownBy(() -> MpiRun.run(SpmdWorld.builder().size(2).build(),
                List.of(Backends.programClassPath()), "no.such.Main"))
                .isInstanceOf(RankFailedException.class)
                .hasRootCauseInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void aJarIsRunByItsManifestMainClass(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("app.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, StaticsProgram.class.getName());
        String entry = StaticsProgram.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry(entry));
            out.write(Files.readAllBytes(Backends.programClassPath().resolve(entry)));
            out.closeEntry();
        }
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        String out = captureOut(() -> {
            try {
                assertThat(MpiRun.launch(new String[] {"-np", "2", "-jar", jar.toString(), "from-jar"}, err)).isZero();
            } catch (MpiRun.UsageException e) {
                throw new AssertionError(e);
            }
        });
        assertThat(out.trim()).isEqualTo("starts 1 total 2 args from-jar loader rank-0");
    }

    @Test
    void initOutsideTheLauncherSaysHowToStartTheProgram() {
        assertThatThrownBy(() -> mpi.MPI.Init(new String[0]))
                .isInstanceOf(mpi.MPIException.class)
                .hasMessageContaining("bin/ccrj mpirun -np N");
    }

    @Test
    void theCommandLineIsCheckedAndAFailedRankGivesStatusOne() throws Exception {
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"Main"}, err))
                .isInstanceOf(MpiRun.UsageException.class).hasMessage("Missing required option: '--np=N'");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "0", "Main"}, err))
                .hasMessage("-np needs a number of ranks of at least 1, got 0");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"--np=0", "Main"}, err))
                .hasMessage("--np needs a number of ranks of at least 1, got 0");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "x", "Main"}, err))
                .hasMessageContaining("'-np'").hasMessageContaining("'x'");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "2", "-dev", "niodev", "Main"}, err))
                .hasMessageContaining("-dev niodev: ccr-mpi runs the ranks in this JVM; only multicore applies");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "2", "-jar", "missing.jar"}, err))
                .hasMessage("--jar missing.jar: no such file");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"--np", "2", "--deadlock-timeout", "-5", "Main"}, err))
                .hasMessage("--deadlock-timeout needs a positive number of seconds, got -5");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "2", "-cp", "a", "-jar", "b.jar"}, err))
                .hasMessage("-cp and -jar exclude each other");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "2", "-cp", Backends.programClassPath().toString(),
            "no.such.Main"}, err))
                .isInstanceOf(MpiRun.UsageException.class)
                .hasMessage("main class no.such.Main is not on the class path " + Backends.programClassPath());
        String out = captureOut(() -> {
            try {
                assertThat(MpiRun.launch(new String[] {"-np", "3", "-cp", Backends.programClassPath().toString()
                        + java.io.File.pathSeparator + Path.of("does-not-exist"), StaticsProgram.class.getName(),
                    "z"}, err)).isZero();
            } catch (MpiRun.UsageException e) {
                throw new AssertionError(e);
            }
        });
        assertThat(out.trim()).isEqualTo("starts 1 total 3 args z loader rank-0");
    }

    private record Launch(int status, List<String> lines) {
    }

    private static Launch launch(String... argv) throws MpiRun.UsageException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = MpiRun.launch(argv, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Launch(status, err.toString(StandardCharsets.UTF_8).lines().toList());
    }

    @Test
    void aFailedCallThatTheProgramSwallowedIsNamedBeforeTheDeadlockReport() throws Exception {
        Launch run = launch("-np", "2", "-deadlock-timeout", "2", "-cp", Backends.programClassPath().toString(),
                SwallowingProgram.class.getName());
        assertThat(run.status()).isEqualTo(1);
        List<String> lines = run.lines();
        assertThat(lines.get(0)).matches("ccrj mpirun: all 1 running rank blocked \\(1 finished\\); deadlock report in"
                + " [0-2] s \\(-deadlock-timeout 2\\)");
        assertThat(lines.get(1)).isEqualTo("ccrj mpirun: rank 1: Comm.Recv failed: Recv(source=MPI.ANY_SOURCE, tag=5,"
                + " MPI.DOUBLE x 2) on MPI.COMM_WORLD: matched a message of datatype MPI.INT (source=0, tag=5, count=2),"
                + " but the receive buffer's datatype is MPI.DOUBLE (base type MPI.DOUBLE)");
        assertThat(lines.get(2)).startsWith("ccrj mpirun: world 'MPI.COMM_WORLD' deadlocked");
        assertThat(lines.subList(3, lines.size())).containsExactly(
                "  rank 0: Recv(source=1, tag=6, MPI.INT x 1) on MPI.COMM_WORLD", "  rank 1: finished");
    }

    @Test
    void oneRanksThrowIsReportedOnceWithTheProgramsFramesFirstAndOneLinePerOtherRank() throws Exception {
        Launch run = launch("-np", "3", "-cp", Backends.programClassPath().toString(), ThrowingProgram.class.getName());
        assertThat(run.status()).isEqualTo(1);
        List<String> lines = run.lines();
        String program = ThrowingProgram.class.getName();
        assertThat(lines).hasSizeLessThanOrEqualTo(1 + 15 + 2);
        assertThat(lines.get(0)).isEqualTo("ccrj mpirun: rank 2 of 3 failed running " + program + ":");
        assertThat(lines.get(1)).isEqualTo("java.lang.IllegalStateException: rank 2 found a bad value");
        assertThat(lines.get(2)).startsWith("    at rank-2//" + program + ".check(");
        assertThat(lines.get(3)).startsWith("    at rank-2//" + program + ".compute(");
        assertThat(lines.get(4)).startsWith("    at rank-2//" + program + ".main(");
        assertThat(lines.get(5)).matches("    \\.\\.\\. \\d+ frames of the runtime and the JDK");
        assertThat(lines.subList(6, lines.size())).containsExactly("ccrj mpirun: rank 0: stopped by rank 2's failure",
                "ccrj mpirun: rank 1: stopped by rank 2's failure");
        assertThat(lines).filteredOn(l -> l.contains("Exception")).hasSize(1);
    }

    @Test
    void exceptionsThatThePackageMpiThrowsSpeakInMpiJavasTerms() {
        String out = captureOut(() -> MpiRun.run(SpmdWorld.builder().size(2).name(MpiRun.WORLD_NAME).build(),
                List.of(Backends.programClassPath()), ErrorTermsProgram.class.getName()));
        assertThat(out.lines().toList()).containsExactly(
                "Recv(source=MPI.ANY_SOURCE, tag=MPI.ANY_TAG, MPI.INT x 1) on MPI.COMM_WORLD: message truncated: it"
                        + " carries 2 elements (source=0, tag=3) but the receive buffer holds only 1",
                "Bsend on MPI.COMM_WORLD: no buffer is attached for buffered sends (call MPI.Buffer_attach first)");
    }

    @Test
    void theLaunchersUsageErrorsAreOneLineAndExitStatusTwo() throws Exception {
        for (String[] argv : List.of(new String[] {"-np", "2", "-cp", Backends.programClassPath().toString(),
            "no.such.Main"}, new String[] {"Main"}, new String[] {"-np", "2", "--bogus", "x", "Main"},
            new String[] {"--np", "many", "Main"})) {
            Backends.Run run = Backends.launcher(argv);
            assertThat(run.exitStatus()).as(run.text()).isEqualTo(2);
            assertThat(run.lines()).as(run.text()).hasSize(1);
            assertThat(run.lines().get(0)).startsWith("ccrj mpirun: ").endsWith("(bin/ccrj mpirun --help lists the options)");
        }
    }

    @Test
    void gnuLongOptionsAndMpjExpressSpellingsRunTheSameProgramAndArgumentsAfterTheMainClassAreThePrograms()
            throws Exception {
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        String cp = Backends.programClassPath().toString();
        for (String[] argv : List.of(
                new String[] {"--np", "3", "--class-path", cp, StaticsProgram.class.getName(), "-np", "--help"},
                new String[] {"--np=3", "--class-path=" + cp, StaticsProgram.class.getName(), "-np", "--help"},
                new String[] {"-np", "3", "-cp", cp, "-dev", "multicore", StaticsProgram.class.getName(), "-np", "--help"},
                new String[] {"-n", "3", "-classpath", cp, StaticsProgram.class.getName(), "-np", "--help"})) {
            String out = captureOut(() -> {
                try {
                    assertThat(MpiRun.launch(argv, err)).isZero();
                } catch (MpiRun.UsageException e) {
                    throw new AssertionError(String.join(" ", argv), e);
                }
            });
            assertThat(out.trim()).as(String.join(" ", argv)).isEqualTo("starts 1 total 3 args -np,--help loader rank-0");
        }
    }

    @Test
    void helpDescribesEveryOptionWithItsDefaultWithinOneHundredColumns() throws Exception {
        Backends.Run run = Backends.launcher("--help");
        assertThat(run.exitStatus()).isZero();
        assertThat(run.text()).contains("Usage: bin/ccrj mpirun").contains("--np").contains("-np")
                .contains("--class-path").contains("-cp").contains("--jar").contains("--deadlock-timeout")
                .contains("(default: 30)").contains("(default: multicore)");
        assertThat(run.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
    }
}
