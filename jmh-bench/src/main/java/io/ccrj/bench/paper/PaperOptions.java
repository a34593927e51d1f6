package io.ccrj.bench.paper;

import io.ccrj.bench.cli.Args;
import io.ccrj.bench.cli.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The options of {@code bin/ccrj paper}.
 *
 * @param full the seeds' full ranges in every experiment
 * @param smoke seconds-long settings that check the wiring (tests), not a measurement
 * @param only the experiments to run; all when the command line names none
 * @param out the results folder, or {@code null} for {@code results/paper-<timestamp>}
 * @param ignoreLoad do not wait out other processes' CPU use
 * @param help print usage and exit
 */
public record PaperOptions(boolean full, boolean smoke, Set<Item> only, Path out, boolean ignoreLoad, boolean help) {

    /** What {@code --only} can name: a pattern of the seeds, or a group of experiments. */
    public enum Item {
        /** Spawned Straight Pipeline (seed 000 Tables 1-2). */
        PIPELINE("pipeline", Section.OVERHEAD),
        /** Spawned Shift. */
        SHIFT("shift", Section.OVERHEAD),
        /** Spawned Two Shifts. */
        TWO_SHIFTS("twoshifts", Section.OVERHEAD),
        /** Spawned Exchange. */
        EXCHANGE("exchange", Section.OVERHEAD),
        /** Rendezvous Shift, Rendezvous Exchange, exchange as two shifts (seed 001 Table 1), both backends. */
        RENDEZVOUS("rendezvous", Section.MPI),
        /** Ping-pong, barrier, bcast, allreduce, both backends. */
        LATENCY("latency", Section.MPI),
        /** Sendrecv bandwidth, copy models and System.arraycopy (seed 000 Table 3). */
        BANDWIDTH("bandwidth", Section.MPI),
        /** DSS two-way groups, HTTP throughput, one-way notifications, beside raw Netty (seed 000 Fig. 13). */
        DSS("dss", Section.DSS);

        /** The name on the command line. */
        public final String id;
        /** The runner section it belongs to. */
        public final Section section;

        Item(String id, Section section) {
            this.id = id;
            this.section = section;
        }

        static Item parse(String s) {
            String k = s.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
            for (Item i : values()) {
                if (i.id.equals(k)) {
                    return i;
                }
            }
            throw new IllegalArgumentException("unknown experiment '" + s + "' (known: " + known() + ")");
        }

        static String known() {
            List<String> ids = new ArrayList<>();
            for (Item i : values()) {
                ids.add(i.id);
            }
            return String.join(", ", ids);
        }
    }

    /** The runner's sections, in report order. */
    public enum Section {
        /** The spawned patterns on ccr-core ({@code bin/ccrj overhead}). */
        OVERHEAD,
        /** ccr-mpi beside MPJ Express ({@code bin/ccrj mpi}). */
        MPI,
        /** dss-services beside a raw Netty handler ({@code bin/ccrj dss}). */
        DSS
    }

    public static final String USAGE = """
            Usage: bin/ccrj paper [options]

            The seeds' experiments with the seeds' method, ours beside the seeds' figures and the peers'
            (MPJ Express, System.arraycopy) measured in the same run: stage overheads of the spawned
            patterns (seed 000 Tables 1-2), the rendezvous patterns and MPI latency (seed 001 Table 1),
            bandwidth (seed 000 Table 3), DSS two-way timings and throughput (seed 000 Fig. 13, raw Netty
            and Axis2 as references). Writes results.md, CSV files and PNG charts into one folder.

              --full          the seeds' full ranges (long, most of it stage overheads; progress shows an ETA)
              --only LIST     some of: pipeline, shift, twoshifts, exchange (spawned patterns),
                              rendezvous, latency, bandwidth (ccr-mpi and MPJ Express),
                              dss (services in-process and over HTTP, raw Netty)
              --out DIR       results folder (default results/paper-<timestamp>)
              --ignore-load   do not wait out other processes' CPU use
              --smoke         seconds-long settings that only check the wiring (not a measurement)
              -h, --help      this text
            """;

    /**
     * Parses a command line.
     *
     * @param args the arguments
     * @return the options
     * @throws UsageException naming the bad option
     */
    public static PaperOptions parse(String... args) throws UsageException {
        boolean full = false;
        boolean smoke = false;
        boolean help = false;
        boolean ignoreLoad = false;
        Set<Item> only = EnumSet.noneOf(Item.class);
        Path out = null;
        Args.Cursor c = new Args.Cursor(args);
        while (c.hasNext()) {
            String name = c.next();
            switch (name) {
                case "--full" -> full = c.flag();
                case "--smoke" -> smoke = c.flag();
                case "--ignore-load" -> ignoreLoad = c.flag();
                case "-h", "--help" -> help = c.flag();
                case "--only" -> {
                    for (String part : Args.items(name, c.value())) {
                        try {
                            only.add(Item.parse(part));
                        } catch (IllegalArgumentException e) {
                            throw new UsageException("option --only: " + e.getMessage());
                        }
                    }
                }
                case "--out" -> out = c.folder();
                default -> throw c.unknown();
            }
        }
        if (full && smoke) {
            throw new UsageException("options --full and --smoke exclude each other");
        }
        return new PaperOptions(full, smoke, only.isEmpty() ? EnumSet.allOf(Item.class) : only, out, ignoreLoad, help);
    }

    /** @return the items of {@code section} to run */
    public List<Item> itemsOf(Section section) {
        return only.stream().filter(i -> i.section == section).sorted().toList();
    }
}
