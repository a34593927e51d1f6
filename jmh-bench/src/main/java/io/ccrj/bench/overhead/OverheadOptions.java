package io.ccrj.bench.overhead;

import io.ccrj.bench.cli.Args;
import io.ccrj.bench.cli.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

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
 * @param help print usage and exit
 */
public record OverheadOptions(boolean full, List<SpawnedPattern> patterns, List<Integer> ways, List<ThreadMode> threadModes,
                              double stageMicros, int stages, int reps, Path out, boolean ignoreLoad, boolean help) {
    /** Quick mode: stages per computation. */
    public static final int QUICK_STAGES = 20_000;
    /** The seeds' Tables 1-2: stages per computation. */
    public static final int FULL_STAGES = 500_000;
    /** Repetitions in both modes (medians reported). */
    public static final int DEFAULT_REPS = 3;
    /** The seeds' time per stage on the AMD machine: 10^7 units of 1.4 µs in 500,000 stages. */
    public static final double SEED_STAGE_MICROS = 28.0;

    public static final String USAGE = """
            Usage: bin/ccrj overhead [options]

            The stage-overhead experiment of seed 000, section 2, on ccr-core: a fixed computation per
            parallel computation split into S stages; overhead per stage = (T(S) - T(1)) / S.

              --full                 the seeds' ranges: 500,000 stages, 1,2,3,4,8-way (long; progress shows an ETA)
              --pattern LIST         Pipeline,Shift,TwoShifts (default) and/or Exchange
              --ways LIST            parallel computations (default 1,2,4,8; --full 1,2,3,4,8)
              --threads LIST         match (threads = ways) and/or default (one per core); default both
              --stage-us MICROS      compute time per stage (default 28, the seeds' AMD figure)
              --stages N             stages per computation (default 20000; --full 500000)
              --reps N               repetitions of every run, medians reported (default 3)
              --out DIR              output folder (default results/overhead-<timestamp>)
              --ignore-load          do not wait out other processes' CPU use nor repeat the runs it
                                     disturbed (by default: wait up to 20 s, repeat up to 2 times)
              -h, --help             this text
            """;

    /**
     * Parses a command line.
     *
     * @param args the arguments
     * @return the options
     * @throws UsageException naming the bad option
     */
    public static OverheadOptions parse(String... args) throws UsageException {
        boolean full = false;
        boolean help = false;
        boolean ignoreLoad = false;
        List<SpawnedPattern> patterns = null;
        List<Integer> ways = null;
        List<ThreadMode> modes = null;
        Double stageMicros = null;
        Integer stages = null;
        Integer reps = null;
        Path out = null;
        Args.Cursor c = new Args.Cursor(args);
        while (c.hasNext()) {
            String name = c.next();
            switch (name) {
                case "--full" -> full = c.flag();
                case "--ignore-load" -> ignoreLoad = c.flag();
                case "-h", "--help" -> help = c.flag();
                case "--pattern", "--patterns" -> {
                    patterns = distinct(listOf(name, c.value(), SpawnedPattern::parse));
                    patterns.sort(null); // table order
                }
                case "--ways" -> {
                    List<Integer> list = new ArrayList<>();
                    for (String item : Args.items(name, c.value())) {
                        list.add(Args.intIn(name, item, 1, 64));
                    }
                    ways = distinct(list);
                    ways.sort(null);
                }
                case "--threads" -> {
                    modes = distinct(listOf(name, c.value(), ThreadMode::parse));
                    modes.sort(null);
                }
                case "--stage-us" -> stageMicros = positiveDouble(name, c.value());
                case "--stages" -> stages = Args.intIn(name, c.value(), 1, 100_000_000);
                case "--reps" -> reps = Args.intIn(name, c.value(), 1, 1_000);
                case "--out" -> out = c.folder();
                default -> throw c.unknown();
            }
        }
        return new OverheadOptions(full,
                patterns != null ? patterns : List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT, SpawnedPattern.TWO_SHIFTS),
                ways != null ? ways : full ? List.of(1, 2, 3, 4, 8) : List.of(1, 2, 4, 8),
                modes != null ? modes : List.of(ThreadMode.MATCH, ThreadMode.DEFAULT),
                stageMicros != null ? stageMicros : SEED_STAGE_MICROS,
                stages != null ? stages : full ? FULL_STAGES : QUICK_STAGES,
                reps != null ? reps : DEFAULT_REPS,
                out, ignoreLoad, help);
    }

    private static <T> List<T> listOf(String name, String value, Function<String, T> parser) throws UsageException {
        List<T> out = new ArrayList<>();
        for (String item : Args.items(name, value)) {
            try {
                out.add(parser.apply(item));
            } catch (IllegalArgumentException e) {
                throw new UsageException("option " + name + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static <T> List<T> distinct(List<T> items) {
        Set<T> set = new LinkedHashSet<>(items);
        return new ArrayList<>(set);
    }

    private static double positiveDouble(String name, String s) throws UsageException {
        try {
            double v = Double.parseDouble(s.trim());
            if (!(v > 0) || Double.isInfinite(v) || v > 1e7) {
                throw new UsageException("option " + name + ": " + s + " must be a positive number of microseconds (at most 1e7)");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException("option " + name + ": '" + s + "' is not a number");
        }
    }
}
