package io.ccrj.bench.core;

import io.ccrj.bench.core.PeerComparisonBenchmark.ScatterGather;
import io.ccrj.bench.dss.DssTarget;
import io.ccrj.bench.dss.client.HttpLoadGenerator;
import io.ccrj.bench.dss.client.HttpReply;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import io.ccrj.bench.dss.client.LoadResult;
import io.ccrj.bench.dss.client.LoadSettings;
import io.ccrj.bench.handoff.PingPong;
import io.ccrj.bench.handoff.Stream;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.runner.Cli;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.Report;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * {@code bin/ccrj peers}: ccr-core and dss-services beside the tools a reader would pick today, in
 * one run, on the workloads of {@link PeerComparisonBenchmark}, {@link Peers} and the DSS
 * benchmarks ({@link DssTarget}, {@link HttpRoundTripClient}, {@link HttpLoadGenerator}), timed
 * outside JMH so that it fits the paper's quick run:
 * <ul>
 *   <li>one-way messages per second, ping-pong round trip and a scatter-gather of 1,000 tasks:
 *   ccr-core, Apache Pekko typed actors, jox channels, CompletableFuture on a ForkJoinPool, and
 *   virtual threads with a SynchronousQueue or ArrayBlockingQueue;</li>
 *   <li>the ping service's Get over loopback HTTP: the DSS host, Vert.x web, the JDK's HttpServer
 *   and a raw Netty handler, one connection's round trip and 32 connections' throughput.</li>
 * </ul>
 * Every peer takes its turn in every repetition (so that a drift of the machine reaches all of
 * them alike), after untimed warm-up turns (at least 300 ms of them per peer; 1 s with --full);
 * every answer is checked (counts, sums, statuses and
 * bodies) and a wrong one fails the run. Figures are medians over the repetitions with bootstrap
 * intervals; ccr-core (dss-services for HTTP) is "ours", each other tool a peer.
 */
public final class PeersRunner implements Experiment<PeersRunner.Options> {
    /**
     * The options of {@code bin/ccrj peers}.
     *
     * @param full more repetitions, longer turns
     * @param reps timed turns of every peer
     * @param messages one-way messages per turn
     * @param roundTrips ping-pong round trips per turn
     * @param scatters scatter-gathers of 1,000 tasks per turn
     * @param requests HTTP round trips per turn
     * @param connections connections of the HTTP throughput runs
     * @param throughputSeconds measured seconds of each HTTP throughput turn
     * @param out output folder, or {@code null} for {@code results/peers-<timestamp>}
     */
    public record Options(boolean full, int reps, int messages, int roundTrips, int scatters, int requests, int connections,
                          double throughputSeconds, Path out) {
        /**
         * @param full the longer settings
         * @return the options of a command line that sets nothing else
         */
        public static Options defaults(boolean full) {
            return full ? new Options(true, 10, 1_000_000, 200_000, 500, 5_000, 32, 3, null)
                    : new Options(false, 5, 100_000, 20_000, 100, 1_000, 32, 0.5, null);
        }

        /**
         * @param folder the output folder
         * @return these options writing there
         */
        public Options withOut(Path folder) {
            return new Options(full, reps, messages, roundTrips, scatters, requests, connections, throughputSeconds, folder);
        }
    }

    /** One-way peers ({@link Peers#oneWay}): ccr-core first. */
    static final Map<String, String> ONE_WAY = names("ccr", "ccr-core", "pekko", "Pekko typed actor", "jox", "jox channel",
            "completableFuture", "CompletableFuture.runAsync on ForkJoinPool(1)", "virtualThreadQueue",
            "ArrayBlockingQueue, virtual thread");
    /** Ping-pong peers ({@link Peers#roundTrips}). */
    static final Map<String, String> PING_PONG = names("ccr", "ccr-core", "ccrOneDispatcher",
            "ccr-core, both parties on one dispatcher", "pekko", "Pekko typed actors", "jox",
            "jox rendezvous channels", "completableFuture", "CompletableFuture hops between two ForkJoinPool(1)",
            "syncQueueVirtual", "SynchronousQueue, virtual threads");
    /** Scatter-gather peers ({@link ScatterGather}). */
    static final Map<String, String> SCATTER = names("ccr", "ccr-core", "completableFuture",
            "CompletableFuture.supplyAsync on ForkJoinPool(2)", "virtualThreads", "one virtual thread per task");
    /** HTTP peers ({@link DssTarget} names): dss-services first. */
    static final Map<String, String> HTTP = List.of(DssTarget.DSS_HTTP, DssTarget.VERTX_WEB, DssTarget.JDK_HTTP_SERVER,
            DssTarget.RAW_NETTY).stream().collect(Collectors.toMap(DssTarget::name, t -> t.label, (a, b) -> a,
            LinkedHashMap::new));

