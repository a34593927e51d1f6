package io.ccrj.bench.dss;

import io.ccrj.bench.cli.Args;
import io.ccrj.bench.cli.UsageException;
import java.nio.file.Path;

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
 * @param help print usage and exit
 */
public record DssOptions(boolean full, int groups, int groupSize, int connections, double throughputSeconds,
                         int throughputRounds, int notifications, Path out, boolean help) {

    public static final String USAGE = """
            Usage: bin/ccrj dss [options]

            The seeds' DSS experiment (seed 000 Fig. 13, seed 001 Fig. 9): groups of two-way Get messages
            to a service, each group timed, in-process and over loopback HTTP, beside a raw Netty HTTP
            handler in the same run; HTTP throughput of the DSS host and the raw handler under the same
            load generator; one-way Replace-to-notification latency.

              --full                 7 throughput rounds of 5 s, 100,000 notifications
              --groups N             timed groups per target (default 30, the seeds')
              --group-size N         two-way messages per group (default 200, the seeds')
              --connections N        load generator connections (default 32, as wrk -c32)
              --throughput-s SECONDS measured seconds per throughput run (default 1.2; --full 5)
              --rounds N             throughput runs per server, servers taking turns, median
                                     reported (default 5; --full 7)
              --notifications N      Replace-to-notification samples (default 20000; --full 100000)
              --out DIR              output folder (default results/dss-<timestamp>)
              -h, --help             this text
            """;

    /**
     * Parses a command line.
     *
     * @param args the arguments
     * @return the options
     * @throws UsageException naming the bad option
     */
    public static DssOptions parse(String... args) throws UsageException {
        boolean full = false;
        boolean help = false;
        Integer groups = null;
        Integer groupSize = null;
        Integer connections = null;
        Double seconds = null;
        Integer notifications = null;
        Integer rounds = null;
        Path out = null;
        Args.Cursor c = new Args.Cursor(args);
        while (c.hasNext()) {
            String name = c.next();
            switch (name) {
                case "--full" -> full = c.flag();
                case "-h", "--help" -> help = c.flag();
                case "--groups" -> groups = Args.intIn(name, c.value(), 1, 100_000);
                case "--group-size" -> groupSize = Args.intIn(name, c.value(), 1, 1_000_000);
                case "--connections" -> connections = Args.intIn(name, c.value(), 1, 10_000);
                case "--throughput-s" -> {
                    String v = c.value();
                    try {
                        seconds = Double.parseDouble(v);
                    } catch (NumberFormatException e) {
                        throw new UsageException("option " + name + ": '" + v + "' is not a number");
                    }
                    if (!(seconds > 0) || seconds > 3600) {
                        throw new UsageException("option " + name + ": " + v + " must be more than 0 and at most 3600 seconds");
                    }
                }
                case "--rounds" -> rounds = Args.intIn(name, c.value(), 1, 100);
                case "--notifications" -> notifications = Args.intIn(name, c.value(), 1, 10_000_000);
                case "--out" -> out = c.folder();
                default -> throw c.unknown();
            }
        }
        return new DssOptions(full, groups != null ? groups : 30, groupSize != null ? groupSize : 200,
                connections != null ? connections : 32, seconds != null ? seconds : full ? 5 : 1.2,
                rounds != null ? rounds : full ? 7 : 5,
                notifications != null ? notifications : full ? 100_000 : 20_000, out, help);
    }
}
