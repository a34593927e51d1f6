package io.ccrj.bench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleBiFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Option;

/**
 * The runners' one harness: JMH benchmarks run through JMH's {@link Runner} (forked JVMs, JMH's
 * warm-up and measurement iterations), a compact progress line with an ETA per fork instead of
 * JMH's console report, JMH's own JSON of the whole run as the section's raw file, and every
 * benchmark's per-fork scores handed back as {@link Forks}. A runner only chooses benchmarks and
 * parameters ({@link Part}) and the settings ({@link Settings}), then turns the forks into its tables.
 */
public final class Jmh {
    private Jmh() {
    }

    /**
     * How long JMH runs each benchmark.
     *
     * @param forks forked JVMs per benchmark; 0 runs in this JVM, which only checks the wiring (smoke runs)
     * @param warmupIterations JMH's warm-up iterations per fork
     * @param iterations measurement iterations per fork
     * @param iterationMillis length of every iteration
     */
    public record Settings(int forks, int warmupIterations, int iterations, int iterationMillis) {
        /** A fork's start (JVM, JMH, the benchmark's set-up) on a 2-core machine, for the ETA only. */
        static final double FORK_START_SECONDS = 0.8;

        /** Checks the ranges. */
        public Settings {
            if (forks < 0 || warmupIterations < 0 || iterations < 1 || iterationMillis < 1) {
                throw new IllegalArgumentException("JMH settings out of range: " + forks + " forks, " + warmupIterations
                        + " warm-up and " + iterations + " measurement iterations of " + iterationMillis + " ms");
            }
        }

        /** @return what one fork is predicted to take, for the ETA */
        double forkSeconds() {
            return (forks == 0 ? 0.2 : FORK_START_SECONDS) + (warmupIterations + iterations) * iterationMillis / 1e3;
        }

        /** @return e.g. "5 forks x (3 warm-up + 5 measured iterations of 1000 ms)" */
        public String describe() {
            return String.format(Locale.ROOT, "%s x (%d warm-up + %d measured iterations of %d ms)",
                    forks == 0 ? "no fork (in this JVM: a wiring check, not a measurement)" : forks == 1 ? "1 fork" : forks + " forks",
                    warmupIterations, iterations, iterationMillis);
        }
    }

    /** The smoke runs' settings: in this JVM, one 20 ms iteration per benchmark; checks the wiring, measures nothing. */
    public static final Settings SMOKE = new Settings(0, 0, 1, 20);

    /**
     * {@code --forks}, {@code --warmup}, {@code --iterations} and {@code --iteration-ms} for a
     * runner declared for picocli ({@link Commands}), as a mixin: each is {@code null} unless given,
     * and {@link #settings} fills in the quick or the {@code --full} settings, which the help shows
     * as {@code (default: 2; --full: 5)}. With their
     * ranges. A runner declares it as
     * {@code @Mixin Jmh.SettingsMixin jmh = new Jmh.SettingsMixin(QUICK, FULL);}.
     */
    public static final class SettingsMixin implements Commands.ShowsDefaults {
        private final Settings quick;
        private final Settings full;

        @Option(names = "--forks", paramLabel = "N", converter = ForksRange.class,
                description = "JMH forks per benchmark (default: ${DEFAULT-VALUE})")
        Integer forks;

        @Option(names = "--warmup", paramLabel = "N", converter = WarmupRange.class,
                description = "JMH warm-up iterations per fork (default: ${DEFAULT-VALUE})")
        Integer warmup;

        @Option(names = "--iterations", paramLabel = "N", converter = IterationsRange.class,
                description = "JMH measurement iterations per fork (default: ${DEFAULT-VALUE})")
        Integer iterations;

        @Option(names = "--iteration-ms", paramLabel = "MS", converter = IterationMillisRange.class,
                description = "milliseconds of every iteration (default: ${DEFAULT-VALUE})")
        Integer iterationMillis;

        /**
         * @param quick the settings without {@code --full}
         * @param full the settings with it
         */
        public SettingsMixin(Settings quick, Settings full) {
            this.quick = quick;
            this.full = full;
        }