    private static final OptionParser PARSER = Cli.parser();
    private static final OptionSpec<Void> FULL = Cli.flag(PARSER, "full", "10 turns, 10x longer ones");
    private static final OptionSpec<Integer> REPS = Cli.whole(PARSER, "reps", "timed turns of every peer (default 5; --full 10)");
    private static final OptionSpec<Integer> MESSAGES = Cli.whole(PARSER, "messages",
            "one-way messages per turn (default 100000)");
    private static final OptionSpec<Integer> ROUND_TRIPS = Cli.whole(PARSER, "round-trips",
            "ping-pong round trips per turn (default 20000)");
    private static final OptionSpec<Integer> SCATTERS = Cli.whole(PARSER, "scatters",
            "scatter-gathers of 1,000 tasks per turn (default 100)");
    private static final OptionSpec<Integer> REQUESTS = Cli.whole(PARSER, "requests",
            "HTTP round trips on one connection per turn (default 1000)");
    private static final OptionSpec<Integer> CONNECTIONS = Cli.whole(PARSER, "connections",
            "connections of the HTTP throughput turns (default 32)");
    private static final OptionSpec<Double> SECONDS = Cli.number(PARSER, "throughput-s",
            "measured seconds of each HTTP throughput turn (default 0.5; --full 3)", "SECONDS");
    private static final OptionSpec<String> OUT = Cli.text(PARSER, "out",
            "output folder (default results/peers-<timestamp>)", "DIR");

    @Override
    public String usage() {
        return Cli.usage("""
                Usage: bin/ccrj peers [options]

                ccr-core beside Apache Pekko, jox, CompletableFuture on a ForkJoinPool and virtual threads with a
                SynchronousQueue or ArrayBlockingQueue (one-way, ping-pong, scatter-gather of 1,000 tasks), and
                dss-services beside Vert.x web, the JDK's HttpServer and raw Netty (one connection's round trip,
                32 connections' throughput), all in one run, taking turns, every answer checked.
                """, PARSER);
    }

    @Override
    public Options parse(String... args) {
        OptionSet s = Cli.parse(PARSER, args);
        Options d = Options.defaults(s.has(FULL));
        return new Options(d.full(), Cli.intIn(s, REPS, d.reps(), 1, 1_000), Cli.intIn(s, MESSAGES, d.messages(), 1, 100_000_000),
                Cli.intIn(s, ROUND_TRIPS, d.roundTrips(), 1, 10_000_000), Cli.intIn(s, SCATTERS, d.scatters(), 1, 100_000),
                Cli.intIn(s, REQUESTS, d.requests(), 1, 10_000_000), Cli.intIn(s, CONNECTIONS, d.connections(), 1, 10_000),
                Cli.doubleIn(s, SECONDS, d.throughputSeconds(), 0.01, 3600), Cli.folder(s, OUT));
    }

    /** How long each peer repeats its turn untimed before its timed turns, quick and full runs. */
    private static final long WARM_UP_MILLIS = 300;
    private static final long WARM_UP_MILLIS_FULL = 1_000;

    /**
     * One peer of a workload while it is running.
     *
     * @param turn runs the workload once, checks its answers, returns the figure of the turn
     * @param closer stops the peer
     */
    private record Peer(Callable<Double> turn, AutoCloseable closer) {
    }

    /** Starts the peer {@code impl} of a workload. */
    @FunctionalInterface
    private interface Starter {
        Peer start(String impl) throws Exception;
    }

    /** One workload's samples by peer, ours first. */
    private record Workload(String key, String title, String unit, boolean lowerIsBetter, Map<String, String> names,
                            Map<String, double[]> samples) {
    }

