package io.ccrj.bench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** What the runners print about the machine, and where they write their results by default. */
public final class MachineInfo {
    private MachineInfo() {
    }

    /** @return the CPU model from {@code /proc/cpuinfo}, or "unknown CPU" off Linux */
    public static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU");
        } catch (IOException | RuntimeException e) {
            return "unknown CPU";     // not Linux
        }
    }

    /** @return "machine: CPU, N cores available, OS arch, JVM version" */
    public static String describe() {
        return String.format(Locale.ROOT, "machine: %s, %d cores available, %s %s, %s %s", cpuModel(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"), System.getProperty("os.arch"),
                System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"));
    }

    /**
     * The commit the run's code came from, so that a results page can name it: {@code git}'s short
     * hash of the repository root ({@code CCRJ_ROOT}, set by {@code bin/ccrj}, or the current
     * folder), with " + uncommitted changes" when tracked files differ from it.
     *
     * @return e.g. "e6881e5", or "unknown (not a git checkout)" where git cannot tell
     */
    public static String commit() {
        String root = System.getenv("CCRJ_ROOT");
        Path base = root != null && !root.isBlank() ? Path.of(root) : Path.of(".");
        String hash = git(base, "rev-parse", "--short", "HEAD");
        if (hash == null || hash.isBlank()) {
            return "unknown (not a git checkout)";
        }
        String changes = git(base, "status", "--porcelain", "--untracked-files=no");
        return hash.strip() + (changes != null && !changes.isBlank() ? " + uncommitted changes" : "");
    }

    /** @return git's standard output, or {@code null} if git is missing or fails */
    private static String git(Path dir, String... args) {
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = dir.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * The default results folder: {@code results/<prefix>-<timestamp>} under the repository root
     * ({@code CCRJ_ROOT}, set by {@code bin/ccrj}) or the current folder.
     *
     * @param prefix e.g. "overhead"
     * @return the folder (not created)
     */
    public static Path defaultResultsFolder(String prefix) {
        String root = System.getenv("CCRJ_ROOT");
        Path base = root != null && !root.isBlank() ? Path.of(root) : Path.of(".");
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return base.resolve("results").resolve(prefix + "-" + stamp);
    }
}
