package io.ccrj.mpi.mpijava;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one compiled mpiJava program in a child JVM on either backend: ccr-mpi through the
 * launcher ({@link MpiRun}, as {@code bin/ccrj mpirun} does), or MPJ Express 0.44's multicore
 * device (its {@code MulticoreStarter}, as its {@code mpjrun.sh -np N} does, with its own
 * {@code mpi} package). The program's class path is this module's test classes, compiled once
 * against the compatibility package.
 */
final class Backends {
    private static final long TIMEOUT_SECONDS = 120;

    /** The outcome of one run: exit status and the lines printed. */
    record Run(int exitStatus, List<String> lines) {
        String text() {
            return String.join("\n", lines);
        }
    }

    private Backends() {
    }

    /** The folder holding the test programs (this module's test classes). */
    static Path programClassPath() {
        try {
            return Path.of(Backends.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Run ccrMpi(int np, String mainClass, String... args) throws IOException, InterruptedException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java(), "-cp", cp, MpiRun.class.getName(), "-np",
                Integer.toString(np), "-cp", programClassPath().toString(), mainClass));
        cmd.addAll(List.of(args));
        return exec(cmd, null);
    }

    /** {@link #ccrMpi} of a program whose classes are in {@code programClassPath} instead of this module's test classes. */
    static Run ccrMpiFrom(Path programClassPath, int np, String mainClass, String... args)
            throws IOException, InterruptedException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java(), "-cp", cp, MpiRun.class.getName(), "-np",
                Integer.toString(np), "-cp", programClassPath.toString(), mainClass));
        cmd.addAll(List.of(args));
        return exec(cmd, null);
    }

    /** The launcher's {@code main} with {@code argv}, as {@code bin/ccrj mpirun} starts it. */
    static Run launcher(String... argv) throws IOException, InterruptedException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java(), "-cp", cp, MpiRun.class.getName()));
        cmd.addAll(List.of(argv));
        return exec(cmd, null);
    }

    static Run mpjExpress(int np, String mainClass, String... args) throws IOException, InterruptedException {
        Path home = Path.of(System.getProperty("mpj.home", "/usr/share/mpj"));
        Path lib = home.resolve("lib");
        List<String> jars = new ArrayList<>();
        for (String j : List.of("starter.jar", "runtimecommon.jar", "loader2.jar", "smpdev.jar", "xdev.jar",
                "mpjbuf.jar", "mpiExp.jar")) {
            jars.add(lib.resolve(j).toString());
        }
        jars.add(System.getProperty("mpj.log4j.jar", "/usr/share/java/log4j-1.2.jar"));
        List<String> cmd = new ArrayList<>(List.of(java(), "-cp", String.join(java.io.File.pathSeparator, jars),
                "runtime.starter.MulticoreStarter", programClassPath().toString(), Integer.toString(np), "smpdev",
                "useLocalLoader", "EMPTY", mainClass));
        cmd.addAll(List.of(args));
        return exec(cmd, home);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Run exec(List<String> cmd, Path mpjHome) throws IOException, InterruptedException {
        Path out = Files.createTempFile("mpijava-run", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
            if (mpjHome != null) {
                pb.environment().put("MPJ_HOME", mpjHome.toString());
            }
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("timed out after " + TIMEOUT_SECONDS + " s: " + cmd + "\n"
                        + Files.readString(out, StandardCharsets.UTF_8));
            }
            return new Run(p.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