    /**
     * Starts a workload's peers (those started are closed if one fails); each warms up, then they
     * take turns {@code reps} times; all are closed. A peer warms up by repeating its turn for at
     * least the warm-up time, not for one turn: a turn of a fast peer (a few milliseconds) is over
     * before the JIT has compiled its loop, and its timed turns would then measure the compiler's
     * progress (several microseconds a round trip where the compiled loop takes a fifth of one)
     * instead of the peer.
     */
    private static Workload workload(Options o, Progress progress, String key, String title, String unit, boolean lowerIsBetter,
            Map<String, String> names, Starter starter) throws Exception {
        long warmUpNanos = TimeUnit.MILLISECONDS.toNanos(o.full() ? WARM_UP_MILLIS_FULL : WARM_UP_MILLIS);
        Map<String, Peer> peers = new LinkedHashMap<>();
        Map<String, double[]> samples = new LinkedHashMap<>();
        try {
            for (String impl : names.keySet()) {
                peers.put(impl, starter.start(impl));
                samples.put(impl, new double[o.reps()]);
            }
            for (Peer p : peers.values()) {
                long warmUntil = System.nanoTime() + warmUpNanos;
                do {
                    p.turn().call();
                } while (System.nanoTime() - warmUntil < 0);
            }
            for (int r = 0; r < o.reps(); r++) {
                long t0 = System.nanoTime();
                for (Map.Entry<String, Peer> p : peers.entrySet()) {
                    samples.get(p.getKey())[r] = p.getValue().turn().call();
                }
                progress.done(key + ", turn " + (r + 1), 1, System.nanoTime() - t0);
            }
            return new Workload(key, title, unit, lowerIsBetter, names, samples);
        } finally {
            for (Peer p : peers.values()) {
                p.closer().close();
            }
        }
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        // Netty and Vert.x log through java.util.logging here (the jar also carries MPJ Express's log4j 1.2).
        io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
                io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
        // Pekko's actor systems start and stop once per workload: their INFO lines would drown the
        // progress; warnings and errors still show (its configuration reads system properties).
        System.setProperty("pekko.loglevel", "WARNING");
        System.setProperty("pekko.stdout-loglevel", "WARNING");
        // SLF4J (Pekko's logging, handed to java.util.logging) binds here, on one thread: bound
        // lazily by the first actor systems' threads at once, it replays their early records with
        // a complaint of its own on standard error.
        org.slf4j.LoggerFactory.getILoggerFactory();
        out.println("ccrj peers — ccr-core and dss-services beside today's tools, in one run");
        out.println(MachineInfo.describe());
        out.printf(Locale.ROOT, "%d timed turns per peer after at least %d ms of warm-up turns; %,d one-way messages, %,d round trips,"
                        + " %d scatter-gathers of %,d tasks, %,d HTTP round trips and %.1f s of %d-connection load per turn%n",
                o.reps(), o.full() ? WARM_UP_MILLIS_FULL : WARM_UP_MILLIS, o.messages(), o.roundTrips(), o.scatters(),
                ScatterGather.TASKS, o.requests(), o.throughputSeconds(), o.connections());
        Progress progress = new Progress(err, 5 * o.reps(), 5 * o.reps(), System::nanoTime);
        List<Workload> workloads = List.of( // run in this order: Java evaluates arguments left to right
                workload(o, progress, "one-way", "one-way", "messages/s", false, ONE_WAY, impl -> oneWay(o, impl)),
                workload(o, progress, "ping-pong", "ping-pong round trip", "µs", true, PING_PONG, impl -> pingPong(o, impl)),
                workload(o, progress, "scatter-gather", "scatter-gather of 1,000 tasks", "µs", true, SCATTER,
                        impl -> scatterGather(o, impl)),
                workload(o, progress, "http-round-trip", "HTTP Get, one connection's round trip", "µs", true, HTTP,
                        impl -> httpRoundTrip(o, DssTarget.valueOf(impl))),
                workload(o, progress, "http-throughput", "HTTP Get, throughput over " + o.connections() + " connections",
                        "requests/s", false, HTTP, impl -> httpThroughput(o, DssTarget.valueOf(impl))));

        List<Figure> figures = new ArrayList<>();
        MarkdownTable md = new MarkdownTable("llrr", "workload", "tool", "median (95% interval)", "ours vs it");
        Csv csv = new Csv("workload", "tool", "unit", "turn", "value");
        for (Workload w : workloads) {
            String ours = w.samples().keySet().iterator().next();
            Estimate oursEstimate = Estimate.median(w.samples().get(ours));
            w.samples().forEach((impl, values) -> {
                Estimate e = Estimate.median(values);
                String vs = impl.equals(ours) ? "(ours)" : Headline.compare(oursEstimate, e, w.lowerIsBetter());
                md.row(w.title() + " (" + w.unit() + ")", w.names().get(impl),
                        Headline.fmt(e.value()) + " (" + Headline.fmt(e.low()) + " .. " + Headline.fmt(e.high()) + ")", vs);
                for (int r = 0; r < values.length; r++) {
                    csv.row(w.title(), w.names().get(impl), w.unit(), r + 1, values[r]);
                }
                if (!impl.equals(ours)) {
                    figures.add(Figure.of(List.of("peers", w.key(), impl), w.title() + ", " + w.names().get(ours) + " vs "
                            + w.names().get(impl), w.unit(), w.lowerIsBetter(), oursEstimate, null).withPeer(w.names().get(impl), e));
                }
            });
        }
        String markdown = md + "\nOurs: ccr-core for the messaging workloads, dss-services (its host, handlers on the event loop)"
                + " for HTTP. Medians over the turns; a ratio only where the intervals are apart, else \"not resolved\".\n";
        out.println();
        out.print(markdown);
        OutputFolder dir = new OutputFolder(o.out(), "peers", out);
        dir.write("peers.csv", csv);
        dir.write("peers.md", "# ccrj peers\n\n- " + MachineInfo.describe() + "\n\n" + markdown);
        return new Report("Today's peers: ccr-core beside Pekko, jox, CompletableFuture and virtual threads;"
                + " dss-services beside Vert.x web, the JDK's HttpServer and raw Netty", markdown, figures, List.of());
    }

