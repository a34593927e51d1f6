package io.ccrj.bench.dss;

import io.ccrj.bench.overhead.OverheadOptions.UsageException;
import java.nio.file.Path;

/**
 * The options of {@code bin/ccrj dss}.
 *
 * @param full longer throughput windows and more notifications
 * @param groups timed groups per target (the seeds: 30)
 * @param groupSize two-way messages per group (the seeds: 200)
 * @param connections load generator connections for the throughput test (wrk -c)
 * @param throughputSeconds measured seconds of each throughput run
 * @param notifications one-way Replace-to-notification samples
 * @param out output folder, or {@code null} for {@code results/dss-<timestamp>}
 * @param help print usage and exit
 */
public record DssOptions(boolean full, int groups, int groupSize, int connections, double throughputSeconds,
                         int notifications, Path out, boolean help) {

    public static final String USAGE = """
            Usage: bin/ccrj dss [options]

            The seeds' DSS experiment (seed 000 Fig. 13, seed 001 Fig. 9): groups of two-way Get messages
            to a service, each group timed, in-process and over loopback HTTP, beside a raw Netty HTTP
            handler in the same run; HTTP throughput of the DSS host and the raw handler under the same
            load generator; one-way Replace-to-notification latency.

              --full                 10 s throughput windows, 100,000 notifications
              --groups N             timed groups per target (default 30, the seeds')
              --group-size N         two-way messages per group (default 200, the seeds')
              --connections N        load generator connections (default 32, as wrk -c32)
              --throughput-s SECONDS measured seconds per throughput run (default 3; --full 10)
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
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            boolean hasInline = arg.startsWith("--") && eq > 0;
            String name = hasInline ? arg.substring(0, eq) : arg;
            String inline = hasInline ? arg.substring(eq + 1) : null;
            switch (name) {
                case "--full" -> full = flag(name, inline);
                case "-h", "--help" -> help = flag(name, inline);
                case "--groups" -> groups = intValue(name, inline != null ? inline : value(args, ++i, name), 1, 100_000);
                case "--group-size" -> groupSize = intValue(name, inline != null ? inline : value(args, ++i, name), 1, 1_000_000);
                case "--connections" -> connections = intValue(name, inline != null ? inline : value(args, ++i, name), 1, 10_000);
                case "--throughput-s" -> {
                    String v = inline != null ? inline : value(args, ++i, name);
                    try {
                        seconds = Double.parseDouble(v);
                    } catch (NumberFormatException e) {
                        throw new UsageException("option " + name + ": '" + v + "' is not a number");
                    }
                    if (!(seconds > 0) || seconds > 3600) {
                        throw new UsageException("option " + name + ": " + v + " must be more than 0 and at most 3600 seconds");
                    }
                }
                case "--notifications" -> notifications = intValue(name, inline != null ? inline : value(args, ++i, name), 1,
                        10_000_000);
                case "--out" -> {
                    String v = inline != null ? inline : value(args, ++i, name);
                    if (v.isBlank()) {
                        throw new UsageException("option --out needs a folder");
                    }
                    out = Path.of(v);
                }
                default -> throw new UsageException(arg.startsWith("-")
                        ? "unknown option '" + arg + "'"
                        : "unexpected argument '" + arg + "' (options start with --)");
            }
        }
        return new DssOptions(full, groups != null ? groups : 30, groupSize != null ? groupSize : 200,
                connections != null ? connections : 32, seconds != null ? seconds : full ? 10 : 3,
                notifications != null ? notifications : full ? 100_000 : 20_000, out, help);
    }

    private static boolean flag(String name, String inline) throws UsageException {
        if (inline != null) {
            throw new UsageException("option " + name + " takes no value");
        }
        return true;
    }

    private static String value(String[] args, int i, String name) throws UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new UsageException("option " + name + " needs a value");
        }
        return args[i];
    }

    private static int intValue(String name, String s, int min, int max) throws UsageException {
        try {
            int v = Integer.parseInt(s.trim().replace("_", ""));
            if (v < min || v > max) {
                throw new UsageException("option " + name + ": " + s + " is out of range " + min + ".." + max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException("option " + name + ": '" + s + "' is not a whole number");
        }
    }
}
