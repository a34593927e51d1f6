package io.ccrj.bench.dss;

import io.ccrj.bench.runner.Cli;
import java.nio.file.Path;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * The options of {@code bin/ccrj dss}.
 *
 * @param full longer throughput windows and more notifications
 * @param groups timed groups per target (the seeds: 30)
 * @param groupSize two-way messages per group (the seeds: 200)
 * @param connections load generator connections for the throughput test (wrk -c)
 * @param throughputSeconds measured seconds of each throughput run
 * @param throughputRounds throughput runs per server, the servers taking turns (median reported)
 * @param notifications one-way Replace-to-notification samples
 * @param out output folder, or {@code null} for {@code results/dss-<timestamp>}
 */
public record DssOptions(boolean full, int groups, int groupSize, int connections, double throughputSeconds,
                         int throughputRounds, int notifications, Path out) {
    private static final OptionParser PARSER = Cli.parser();
    private static final OptionSpec<Void> FULL = Cli.flag(PARSER, "full", "7 throughput rounds of 5 s, 100,000 notifications");
    private static final OptionSpec<Integer> GROUPS = Cli.whole(PARSER, "groups",
            "timed groups per target (default 30, the seeds')");
    private static final OptionSpec<Integer> GROUP_SIZE = Cli.whole(PARSER, "group-size",
            "two-way messages per group (default 200, the seeds')");
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

            The seeds' DSS experiment (seed 000 Fig. 13, seed 001 Fig. 9): groups of two-way Get messages
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
    public static DssOptions parse(String... args) {
        OptionSet s = Cli.parse(PARSER, args);
        DssOptions d = defaults(s.has(FULL));
        return new DssOptions(d.full(), Cli.intIn(s, GROUPS, d.groups(), 1, 100_000),
                Cli.intIn(s, GROUP_SIZE, d.groupSize(), 1, 1_000_000), Cli.intIn(s, CONNECTIONS, d.connections(), 1, 10_000),
                Cli.doubleIn(s, SECONDS, d.throughputSeconds(), 0.01, 3600), Cli.intIn(s, ROUNDS, d.throughputRounds(), 1, 100),
                Cli.intIn(s, NOTIFICATIONS, d.notifications(), 1, 10_000_000), Cli.folder(s, OUT));
    }

    /**
     * @param full longer runs
     * @return the options of a command line that sets nothing else
     */
    public static DssOptions defaults(boolean full) {
        return new DssOptions(full, 30, 200, 32, full ? 5 : 1.2, full ? 7 : 5, full ? 100_000 : 20_000, null);
    }
}