    private static Peer oneWay(Options o, String impl) {
        Stream p = Peers.oneWay(impl);
        return new Peer(() -> {
            long t0 = System.nanoTime();
            long handled = p.stream(o.messages());
            long took = System.nanoTime() - t0;
            check(handled == o.messages(), impl + " handled " + handled + " of " + o.messages() + " messages");
            return o.messages() / (took / 1e9);
        }, p);
    }

    private static Peer pingPong(Options o, String impl) {
        PingPong p = Peers.roundTrips(impl);
        return new Peer(() -> {
            long t0 = System.nanoTime();
            int left = p.play(o.roundTrips());
            long took = System.nanoTime() - t0;
            check(left == 0, impl + " stopped with " + left + " round trips left");
            return took / 1e3 / o.roundTrips();
        }, p);
    }

    private static Peer scatterGather(Options o, String impl) {
        long sum = IntStream.range(0, ScatterGather.TASKS).mapToLong(ScatterGather::work).sum();
        ScatterGather p = new ScatterGather();
        p.impl = impl;
        p.start();
        return new Peer(() -> {
            long t0 = System.nanoTime();
            for (int i = 0; i < o.scatters(); i++) {
                long got = p.scatterGather();
                check(got == sum, impl + " gathered " + got + ", not " + sum);
            }
            return (System.nanoTime() - t0) / 1e3 / o.scatters();
        }, p::stop);
    }

    private static Peer httpRoundTrip(Options o, DssTarget t) throws Exception {
        DssTarget.Running server = t.start();
        HttpRoundTripClient client;
        try {
            client = HttpRoundTripClient.connect(HttpRequestSpec.get(server.pingUrl()));
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return new Peer(() -> {
            long t0 = System.nanoTime();
            for (int i = 0; i < o.requests(); i++) {
                checkPing(t, client.exchange());
            }
            return (System.nanoTime() - t0) / 1e3 / o.requests();
        }, () -> {
            client.close();
            server.close();
        });
    }

    private static Peer httpThroughput(Options o, DssTarget t) throws Exception {
        DssTarget.Running server = t.start();
        HttpRequestSpec get = HttpRequestSpec.get(server.pingUrl());
        return new Peer(() -> {
            try (HttpRoundTripClient probe = HttpRoundTripClient.connect(get)) {
                checkPing(t, probe.exchange()); // the body, once per turn; the load checks every status
            }
            LoadResult r = HttpLoadGenerator.run(LoadSettings.of(get).withConnections(o.connections())
                    .withTimes(Duration.ofMillis(200), Duration.ofMillis((long) (o.throughputSeconds() * 1000))));
            // The server must have answered during the turn (warm-up, window or drain); a short
            // window on a machine busy with other work can see no answer at all, which is a
            // throughput of 0 for that turn, not a wrong answer.
            check(r.errors().isEmpty() && r.non2xx() == 0 && r.totalResponses() > 0,
                    t.label + ": " + r.non2xx() + " answers not 2xx, " + r.totalResponses() + " answers in all, errors "
                            + r.errors());
            return r.throughput();
        }, server);
    }

    private static void checkPing(DssTarget t, HttpReply reply) {
        check(reply.status() == 200 && reply.bodyText().startsWith("{\"count\":"),
                t.label + " answered " + reply.status() + ": " + reply.bodyText());
    }

    private static void check(boolean ok, String problem) {
        if (!ok) {
            throw new IllegalStateException("wrong answer: " + problem);
        }
    }

    private static Map<String, String> names(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }
}
