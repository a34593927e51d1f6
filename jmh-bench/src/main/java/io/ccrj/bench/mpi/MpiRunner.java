package io.ccrj.bench.mpi;

import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.machine.ForeignLoad;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.mpi.MpiRunner.Options.Part;
import io.ccrj.bench.overhead.Calibration;
import io.ccrj.bench.overhead.OverheadExperiment;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.mpi.mpjexpress.MpjExpressHome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import io.ccrj.bench.runner.Cli;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * {@code bin/ccrj mpi}: ccr-mpi beside MPJ Express in one run. Prints the papers' rendezvous table
 * (Qiu et al. 2007, Table 1) with both backends, the latency table and the bandwidth tables (Qiu, Fox &amp; Ho 2006
 * Table 3), and writes {@code mpi.csv}, {@code mpi.md} and PNG charts into the output folder.
 */
public final class MpiRunner implements Experiment<MpiRunner.Options> {
    /**
     * The options of {@code bin/ccrj mpi}. Mode defaults (quick or {@code --full}) apply to whatever
     * the command line does not set, whatever the order of the arguments.
     *
     * @param full the papers' ranges: more stages, arrays up to 10^7 doubles, more repetitions
     * @param experiments what to run, in report order
     * @param backends ccr-mpi and/or MPJ Express
     * @param ranks rank counts of the stage and latency experiments, ascending
     * @param bandwidthRanks rank count of the bandwidth experiment (the papers used every core)
     * @param sizes array sizes (doubles) of the bandwidth experiment, ascending
     * @param stages S of the stage experiment
     * @param stageMicros compute per stage of the stage experiment (the rendezvous runs of Qiu et al. 2007: 17 µs)
     * @param reps repetitions of every timing (medians reported)
     * @param roundMillis the length a timed round aims at
     * @param warmupMillis untimed rounds before each configuration's timings, so that the JIT has
     *     compiled the rank loops
     * @param out output folder, or {@code null} for {@code results/mpi-<timestamp>}
     * @param ignoreLoad do not wait for other processes to leave the machine alone
     */
    public record Options(boolean full, List<Part> experiments, List<MpiBackend> backends, List<Integer> ranks,
                          int bandwidthRanks, List<Integer> sizes, int stages, double stageMicros, int reps,
                          int roundMillis, int warmupMillis, Path out, boolean ignoreLoad) {

        /** The runner's experiments, in report order. */
        public enum Part {
            /** Per-stage overhead of the rendezvous patterns by the papers' T(S) method (Qiu et al. 2007, Table 1). */
            STAGES,
            /** Ping-pong, barrier, bcast and allreduce latency. */
            LATENCY,
            /** Sendrecv bandwidth into the papers' three copy models beside System.arraycopy (Qiu, Fox &amp; Ho 2006, Table 3). */
            BANDWIDTH;

            /** @return the experiment an {@code --only} name (the constant's, any case) means */
            static Part parse(String s) {
                return Arrays.stream(values()).filter(e -> e.name().equalsIgnoreCase(s)).findFirst().orElseThrow(() ->
                        new IllegalArgumentException("unknown experiment '" + s + "' (known: stages, latency, bandwidth)"));
            }
        }

        private static final OptionParser PARSER = Cli.parser();
        private static final OptionSpec<Void> FULL = Cli.flag(PARSER, "full",
                "the papers' ranges: 50,000 stages, arrays up to 10^7 doubles, 5 repetitions");
        private static final OptionSpec<Part> ONLY = Cli.list(PARSER, List.of("only"),
                "stages, latency and/or bandwidth (default all three)", Cli.converter(Part.class, Part::parse, "LIST"));
        private static final OptionSpec<MpiBackend> BACKEND = Cli.list(PARSER, List.of("backend", "backends"),
                "ccr-mpi and/or mpj-express (default both; MPJ Express rows say \"not installed\" when it is missing)",
                Cli.converter(MpiBackend.class, Options::backend, "LIST"));
        private static final OptionSpec<Integer> RANKS = Cli.list(PARSER, List.of("ranks"),
                "rank counts of stages and latency (default 2,4,8)", Cli.WHOLE);
        private static final OptionSpec<Integer> BANDWIDTH_RANKS = Cli.whole(PARSER, "bandwidth-ranks",
                "ranks of the bandwidth experiment (default 2)");
        private static final OptionSpec<Integer> SIZES = Cli.list(PARSER, List.of("sizes"),
                "bandwidth array sizes in doubles (default 1000,10000,100000,1000000; --full adds 10000000)", Cli.WHOLE);
        private static final OptionSpec<Integer> STAGES = Cli.whole(PARSER, "stages",
                "stages per computation (default 5000; --full 50000)");
        private static final OptionSpec<Double> STAGE_US = Cli.number(PARSER, "stage-us",
                "compute per stage (default 17, the AMD rendezvous runs of Qiu et al. 2007)", "MICROS");
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

        /**
         * Parses a command line. Mode defaults (quick or {@code --full}) apply to whatever it does not set.
         *
         * @param args the arguments
         * @return the options
         * @throws IllegalArgumentException naming the bad option (or jopt-simple's OptionException)
         */
        public static Options parse(String... args) {
            OptionSet s = Cli.parse(PARSER, args);
            Options d = defaults(s.has(FULL));
            return new Options(d.full(), Cli.sortedList(s, ONLY, d.experiments()), Cli.sortedList(s, BACKEND, d.backends()),
                    Cli.intsIn(s, RANKS, d.ranks(), 2, 64), Cli.intIn(s, BANDWIDTH_RANKS, d.bandwidthRanks(), 2, 64),
                    Cli.intsIn(s, SIZES, d.sizes(), 1, 50_000_000), Cli.intIn(s, STAGES, d.stages(), 2, 10_000_000),
                    Cli.doubleIn(s, STAGE_US, d.stageMicros(), 0, 1e6), Cli.intIn(s, REPS, d.reps(), 1, 1_000),
                    Cli.intIn(s, ROUND_MS, d.roundMillis(), 1, 60_000), Cli.intIn(s, WARMUP_MS, d.warmupMillis(), 0, 600_000),
                    Cli.folder(s, OUT), s.has(IGNORE_LOAD));
        }

        /**
         * The options of a command line that sets nothing else; 17 µs per stage is the compute
         * per stage of the AMD rendezvous runs in Qiu et al. 2007.
         *
         * @param full the papers' ranges
         * @return the options
         */
        public static Options defaults(boolean full) {
            return new Options(full, List.of(Part.values()), List.of(MpiBackend.values()), List.of(2, 4, 8), 2,
                    full ? List.of(1_000, 10_000, 100_000, 1_000_000, 10_000_000) : List.of(1_000, 10_000, 100_000, 1_000_000),
                    full ? 50_000 : 5_000, 17.0, full ? 5 : 3, full ? 150 : 40, full ? 2_000 : 500, null, false);
        }

        /** @return the backend a command-line name means ({@link MpiBackend#id} or an alias) */
        static MpiBackend backend(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "ccr-mpi", "ccr_mpi", "ccr" -> MpiBackend.CCR_MPI;
                case "mpj-express", "mpj_express", "mpj" -> MpiBackend.MPJ_EXPRESS;
                default -> throw new IllegalArgumentException("unknown backend '" + s + "' (known: ccr-mpi, mpj-express)");
            };
        }
    }

    @Override
    public String usage() {
        return Cli.usage("""
                Usage: bin/ccrj mpi [options]

                ccr-mpi beside MPJ Express in the same run: the rendezvous patterns' overhead per stage by the
                papers' method (Qiu et al. 2007, Table 1), ping-pong and collective latency (beside native MPI in C,
                built with the machine's mpicc and run with its mpirun when Open MPI is installed), and sendrecv
                bandwidth into the papers' three copy models beside System.arraycopy (Qiu, Fox & Ho 2006, Table 3).
                """, Options.PARSER);
    }

    @Override
    public Options parse(String... args) {
        return Options.parse(args);
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws InterruptedException, IOException {
        int cores = Runtime.getRuntime().availableProcessors();
        boolean mpj = o.backends().contains(MpiBackend.MPJ_EXPRESS) && mpjInstalled(err);
        int units = 0;
        double unitMicros = 0;
        if (o.experiments().contains(Part.STAGES) && o.stageMicros() > 0) {
            err.println("calibrating the basic unit ...");
            if (!o.ignoreLoad()) {
                ForeignLoad.awaitQuiet(OverheadExperiment.MAX_FOREIGN_LOAD, 200, 10_000, cores);
            }
            Calibration cal = Calibration.measure(9, 100_000);
            unitMicros = cal.unitMicros();
            units = cal.unitsPerStage(o.stageMicros());
        }
        String machine = MachineInfo.describe();
        String params = String.format(Locale.ROOT,
                "experiments %s; backends %s%s; ranks %s (bandwidth %d); S = %,d stages of %d basic units (%.1f µs;"
                        + " unit %.4f µs); %d repetitions, medians; rounds of about %d ms after %d ms of warm-up rounds",
                o.experiments().stream().map(e -> e.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(",")),
                o.backends().stream().map(b -> b.id).collect(Collectors.joining(",")),
                o.backends().contains(MpiBackend.MPJ_EXPRESS) && !mpj ? " (MPJ Express not installed)" : "",
                o.ranks().stream().map(String::valueOf).collect(Collectors.joining(",")), o.bandwidthRanks(), o.stages(),
                units, units * unitMicros, unitMicros, o.reps(), o.roundMillis(), o.warmupMillis());
        out.println("ccrj mpi — ccr-mpi beside MPJ Express (" + (o.full() ? "full" : "quick") + " mode)");
        out.println(machine);
        out.println(params);
        out.flush();

        long start = System.nanoTime();
        List<Figure> results = new MpiExperiment(o, units, mpj, cores, err).run();
        double took = (System.nanoTime() - start) / 1e9;
        MpiReport report = new MpiReport(results, o);
        String tables = report.tables();
        out.println();
        out.print(tables);
        out.println("* = some repetitions were disturbed by other processes (more than 10% of the machine)");

        OutputFolder dir = new OutputFolder(o.out(), "mpi", out);
        dir.write("mpi.csv", report.csv());
        String markdown = "- " + machine + "\n- " + params + "\n"
                + String.format(Locale.ROOT, "- measured in %s%n", Progress.clockTime(took))
                + "- `*` = some repetitions were disturbed by other processes (more than 10% of the machine)\n\n"
                + tables;
        dir.write("mpi.md", "# ccrj mpi — ccr-mpi beside MPJ Express\n\n" + markdown);
        String subtitle = cores + " cores";
        for (var chart : List.of(Map.entry("mpi-stage-overhead.png", report.stagePanels(subtitle)),
                Map.entry("mpi-latency.png", report.latencyPanels(subtitle)),
                Map.entry("mpi-bandwidth.png", report.bandwidthPanels(subtitle)))) {
            if (!chart.getValue().isEmpty()) {
                dir.chart(chart.getKey(), png -> Charts.write(chart.getValue(), png));
            }
        }
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        return new Report("ccr-mpi beside MPJ Express: rendezvous patterns, latency, bandwidth (Qiu et al. 2007, Table 1;"
                + " Qiu, Fox & Ho 2006, Table 3)", markdown, report.headline(), dir.charts());
    }

    private static boolean mpjInstalled(PrintStream err) {
        try {
            MpjExpressHome.detect().verify();
            return true;
        } catch (IllegalStateException e) {
            err.println("ccrj mpi: " + e.getMessage() + " — its rows say \"not installed\"");
            return false;
        }
    }
}