        /**
         * @param isFull whether {@code --full} was given
         * @return the settings: each option given, else the quick or full one
         */
        public Settings settings(boolean isFull) {
            Settings d = isFull ? full : quick;
            return new Settings(forks != null ? forks : d.forks(), warmup != null ? warmup : d.warmupIterations(),
                    iterations != null ? iterations : d.iterations(), iterationMillis != null ? iterationMillis : d.iterationMillis());
        }

        @Override
        public String shownDefault(String option) {
            return switch (option) {
                case "--forks" -> Commands.quickOrFull(quick.forks(), full.forks());
                case "--warmup" -> Commands.quickOrFull(quick.warmupIterations(), full.warmupIterations());
                case "--iterations" -> Commands.quickOrFull(quick.iterations(), full.iterations());
                case "--iteration-ms" -> Commands.quickOrFull(quick.iterationMillis(), full.iterationMillis());
                default -> null;
            };
        }

        /** {@code --forks}: 1 to 100 (0, in this JVM, is for smoke runs built in code only). */
        static final class ForksRange extends Commands.WholeIn {
            ForksRange() {
                super(1, 100);
            }
        }

        /** {@code --warmup}: 0 to 100. */
        static final class WarmupRange extends Commands.WholeIn {
            WarmupRange() {
                super(0, 100);
            }
        }

        /** {@code --iterations}: 1 to 1,000. */
        static final class IterationsRange extends Commands.WholeIn {
            IterationsRange() {
                super(1, 1_000);
            }
        }

        /** {@code --iteration-ms}: 10 ms to 10 minutes. */
        static final class IterationMillisRange extends Commands.WholeIn {
            IterationMillisRange() {
                super(10, 600_000);
            }
        }
    }

    /**
     * Some benchmarks of one JMH run.
     *
     * @param benchmark the benchmark method's full name, e.g. {@code io.ccrj.bench.core.PeerComparisonBenchmark.OneWay.oneWay}
     * @param params every {@code @Param} it has, with the values to run (each value one benchmark)
     * @param mode the mode to run where the class declares several, or {@code null} for the class's own
     * @param leastForks forks it runs at least, whatever the settings say (0: the settings' own; a
     *     run in this JVM stays one): a floor benchmark runs several so that every run measures how
     *     far forks vary on the machine ({@link ForkSpread})
     */
    public record Part(String benchmark, Map<String, List<String>> params, Mode mode, int leastForks) {
        /** Copies the parameters, keeping their order. */
        public Part {
            params = new LinkedHashMap<>(params);
            params.replaceAll((k, v) -> List.copyOf(v));
            if (leastForks < 0) {
                throw new IllegalArgumentException("least forks " + leastForks + " of " + benchmark);
            }
        }

        /** Some benchmarks with the settings' forks; the arguments are the record's first components. */
        public Part(String benchmark, Map<String, List<String>> params, Mode mode) {
            this(benchmark, params, mode, 0);
        }

        /** @return the forks this part runs under {@code s} (0: in this JVM) */
        int forks(Settings s) {
            return s.forks() == 0 ? 0 : Math.max(s.forks(), leastForks);
        }

        /** @return how many benchmarks this part runs: the product of its parameters' value counts */
        int benchmarks() {
            return params.values().stream().mapToInt(List::size).reduce(1, (a, b) -> a * b);
        }

