package io.ccrj.bench.dss;

import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.runner.Commands;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.Publish;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.runner.RunMode;
import io.ccrj.bench.runner.Verdict;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ccrj wrk}: the ping service's Get measured from outside the JVM with {@code wrk}, the C
 * load generator, the way a user would measure a web server: the DSS host, Vert.x web and a raw
 * Netty handler ({@link DssTarget}, one server I/O thread each), each in a JVM of its own
 * ({@link WrkServer}, {@value #HEAP}), the servers taking turns in every round so that a slow
 * stretch of the machine falls on all of them, at one connection (the round trip of one idle
 * connection) and at many (the server's rate).
 *
 * <p>In each round every server is started fresh, warmed up by a discarded {@code wrk} run, then
 * measured once per connection count; a figure is the median of its rounds with a bootstrap
 * interval over them (each round is a JVM of its own, as a JMH fork is), and the host is compared
 * with each peer by the project's one rule ({@link Verdict}). Every run must answer only 2xx with
 * no socket error, or the command fails naming the run. Writes {@code wrk.csv} (every run),
 * {@code wrk.md}, and each run's text as wrk printed it under {@code raw/}.
 */
public final class WrkRunner implements Experiment<WrkRunner.Options> {
    /** The servers' heap: the same fixed size for each, so no one of them grows into the others' memory. */
    static final String HEAP = "-Xms512m -Xmx512m";

    /** The servers measured by default: ours first. */
    static final List<DssTarget> TARGETS = List.of(DssTarget.DSS_HTTP, DssTarget.VERTX_WEB, DssTarget.RAW_NETTY);

    /**
     * The options of {@code bin/ccrj wrk}.
     *
     * @param full the longer settings
     * @param targets the servers, ours ({@link DssTarget#DSS_HTTP}) first
     * @param connections the connection counts, ascending
     * @param rounds how often every server is measured, each time in a new JVM
     * @param seconds each measured run's length
     * @param warmupSeconds the discarded run before them, per server and round (0: none)
     * @param wrk the wrk program: a path, or a name looked up on PATH
     * @param out output folder, or {@code null} for {@code results/wrk-<timestamp>}
     */
    public record Options(boolean full, List<DssTarget> targets, List<Integer> connections, int rounds, int seconds,
                          int warmupSeconds, String wrk, Path out) {
        /** Checks the ranges. */
        public Options {
            targets = List.copyOf(targets);
            connections = List.copyOf(connections);
            if (targets.isEmpty() || targets.stream().anyMatch(t -> !t.http)) {
                throw new IllegalArgumentException("wrk needs HTTP servers, got " + targets);
            }
            if (connections.isEmpty() || rounds < 1 || seconds < 1 || warmupSeconds < 0) {
                throw new IllegalArgumentException("wrk settings out of range: connections " + connections + ", " + rounds
                        + " rounds of " + seconds + " s after " + warmupSeconds + " s");
            }
            Objects.requireNonNull(wrk, "wrk");
        }

        /**
         * @param mode quick: 3 rounds of 5 s after 2 s of warm-up, at 1 and 32 connections; full: 5
         *     rounds of 10 s after 3 s; smoke: one round of 1 s at one connection
         * @param out the output folder, or {@code null}
         * @return the options of that mode
         */
        public static Options of(RunMode mode, Path out) {
            return switch (mode) {
                case QUICK -> new Options(false, TARGETS, List.of(1, 32), 3, 5, 2, "wrk", out);
                case FULL -> new Options(true, TARGETS, List.of(1, 32), 5, 10, 3, "wrk", out);
                case SMOKE -> new Options(false, TARGETS, List.of(1), 1, 1, 0, "wrk", out);
            };
        }

        /** @return the predicted seconds of the whole run: server starts, warm-ups and runs */
        double predictedSeconds() {
            return (double) rounds * targets.size() * (SERVER_START_SECONDS + warmupSeconds + connections.size() * (double) seconds);
        }
    }

    /** A server JVM's start until it answers, on a 2-core machine: for the prediction only. */
    static final double SERVER_START_SECONDS = 1.5;

    /** {@code --targets}' items: a {@link DssTarget}'s name, dashes or underscores. */
    static final class TargetName extends Commands.Items<DssTarget> {
        TargetName() {
            super(WrkRunner::target);
        }
    }

    static DssTarget target(String name) {
        String n = name.toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(DssTarget.values()).filter(t -> t.http && t.name().equals(n)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown server '" + name + "' (known: " + String.join(", ",
                        Arrays.stream(DssTarget.values()).filter(t -> t.http).map(t -> t.name().toLowerCase(Locale.ROOT)
                                .replace('_', '-')).toList()) + ")"));
    }

    /** {@code --connections}: 1 to 1,024. */
    static final class ConnectionCount extends Commands.WholeIn {
        ConnectionCount() {
            super(1, 1_024);
        }
    }

    /** {@code --rounds}: 1 to 50. */
    static final class RoundCount extends Commands.WholeIn {
        RoundCount() {
            super(1, 50);
        }
    }

    /** {@code --seconds}: 1 to 600. */
    static final class Seconds extends Commands.WholeIn {
        Seconds() {
            super(1, 600);
        }
    }

    /** {@code --warmup}: 0 to 600 seconds. */
    static final class WarmupSeconds extends Commands.WholeIn {
        WarmupSeconds() {
            super(0, 600);
        }
    }

    /** The command line, declared for picocli; a fresh one per parse. */
    @Command(name = "bin/ccrj wrk", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
            description = {"The ping service's Get (GET /services/ping) measured from outside with wrk, the C load generator:"
                    + " the DSS host beside Vert.x web and a raw Netty handler, each in its own JVM (-Xms512m -Xmx512m, one"
                    + " server I/O thread), the servers taking turns in every round, at one connection and at 32. A figure"
                    + " is the median of the rounds with a bootstrap 95%% interval over them. Needs wrk (Debian: apt-get"
                    + " install wrk). Prints the expected time before the first round.", ""})
    static final class Line {
        @Option(names = "--full", description = "5 rounds of 10 s after 3 s of warm-up (quick: 3 rounds of 5 s after 2 s)")
        boolean full;

        @Option(names = "--targets", paramLabel = "LIST", split = ",", hideParamSyntax = true, converter = TargetName.class,
                description = "the servers, ours first: dss-http, dss-http-dispatcher, vertx-web, jdk-http-server and/or"
                        + " raw-netty (default: dss-http,vertx-web,raw-netty)")
        List<DssTarget> targets;

        @Option(names = "--connections", paramLabel = "LIST", split = ",", hideParamSyntax = true, converter = ConnectionCount.class,
                description = "connection counts (default: 1,32)")
        List<Integer> connections;

        @Option(names = "--rounds", paramLabel = "N", converter = RoundCount.class,
                description = "rounds, each server in a new JVM every round (default: 3; --full: 5)")
        Integer rounds;

        @Option(names = "--seconds", paramLabel = "N", converter = Seconds.class,
                description = "length of each measured run (default: 5; --full: 10)")
        Integer seconds;

        @Option(names = "--warmup", paramLabel = "N", converter = WarmupSeconds.class,
                description = "seconds of a discarded run before a server's measured runs (default: 2; --full: 3)")
        Integer warmup;

        @Option(names = "--wrk", paramLabel = "PROGRAM", description = "the wrk program, a path or a name on PATH (default: wrk)")
        String wrk;

        @Mixin
        Commands.OutFolder out = new Commands.OutFolder("wrk");

        @Mixin
        Commands.Help help = new Commands.Help();
    }

    @Override
    public String usage() {
        return Commands.usage(new Line());
    }

    @Override
    public Options parse(String... args) {
        Line l = Commands.parse(new Line(), args);
        Options d = Options.of(l.full ? RunMode.FULL : RunMode.QUICK, null);
        List<DssTarget> targets = l.targets != null ? List.copyOf(new java.util.LinkedHashSet<>(l.targets)) : d.targets();
        if (l.wrk != null && l.wrk.isBlank()) {
            throw new IllegalArgumentException("option --wrk: a program is needed, got '" + l.wrk + "'");
        }
        List<Integer> connections = l.connections == null ? d.connections() : List.copyOf(new java.util.TreeSet<>(l.connections));
        return new Options(d.full(), targets, connections, Objects.requireNonNullElse(l.rounds, d.rounds()),
                Objects.requireNonNullElse(l.seconds, d.seconds()),
                Objects.requireNonNullElse(l.warmup, d.warmupSeconds()), Objects.requireNonNullElse(l.wrk, d.wrk()), l.out.folder());
    }

    @Override
    public Options options(RunMode mode, Path out) {
        return Options.of(mode, out);
    }

    /**
     * One measured run.
     *
     * @param target the server
     * @param connections wrk's connections
     * @param round 1 to the rounds asked
     * @param result what wrk said
     */
    record Run(DssTarget target, int connections, int round, WrkOutput result) {
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        Path wrk = program(o.wrk());
        out.println("ccrj wrk — the ping service's Get from outside: the DSS host beside its peers, each in its own JVM");
        out.println(MachineInfo.describe());
        out.printf(Locale.ROOT, "wrk %s; %d round%s of %d s per server and connection count, after %d s of warm-up; %s%n", wrk,
                o.rounds(), o.rounds() == 1 ? "" : "s", o.seconds(), o.warmupSeconds(), HEAP);
        OutputFolder dir = new OutputFolder(o.out(), "wrk", out);
        Path raw = Files.createDirectories(dir.path("raw"));
        int total = o.rounds() * o.targets().size() * o.connections().size();
        out.printf(Locale.ROOT, "%d runs: expected about %s%n", total, Progress.clockTime(o.predictedSeconds()));
        Progress progress = new Progress(err, total, o.predictedSeconds(), System::nanoTime);
        List<Run> runs = new ArrayList<>();
        for (int round = 1; round <= o.rounds(); round++) {
            for (DssTarget t : o.targets()) {
                long started = System.nanoTime();
                try (Server s = Server.start(t, raw.resolve(String.format(Locale.ROOT, "server-%s-round%d.log", id(t), round)))) {
                    if (o.warmupSeconds() > 0) {
                        String text = wrk(wrk, 32, o.warmupSeconds(), s.url());
                        check(WrkOutput.parse(text), t + " warm-up, round " + round, text);
                    }
                    double startSeconds = (System.nanoTime() - started) / 1e9;
                    for (int c : o.connections()) {
                        long t0 = System.nanoTime();
                        String text = wrk(wrk, c, o.seconds(), s.url());
                        Files.writeString(raw.resolve(String.format(Locale.ROOT, "wrk-%s-c%d-round%d.txt", id(t), c, round)), text);
                        WrkOutput result = WrkOutput.parse(text);
                        check(result, t.label + ", " + c + " connection" + (c == 1 ? "" : "s") + ", round " + round, text);
                        runs.add(new Run(t, c, round, result));
                        progress.done(String.format(Locale.ROOT, "round %d/%d %s c=%d %,.0f req/s", round, o.rounds(), id(t), c,
                                result.requestsPerSecond()), o.seconds() + startSeconds, System.nanoTime() - t0);
                        startSeconds = 0;
                    }
                }
            }
        }
        dir.wrote("raw");
        Tables tables = tables(runs, o);
        out.println();
        out.print(tables.markdown());
        dir.write("wrk.csv", tables.csv());
        dir.write("wrk.md", "# ccrj wrk\n\n- " + MachineInfo.describe() + "\n- wrk: " + wrk + "\n\n" + tables.markdown());
        return new Report("The ping service's Get from outside with wrk: the DSS host beside Vert.x web and raw Netty",
                tables.markdown(), List.of(), List.of(), ForkSpread.NONE);
    }

    /**
     * The table and the CSV.
     *
     * @param markdown the table and its note
     * @param csv {@code wrk.csv}: every run
     */
    record Tables(String markdown, Csv csv) {
    }

    /** The table (per connection count, every server: the rounds' median and interval, the host against it) and the CSV. */
    static Tables tables(List<Run> runs, Options o) {
        Verdict.Context context = new Verdict.Context("wrk", o.full(), ForkSpread.NONE);
        DssTarget ours = o.targets().get(0);
        MarkdownTable md = new MarkdownTable("rllllrr", "connections", "server", "requests/s, median (95% interval)", "rounds",
                ours.label + " vs it", "p50 µs", "p99 µs");
        Csv csv = new Csv("server", "connections", "round", "requests_per_s", "requests", "p50_us", "p99_us");
        for (Run r : runs) {
            csv.row(id(r.target()), r.connections(), r.round(), r.result().requestsPerSecond(), r.result().requests(),
                    r.result().p50Micros(), r.result().p99Micros());
        }
        for (int c : o.connections()) {
            Map<DssTarget, List<WrkOutput>> byTarget = new LinkedHashMap<>();
            for (DssTarget t : o.targets()) {
                byTarget.put(t, runs.stream().filter(r -> r.target() == t && r.connections() == c).map(Run::result).toList());
            }
            Estimate host = rate(byTarget.get(ours));
            byTarget.forEach((t, results) -> {
                Estimate e = rate(results);
                String rounds = String.join(" / ", results.stream().map(w -> String.format(Locale.ROOT, "%,.0f", w.requestsPerSecond()))
                        .toList());
                String vs = t == ours ? "(ours)" : Verdict.of(host, e, false, context).text();
                md.row(c, t.label, Headline.show(e, Headline.rerun("wrk", o.full())), rounds, vs,
                        Headline.fmt(Estimate.medianOf(results.stream().mapToDouble(WrkOutput::p50Micros).toArray())),
                        Headline.fmt(Estimate.medianOf(results.stream().mapToDouble(WrkOutput::p99Micros).toArray())));
            });
        }
        String note = "\nEach server in its own JVM (" + HEAP + ", one server I/O thread), started fresh in every round with the"
                + " servers taking turns; wrk with min(connections, 2) threads, " + o.seconds() + " s per run after a discarded "
                + o.warmupSeconds() + " s at 32 connections. A figure is the median of " + o.rounds() + " round"
                + (o.rounds() == 1 ? "" : "s") + " with a bootstrap 95% interval over them; the latencies are the rounds' medians"
                + " of wrk's own percentiles. A ratio only where the two intervals are apart.\n";
        return new Tables(md + note, csv);
    }

    private static Estimate rate(List<WrkOutput> results) {
        return Estimate.median(results.stream().mapToDouble(WrkOutput::requestsPerSecond).toArray());
    }

    /** @return a target's name as the command line and the files spell it, e.g. {@code vertx-web} */
    static String id(DssTarget t) {
        return t.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static void check(WrkOutput result, String what, String text) {
        if (!result.clean()) {
            throw new IllegalStateException(what + ": " + result.failedAnswers() + " answers were not 2xx/3xx and "
                    + result.socketErrors() + " socket errors occurred; wrk said:\n" + text);
        }
    }

    /**
     * @param name a path, or a name to look up on PATH
     * @return the program
     * @throws Publish.Refused naming the program where it is not installed (exit status 1)
     */
    static Path program(String name) {
        if (name.contains(File.separator)) {
            Path p = Path.of(name);
            if (Files.isExecutable(p)) {
                return p;
            }
            throw new Publish.Refused("wrk: " + name + " is not an executable file");
        }
        for (String dir : Objects.requireNonNullElse(System.getenv("PATH"), "").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir).resolve(name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new Publish.Refused(name + " is not installed (not on PATH): on Debian, apt-get install wrk; or give --wrk PATH");
    }

    /** Runs wrk once against {@code url}; fails with its output where it exits with an error. */
    static String wrk(Path wrk, int connections, int seconds, String url) throws IOException, InterruptedException {
        List<String> command = List.of(wrk.toString(), "-t", Integer.toString(Math.min(connections, 2)), "-c",
                Integer.toString(connections), "-d", seconds + "s", "--latency", url);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<String> text = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("could not read wrk's output: " + e.getMessage(), e);
            }
        });
        if (!p.waitFor(seconds + 30L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish within " + (seconds + 30) + " s");
        }
        String said;
        try {
            said = text.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not read wrk's output: " + e, e);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited with status " + p.exitValue() + ":\n" + said);
        }
        return said;
    }

    /** A {@link WrkServer} JVM: started, its URL read, stopped by closing its standard input. */
    record Server(Process process, String url) implements AutoCloseable {
        /** How long a server JVM may take to say it is up. */
        static final long START_SECONDS = 60;

        static Server start(DssTarget target, Path log) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(List.of(HEAP.split(" ")));
            command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                    WrkServer.class.getName(), target.name()));
            Process p = new ProcessBuilder(command).redirectError(log.toFile()).start();
            BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> ready = new CompletableFuture<>();
            // Reads the server's standard output to its end, so that nothing it prints after the
            // ready line can fill the pipe and stall it; the first ready line completes the future.
            Thread reader = new Thread(() -> {
                try {
                    for (String line; (line = lines.readLine()) != null; ) {
                        if (!ready.isDone() && line.startsWith(WrkServer.READY + " ")) {
                            ready.complete(line.substring(WrkServer.READY.length() + 1).strip());
                        }
                    }
                } catch (IOException e) {
                    // the process ended: nothing more to read
                }
                ready.complete(null);
            }, "wrk-server-output");
            reader.setDaemon(true);
            reader.start();
            String url;
            try {
                url = ready.get(START_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                url = null;
            }
            if (url == null) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("the " + target.label + " server did not start within " + START_SECONDS
                        + " s; its log " + log + ":\n" + (Files.exists(log) ? Files.readString(log) : "(none)"));
            }
            return new Server(p, url);
        }

        @Override
        public void close() throws IOException, InterruptedException {
            process.getOutputStream().close();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
