package io.ccrj.bench.dss;

import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.runner.Backend;
import io.ccrj.bench.runner.Commands;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.FigureKey;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.Metric;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.PublishedFigures;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.runner.RunMode;
import io.ccrj.bench.runner.Section;
import io.ccrj.dss.ServiceRef;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ccrj dss}: the papers' DSS timings with ours and the raw Netty baseline's in one run,
 * every figure from JMH ({@link Jmh}: forked JVMs, JMH's warm-up and iterations, JMH's JSON kept
 * as {@code dss-jmh.json}). This class only chooses the benchmarks and turns their forks into the
 * tables, the CSVs, the charts and the headline figures ({@link DssReport}):
 *
 * <ul>
 *   <li>Two-way Gets of the ping service, one at a time, µs per Get ({@link Caller}): the DSS host
 *       in-process through a local {@link ServiceRef} and over loopback HTTP (handlers on the event
 *       loop, and on the dispatcher) and the raw Netty handler ({@link DssRoundTripBenchmark}); a
 *       client service sending each Get from the previous answer's callback, the papers' setup
 *       ({@link DssServiceToServiceBenchmark}, groups of 200 as in Qiu, Fox &amp; Ho 2006, Fig. 13);
 *       the service as a remote partner ({@link DssPartnerBenchmark}, {@code REMOTE_REF_FROM_THREAD}).
 *       JMH's measurement iterations stand for the papers' timed groups.</li>
 *   <li>Throughput: {@link DssThroughputBenchmark#oneInFlight}, {@value DssThroughputBenchmark#THREADS}
 *       connections with one request in flight each, against the DSS host and the raw handler.</li>
 *   <li>One-way: {@link DssNotificationBenchmark}, sampled: a Replace posted in-process, timed until its
 *       notification reaches a subscriber.</li>
 * </ul>
 * Writes {@code dss.csv} (every figure), {@code dss-groups.csv} (every iteration), {@code dss.md},
 * {@code dss-two-way.png} (the iterations' histogram, the papers' figure) and {@code dss-throughput.png}.
 */
public final class DssRunner implements Experiment<DssRunner.Options> {
    /**
     * The options of {@code bin/ccrj dss}.
     *
     * @param full the longer settings
     * @param jmh JMH's forks and iterations per benchmark (0 forks: in this JVM, a wiring check for smoke runs only)
     * @param out output folder, or {@code null} for {@code results/dss-<timestamp>}
     */
    public record Options(boolean full, Jmh.Settings jmh, Path out) {
        /**
         * Quick: 1 fork of 3 + 3 iterations of 300 ms per benchmark: shorter warm-ups leave the HTTP
         * paths to the interpreter and C1, and their figures several times too slow; the verdicts
         * state bounds from the one fork where the gap allows one.
         */
        static final Jmh.Settings QUICK = new Jmh.Settings(1, 3, 3, 300);
        /** Full: 5 forks of 2 + 5 iterations of 1 s: the forks that show the modes. */
        static final Jmh.Settings FULL = new Jmh.Settings(5, 2, 5, 1_000);

        /** The command line, declared for picocli; a fresh one per parse. */
        @Command(name = "bin/ccrj dss", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
                description = {"The papers' DSS experiment (Qiu, Fox & Ho 2006, Fig. 13; Qiu et al. 2007, Fig. 9) under JMH:"
                        + " two-way Get messages to a service, in-process and over loopback HTTP, beside a raw Netty HTTP"
                        + " handler in the same run; HTTP throughput of the DSS host and the raw handler; one-way"
                        + " Replace-to-notification latency.", ""})
        static final class Line {
            @Option(names = "--full", description = "5 forks of 2 + 5 iterations of 1 s per benchmark")
            boolean full;

            @Mixin
            Jmh.SettingsMixin jmh = new Jmh.SettingsMixin(QUICK, FULL);

            @Mixin
            Commands.OutFolder out = new Commands.OutFolder("dss");

            @Mixin
            Commands.Help help = new Commands.Help();
        }

        /** The usage text. */
        public static final String USAGE = Commands.usage(new Line());

        /**
         * Parses a command line.
         *
         * @param args the arguments
         * @return the options
         * @throws IllegalArgumentException one line naming the bad option as typed
         */
        public static Options parse(String... args) {
            Line l = Commands.parse(new Line(), args);
            return new Options(l.full, l.jmh.settings(l.full), l.out.folder());
        }

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

    /** The papers' two-way figures, from {@link PublishedFigures} (Qiu et al. 2007: 30-50 µs, 20,000-25,000 messages/s) and Axis2's 3,000/s. */
    static final double PUBLISHED_TWO_WAY_MICROS_LOW = PublishedFigures.require("dss.two-way.us").value();
    static final double PUBLISHED_TWO_WAY_MICROS_HIGH = PublishedFigures.require("dss.two-way.us.high").value();
    static final double PUBLISHED_MSGS_PER_S_HIGH = PublishedFigures.require("dss.throughput.per-s").value();
    static final double AXIS2_MSGS_PER_S = PublishedFigures.require("dss.axis2.per-s").value();

    @Override
    public String usage() {
        return Options.USAGE;
    }

    @Override
    public Options parse(String... args) {
        return Options.parse(args);
    }

    @Override
    public Options options(RunMode mode, Path out) {
        return Options.of(mode, out);
    }

    /**
     * The headline figures: the two-way callers' and the throughput's medians over their forks, the
     * raw Netty handler as the peer; from one fork, the values without an interval across forks
     * ({@link Forks#acrossForks}), which the headline's verdicts widen by the run's fork spread.
     */
    static List<Figure> headline(DssReport r) {
        Estimate host = r.throughput().get(DssTarget.DSS_HTTP).acrossForks();
        return List.of(
                Figure.of(twoWay(Caller.SERVICE_TO_SERVICE), "DSS two-way Get, service to service in-process",
                        r.twoWay().get(Caller.SERVICE_TO_SERVICE).acrossForks(), "dss.two-way.us"),
                // The papers' 30-50 µs and 20-25k messages/s were between services in one process: the
                // HTTP rows are compared with raw Netty and Axis2 (a web service over HTTP), not with them.
                Figure.of(twoWay(Caller.HTTP), "DSS two-way Get, loopback HTTP", r.twoWay().get(Caller.HTTP).acrossForks(), null)
                        .withPeer("raw Netty", r.twoWay().get(Caller.RAW_NETTY).acrossForks()),
                Figure.of(throughput(Timing.THROUGHPUT), "DSS HTTP throughput", host, null)
                        .withPeer("raw Netty", r.throughput().get(DssTarget.RAW_NETTY).acrossForks()),
                Figure.of(throughput(Timing.THROUGHPUT_BESIDE_AXIS2), "  same, against Apache Axis2 (the papers' figure)", host, null)
                        .withPeer("Axis2, Qiu, Fox & Ho 2006", Estimate.point(AXIS2_MSGS_PER_S)));
    }

    /** What the section times, the experiment part of its figures' keys. */
    enum Timing {
        /** A Get and its answer, one at a time. */
        TWO_WAY,
        /** Requests answered per second, {@value DssThroughputBenchmark#THREADS} connections with one in flight each. */
        THROUGHPUT,
        /** The same throughput put beside Apache Axis2's published rate. */
        THROUGHPUT_BESIDE_AXIS2
    }

    /** @return the key of a caller's two-way figure: one Get at a time, µs per round trip */
    static FigureKey twoWay(Caller c) {
        return new FigureKey(Section.DSS, Timing.TWO_WAY, c, Backend.DSS_SERVICES, 1, 0, Metric.ROUND_TRIP_US);
    }

    /** @return the key of the DSS host's throughput over HTTP */
    static FigureKey throughput(Timing t) {
        return new FigureKey(Section.DSS, t, DssTarget.DSS_HTTP, Backend.DSS_SERVICES, DssThroughputBenchmark.THREADS, 0,
                Metric.REQUESTS_PER_S);
    }

    /** JMH's two-way round trip: one Get per operation. */
    static final String ROUND_TRIP = DssRoundTripBenchmark.class.getCanonicalName() + ".get";

    /** A two-way caller, in table order: what the tables call it, the target it calls, and its JMH benchmark. */
    enum Caller {
        /** A local {@link ServiceRef}. */
        IN_PROCESS_REF("DSS in-process (local ServiceRef)", DssTarget.DSS_IN_PROCESS, ROUND_TRIP, "target"),
        /** A client service sending each Get from the previous answer's callback: the papers' setup. */
        SERVICE_TO_SERVICE("DSS service to service, in-process (the papers' setup)", DssTarget.DSS_IN_PROCESS,
                DssServiceToServiceBenchmark.class.getCanonicalName() + ".group", null),
        /** {@link ServiceRef#remote}, DSS's pooled Netty client. */
        REMOTE_PARTNER("DSS remote partner (ServiceRef.remote, pooled Netty client)", DssTarget.DSS_HTTP,
                DssPartnerBenchmark.class.getCanonicalName() + ".get", "path"),
        /** The round-trip client against the DSS host, handlers on the event loop. */
        HTTP("DSS host over HTTP (round-trip client)", DssTarget.DSS_HTTP, ROUND_TRIP, "target"),
        /** The round-trip client against the DSS host, handlers on the dispatcher. */
        HTTP_DISPATCHER("DSS host over HTTP, handlers on the dispatcher (round-trip client)", DssTarget.DSS_HTTP_DISPATCHER,
                ROUND_TRIP, "target"),
        /** The round-trip client against the raw Netty handler. */
        RAW_NETTY("raw Netty handler over HTTP (round-trip client)", DssTarget.RAW_NETTY, ROUND_TRIP, "target");

        final String label;
        final DssTarget target;
        final String benchmark;
        /** The parameter naming what is called, or {@code null} where the benchmark has none. */
        final String param;

        Caller(String label, DssTarget target, String benchmark, String param) {
            this.label = label;
            this.target = target;
            this.benchmark = benchmark;
            this.param = param;
        }

        /** The parameter's value: the target's name, or the partner benchmark's path. */
        String value() {
            return this == REMOTE_PARTNER ? DssPartnerBenchmark.Path.REMOTE_REF_FROM_THREAD.name() : target.name();
        }

        boolean is(Forks f) {
            return f.benchmark().equals(benchmark) && (param == null || value().equals(f.params().get(param)));
        }
    }

    /** The servers of the throughput benchmark, in table order. */
    static final List<DssTarget> LOADED = List.of(DssTarget.DSS_HTTP, DssTarget.DSS_HTTP_DISPATCHER, DssTarget.RAW_NETTY);
    static final String THROUGHPUT = DssThroughputBenchmark.class.getCanonicalName() + ".oneInFlight";
    static final String ONE_WAY = DssNotificationBenchmark.class.getCanonicalName() + ".replaceToNotification";

    /** The JMH runs: round trips (AverageTime only), the partner, service to service, throughput, notification (sampled). */
    static List<Jmh.Part> parts() {
        List<String> roundTrip = java.util.Arrays.stream(Caller.values()).filter(c -> c.benchmark.equals(ROUND_TRIP)).map(Caller::value)
                .toList();
        return List.of(
                new Jmh.Part(ROUND_TRIP, Map.of("target", roundTrip), Mode.AverageTime),
                new Jmh.Part(Caller.REMOTE_PARTNER.benchmark, Map.of("path", List.of(Caller.REMOTE_PARTNER.value())), null),
                new Jmh.Part(Caller.SERVICE_TO_SERVICE.benchmark, Map.of(), null),
                new Jmh.Part(THROUGHPUT, Map.of("target", LOADED.stream().map(DssTarget::name).toList()), null),
                new Jmh.Part(ONE_WAY, Map.of(), Mode.SampleTime));
    }

    /** The run's forks sorted into the report; fails if a benchmark is missing. */
    static DssReport report(List<Forks> forks, Jmh.Settings settings) {
        Map<Caller, Forks> twoWay = new EnumMap<>(Caller.class);
        for (Caller c : Caller.values()) {
            twoWay.put(c, one(forks.stream().filter(c::is).toList(), c.benchmark + " for " + c.label));
        }
        Map<DssTarget, Forks> throughput = new LinkedHashMap<>(); // in LOADED's order, the raw handler last
        for (DssTarget t : LOADED) {
            throughput.put(t, one(forks.stream().filter(f -> f.benchmark().equals(THROUGHPUT) && t.name().equals(f.params().get("target")))
                    .toList(), THROUGHPUT + " target=" + t.name()));
        }
        Forks oneWay = one(forks.stream().filter(f -> f.benchmark().equals(ONE_WAY)).toList(), ONE_WAY);
        return new DssReport(settings, twoWay, throughput, oneWay);
    }

    private static Forks one(List<Forks> found, String what) {
        if (found.size() != 1) {
            throw new IllegalStateException("JMH gave " + found.size() + " results for " + what + ", not one");
        }
        return found.get(0);
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        NettyTransport.useJdkLogging(); // smoke runs keep JMH in this JVM, where Netty would pick MPJ Express's log4j
        String machine = MachineInfo.describe();
        out.println("ccrj dss — the papers' DSS timings, ours and a raw Netty handler in one JMH run");
        out.println(machine);
        out.println("JMH: " + o.jmh().describe() + " per benchmark");
        long start = System.nanoTime();
        OutputFolder dir = new OutputFolder(o.out(), "dss", out);
        DssReport report = report(Jmh.run(parts(), o.jmh(), dir.path(RAW), err), o.jmh());
        dir.wrote(RAW);
        double took = (System.nanoTime() - start) / 1e9;
        String tables = report.tables();
        out.println();
        out.print(tables);
        dir.write("dss.csv", report.csv());
        dir.write("dss-groups.csv", report.groupsCsv());
        String markdown = "- " + machine + "\n" + String.format(Locale.ROOT, "- measured in %s%n%n", Progress.clockTime(took)) + tables;
        dir.write("dss.md", "# ccrj dss — DSS timings beside a raw Netty handler\n\n" + markdown);
        dir.chart("dss-two-way.png", report::twoWayHistogram);
        dir.chart("dss-throughput.png", report::throughputChart);
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        return new Report("DSS services beside a raw Netty handler: two-way groups, throughput, one-way (Qiu, Fox & Ho 2006, Fig. 13)",
                markdown, headline(report), dir.charts(), report.spread());
    }

    /** JMH's own JSON of the run, the section's raw file. */
    static final String RAW = "dss-jmh.json";
}
