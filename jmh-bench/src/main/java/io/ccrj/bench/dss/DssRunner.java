package io.ccrj.bench.dss;

import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.runner.PublishedFigures;

import io.ccrj.bench.dss.client.HttpLoadGenerator;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import io.ccrj.bench.dss.client.LoadResult;
import io.ccrj.bench.dss.client.LoadSettings;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.dss.ServiceRef;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import io.ccrj.bench.runner.Cli;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * {@code bin/ccrj dss}: the papers' DSS timings with ours and the raw Netty baseline's in one run.
 *
 * <ul>
 *   <li>Two-way: groups of {@code groupSize} Get messages to the ping service, one at a time,
 *       each group timed, {@code groups} times (Qiu, Fox &amp; Ho 2006, Fig. 13: 200 messages, 30 groups): the
 *       DSS host in-process through a local {@link ServiceRef}; the same service as a remote
 *       partner ({@link ServiceRef#remote}, DSS's pooled Netty client); and, through one shared
 *       round-trip client, the DSS host over loopback HTTP (default: the built-ins' handlers on
 *       the event loop; and with handlers on the dispatcher) and the raw Netty handler.</li>
 *   <li>Throughput: the same load generator (closed loop, {@code connections} keep-alive
 *       connections, one request in flight each) against the DSS host and the raw handler.</li>
 *   <li>One-way: a Replace posted in-process, timed until its notification reaches a subscriber.</li>
 * </ul>
 * Writes {@code dss.csv} (every figure), {@code dss-groups.csv} (every group), {@code dss.md}
 * and {@code dss-two-way.png} (the groups' histogram, the papers' figure) and
 * {@code dss-throughput.png}.
 */
public final class DssRunner implements Experiment<DssRunner.Options> {
    /**
     * The options of {@code bin/ccrj dss}.
     *
     * @param full longer throughput windows and more notifications
     * @param groups timed groups per target (the papers: 30)
     * @param groupSize two-way messages per group (the papers: 200)
     * @param connections load generator connections for the throughput test (wrk -c)
     * @param throughputSeconds measured seconds of each throughput run
     * @param throughputRounds throughput runs per server, the servers taking turns (median reported)
     * @param notifications one-way Replace-to-notification samples
     * @param out output folder, or {@code null} for {@code results/dss-<timestamp>}
     */
    public record Options(boolean full, int groups, int groupSize, int connections, double throughputSeconds,
                          int throughputRounds, int notifications, Path out) {
        private static final OptionParser PARSER = Cli.parser();
        private static final OptionSpec<Void> FULL = Cli.flag(PARSER, "full", "7 throughput rounds of 5 s, 100,000 notifications");
        private static final OptionSpec<Integer> GROUPS = Cli.whole(PARSER, "groups",
                "timed groups per target (default 30, the papers')");
        private static final OptionSpec<Integer> GROUP_SIZE = Cli.whole(PARSER, "group-size",
                "two-way messages per group (default 200, the papers')");
        private static final OptionSpec<Integer> CONNECTIONS = Cli.whole(PARSER, "connections",
                "load generator connections (default 32, as wrk -c32)");
        private static final OptionSpec<Double> SECONDS = Cli.number(PARSER, "throughput-s",
                "measured seconds per throughput run (default 1.2; --full 5)", "SECONDS");
        private static final OptionSpec<Integer> ROUNDS = Cli.whole(PARSER, "rounds",
                "throughput runs per server, servers taking turns, median reported (default 5; --full 7)");
        private static final OptionSpec<Integer> NOTIFICATIONS = Cli.whole(PARSER, "notifications",
                "Replace-to-notification samples (default 20000; --full 100000)");
        private static final OptionSpec<String> OUT = Cli.text(PARSER, "out",
                "output folder (default results/dss-<timestamp>)", "DIR");

        /** The usage text. */
        public static final String USAGE = Cli.usage("""
                Usage: bin/ccrj dss [options]

                The papers' DSS experiment (Qiu, Fox & Ho 2006, Fig. 13; Qiu et al. 2007, Fig. 9): groups of two-way Get messages
                to a service, each group timed, in-process and over loopback HTTP, beside a raw Netty HTTP
                handler in the same run; HTTP throughput of the DSS host and the raw handler under the same
                load generator; one-way Replace-to-notification latency.
                """, PARSER);

        /**
         * Parses a command line.
         *
         * @param args the arguments
         * @return the options
         * @throws IllegalArgumentException naming the bad option (or jopt-simple's OptionException)
         */
        public static Options parse(String... args) {
            OptionSet s = Cli.parse(PARSER, args);
            Options d = defaults(s.has(FULL));
            return new Options(d.full(), Cli.intIn(s, GROUPS, d.groups(), 1, 100_000),
                    Cli.intIn(s, GROUP_SIZE, d.groupSize(), 1, 1_000_000), Cli.intIn(s, CONNECTIONS, d.connections(), 1, 10_000),
                    Cli.doubleIn(s, SECONDS, d.throughputSeconds(), 0.01, 3600), Cli.intIn(s, ROUNDS, d.throughputRounds(), 1, 100),
                    Cli.intIn(s, NOTIFICATIONS, d.notifications(), 1, 10_000_000), Cli.folder(s, OUT));
        }

        /**
         * @param full longer runs
         * @return the options of a command line that sets nothing else
         */
        public static Options defaults(boolean full) {
            return new Options(full, 30, 200, 32, full ? 5 : 1.2, full ? 7 : 5, full ? 100_000 : 20_000, null);
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

    /**
     * The headline figures: two-way means over the groups (bootstrap over groups), throughput
     * medians over the servers' turns (bootstrap over turns), the raw Netty handler as the peer.
     */
    static List<Figure> headline(Map<Caller, double[]> groupsByCaller, Map<DssTarget, double[]> throughputRounds) {
        Estimate host = Estimate.median(throughputRounds.get(DssTarget.DSS_HTTP));
        return List.of(
                Figure.of(List.of("dss", "two-way", Caller.SERVICE_TO_SERVICE), "DSS two-way Get, service to service in-process",
                        "µs", true, mean(groupsByCaller.get(Caller.SERVICE_TO_SERVICE)), "dss.two-way.us"),
                Figure.of(List.of("dss", "two-way", Caller.HTTP), "DSS two-way Get, loopback HTTP", "µs", true,
                        mean(groupsByCaller.get(Caller.HTTP)), "dss.two-way.us")
                        .withPeer("raw Netty", mean(groupsByCaller.get(Caller.RAW_NETTY))),
                Figure.of(List.of("dss", "throughput", DssTarget.DSS_HTTP), "DSS HTTP throughput", "requests/s", false, host,
                        "dss.throughput.per-s").withPeer("raw Netty", Estimate.median(throughputRounds.get(DssTarget.RAW_NETTY))),
                Figure.of(List.of("dss", "throughput", DssTarget.DSS_HTTP, "vs-axis2"),
                        "  same, against Apache Axis2 (the papers' figure)", "requests/s", false, host, null)
                        .withPeer("Axis2, Qiu, Fox & Ho 2006", Estimate.point(AXIS2_MSGS_PER_S)));
    }

    private static Estimate mean(double[] groups) {
        return Estimate.bootstrap(s -> DssReport.mean(s[0]), groups);
    }

    /** A two-way caller, in table order: what the tables call it, the target it calls, and whether through DSS's partner API. */
    enum Caller {
        /** A local {@link ServiceRef}. */
        IN_PROCESS_REF("DSS in-process (local ServiceRef)", DssTarget.DSS_IN_PROCESS, true),
        /** A client service sending each Get from the previous answer's callback: the papers' setup. */
        SERVICE_TO_SERVICE("DSS service to service, in-process (the papers' setup)", DssTarget.DSS_IN_PROCESS, false),
        /** {@link ServiceRef#remote}, DSS's pooled Netty client. */
        REMOTE_PARTNER("DSS remote partner (ServiceRef.remote, pooled Netty client)", DssTarget.DSS_HTTP, true),
        /** The round-trip client against the DSS host, handlers on the event loop. */
        HTTP("DSS host over HTTP (round-trip client)", DssTarget.DSS_HTTP, false),
        /** The round-trip client against the DSS host, handlers on the dispatcher. */
        HTTP_DISPATCHER("DSS host over HTTP, handlers on the dispatcher (round-trip client)", DssTarget.DSS_HTTP_DISPATCHER, false),
        /** The round-trip client against the raw Netty handler. */
        RAW_NETTY("raw Netty handler over HTTP (round-trip client)", DssTarget.RAW_NETTY, false);

        final String label;
        final DssTarget target;
        final boolean viaPartnerApi;

        Caller(String label, DssTarget target, boolean viaPartnerApi) {
            this.label = label;
            this.target = target;
            this.viaPartnerApi = viaPartnerApi;
        }
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        NettyTransport.useJdkLogging(); // before the first Netty object, which DSS's own client may create
        List<Caller> callers = List.of(Caller.values());
        List<DssTarget> loaded = List.of(DssTarget.DSS_HTTP, DssTarget.DSS_HTTP_DISPATCHER, DssTarget.RAW_NETTY);
        int runs = 2 * o.groups() + loaded.size() * o.throughputRounds() + 1;
        double predicted = callers.size() * 2.0 + loaded.size() * o.throughputRounds() * (o.throughputSeconds() + 0.5) + 3;
        Progress progress = new Progress(err, runs, predicted, System::nanoTime);
        String machine = MachineInfo.describe();
        out.println("ccrj dss — the papers' DSS timings, ours and a raw Netty handler in one run");
        out.println(machine);
        out.printf(Locale.ROOT, "two-way: %d groups of %d Gets per caller; throughput: %d connections, 1 in flight each,"
                + " %d rounds of %.1f s per server, taking turns, median reported; one-way: %,d Replace-to-notification"
                + " samples%n", o.groups(), o.groupSize(), o.connections(), o.throughputRounds(), o.throughputSeconds(),
                o.notifications());
        long start = System.nanoTime();
        // The loopback round trip has two regimes on a small VM (slower while the vCPUs sleep
        // between messages, faster while they stay awake) that change over seconds: the callers take
        // turns, group by group, so that each sees the same mix.
        // In-process callers first, alone (the HTTP hosts' idle dispatcher workers would take
        // their cores); then the HTTP callers together.
        Map<Caller, double[]> byCaller = new EnumMap<>(Caller.class);
        byCaller.putAll(twoWayTakingTurns(callers.stream().filter(c -> !c.target.http).toList(), o, progress));
        byCaller.putAll(twoWayTakingTurns(callers.stream().filter(c -> c.target.http).toList(), o, progress));
        // Throughput moves by 10-20% from one run to the next here: the servers take turns, round
        // after round, and each reports its median run.
        Map<DssTarget, List<LoadResult>> runsByServer = new EnumMap<>(DssTarget.class);
        Map<DssTarget, DssTarget.Running> servers = new EnumMap<>(DssTarget.class);
        try {
            for (DssTarget t : loaded) {
                servers.put(t, t.start());
                runsByServer.put(t, new ArrayList<>());
            }
            for (int round = 0; round < o.throughputRounds(); round++) {
                for (DssTarget t : loaded) {
                    long t0 = System.nanoTime();
                    runsByServer.get(t).add(HttpLoadGenerator.run(LoadSettings.of(HttpRequestSpec.get(servers.get(t).pingUrl()))
                            .withConnections(o.connections())
                            .withTimes(Duration.ofMillis(500), Duration.ofMillis((long) (o.throughputSeconds() * 1000)))));
                    progress.done("throughput " + t.label + ", round " + (round + 1), o.throughputSeconds() + 0.5,
                            System.nanoTime() - t0);
                }
            }
        } finally {
            for (DssTarget.Running r : servers.values()) {
                r.close();
            }
        }
        Map<DssTarget, double[]> rounds = new EnumMap<>(DssTarget.class);
        Map<DssTarget, LoadResult> medians = new EnumMap<>(DssTarget.class);
        runsByServer.forEach((t, results) -> {
            rounds.put(t, results.stream().mapToDouble(LoadResult::throughput).toArray());
            medians.put(t, results.stream().sorted(Comparator.comparingDouble(LoadResult::throughput)).toList().get(results.size() / 2));
        });
        long t0 = System.nanoTime();
        DssReport report = new DssReport(o, byCaller, medians, oneWay(o.notifications()));
        progress.done("one-way Replace to notification", 3, System.nanoTime() - t0);
        double took = (System.nanoTime() - start) / 1e9;

        String tables = report.tables();
        out.println();
        out.print(tables);
        OutputFolder dir = new OutputFolder(o.out(), "dss", out);
        dir.write("dss.csv", report.csv());
        dir.write("dss-groups.csv", report.groupsCsv());
        String markdown = "- " + machine + "\n" + String.format(Locale.ROOT, "- measured in %s%n%n", Progress.clockTime(took)) + tables;
        dir.write("dss.md", "# ccrj dss — DSS timings beside a raw Netty handler\n\n" + markdown);
        dir.chart("dss-two-way.png", report::twoWayHistogram);
        dir.chart("dss-throughput.png", report::throughputChart);
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        return new Report("DSS services beside a raw Netty handler: two-way groups, throughput, one-way (Qiu, Fox & Ho 2006, Fig. 13)",
                markdown, headline(byCaller, rounds), dir.charts());
    }

    /** Times one group of {@code n} two-way messages of one caller; returns µs per message. */
    @FunctionalInterface
    private interface GroupTimer {
        double microsPerMessage(int n) throws Exception;
    }

    /**
     * Starts every target once, warms every caller up, then times group after group with the
     * callers taking turns; returns each caller's µs per message, group by group.
     */
    private static Map<Caller, double[]> twoWayTakingTurns(List<Caller> callers, Options o, Progress progress)
            throws Exception {
        Map<DssTarget, DssTarget.Running> running = new EnumMap<>(DssTarget.class);
        Deque<AutoCloseable> open = new ArrayDeque<>(); // servers and clients, closed last first
        try {
            Map<Caller, GroupTimer> timers = new EnumMap<>(Caller.class);
            for (Caller c : callers) {
                DssTarget.Running r = running.get(c.target);
                if (r == null) {
                    r = c.target.start();
                    running.put(c.target, r);
                    open.push(r);
                }
                timers.put(c, timer(c, r, open));
            }
            int warm = Math.max(2_000, o.groupSize() * 5);
            for (GroupTimer t : timers.values()) {
                t.microsPerMessage(warm);
            }
            Map<Caller, double[]> micros = new EnumMap<>(Caller.class);
            timers.keySet().forEach(k -> micros.put(k, new double[o.groups()]));
            for (int g = 0; g < o.groups(); g++) {
                long t0 = System.nanoTime();
                for (Map.Entry<Caller, GroupTimer> e : timers.entrySet()) {
                    micros.get(e.getKey())[g] = e.getValue().microsPerMessage(o.groupSize());
                }
                progress.done("two-way group " + (g + 1) + " of " + callers.size() + " callers", 2.0 * callers.size() / o.groups(),
                        System.nanoTime() - t0);
            }
            return micros;
        } finally {
            while (!open.isEmpty()) {
                open.pop().close();
            }
        }
    }

    private static GroupTimer timer(Caller c, DssTarget.Running r, Deque<AutoCloseable> open) throws Exception {
        if (c == Caller.SERVICE_TO_SERVICE) {
            // The papers' setup: a client service sends each Get from the previous answer's callback
            // and times the group itself.
            ServiceRef loop = r.host().create("get-loop", new GetLoopService(),
                    Map.of(GetLoopService.TARGET, "ping"), null);
            return n -> loop.submit("run", JsonNodeFactory.instance.objectNode().put("n", n)).get(60, TimeUnit.SECONDS)
                    .body().get("nanos").asLong() / 1e3 / n;
        }
        Callable<?> exchange; // one two-way Get, its answer awaited
        if (c.viaPartnerApi) {
            ServiceRef ref = c.target.http ? r.remotePing() : r.ping();
            exchange = () -> DssRoundTripBenchmark.awaitSpinning(ref.get());
        } else {
            HttpRoundTripClient hc = HttpRoundTripClient.connect(HttpRequestSpec.get(r.pingUrl()));
            open.push(hc);
            exchange = () -> hc.exchange().requireOk(c.label);
        }
        return n -> {
            long begin = System.nanoTime();
            for (int i = 0; i < n; i++) {
                exchange.call();
            }
            return (System.nanoTime() - begin) / 1e3 / n;
        };
    }

    /** One-way latencies (µs), sorted: {@link DssNotificationBenchmark#replaceToNotification}, each call timed. */
    private static double[] oneWay(int samples) throws Exception {
        DssNotificationBenchmark b = new DssNotificationBenchmark();
        b.start();
        try {
            int warm = Math.min(samples, 5_000);
            double[] micros = new double[samples];
            for (int i = -warm; i < samples; i++) {
                long begin = System.nanoTime();
                b.replaceToNotification();
                if (i >= 0) {
                    micros[i] = (System.nanoTime() - begin) / 1e3;
                }
            }
            Arrays.sort(micros);
            return micros;
        } finally {
            b.stop();
        }
    }
}
