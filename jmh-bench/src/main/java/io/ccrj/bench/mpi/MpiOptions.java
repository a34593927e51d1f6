package io.ccrj.bench.mpi;

import io.ccrj.bench.runner.Cli;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

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
 */
public record MpiOptions(boolean full, List<Part> experiments, List<MpiBackend> backends, List<Integer> ranks,
                         int bandwidthRanks, List<Integer> sizes, int stages, double stageMicros, int reps,
                         int roundMillis, int warmupMillis, Path out, boolean ignoreLoad) {

    /** The runner's experiments, in report order. */
    public enum Part {
        /** Per-stage overhead of the rendezvous patterns by the seeds' T(S) method (seed 001 Table 1). */
        STAGES("stages"),
        /** Ping-pong, barrier, bcast and allreduce latency. */
        LATENCY("latency"),
        /** Sendrecv bandwidth into the seeds' three copy models beside System.arraycopy (seed 000 Table 3). */
        BANDWIDTH("bandwidth");

        final String id;

        Part(String id) {
            this.id = id;
        }

        static Part parse(String s) {
            for (Part e : values()) {
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

    private static final OptionParser PARSER = Cli.parser();
    private static final OptionSpec<Void> FULL = Cli.flag(PARSER, "full",
            "the seeds' ranges: 50,000 stages, arrays up to 10^7 doubles, 5 repetitions");
    private static final OptionSpec<Part> ONLY = Cli.list(PARSER, List.of("only"), "stages, latency and/or bandwidth (default all three)",
            Cli.converter(Part.class, Part::parse, "LIST"));
    private static final OptionSpec<MpiBackend> BACKEND = Cli.list(PARSER, List.of("backend", "backends"),
            "ccr-mpi and/or mpj-express (default both; MPJ Express rows say \"not installed\" when it is missing)",
            Cli.converter(MpiBackend.class, MpiOptions::backend, "LIST"));
    private static final OptionSpec<Integer> RANKS = Cli.list(PARSER, List.of("ranks"), "rank counts of stages and latency (default 2,4,8)",
            Cli.WHOLE);
    private static final OptionSpec<Integer> BANDWIDTH_RANKS = Cli.whole(PARSER, "bandwidth-ranks",
            "ranks of the bandwidth experiment (default 2)");
    private static final OptionSpec<Integer> SIZES = Cli.list(PARSER, List.of("sizes"),
            "bandwidth array sizes in doubles (default 1000,10000,100000,1000000; --full adds 10000000)", Cli.WHOLE);
    private static final OptionSpec<Integer> STAGES = Cli.whole(PARSER, "stages",
            "stages per computation (default 5000; --full 50000)");
    private static final OptionSpec<Double> STAGE_US = Cli.number(PARSER, "stage-us",
            "compute per stage (default 17, seed 001's AMD rendezvous runs)", "MICROS");
    private static final OptionSpec<Integer> REPS = Cli.whole(PARSER, "reps",
            "repetitions of every timing, medians reported (default 3; --full 5)");
    private static final OptionSpec<Integer> ROUND_MS = Cli.whole(PARSER, "round-ms",
            "length a timed round aims at (default 40; --full 150)");
    private static final OptionSpec<Integer> WARMUP_MS = Cli.whole(PARSER, "warmup-ms",
            "untimed rounds first, per configuration, so the JIT has compiled the rank loops (default 500; --full 2000)");
    private static final OptionSpec<String> OUT = Cli.text(PARSER, "out",
            "output folder (default results/mpi-<timestamp>)", "DIR");
    private static final OptionSpec<Void> IGNORE_LOAD = Cli.flag(PARSER, "ignore-load",
            "do not wait out other processes' CPU use");

    /** The usage text. */
    public static final String USAGE = Cli.usage("""
            Usage: bin/ccrj mpi [options]

            ccr-mpi beside MPJ Express in the same run: the rendezvous patterns' overhead per stage by the
            seeds' method (seed 001 Table 1), ping-pong and collective latency, and sendrecv bandwidth
            into the seeds' three copy models beside System.arraycopy (seed 000 Table 3).
            """, PARSER);

    /**
     * Parses a command line. Mode defaults (quick or {@code --full}) apply to whatever it does not set.
     *
     * @param args the arguments
     * @return the options
     * @throws IllegalArgumentException naming the bad option (or jopt-simple's OptionException)
     */
    public static MpiOptions parse(String... args) {
        OptionSet s = Cli.parse(PARSER, args);
        MpiOptions d = defaults(s.has(FULL));
        return new MpiOptions(d.full(), Cli.sortedList(s, ONLY, d.experiments()), Cli.sortedList(s, BACKEND, d.backends()),
                Cli.intsIn(s, RANKS, d.ranks(), 2, 64), Cli.intIn(s, BANDWIDTH_RANKS, d.bandwidthRanks(), 2, 64),
                Cli.intsIn(s, SIZES, d.sizes(), 1, 50_000_000), Cli.intIn(s, STAGES, d.stages(), 2, 10_000_000),
                Cli.doubleIn(s, STAGE_US, d.stageMicros(), 0, 1e6), Cli.intIn(s, REPS, d.reps(), 1, 1_000),
                Cli.intIn(s, ROUND_MS, d.roundMillis(), 1, 60_000), Cli.intIn(s, WARMUP_MS, d.warmupMillis(), 0, 600_000),
                Cli.folder(s, OUT), s.has(IGNORE_LOAD));
    }

    /**
     * @param full the seeds' ranges
     * @return the options of a command line that sets nothing else
     */
    public static MpiOptions defaults(boolean full) {
        return new MpiOptions(full, List.of(Part.values()), List.of(MpiBackend.values()), List.of(2, 4, 8), 2,
                full ? List.of(1_000, 10_000, 100_000, 1_000_000, 10_000_000) : List.of(1_000, 10_000, 100_000, 1_000_000),
                full ? FULL_STAGES : QUICK_STAGES, SEED_STAGE_MICROS, full ? 5 : 3, full ? 150 : 40, full ? 2_000 : 500, null, false);
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
}