        /** @return every benchmark this part runs, as its parameters' values by name (the first parameter varying slowest) */
        public List<Map<String, String>> combinations() {
            List<Map<String, String>> out = new ArrayList<>(List.of(new LinkedHashMap<>()));
            params.forEach((name, values) -> {
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> c : out) {
                    for (String v : values) {
                        Map<String, String> m = new LinkedHashMap<>(c);
                        m.put(name, v);
                        next.add(m);
                    }
                }
                out.clear();
                out.addAll(next);
            });
            return out;
        }
    }

    /**
     * Runs the parts one after the other (each its own JMH run, since their parameters differ),
     * prints a progress line per fork on {@code err}, writes JMH's JSON of all of them to
     * {@code json}, and hands back every benchmark's forks in the parts' order.
     *
     * @throws RunnerException if a benchmark failed (a wrong answer fails its benchmark); the
     *     last lines JMH printed are on {@code err}
     */
    public static List<Forks> run(List<Part> parts, Settings s, Path json, PrintStream err) throws RunnerException, IOException {
        return run(parts, s, json, err, (benchmark, params) -> s.forkSeconds());
    }

    /**
     * {@link #run(List, Settings, Path, PrintStream)} for benchmarks whose forks take different
     * times (a computation of seconds per operation, say, which runs past the iteration's time): the
     * ETA adds up {@code forkSeconds} of every fork instead of the settings' one figure.
     *
     * @param forkSeconds the predicted seconds of one fork of a benchmark, from its full name and parameters
     * @throws RunnerException if a benchmark failed
     */
    public static List<Forks> run(List<Part> parts, Settings s, Path json, PrintStream err,
                                  ToDoubleBiFunction<String, Map<String, String>> forkSeconds) throws RunnerException, IOException {
        int total = parts.stream().mapToInt(p -> p.benchmarks() * Math.max(1, p.forks(s))).sum();
        double predicted = parts.stream().mapToDouble(p -> Math.max(1, p.forks(s)) * p.combinations().stream()
                .mapToDouble(c -> forkSeconds.applyAsDouble(p.benchmark(), c)).sum()).sum();
        // Made when the first benchmark starts: a wait for JMH's lock before it is not the run's time.
        ProgressFormat progress = new ProgressFormat(() -> new Progress(err, total, predicted, System::nanoTime), forkSeconds);
        List<RunResult> all = new ArrayList<>();
        for (Part p : parts) {
            ChainedOptionsBuilder b = new OptionsBuilder()
                    .include(Pattern.quote(p.benchmark()) + "$")
                    .forks(p.forks(s))
                    .warmupIterations(s.warmupIterations())
                    .warmupTime(TimeValue.milliseconds(s.iterationMillis()))
                    .measurementIterations(s.iterations())
                    .measurementTime(TimeValue.milliseconds(s.iterationMillis()))
                    .shouldFailOnError(true)
                    // Prepended: appending would replace the classes' own JVM arguments (heap sizes).
                    .jvmArgsPrepend(QUIET_FORK);
            p.params().forEach((k, v) -> b.param(k, v.toArray(String[]::new)));
            if (p.mode() != null) {
                b.mode(p.mode());
            }
            try {
                all.addAll(runWhenFree(new Runner(b.build(), progress), err));
            } catch (RunnerException | RuntimeException e) {
                progress.tail().forEach(err::println);
                throw e;
            }
        }
        if (json.getParent() != null) {
            Files.createDirectories(json.getParent());
        }
        try (PrintStream out = new PrintStream(Files.newOutputStream(json), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(all);
        }
        return Forks.of(all);
    }

    /**
     * A fork's JVM logs warnings and errors only: the INFO lines of Pekko, Netty and the DSS host
     * (an actor system or a host starting and stopping in every fork) would bury the progress lines,
     * since JMH passes a fork's output through.
     */
    private static final String[] QUIET_FORK = {"-Djava.util.logging.config.class=" + QuietLogging.class.getName(),
        "-Dpekko.loglevel=WARNING", "-Dpekko.stdout-loglevel=WARNING"};

    /** java.util.logging's configuration in a fork (named by {@code java.util.logging.config.class}): warnings and up. */
    public static final class QuietLogging {
        /**
         * The JDK's default configuration (one console handler) at WARNING: a configuration class
         * replaces the default file, so it sets the handler too.
         *
         * @throws IOException never: the properties are in memory
         */
        public QuietLogging() throws IOException {
            String properties = "handlers=java.util.logging.ConsoleHandler\n.level=WARNING\n"
                    + "java.util.logging.ConsoleHandler.level=WARNING\n";
            java.util.logging.LogManager.getLogManager().readConfiguration(
                    new java.io.ByteArrayInputStream(properties.getBytes(StandardCharsets.ISO_8859_1)));
        }
    }

    /** How long a run waits for another JMH run on this machine to end. */
    static final long LOCK_WAIT_MILLIS = 20 * 60_000;

    /**
     * Runs once no other JMH run holds JMH's machine-wide lock. JMH refuses to start while another
     * JMH run is timing on the machine (both would be measuring each other); on a machine shared
     * with other people's benchmarks this waits for theirs to end, up to {@link #LOCK_WAIT_MILLIS},
     * instead of failing the section.
     */
    private static Collection<RunResult> runWhenFree(Runner runner, PrintStream err) throws RunnerException {
        long deadline = System.currentTimeMillis() + LOCK_WAIT_MILLIS;
        boolean told = false;
        while (true) {
            try {
                return runner.run();
            } catch (RunnerException e) {
                if (e.getMessage() == null || !e.getMessage().contains("JMH lock") || System.currentTimeMillis() > deadline) {
                    throw e;
                }
                if (!told) {
                    err.println("another JMH run holds JMH's lock on this machine: waiting for it to end (up to 20 minutes)");
                    told = true;
                }
                try {
                    Thread.sleep(5_000);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** "OneWay.oneWay impl=jox": the benchmark's class and method, then its parameters. */
    static String shortName(String benchmark, Map<String, String> params) {
        String[] parts = benchmark.split("\\.");
        String name = parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
        return params.isEmpty() ? name
                : name + " " + params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /**
     * JMH's events as one progress line per finished fork; everything JMH prints (its headers, a
     * fork's own output, a failure's stack trace) is kept, the last lines of it shown if the run fails.
     */
    private static final class ProgressFormat implements OutputFormat {
        private static final int KEPT_LINES = 60;
        private final Supplier<Progress> start;
        private Progress progress;
        private final ToDoubleBiFunction<String, Map<String, String>> forkSeconds;
        private final Deque<String> printed = new ArrayDeque<>();
        private final StringBuilder line = new StringBuilder();
        private long forkStart = System.nanoTime();
        private int fork;

        ProgressFormat(Supplier<Progress> start, ToDoubleBiFunction<String, Map<String, String>> forkSeconds) {
            this.start = start;
            this.forkSeconds = forkSeconds;
        }

        List<String> tail() {
            return List.copyOf(printed);
        }

        @Override
        public void startBenchmark(BenchmarkParams params) {
            if (progress == null) {
                progress = start.get();
            }
            fork = 0;
            forkStart = System.nanoTime();
        }

        @Override
        public void iterationResult(BenchmarkParams b, IterationParams i, int iteration, IterationResult data) {
            if (i.getType() == IterationType.MEASUREMENT && iteration == i.getCount()) {
                fork++;
                Map<String, String> params = new LinkedHashMap<>();
                b.getParamsKeys().forEach(k -> params.put(k, b.getParam(k)));
                long now = System.nanoTime();
                progress.done(shortName(b.getBenchmark(), params) + " fork " + fork + "/" + Math.max(1, b.getForks()),
                        forkSeconds.applyAsDouble(b.getBenchmark(), params), now - forkStart);
                forkStart = now;
            }
        }

        @Override
        public void iteration(BenchmarkParams b, IterationParams i, int iteration) {
        }

        @Override
        public void endBenchmark(BenchmarkResult result) {
        }

        @Override
        public void startRun() {
        }

        @Override
        public void endRun(Collection<RunResult> result) {
        }

        @Override
        public void print(String s) {
            line.append(s);
        }

        @Override
        public void println(String s) {
            line.append(s);
            keep(line.toString());
            line.setLength(0);
        }

        @Override
        public void verbosePrintln(String s) {
            // JMH's extra detail (the benchmarks it excluded, and the like): not needed to tell what failed.
        }

        private void keep(String s) {
            for (String l : s.split("\n", -1)) {
                printed.addLast(l);
                if (printed.size() > KEPT_LINES) {
                    printed.removeFirst();
                }
            }
        }

        @Override
        public void write(int b) {
            line.append((char) b);
        }

        @Override
        public void write(byte[] b) {
            line.append(new String(b, StandardCharsets.UTF_8));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
