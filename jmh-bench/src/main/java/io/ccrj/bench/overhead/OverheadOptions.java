package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Cli;
import java.nio.file.Path;
import java.util.List;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * The options of {@code bin/ccrj overhead}. Mode defaults (quick or {@code --full}) apply to
 * whatever the command line does not set, whatever the order of the arguments.
 *
 * @param full the seeds' ranges: 500,000 stages, 1-, 2-, 3-, 4- and 8-way
 * @param patterns patterns to run, in table order
 * @param ways parallel computations, ascending
 * @param threadModes match and/or default
 * @param stageMicros compute time per stage (the seeds': 28 µs on the AMD machine)
 * @param stages S, stages per computation
 * @param reps repetitions of each run (medians reported)
 * @param out output folder, or {@code null} for the default {@code results/overhead-<timestamp>}
 * @param ignoreLoad do not wait for other processes to leave the machine alone, nor repeat runs
 *     they disturbed (their share is still reported)
 */
public record OverheadOptions(boolean full, List<SpawnedPattern> patterns, List<Integer> ways, List<ThreadMode> threadModes,
                              double stageMicros, int stages, int reps, Path out, boolean ignoreLoad) {
    /** Quick mode: stages per computation. */
    public static final int QUICK_STAGES = 20_000;
    /** The seeds' Tables 1-2: stages per computation. */
    public static final int FULL_STAGES = 500_000;
    /** Repetitions in both modes (medians reported). */
    public static final int DEFAULT_REPS = 3;
    /** The seeds' time per stage on the AMD machine: 10^7 units of 1.4 µs in 500,000 stages. */
    public static final double SEED_STAGE_MICROS = 28.0;

    private static final OptionParser PARSER = Cli.parser();
    private static final OptionSpec<Void> FULL = Cli.flag(PARSER, "full",
            "the seeds' ranges: 500,000 stages, 1,2,3,4,8-way (long; progress shows an ETA)");
    private static final OptionSpec<SpawnedPattern> PATTERN = Cli.list(PARSER, List.of("pattern", "patterns"),
            "Pipeline, Shift, TwoShifts (default) and/or Exchange", Cli.converter(SpawnedPattern.class, SpawnedPattern::parse, "LIST"));
    private static final OptionSpec<Integer> WAYS = Cli.list(PARSER, List.of("ways"),
            "parallel computations (default 1,2,4,8; --full 1,2,3,4,8)", Cli.WHOLE);
    private static final OptionSpec<ThreadMode> THREADS = Cli.list(PARSER, List.of("threads"),
            "match (threads = ways) and/or default (one per core); default both", Cli.converter(ThreadMode.class, ThreadMode::parse, "LIST"));
    private static final OptionSpec<Double> STAGE_US = Cli.number(PARSER, "stage-us",
            "compute time per stage (default 28, the seeds' AMD figure)", "MICROS");
    private static final OptionSpec<Integer> STAGES = Cli.whole(PARSER, "stages",
            "stages per computation (default 20000; --full 500000)");
    private static final OptionSpec<Integer> REPS = Cli.whole(PARSER, "reps",
            "repetitions of every run, medians reported (default 3)");
    private static final OptionSpec<String> OUT = Cli.text(PARSER, "out",
            "output folder (default results/overhead-<timestamp>)", "DIR");
    private static final OptionSpec<Void> IGNORE_LOAD = Cli.flag(PARSER, "ignore-load",
            "do not wait out other processes' CPU use nor repeat the runs it disturbed (by default: wait up to 20 s, repeat up to 2 times)");

    /** The usage text. */
    public static final String USAGE = Cli.usage("""
            Usage: bin/ccrj overhead [options]

            The stage-overhead experiment of seed 000, section 2, on ccr-core: a fixed computation per
            parallel computation split into S stages; overhead per stage = (T(S) - T(1)) / S.
            """, PARSER);

    /**
     * Parses a command line. Mode defaults (quick or {@code --full}) apply to whatever it does not set.
     *
     * @param args the arguments
     * @return the options
     * @throws IllegalArgumentException naming the bad option (or jopt-simple's OptionException)
     */
    public static OverheadOptions parse(String... args) {
        OptionSet s = Cli.parse(PARSER, args);
        OverheadOptions d = defaults(s.has(FULL));
        return new OverheadOptions(d.full(), Cli.sortedList(s, PATTERN, d.patterns()), Cli.intsIn(s, WAYS, d.ways(), 1, 64),
                Cli.sortedList(s, THREADS, d.threadModes()), Cli.doubleIn(s, STAGE_US, d.stageMicros(), 1e-3, 1e7),
                Cli.intIn(s, STAGES, d.stages(), 1, 100_000_000), Cli.intIn(s, REPS, d.reps(), 1, 1_000),
                Cli.folder(s, OUT), s.has(IGNORE_LOAD));
    }

    /**
     * @param full the seeds' ranges
     * @return the options of a command line that sets nothing else
     */
    public static OverheadOptions defaults(boolean full) {
        return new OverheadOptions(full, List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT, SpawnedPattern.TWO_SHIFTS),
                full ? List.of(1, 2, 3, 4, 8) : List.of(1, 2, 4, 8), List.of(ThreadMode.MATCH, ThreadMode.DEFAULT),
                SEED_STAGE_MICROS, full ? FULL_STAGES : QUICK_STAGES, DEFAULT_REPS, null, false);
    }
}
