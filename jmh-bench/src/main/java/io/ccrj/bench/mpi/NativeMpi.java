package io.ccrj.bench.mpi;

import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Native MPI as the floor of the MPI latency table: a small C program of the project's own
 * ({@code native_latency.c}, a resource of this package) built at run time with the machine's
 * {@code mpicc} and run with its {@code mpirun} (Open MPI on Debian: packages
 * {@code libopenmpi-dev} and {@code openmpi-bin}). It times ping-pong, barrier, bcast and
 * allreduce of one double as {@link MpiKernels#latency} does, the same operations back to back,
 * and reports each repetition's time per operation.
 *
 * <p>Not thread-safe; one instance per run of the MPI experiment.
 */
final class NativeMpi {
    private static final String SOURCE = "native_latency.c";
    private static final long TIMEOUT_SECONDS = 120;

    private final Path program;
    private final String version;

    private NativeMpi(Path program, String version) {
        this.program = program;
        this.version = version;
    }

    /**
     * Builds the program in {@code dir} if {@code mpicc} and {@code mpirun} are on the path.
     *
     * @param dir a folder to build in
     * @return the built program, or empty (with the reason on {@code why}) when there is no native MPI
     */
    static Optional<NativeMpi> build(Path dir, List<String> why) {
        try {
            String version = firstLine(exec(List.of("mpirun", "--version"), null));
            return Optional.of(new NativeMpi(compile(dir, SOURCE), version));
        } catch (IOException e) {
            why.add("no native MPI (mpicc and mpirun of Debian's libopenmpi-dev and openmpi-bin): " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Copies the C program {@code source} (a resource of this package) into {@code dir} and builds
     * it there with {@code mpicc -O2}.
     *
     * @return the program, named as its source without {@code .c}
     * @throws IOException if mpicc is missing or fails
     */
    static Path compile(Path dir, String source) throws IOException {
        Path src = dir.resolve(source);
        try (InputStream in = NativeMpi.class.getResourceAsStream(source)) {
            if (in == null) {
                throw new IllegalStateException(source + " is missing from the benchmark jar");
            }
            Files.copy(in, src, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Path program = dir.resolve(source.substring(0, source.length() - ".c".length()));
        exec(List.of("mpicc", "-O2", "-o", program.toString(), src.toString()), null);
        return program;
    }

    /**
     * Runs {@code program} on {@code ranks} processes with mpirun (more than the cores are allowed:
     * {@code --oversubscribe}).
     *
     * @param mca mpirun's arguments before the program (e.g. {@code --mca osc pt2pt}), or none
     * @return the program's standard output
     * @throws IOException if it fails or hangs
     */
    static String mpirun(Path program, int ranks, List<String> mca, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--oversubscribe", "-np", Integer.toString(ranks)));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add(1, "--allow-run-as-root");       // Open MPI refuses root without it
        }
        cmd.addAll(mca);
        cmd.add(program.toString());
        cmd.addAll(args);
        return exec(cmd, program.getParent());
    }

    /** @return what {@code mpirun --version} says first, e.g. "mpirun (Open MPI) 4.1.4" */
    String version() {
        return version;
    }

    /**
     * Runs the program on {@code ranks} processes.
     *
     * @param ranks processes (more than the cores are allowed: {@code --oversubscribe})
     * @param reps timed repetitions of each operation
     * @param ops calls per repetition
     * @return per operation, each repetition's nanoseconds per call (ping-pong: per one-way
     *     message, only at 2 ranks or more)
     * @throws IOException if the program fails or prints what it should not
     */
    Map<LatencyOp, double[]> run(int ranks, int reps, long ops) throws IOException {
        return parse(mpirun(program, ranks, List.of(), List.of(Integer.toString(reps), Long.toString(ops))), reps);
    }

    /** Parses the program's lines ("barrier 151.7") into each operation's repetitions. */
    static Map<LatencyOp, double[]> parse(String output, int reps) throws IOException {
        Map<String, List<Double>> byName = lines(output);
        Map<LatencyOp, double[]> out = new EnumMap<>(LatencyOp.class);
        for (LatencyOp op : LatencyOp.values()) {
            List<Double> v = byName.remove(op.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            if (v != null) {
                if (v.size() != reps) {
                    throw new IOException("the native MPI program printed " + v.size() + " repetitions of " + op
                            + ", not " + reps);
                }
                out.put(op, v.stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        if (!byName.isEmpty()) {
            throw new IOException("the native MPI program printed unknown operations " + byName.keySet());
        }
        return out;
    }

    /** Each operation's values, in the order printed, from lines of "name value"; fails on any other line. */
    static Map<String, List<Double>> lines(String output) throws IOException {
        Map<String, List<Double>> byName = new java.util.LinkedHashMap<>();
        for (String line : output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            String[] parts = line.split(" ");
            if (parts.length != 2) {
                throw new IOException("unexpected line from the native MPI program: " + line);
            }
            try {
                byName.computeIfAbsent(parts[0], k -> new ArrayList<>()).add(Double.parseDouble(parts[1]));
            } catch (NumberFormatException e) {
                throw new IOException("unexpected line from the native MPI program: " + line, e);
            }
        }
        return byName;
    }

    static String firstLine(String s) {
        return s.lines().findFirst().orElse("").strip();
    }

    /** Runs {@code cmd}, returns its standard output; fails with its output if it fails or hangs. */
    static String exec(List<String> cmd, Path dir) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(false);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException(cmd.get(0) + " is not installed (" + e.getMessage() + ")", e);
        }
        try {
            p.getOutputStream().close();
            byte[][] streams = new byte[2][];
            Thread err = Thread.ofVirtual().start(() -> {
                try {
                    streams[1] = p.getErrorStream().readAllBytes();
                } catch (IOException e) {
                    streams[1] = new byte[0];
                }
            });
            streams[0] = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            err.join();
            String out = new String(streams[0], StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "): "
                        + new String(streams[1], StandardCharsets.UTF_8).strip());
            }
            return out;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + cmd.get(0), e);
        }
    }
}
