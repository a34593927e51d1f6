package io.ccrj.bench.core;

import io.ccrj.bench.core.PeerComparisonBenchmark.ScatterGather;
import io.ccrj.bench.dss.DssRoundTripBenchmark;
import io.ccrj.bench.dss.DssTarget;
import io.ccrj.bench.dss.DssThroughputBenchmark;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.runner.Backend;
import io.ccrj.bench.runner.Commands;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.FigureKey;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Metric;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.runner.RunMode;
import io.ccrj.bench.runner.Section;
import io.ccrj.bench.runner.Verdict;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ccrj peers}: ccr-core and dss-services beside the tools a reader would pick today, in
 * one run, every figure from JMH ({@link Jmh}: forked JVMs, JMH's warm-up and iterations, JMH's
 * JSON kept as {@code peers-jmh.json}):
 * <ul>
 *   <li>one-way messages per second, ping-pong round trip and a scatter-gather of 1,000 tasks
 *   ({@link PeerComparisonBenchmark}): ccr-core, Apache Pekko typed actors, jox channels,
 *   CompletableFuture on a ForkJoinPool, and virtual threads with a SynchronousQueue or
 *   ArrayBlockingQueue;</li>
 *   <li>the ping service's Get over loopback HTTP: the DSS host, Vert.x web, the JDK's HttpServer
 *   and a raw Netty handler, one connection's round trip ({@link DssRoundTripBenchmark}) and the
 *   throughput of {@value DssThroughputBenchmark#THREADS} connections with one request in flight
 *   each ({@link DssThroughputBenchmark}).</li>
 * </ul>
 * The benchmarks check every answer (counts, sums, statuses) and a wrong one fails the run. This
 * class only chooses the benchmarks and their settings and turns JMH's forks into the table,
 * {@code peers.csv} and the headline figures: a figure is the median of its forks' scores with a
 * bootstrap interval over forks and iterations ({@link Forks}), forks that fall into two modes are
 * shown as two, and a ratio against a single fork (the quick run's peers) is a bound that allows
 * for the mode it did not catch ({@link Verdict}). ccr-core (dss-services for HTTP) is "ours", each
 * other tool a peer.
 */
public final class PeersRunner implements Experiment<PeersRunner.Options> {
    /**
     * The options of {@code bin/ccrj peers}.
     *
     * @param full the longer settings
     * @param jmh JMH's forks and iterations per benchmark (0 forks: in this JVM, a wiring check for smoke runs only)
     * @param out output folder, or {@code null} for {@code results/peers-<timestamp>}
     */
    public record Options(boolean full, Jmh.Settings jmh, Path out) {
        /**
         * Quick: 1 fork of 3 + 2 iterations of 300 ms per benchmark ({@value PeersRunner#OURS_LEAST_FORKS} of
         * ccr-core's), warm enough for the HTTP servers' JIT but not to tell a peer's modes apart
         * (the verdicts state bounds where the gap allows one); full: 5 forks of 2 + 4 iterations of
         * 1 s, the forks that show the modes.
         */
        // Three warm-ups, not two: a peer has one fork in the quick run, and after two warm-ups
        // a channel peer's fork could still be measuring partly interpreted code, a gap of an
        // order of magnitude that no fork-spread bound allows for.
        static final Jmh.Settings QUICK = new Jmh.Settings(1, 3, 2, 300);
        static final Jmh.Settings FULL = new Jmh.Settings(5, 2, 4, 1_000);

        /**
         * @param mode quick, full or smoke (JMH in this JVM)
         * @param out the output folder, or {@code null}
         * @return the options of that mode
         */
        public static Options of(RunMode mode, Path out) {
            return switch (mode) {
                case QUICK -> new Options(false, QUICK, out);
                case FULL -> new Options(true, FULL, out);
                case SMOKE -> new Options(false, Jmh.SMOKE, out);
            };
        }
    }

    /**
     * A tool of the messaging workloads, by the JMH parameter value that picks it in
     * {@link PeerComparisonBenchmark} (the HTTP workloads' tools are {@link DssTarget}s).
     */
    enum Tool {
        CCR("ccr"), CCR_ONE_DISPATCHER("ccrOneDispatcher"), CCR_TWO_THREADS("ccrTwoThreads"), PEKKO("pekko"), JOX("jox"),
        COMPLETABLE_FUTURE("completableFuture"), VIRTUAL_THREAD_QUEUE("virtualThreadQueue"), SYNC_QUEUE_VIRTUAL("syncQueueVirtual"),
        FLOOR("floor"), INVOKE_ALL("invokeAll"), VIRTUAL_THREADS("virtualThreads"), TWO_HALVES("twoHalves");

        /** The benchmark's {@code impl} value. */
        final String param;

        Tool(String param) {
            this.param = param;
        }
    }

    /** @return the JMH parameter value that picks a tool: a {@link Tool}'s, or a {@link DssTarget}'s name */
    static String param(Enum<?> tool) {
        return tool instanceof Tool t ? t.param : tool.name();
    }

    /** One-way peers ({@link Peers#oneWay}): ccr-core first; the JMH class's fjp and jctoolsMpsc are left out here. */
    static final Map<Enum<?>, String> ONE_WAY = names(Tool.CCR, "ccr-core", Tool.PEKKO, "Pekko typed actor", Tool.JOX, "jox channel",
            Tool.COMPLETABLE_FUTURE, "CompletableFuture.runAsync on ForkJoinPool(1)", Tool.VIRTUAL_THREAD_QUEUE,
            "ArrayBlockingQueue, virtual thread");
    /** Ping-pong peers ({@link Peers#roundTrips}). */
    static final Map<Enum<?>, String> PING_PONG = names(Tool.CCR, "ccr-core", Tool.CCR_ONE_DISPATCHER,
            "ccr-core, both parties on one one-thread dispatcher", Tool.CCR_TWO_THREADS,
            "ccr-core, both parties on one two-thread dispatcher", Tool.PEKKO, "Pekko typed actors", Tool.JOX,
            "jox rendezvous channels", Tool.COMPLETABLE_FUTURE, "CompletableFuture hops between two ForkJoinPool(1)",
            Tool.SYNC_QUEUE_VIRTUAL, "SynchronousQueue, virtual threads", Tool.FLOOR,
            "the floor: two threads spinning on JCTools SPSC queues");
    /** Scatter-gather peers ({@link ScatterGather}). */
    static final Map<Enum<?>, String> SCATTER = names(Tool.CCR, "ccr-core", Tool.COMPLETABLE_FUTURE,
            "CompletableFuture.supplyAsync on ForkJoinPool(2)", Tool.INVOKE_ALL, "invokeAll on newFixedThreadPool(2)",
            Tool.VIRTUAL_THREADS, "one virtual thread per task", Tool.PEKKO, "Pekko: a pool router of two typed actors",
            Tool.TWO_HALVES, "the floor: the same work in two halves on ForkJoinPool(2)");
    /** The scatter-gather's task sizes, xorshift rounds per task: one workload each. */
    static final List<Integer> SCATTER_ROUNDS = List.of(1, 10, 100, 1_000);
    /** HTTP peers ({@link DssTarget} names): dss-services first (its host, handlers on the event loop). */
    static final Map<Enum<?>, String> HTTP = List.of(DssTarget.DSS_HTTP, DssTarget.VERTX_WEB, DssTarget.JDK_HTTP_SERVER,
            DssTarget.RAW_NETTY).stream().collect(Collectors.toMap(t -> t, t -> t.label, (a, b) -> a, LinkedHashMap::new));

    /** What a workload times, the experiment part of its figures' keys: its metric and whose figure is ours. */
    enum Kind {
        ONE_WAY("one-way", Metric.MESSAGES_PER_S, Backend.CCR_CORE),
        PING_PONG("ping-pong", Metric.ROUND_TRIP_US, Backend.CCR_CORE),
        SCATTER_GATHER("scatter-gather", Metric.OP_US, Backend.CCR_CORE),
        HTTP_ROUND_TRIP("http-round-trip", Metric.ROUND_TRIP_US, Backend.DSS_SERVICES),
        HTTP_THROUGHPUT("http-throughput", Metric.REQUESTS_PER_S, Backend.DSS_SERVICES);

        /** The name in messages. */
        final String id;
        final Metric metric;
        /** The library whose figure is ours. */
        final Backend ours;

        Kind(String id, Metric metric, Backend ours) {
            this.id = id;
            this.metric = metric;
            this.ours = ours;
        }
    }

    /**
     * One workload: its JMH benchmark, the parameter that names the peer, and how its score is shown.
     *
     * @param kind what it times
     * @param rounds the scatter-gather's xorshift rounds per task, else 0 (the size part of the key)
     * @param title shown in the table
     * @param names the tools by enum constant, ours first
     * @param benchmark the JMH benchmark method
     * @param param the {@code @Param} naming the tool
     * @param fixed the benchmark's other {@code @Param}s, one value each for this workload
     * @param mode the JMH mode where the class has several, else {@code null}
     */
    record Workload(Kind kind, int rounds, String title, Map<Enum<?>, String> names, String benchmark, String param,
                    Map<String, String> fixed, Mode mode) {
        /**
         * @return the JMH benchmarks of this workload: in a messaging workload ccr-core as a part of
         *     its own that runs at least {@value PeersRunner#OURS_LEAST_FORKS} forks, then the peers; an HTTP
         *     workload as one part
         */
        List<Jmh.Part> parts() {
            List<String> tools = names.keySet().stream().map(PeersRunner::param).toList();
            if (kind.ours != Backend.CCR_CORE) {
                return List.of(part(tools, 0));
            }
            return List.of(part(tools.subList(0, 1), OURS_LEAST_FORKS), part(tools.subList(1, tools.size()), 0));
        }

        private Jmh.Part part(List<String> tools, int leastForks) {
            Map<String, List<String>> params = new LinkedHashMap<>();
            fixed.forEach((k, v) -> params.put(k, List.of(v)));
            params.put(param, tools);
            return new Jmh.Part(benchmark, params, mode, leastForks);
        }

        /** @return whether JMH's {@code f} is this workload's benchmark for {@code tool} */
        boolean measured(Forks f, Enum<?> tool) {
            return f.benchmark().equals(benchmark) && PeersRunner.param(tool).equals(f.params().get(param))
                    && fixed.entrySet().stream().allMatch(e -> e.getValue().equals(f.params().get(e.getKey())));
        }

        /** @return the key of ours against {@code tool} */
        FigureKey key(Enum<?> tool) {
            return new FigureKey(Section.PEERS, kind, tool, kind.ours, 0, rounds, kind.metric);
        }

        String unit() {
            return kind.metric.unit;
        }

        boolean lowerIsBetter() {
            return kind.metric.lowerIsBetter;
        }
    }

    /**
     * Forks ccr-core's side of a messaging workload runs at least, in every mode that forks. Every
     * comparison is ours against one peer, so three forks of ours, the cheap side, give ours an
     * interval across forks: against a peer's single fork, widened by the square of how far forks
     * vary ({@link io.ccrj.bench.runner.ForkSpread#otherFactor()}), the gap then needs to exceed
     * that square, not its cube. The six benchmarks' ranges are also most of what the run's fork
     * spread is the median of ({@link io.ccrj.bench.runner.ForkSpread}).
     */
    static final int OURS_LEAST_FORKS = 3;

    /** The workloads, in the order they run and are shown. */
    static final List<Workload> WORKLOADS = workloads();

    private static List<Workload> workloads() {
        List<Workload> w = new ArrayList<>();
        w.add(new Workload(Kind.ONE_WAY, 0, "one-way", ONE_WAY,
                PeerComparisonBenchmark.OneWay.class.getCanonicalName() + ".oneWay", "impl", Map.of(), null));
        w.add(new Workload(Kind.PING_PONG, 0, "ping-pong round trip", PING_PONG,
                PeerComparisonBenchmark.RoundTrip.class.getCanonicalName() + ".pingPong", "impl", Map.of(), null));
        for (int rounds : SCATTER_ROUNDS) {
            w.add(new Workload(Kind.SCATTER_GATHER, rounds, String.format(Locale.ROOT, "scatter-gather of 1,000 tasks of %,d xorshift"
                    + " round%s", rounds, rounds == 1 ? "" : "s"), SCATTER, ScatterGather.class.getCanonicalName()
                    + ".scatterGather", "impl", Map.of("rounds", String.valueOf(rounds)), null));
        }
        w.add(new Workload(Kind.HTTP_ROUND_TRIP, 0, "HTTP Get, one connection's round trip", HTTP,
                DssRoundTripBenchmark.class.getCanonicalName() + ".get", "target", Map.of(), Mode.AverageTime));
        w.add(new Workload(Kind.HTTP_THROUGHPUT, 0, "HTTP Get, throughput over " + DssThroughputBenchmark.THREADS + " connections",
                HTTP, DssThroughputBenchmark.class.getCanonicalName() + ".oneInFlight", "target", Map.of(), null));
        return List.copyOf(w);
    }

    /** The command line, declared for picocli; a fresh one per parse. */
    @Command(name = "bin/ccrj peers", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
            description = {"ccr-core beside Apache Pekko, jox, CompletableFuture on a ForkJoinPool and virtual threads with a"
                    + " SynchronousQueue or ArrayBlockingQueue (one-way, ping-pong, scatter-gather of 1,000 tasks of 1 to"
                    + " 1,000 xorshift rounds, also against invokeAll), and"
                    + " dss-services beside Vert.x web, the JDK's HttpServer and raw Netty (one connection's round trip,"
                    + " 4 connections' throughput), all in one run under JMH (forked JVMs), every answer checked.", ""})
    static final class Line {
        @Option(names = "--full", description = "5 forks of 3 + 5 iterations of 1 s per benchmark")
        boolean full;

        @Mixin
        Jmh.SettingsMixin jmh = new Jmh.SettingsMixin(Options.QUICK, Options.FULL);

        @Mixin
        Commands.OutFolder out = new Commands.OutFolder("peers");

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
        return new Options(l.full, l.jmh.settings(l.full), l.out.folder());
    }

    @Override
    public Options options(RunMode mode, Path out) {
        return Options.of(mode, out);
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        out.println("ccrj peers — ccr-core and dss-services beside today's tools, in one JMH run");
        out.println(MachineInfo.describe());
        out.println("JMH: " + o.jmh().describe() + " per benchmark");
        OutputFolder dir = new OutputFolder(o.out(), "peers", out);
        List<Forks> forks = Jmh.run(WORKLOADS.stream().flatMap(w -> w.parts().stream()).toList(), o.jmh(), dir.path(RAW), err);
        dir.wrote(RAW);
        Tables t = tables(forks, o);
        out.println();
        out.print(t.markdown());
        dir.write("peers.csv", t.csv());
        dir.write("peers.md", "# ccrj peers\n\n- " + MachineInfo.describe() + "\n\n" + t.markdown());
        return new Report("Today's peers: ccr-core beside Pekko, jox, CompletableFuture and virtual threads;"
                + " dss-services beside Vert.x web, the JDK's HttpServer and raw Netty", t.markdown(), t.figures(), List.of(),
                ForkSpread.of(forks));
    }

    /** JMH's own JSON of the run, the section's raw file. */
    static final String RAW = "peers-jmh.json";

    /**
     * What the run shows.
     *
     * @param markdown the table and its notes
     * @param csv {@code peers.csv}: every measurement iteration of every fork
     * @param figures one headline figure per peer
     */
    record Tables(String markdown, Csv csv, List<Figure> figures) {
    }

    /** The table, the CSV and the figures from JMH's forks; fails if a benchmark of a workload is missing. */
    static Tables tables(List<Forks> forks, Options o) {
        String rerun = Headline.rerunAfterForks("peers", o.jmh().forks());
        ForkSpread spread = ForkSpread.of(forks);
        Verdict.Context context = new Verdict.Context("peers", o.full(), spread);
        List<Figure> figures = new ArrayList<>();
        MarkdownTable md = new MarkdownTable("llrll", "workload", "tool", "median (95% interval)", "forks", "ours vs it");
        Csv csv = new Csv("workload", "tool", "unit", "fork", "iteration", "value");
        for (Workload w : WORKLOADS) {
            Map<Enum<?>, Forks> byImpl = new LinkedHashMap<>();
            for (Enum<?> impl : w.names().keySet()) {
                byImpl.put(impl, forks.stream().filter(f -> w.measured(f, impl))
                        .findFirst().orElseThrow(() -> new IllegalStateException("JMH gave no result for " + w.benchmark() + " "
                                + w.param() + "=" + param(impl) + (w.fixed().isEmpty() ? "" : " " + w.fixed()))));
            }
            Enum<?> ours = w.names().keySet().iterator().next();
            Forks oursForks = byImpl.get(ours);
            // For ratios and the headline: from one fork, the value without an interval (Forks.acrossForks).
            Estimate oursAcross = scaled(oursForks.acrossForks(), toOurUnit(oursForks.unit()));
            byImpl.forEach((impl, f) -> {
                double scale = toOurUnit(f.unit());
                Estimate e = scaled(f.estimate(), scale);
                Estimate across = scaled(f.acrossForks(), scale);
                String vs = impl.equals(ours) ? "(ours)" : Verdict.of(oursAcross, across, w.lowerIsBetter(), context).text();
                md.row(w.title() + " (" + w.unit() + ")", w.names().get(impl), Headline.show(e, rerun), f.modes().describe(scale), vs);
                for (int k = 0; k < f.iterations().size(); k++) {
                    double[] its = f.iterations().get(k);
                    for (int i = 0; i < its.length; i++) {
                        csv.row(w.title(), w.names().get(impl), w.unit(), k + 1, i + 1, its[i] * scale);
                    }
                }
                if (!impl.equals(ours)) {
                    figures.add(Figure.of(w.key(impl), w.title() + ", " + w.names().get(ours) + " vs " + w.names().get(impl), oursAcross,
                                    null)
                            .withPeer(w.names().get(impl), across));
                }
            });
        }
        return new Tables(md + notes(o, spread), csv, figures);
    }

    /** The notes under the table: whose figure is ours, how a figure and a ratio are made, and what one fork allows. */
    private static String notes(Options o, ForkSpread spread) {
        boolean oneFork = o.jmh().forks() < 2;
        return "\nOurs: ccr-core for the messaging workloads, dss-services (its host, handlers on the event loop)"
                + " for HTTP. JMH, " + o.jmh().describe() + " per benchmark; a figure is the median of its forks' scores"
                + " with a bootstrap interval over forks and iterations; forks that fall into groups more than 1.5x apart are"
                + " shown as two modes. A ratio only where both figures are resolved and their intervals apart, else \"not resolved\"."
                + (oneFork ? " One fork per peer (ccr-core's messaging figures: " + OURS_LEAST_FORKS + " forks, an interval"
                        + " across them): a single fork's interval holds its iterations only, not the fork-to-fork modes"
                        + " (about 2x apart on 2-vCPU machines), so a ratio against it is a bound (\"at least\"), stated where that"
                        + " interval widened is still apart from the other's: ours by how far forks vary (" + spread.describe()
                        + ": " + ForkSpread.RULE + "), a peer by that squared (" + String.format(Locale.ROOT, "%.1fx",
                        spread.otherFactor()) + "), since ccr-core's forks and the floor's say nothing of another program's modes;"
                        + " --full runs 5 forks of every benchmark." : "")
                + " HTTP throughput: " + DssThroughputBenchmark.THREADS + " benchmark threads, one keep-alive connection and one"
                + " request in flight each.\n";
    }

    /** A figure in our unit. */
    private static Estimate scaled(Estimate e, double s) {
        return e.map(v -> v * s);
    }

    /** JMH's score unit to ours: times in µs, rates per second. */
    static double toOurUnit(String jmhUnit) {
        return switch (jmhUnit) {
            case "ns/op" -> 1e-3;
            case "us/op", "ops/s" -> 1;
            case "ms/op" -> 1e3;
            default -> throw new IllegalArgumentException("unexpected JMH unit " + jmhUnit);
        };
    }

    /** @return the tools and their labels in the order given: tool, label, tool, label, ... */
    private static Map<Enum<?>, String> names(Object... pairs) {
        Map<Enum<?>, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((Enum<?>) pairs[i], (String) pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
