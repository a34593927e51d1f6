package io.ccrj.bench.mpi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Native MPI beside ccr-mpi's MPI-3 operations ({@link Mpi3Op}): the C program
 * {@code native_mpi3.c} (a resource of this package) built at run time with the machine's
 * {@code mpicc} and run with its {@code mpirun}, as {@link NativeMpi} builds the latency program.
 * It times each operation as ccr-mpi's benchmark does and prints each repetition's nanoseconds
 * per call; this class turns them into the table's figures (µs, overlap %, MB/s).
 *
 * <p>Not thread-safe; one instance per run of the MPI experiment.
 */
final class NativeMpi3 {
    private static final String SOURCE = "native_mpi3.c";

    private final Path program;

    private NativeMpi3(Path program) {
        this.program = program;
    }

    /**
     * Builds the program in {@code dir} if {@code mpicc} and {@code mpirun} are on the path.
     *
     * @param dir a folder to build in
     * @param why where the reason goes when there is no native MPI
     * @return the built program, or empty
     */
    static Optional<NativeMpi3> build(Path dir, List<String> why) {
        try {
            NativeMpi.exec(List.of("mpirun", "--version"), null);
            return Optional.of(new NativeMpi3(NativeMpi.compile(dir, SOURCE)));
        } catch (IOException e) {
            why.add("no native MPI (mpicc and mpirun of Debian's libopenmpi-dev and openmpi-bin): " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Runs {@code ops} on {@code ranks} processes.
     *
     * @param ranks processes (at least 2; more than the cores are allowed)
     * @param reps timed repetitions of each operation
     * @param calls calls per repetition of a small operation
     * @param largeCalls calls per repetition of the 10^5-double allreduce and the 1 MB put
     * @param ops the operations, in the order run
     * @param mca mpirun's arguments before the program (e.g. {@code --mca osc pt2pt}), or none
     * @return per operation, each repetition's figure in the row's unit ({@link #parse})
     * @throws IOException if the program fails or prints what it should not
     */
    Map<Mpi3Op, double[]> run(int ranks, int reps, long calls, long largeCalls, List<Mpi3Op> ops, List<String> mca)
            throws IOException {
        String list = ops.stream().map(op -> op.nativeName).collect(Collectors.joining(","));
        String out = NativeMpi.mpirun(program, ranks, mca, List.of(Integer.toString(reps), Long.toString(calls),
                Long.toString(largeCalls), list));
        return parse(out, reps, ops);
    }

    /**
     * Parses the program's lines ("put-flush 151.7", nanoseconds per call) into each operation's
     * repetitions in the row's unit: µs per call; for {@link Mpi3Op#PUT_1MB}, MB/s
     * (10^6 bytes per second, as the OSU micro-benchmarks count); for
     * {@link Mpi3Op#IALLREDUCE_OVERLAP}, one overlap per repetition from its three lines,
     * 100 (t_compute + t_pure - t_overall) / t_pure.
     *
     * @param output what the program printed
     * @param reps repetitions each operation must have
     * @param ops the operations asked for: exactly these must be there
     * @return per operation, its figures
     * @throws IOException naming what is missing, extra or malformed
     */
    static Map<Mpi3Op, double[]> parse(String output, int reps, List<Mpi3Op> ops) throws IOException {
        Map<String, List<Double>> byName = NativeMpi.lines(output);
        Map<Mpi3Op, double[]> out = new EnumMap<>(Mpi3Op.class);
        for (Mpi3Op op : ops) {
            if (op.kind == Mpi3Op.Kind.OVERLAP) {
                double[] pure = take(byName, op.nativeName + "-pure", reps);
                double[] compute = take(byName, op.nativeName + "-compute", reps);
                double[] overall = take(byName, op.nativeName + "-overall", reps);
                double[] overlap = new double[reps];
                for (int r = 0; r < reps; r++) {
                    overlap[r] = overlapPercent(pure[r], compute[r], overall[r]);
                }
                out.put(op, overlap);
                continue;
            }
            double[] nanos = take(byName, op.nativeName, reps);
            double[] v = new double[reps];
            for (int r = 0; r < reps; r++) {
                v[r] = op.kind == Mpi3Op.Kind.BANDWIDTH ? Mpi3Op.MB_BYTES / (nanos[r] * 1e-3) : nanos[r] / 1e3;
            }
            out.put(op, v);
        }
        if (!byName.isEmpty()) {
            throw new IOException("the native MPI program printed unknown operations " + byName.keySet());
        }
        return out;
    }

    /**
     * The OSU micro-benchmarks' overlap of a nonblocking collective with computation, in percent.
     *
     * @param pure the collective started and waited for at once (t_pure)
     * @param compute the computation alone (t_compute)
     * @param overall start, computation, wait (t_overall)
     * @return 100 (t_compute + t_pure - t_overall) / t_pure: 100 when the collective completed
     *     entirely behind the computation, 0 when none of it did
     */
    static double overlapPercent(double pure, double compute, double overall) {
        return 100 * (compute + pure - overall) / pure;
    }

    private static double[] take(Map<String, List<Double>> byName, String name, int reps) throws IOException {
        List<Double> v = byName.remove(name);
        if (v == null) {
            throw new IOException("the native MPI program printed no " + name);
        }
        if (v.size() != reps) {
            throw new IOException("the native MPI program printed " + v.size() + " repetitions of " + name + ", not " + reps);
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

}
