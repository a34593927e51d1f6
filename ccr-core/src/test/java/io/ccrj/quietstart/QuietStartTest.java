package io.ccrj.quietstart;

import io.ccrj.core.Port;
import org.jctools.queues.MessagePassingQueue;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A program that uses ccr-core, started the way a library user starts it: a plain {@code java},
 * no flags, ccr-core and JCTools on the class path, and on the module path; neither run may print
 * a JVM warning (JDK 24+ prints one on the first use of {@code sun.misc.Unsafe}'s memory access,
 * which JCTools' non-atomic queues make). The child JVM is this test's own JDK (the build's: JDK 25
 * where the build runs on it; JDK 21 to 23 print no such warning by default).
 *
 * <p>The canary: the same program with ccr-core's benchmark-only switch to JCTools' Unsafe
 * queues must print the warning on JDK 24+, which shows that this test sees a warning where there
 * is one, and that the Unsafe-free queues are what keeps the other runs quiet.
 */
class QuietStartTest {
    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @Test
    void classPathRunPrintsNoWarning() throws Exception {
        Run run = launch(List.of("-cp", join(program(), ccrCore(), jctools())));
        assertQuiet(run);
        assertThat(run.output).contains("ccr-core in module null");
    }

    @Test
    void modulePathRunPrintsNoWarning() throws Exception {
        Run run = launch(List.of("-p", join(ccrCore(), jctools()), "--add-modules", "io.ccrj.core", "-cp", program()));
        assertQuiet(run);
        assertThat(run.output).contains("ccr-core in module io.ccrj.core");
    }

    @Test
    void unsafeQueuesWarnOnJdk24AndLater() throws Exception {
        int major = Runtime.version().feature();
        assumeTrue(major >= 24, "only JDK 24+ warns about sun.misc.Unsafe by default (this JDK: " + major + ")");
        Run run = launch(List.of("-Dio.ccrj.core.internal.unsafeQueues=true", "-cp", join(program(), ccrCore(), jctools())));
        assertThat(run.exitCode).as(run.output).isZero();
        assertThat(run.output).contains(QuietStartProgram.DONE).contains("WARNING: sun.misc.Unsafe");
    }

    private static void assertQuiet(Run run) {
        assertThat(run.exitCode).as("exit code; output:%n%s", run.output).isZero();
        assertThat(run.output).contains(QuietStartProgram.DONE);
        assertThat(run.output.lines().filter(l -> l.contains("WARNING")).toList())
                .as("WARNING lines of a run without flags; command: %s", run.command).isEmpty();
    }

    private record Run(List<String> command, int exitCode, String output) {
    }

    /** Runs {@code java ARGS... QuietStartProgram} with no other option; stdout and stderr together. */
    private static Run launch(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(JAVA.toString());
        command.addAll(args);
        command.add(QuietStartProgram.class.getName());
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS"); // a user's plain start: no options from the environment
        pb.environment().remove("JDK_JAVA_OPTIONS");
        Path log = Files.createTempFile("quiet-start", ".log");
        try {
            Process p = pb.redirectOutput(log.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("the child JVM did not finish in 120 s: " + command);
            }
            return new Run(command, p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String program() {
        return locationOf(QuietStartProgram.class);
    }

    private static String ccrCore() {
        return locationOf(Port.class);
    }

    private static String jctools() {
        return locationOf(MessagePassingQueue.class);
    }

    private static String locationOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + type.getName(), e);
        }
    }

    private static String join(String... paths) {
        return String.join(File.pathSeparator, paths);
    }
}
