package io.ccrj.mpi.mpijava;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.SpmdWorld;
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
                .isInstanceOf(MpiRun.UsageException.class).hasMessage("-np N is required");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "0", "Main"}, err))
                .hasMessage("-np needs a positive integer, got '0'");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "2", "-dev", "niodev", "Main"}, err))
                .hasMessageContaining("only -dev multicore applies");
        assertThatThrownBy(() -> MpiRun.launch(new String[] {"-np", "2", "-jar", "missing.jar"}, err))
                .hasMessage("-jar missing.jar: no such file");
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        int status = MpiRun.launch(new String[] {"-np", "2", "-cp", Backends.programClassPath().toString(),
            "no.such.Main"}, new PrintStream(report, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(1);
        assertThat(report.toString(StandardCharsets.UTF_8)).contains("failed running no.such.Main")
                .contains("ClassNotFoundException");
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
}
