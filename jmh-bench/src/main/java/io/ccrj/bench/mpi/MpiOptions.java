package io.ccrj.bench.mpi;

import io.ccrj.bench.cli.Args;
import io.ccrj.bench.cli.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * The options of {@code bin/ccrj mpi}. Mode defaults (quick or {@code --full}) apply to whatever
 * the command line does not set, whatever the order of the arguments.
 *
 * @param full the seeds' ranges: more stages, arrays up to 10^7 doubles, more repetitions
 * @param experiments what to run, in report order
 * @param backends ccr-mpi and/or MPJ Express
 * @param ranks rank counts of the stage and latency experiments, ascending
 * @param bandwidthRanks rank count of the bandwidth experiment (the seeds used every core)
 * @param sizes array sizes (doubles) of the bandwidth experiment, ascending
 * @param stages S of the stage experiment
 * @param stageMicros compute per stage of the stage experiment (seed 001's rendezvous runs: 17 µs)
 * @param reps repetitions of every timing (medians reported)
 * @param roundMillis the length a timed round aims at
 * @param warmupMillis untimed rounds before each configuration's timings, so that the JIT has
 *     compiled the rank loops
 * @param out output folder, or {@code null} for {@code results/mpi-<timestamp>}
 * @param ignoreLoad do not wait for other processes to leave the machine alone
 * @param help print usage and exit
 */
public record MpiOptions(boolean full, List<Experiment> experiments, List<MpiBackend> backends, List<Integer> ranks,
                         int bandwidthRanks, List<Integer> sizes, int stages, double stageMicros, int reps,
                         int roundMillis, int warmupMillis, Path out, boolean ignoreLoad, boolean help) {

    /** The runner's experiments, in report order. */
    public enum Experiment {
        /** Per-stage overhead of the rendezvous patterns by the seeds' T(S) method (seed 001 Table 1). */
        STAGES("stages"),
        /** Ping-pong, barrier, bcast and allreduce latency. */
        LATENCY("latency"),
        /** Sendrecv bandwidth into the seeds' three copy models beside System.arraycopy (seed 000 Table 3). */
        BANDWIDTH("bandwidth");

        final String id;

        Experiment(String id) {
            this.id = id;
        }

        static Experiment parse(String s) {
            for (Experiment e : values()) {
                if (e.id.equalsIgnoreCase(s)) {
                    return e;
                }
            }
            throw new IllegalArgumentException("unknown experiment '" + s + "' (known: stages, latency, bandwidth)");
        }
    }

    /** Quick mode: stages per computation. */
    public static final int QUICK_STAGES = 5_000;
    /** Full mode: stages per computation. */
    public static final int FULL_STAGES = 50_000;
    /** Seed 001's compute per stage in its AMD rendezvous runs (µs). */
    public static final double SEED_STAGE_MICROS = 17.0;

    public static final String USAGE = """
            Usage: bin/ccrj mpi [options]

            ccr-mpi beside MPJ Express in the same run: the rendezvous patterns' overhead per stage by the
            seeds' method (seed 001 Table 1), ping-pong and collective latency, and sendrecv bandwidth
            into the seeds' three copy models beside System.arraycopy (seed 000 Table 3).

              --full                 the seeds' ranges: 50,000 stages, arrays up to 10^7 doubles, 5 repetitions
              --only LIST            stages, latency and/or bandwidth (default all three)
              --backend LIST         ccr-mpi and/or mpj-express (default both; MPJ Express rows say
                                     "not installed" when it is missing)
              --ranks LIST           rank counts of stages and latency (default 2,4,8)
              --bandwidth-ranks N    ranks of the bandwidth experiment (default 2)
              --sizes LIST           bandwidth array sizes in doubles (default 1000,10000,100000,1000000;
                                     --full adds 10000000)
              --stages N             stages per computation (default 5000; --full 50000)
              --stage-us MICROS      compute per stage (default 17, seed 001's AMD rendezvous runs)
              --reps N               repetitions of every timing, medians reported (default 3; --full 5)
              --round-ms N           length a timed round aims at (default 40; --full 150)
              --warmup-ms N          untimed rounds first, per configuration, so the JIT has compiled
                                     the rank loops (default 500; --full 2000)
              --out DIR              output folder (default results/mpi-<timestamp>)
              --ignore-load          do not wait out other processes' CPU use
              -h, --help             this text
            """;

    /**
     * Parses a command line.
     *
     * @param args the arguments
     * @return the options
     * @throws UsageException naming the bad option
     */
    public static MpiOptions parse(String... args) throws UsageException {
        boolean full = false;
        boolean help = false;
        boolean ignoreLoad = false;
        List<Experiment> experiments = null;
        List<MpiBackend> backends = null;
        List<Integer> ranks = null;
        Integer bandwidthRanks = null;
        List<Integer> sizes = null;
        Integer stages = null;
        Double stageMicros = null;
        Integer reps = null;
        Integer roundMillis = null;
        Integer warmupMillis = null;
        Path out = null;
        Args.Cursor c = new Args.Cursor(args);
        while (c.hasNext()) {
            String name = c.next();
            switch (name) {
                case "--full" -> full = c.flag();
                case "--ignore-load" -> ignoreLoad = c.flag();
                case "-h", "--help" -> help = c.flag();
                case "--only" -> {
                    List<Experiment> list = new ArrayList<>();
                    for (String s : Args.items(name, c.value())) {
                        list.add(parseWith(name, s, Experiment::parse));
                    }
                    experiments = sortedDistinct(list);
                }
                case "--backend", "--backends" -> {
                    List<MpiBackend> list = new ArrayList<>();
                    for (String s : Args.items(name, c.value())) {
                        list.add(parseWith(name, s, MpiOptions::backend));
                    }
                    backends = sortedDistinct(list);
                }
                case "--ranks" -> ranks = intList(name, c.value(), 2, 64);
                case "--bandwidth-ranks" -> bandwidthRanks = Args.intIn(name, c.value(), 2, 64);
                case "--sizes" -> sizes = intList(name, c.value(), 1, 50_000_000);
                case "--stages" -> stages = Args.intIn(name, c.value(), 2, 10_000_000);
                case "--stage-us" -> stageMicros = nonNegativeDouble(name, c.value());
                case "--reps" -> reps = Args.intIn(name, c.value(), 1, 1_000);
                case "--round-ms" -> roundMillis = Args.intIn(name, c.value(), 1, 60_000);
                case "--warmup-ms" -> warmupMillis = Args.intIn(name, c.value(), 0, 600_000);
                case "--out" -> out = c.folder();
                default -> throw c.unknown();
            }
        }
        return new MpiOptions(full,
                experiments != null ? experiments : List.of(Experiment.values()),
                backends != null ? backends : List.of(MpiBackend.values()),
                ranks != null ? ranks : List.of(2, 4, 8),
                bandwidthRanks != null ? bandwidthRanks : 2,
                sizes != null ? sizes : full ? List.of(1_000, 10_000, 100_000, 1_000_000, 10_000_000)
                        : List.of(1_000, 10_000, 100_000, 1_000_000),
                stages != null ? stages : full ? FULL_STAGES : QUICK_STAGES,
                stageMicros != null ? stageMicros : SEED_STAGE_MICROS,
                reps != null ? reps : full ? 5 : 3,
                roundMillis != null ? roundMillis : full ? 150 : 40,
                warmupMillis != null ? warmupMillis : full ? 2_000 : 500,
                out, ignoreLoad, help);
    }

    /** @return the backend a command-line name means */
    static MpiBackend backend(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "ccr-mpi", "ccr_mpi", "ccr" -> MpiBackend.CCR_MPI;
            case "mpj-express", "mpj_express", "mpj" -> MpiBackend.MPJ_EXPRESS;
            default -> throw new IllegalArgumentException("unknown backend '" + s + "' (known: ccr-mpi, mpj-express)");
        };
    }

    /** @return the backend's command-line and table name */
    static String id(MpiBackend b) {
        return b == MpiBackend.CCR_MPI ? "ccr-mpi" : "mpj-express";
    }

    private interface Parser<T> {
        T parse(String s);
    }

    private static <T> T parseWith(String name, String s, Parser<T> parser) throws UsageException {
        try {
            return parser.parse(s);
        } catch (IllegalArgumentException e) {
            throw new UsageException("option " + name + ": " + e.getMessage());
        }
    }

    private static List<Integer> intList(String name, String value, int min, int max) throws UsageException {
        List<Integer> list = new ArrayList<>();
        for (String s : Args.items(name, value)) {
            list.add(Args.intIn(name, s, min, max));
        }
        return sortedDistinct(list);
    }

    private static <T extends Comparable<? super T>> List<T> sortedDistinct(List<T> items) {
        List<T> out = new ArrayList<>(new LinkedHashSet<>(items));
        out.sort(null);
        return List.copyOf(out);
    }

    private static double nonNegativeDouble(String name, String s) throws UsageException {
        try {
            double v = Double.parseDouble(s.trim());
            if (!(v >= 0) || v > 1e6) {
                throw new UsageException("option " + name + ": " + s + " must be 0..1e6 microseconds");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException("option " + name + ": '" + s + "' is not a number");
        }
    }
}
