package io.ccrj.bench.runner;

import io.ccrj.bench.core.PeersRunner;
import io.ccrj.bench.dss.DssRunner;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.mpi.MpiRunner;
import io.ccrj.bench.overhead.OverheadRunner;
import io.ccrj.bench.overhead.SpawnedPattern;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ccrj paper}, the project's main job: runs the other experiments in this JVM, section
 * by section, each with an options record built here (each section writes its own CSV and charts
 * into a sub-folder), then writes {@code results.md} (the machine, a reading for a newcomer, the
 * headline built from the sections' typed {@link Figure}s, and each section's Markdown and charts
 * as its {@link Report} handed them back) and {@code headline.csv}.
 */
public final class PaperRunner implements Experiment<PaperRunner.Options> {
    /** What {@code --only} can name: a pattern of the papers, or a group of experiments. */
    public enum Item {
        /** Spawned Straight Pipeline (Qiu, Fox &amp; Ho 2006, Tables 1-2). */
        PIPELINE,
        /** Spawned Shift. */
        SHIFT,
        /** Spawned Two Shifts. */
        TWOSHIFTS,
        /** Spawned Exchange. */
        EXCHANGE,
        /** Rendezvous Shift, Rendezvous Exchange, exchange as two shifts (Qiu et al. 2007, Table 1), both backends. */
        RENDEZVOUS,
        /** Ping-pong, barrier, bcast, allreduce, both backends. */
        LATENCY,
        /** Sendrecv bandwidth, copy models and System.arraycopy (Qiu, Fox &amp; Ho 2006, Table 3). */
        BANDWIDTH,
        /** ccr-mpi's MPI-3 operations (nonblocking allreduce, windows, neighbour all-to-all) beside native MPI. */
        MPI3,
        /** DSS two-way groups, HTTP throughput, one-way notifications, beside raw Netty (Qiu, Fox &amp; Ho 2006, Fig. 13). */
        DSS,
        /** Today's peers of ccr-core and dss-services ({@code bin/ccrj peers}). */
        PEERS;

        static Item parse(String s) {
            String k = s.toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
            String known = Arrays.stream(values()).map(Item::id).collect(Collectors.joining(", "));
            return Arrays.stream(values()).filter(i -> i.name().equals(k)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown experiment '" + s + "' (known: " + known + ")"));
        }

        /** @return the name on the command line */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The options of {@code bin/ccrj paper}.
     *
     * @param full the papers' full ranges in every experiment
     * @param smoke seconds-long settings that check the wiring (tests), not a measurement
     * @param only the experiments to run
     * @param out the results folder, or {@code null} for {@code results/paper-<timestamp>}
     * @param publish a run folder to write into the repository's pages instead of running ({@link Publish}), or {@code null}
     * @param compare a quick run's folder and a full run's whose headline verdicts to compare instead of running
     *     ({@link QuickAgainstFull}), or {@code null}
     */
    public record Options(boolean full, boolean smoke, Set<Item> only, Path out, Path publish, List<Path> compare) {
        /** Checks that a comparison names two folders. */
        public Options {
            if (compare != null && compare.size() != 2) {
                throw new IllegalArgumentException("option --compare takes two run folders, the quick run's and the full run's");
            }
            compare = compare == null ? null : List.copyOf(compare);
        }

        /** Options that run the experiments; the arguments are the record's first components. */
        public Options(boolean full, boolean smoke, Set<Item> only, Path out) {
            this(full, smoke, only, out, null, null);
        }

        String mode() {
            return runMode().id();
        }

        /** @return the mode every section runs in */
        RunMode runMode() {
            return full ? RunMode.FULL : smoke ? RunMode.SMOKE : RunMode.QUICK;
        }
    }

    @Override
    public Options options(RunMode mode, Path out) {
        return new Options(mode == RunMode.FULL, mode == RunMode.SMOKE, EnumSet.allOf(Item.class), out);
    }

    /** {@code --only}'s items. */
    static final class ItemName extends Commands.Items<Item> {
        ItemName() {
            super(Item::parse);
        }
    }

    /** The command line, declared for picocli; a fresh one per parse. */
    @Command(name = "bin/ccrj paper", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
            description = {"The papers' experiments with the papers' method, ours beside the papers' figures and the peers'"
                    + " (MPJ Express, System.arraycopy, raw Netty, and today's tools) measured in the same run: stage"
                    + " overheads of the spawned patterns (Qiu, Fox & Ho 2006, Tables 1-2), the rendezvous patterns and"
                    + " MPI latency (Qiu et al. 2007, Table 1), bandwidth (Qiu, Fox & Ho 2006, Table 3), DSS two-way"
                    + " timings and throughput (Qiu, Fox & Ho 2006, Fig. 13), then ccr-core and dss-services beside"
                    + " today's peers. Writes results.md, CSV files and PNG charts into one folder.", "",
                    "Takes roughly 5 minutes, and with --full roughly 100 minutes, on a 2-core machine with nothing else"
                    + " running (the full run's sections: stage overheads about a quarter, MPI about 40%%, DSS a tenth, the"
                    + " peers the rest); a loaded machine takes longer, and every section prints its expected time first.", "",
                    "To publish a full run: copy its folder to docs/results/paper-full, then"
                    + " bin/ccrj paper --publish docs/results/paper-full. To check a quick run against it: bin/ccrj paper"
                    + " --compare QUICK_RUN_DIR docs/results/paper-full.", ""})
    static final class Line {
        @Option(names = "--full", description = "the papers' full ranges (long, most of it stage overheads; progress shows an ETA)")
        boolean full;

        @Option(names = "--only", paramLabel = "LIST", split = ",", hideParamSyntax = true, converter = ItemName.class,
                description = "some of: pipeline, shift, twoshifts, exchange (spawned patterns), rendezvous, latency,"
                        + " bandwidth (ccr-mpi and MPJ Express), mpi3 (ccr-mpi's MPI-3 beside native MPI), dss (services"
                        + " in-process and over HTTP, raw Netty),"
                        + " peers (today's tools), comma-separated (default: all)")
        List<Item> only;

        @Mixin
        Commands.OutFolder out = new Commands.OutFolder("paper");

        @Option(names = "--smoke", description = "seconds-long settings that only check the wiring (not a measurement)")
        boolean smoke;

        @Option(names = "--publish", paramLabel = "RUN_DIR", description = "run nothing: write the figures of RUN_DIR, a run of"
                + " all sections copied under the repository's docs/ (e.g. docs/results/paper-full), into the headline of the"
                + " repository's README and the main job's part of docs/results.md (between their markers <!-- headline -->"
                + " and <!-- paper-run -->); nothing else in either page changes (default: none, the experiments run)")
        Path publish;

        @Option(names = "--compare", arity = "2", paramLabel = "RUN_DIR", hideParamSyntax = true, description = "run nothing:"
                + " put the headline verdicts of the first run folder (a quick run) beside the second's (a full run),"
                + " count the quick run's comparisons whose sides are 3x or more apart and how many state a verdict, and"
                + " exit 1 where a quick verdict contradicts the full run's (default: none, the experiments run)")
        List<Path> compare;

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
        if (l.full && l.smoke) {
            throw new IllegalArgumentException("options --full and --smoke exclude each other");
        }
        if (l.publish != null && l.compare != null) {
            throw new IllegalArgumentException("options --publish and --compare exclude each other");
        }
        if ((l.publish != null || l.compare != null) && (l.full || l.smoke || l.only != null || l.out.folder() != null)) {
            throw new IllegalArgumentException("option " + (l.publish != null ? "--publish" : "--compare")
                    + " runs nothing: it takes no --full, --smoke, --only or --out");
        }
        Set<Item> only = l.only != null ? EnumSet.copyOf(l.only) : EnumSet.allOf(Item.class);
        return new Options(l.full, l.smoke, only, l.out.folder(), l.publish, l.compare);
    }

    /**
     * One section: the experiment, the options record it runs with, its name (its sub-folder) and
     * its JMH settings, which results.md records.
     */
    private record Section<O>(String name, Experiment<O> experiment, O options, Jmh.Settings jmh) {
        Report run(PrintStream out, PrintStream err) throws Exception {
            return experiment.run(options, out, err);
        }
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        if (o.publish() != null) {
            for (Path p : Publish.publish(o.publish())) {
                out.println("wrote " + p);
            }
            return new Report("published " + o.publish(), "", List.of(), List.of());
        }
        if (o.compare() != null) {
            QuickAgainstFull.print(o.compare().get(0), o.compare().get(1), out);
            return new Report("compared " + o.compare(), "", List.of(), List.of());
        }
        Path dir = o.out() != null ? o.out() : MachineInfo.defaultResultsFolder("paper");
        Files.createDirectories(dir);
        List<Section<?>> sections = sections(o, dir);
        out.println("ccrj paper — the papers' experiments, " + o.mode() + " mode");
        out.println(MachineInfo.describe());
        out.printf(Locale.ROOT, "%d sections; results in %s%n", sections.size(), dir);
        // The code that runs is the benchmark jar as built now: what the tree holds later is not in it.
        String commit = MachineInfo.commit();
        long start = System.nanoTime();
        List<Report> reports = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        ForkSpread spread = ForkSpread.NONE;
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < sections.size(); i++) {
            Section<?> s = sections.get(i);
            err.printf(Locale.ROOT, "== paper [%d/%d] %s — elapsed %s ==%n", i + 1, sections.size(),
                    s.name(),
                    Progress.clockTime((System.nanoTime() - start) / 1e9));
            try {
                Report r = s.run(out, err);
                reports.add(r);
                figures.addAll(r.figures());
                spread = spread.and(r.spread());
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    throw e;
                }
                err.println("ccrj paper: a section failed: " + e);
                e.printStackTrace(err);
                failed.add(s.experiment().getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        double took = (System.nanoTime() - start) / 1e9;
        String results = resultsMarkdown(o, dir, reports, took, failed, figures, spread, commit, jmhLine(sections));
        Files.writeString(dir.resolve("results.md"), results);
        Files.writeString(dir.resolve("headline.csv"), Headline.csv(figures, o.full(), spread));
        out.printf("%n## Headline%n%n%s%n%s%s", Headline.markdown(figures, o.full(), spread), verdictNote(figures, o.full(), spread),
                sectionNotes(reports));
        out.println("results: " + dir.resolve("results.md"));
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        if (!failed.isEmpty()) {
            throw new IllegalStateException("failed sections: " + String.join("; ", failed));
        }
        return new Report("ccrj — the papers' experiments reproduced", results, figures, List.of(), spread);
    }

    /** Under the headline: how far forks varied, which widens a single fork's interval, and how many rows state a verdict. */
    static String verdictNote(List<Figure> figures, boolean full, ForkSpread spread) {
        return "Verdicts: " + Headline.verdictCount(figures, full, spread, 3) + ". A figure of one JMH fork gives a bound (\"at"
                + " least\") where its iterations' interval, widened on both sides by how far forks vary, is still apart from the"
                + " other figure. How far forks vary (" + spread.describe() + "): " + ForkSpread.RULE + " (the core-to-core floor"
                + " and ccr-core's side of the messaging peers run " + ForkSpread.LEAST_FORKS + " forks in every mode to measure it);"
                + " another program's single fork (a peer's) is widened by that squared, since none of those benchmarks sampled its"
                + " modes. A row left unresolved names the setting that would resolve it.\n";
    }

    /** Under the headline, after the verdicts: what the sections say about their rows (e.g. which overhead method resolves). */
    static String sectionNotes(List<Report> reports) {
        return reports.stream().map(Report::headlineNote).filter(n -> !n.isBlank()).map(n -> "\n" + n.strip() + "\n")
                .collect(Collectors.joining());
    }

    /** The items the overhead section runs, as its patterns, and the mpi section, as its parts (in Item order). */
    private static final Map<Item, SpawnedPattern> PATTERNS = Map.of(Item.PIPELINE, SpawnedPattern.PIPELINE, Item.SHIFT,
            SpawnedPattern.SHIFT, Item.TWOSHIFTS, SpawnedPattern.TWO_SHIFTS, Item.EXCHANGE, SpawnedPattern.EXCHANGE);
    private static final Map<Item, MpiRunner.Options.Part> MPI_PARTS = Map.of(Item.RENDEZVOUS, MpiRunner.Options.Part.STAGES,
            Item.LATENCY, MpiRunner.Options.Part.LATENCY, Item.BANDWIDTH, MpiRunner.Options.Part.BANDWIDTH, Item.MPI3,
            MpiRunner.Options.Part.MPI3);

    /**
     * Every section runs with the settings its experiment declares for the paper's mode
     * ({@link Experiment#options}: the same as its own command line with nothing but {@code --full},
     * or {@code --smoke}'s wiring check), narrowed to the items asked for, writing into a sub-folder.
     */
    private static List<Section<?>> sections(Options o, Path dir) {
        RunMode mode = o.runMode();
        List<Section<?>> sections = new ArrayList<>();
        List<SpawnedPattern> patterns = o.only().stream().filter(PATTERNS::containsKey).map(PATTERNS::get).toList();
        if (!patterns.isEmpty()) {
            OverheadRunner r = new OverheadRunner();
            OverheadRunner.Options v = r.options(mode, dir.resolve("overhead")).withPatterns(patterns);
            sections.add(new Section<>("overhead", r, v, v.jmh()));
        }
        List<MpiRunner.Options.Part> parts = o.only().stream().filter(MPI_PARTS::containsKey).map(MPI_PARTS::get).toList();
        if (!parts.isEmpty()) {
            MpiRunner r = new MpiRunner();
            MpiRunner.Options m = r.options(mode, dir.resolve("mpi"));
            sections.add(new Section<>("mpi", r, m.with(parts, m.jmh(), m.out()), m.jmh()));
        }
        if (o.only().contains(Item.DSS)) {
            DssRunner r = new DssRunner();
            DssRunner.Options d = r.options(mode, dir.resolve("dss"));
            sections.add(new Section<>("dss", r, d, d.jmh()));
        }
        if (o.only().contains(Item.PEERS)) {
            PeersRunner r = new PeersRunner();
            PeersRunner.Options p = r.options(mode, dir.resolve("peers"));
            sections.add(new Section<>("peers", r, p, p.jmh()));
        }
        return sections;
    }

    /** The prefix of results.md's line of the sections' JMH settings, which {@link Publish} reads back. */
    static final String JMH_LINE = "JMH per benchmark: ";

    /**
     * results.md's line of the sections' JMH settings: {@code JMH per benchmark: 5 forks x (...) in every
     * section}, or {@code JMH per benchmark: overhead 5 forks x (...); mpi ...} where they differ.
     */
    static String jmhLine(List<String> names, List<Jmh.Settings> settings) {
        if (settings.stream().map(Jmh.Settings::describe).distinct().count() == 1) {
            return JMH_LINE + settings.get(0).describe() + (names.size() > 1 ? " in every section" : " (" + names.get(0) + ")");
        }
        List<String> each = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            each.add(names.get(i) + " " + settings.get(i).describe());
        }
        return JMH_LINE + String.join("; ", each);
    }

    private static String jmhLine(List<Section<?>> sections) {
        return sections.isEmpty() ? JMH_LINE + "no section ran"
                : jmhLine(sections.stream().map(Section::name).toList(), sections.stream().map(s -> s.jmh()).toList());
    }

    /** results.md's opening for a newcomer: how to read the tables, and the words they use. */
    static final String READING = """
            ## How to read this

            The papers (Qiu, Fox & Ho 2006; Qiu et al. 2007) measured how much it costs to hand work from one step of a parallel program to
            the next with Microsoft's CCR library, on 4-core PCs of their time. This run measures the same
            things with ccrj on this machine, and beside each figure puts the papers' figure and, where there
            is one, a tool a reader would use today, measured in the same run on the same machine. Every figure
            of ours comes with a 95% interval: rerunning the experiment would most likely land inside it. A
            figure whose interval reaches zero or spans more than 3x is "not resolved at these settings",
            with its interval and the setting that would narrow it (`--full`: longer runs, more forks); an
            overhead that came out below zero is "below the resolution of this run", never a figure. A
            ratio is given only where both figures are resolved and their intervals are apart, always with
            the range the intervals allow; a figure of one JMH fork (quick mode) gives a bound, "at least
            Nx", where its interval widened by how far forks vary on this machine (by more for another
            program's single fork, whose modes the run did not sample) is still apart from the other; otherwise the table says "not resolved", why, and the setting that would resolve it. Ratios against
            the papers compare machines twenty years apart as much as software, so read them as orders of
            magnitude.

            Glossary:

            - **stage**: one step of a computation, run by a fresh handler when the previous step's message
              arrives on a port; **S** is the number of stages, **T(S)** the run time with S stages and
              **T(1)** the same work as a single stage.
            - **overhead per stage**: (T(S) - T(1)) / S, the papers' method: what splitting the work into
              stages costs per stage.
            - **back-to-back stages**: stages with (almost) nothing to compute, so the run time is all
              overhead: the direct measurement, sharper than the difference of two long runs.
            - **n-way, match / default**: n computations in parallel; `match` gives the dispatcher one thread
              per computation, `default` one per core.
            - **rank**: one process of an MPI program (here a thread of one JVM); **ping-pong** sends one
              message to another rank and back, half the round trip is the latency.
            - **GB/s summed over ranks**: bytes moved per second by all ranks together.
            - **two-way Get**: a request to a DSS service and its answer; **throughput**: requests answered per
              second under a fixed load.
            - **95% interval**: a percentile bootstrap over the run's repetitions, or, for the overhead, DSS
              and peers sections, over JMH's forks and the iterations within them.
            - **fork**: one JVM that JMH starts for a benchmark; on small machines forks fall into two modes
              about 2x apart, which the tables show as two groups; from one fork (quick mode) only a bound is given.
            - **peer**: the other tool measured in the same run (MPJ Express, a raw Netty handler,
              System.arraycopy, two plain threads, and in the last section Pekko, jox, CompletableFuture,
              virtual threads, Vert.x web and the JDK's HttpServer).
            """;

    /** results.md: machine, reading, headline, then each section's Markdown (headings one level down) and charts. */
    private static String resultsMarkdown(Options o, Path dir, List<Report> reports, double took, List<String> failed,
                                          List<Figure> figures, ForkSpread spread, String commit, String jmh) {
        StringBuilder sb = new StringBuilder("# ccrj — the papers' experiments reproduced\n\n");
        sb.append("- ").append(MachineInfo.describe()).append('\n');
        sb.append("- commit ").append(commit).append('\n');
        sb.append("- date ").append(LocalDate.now()).append(", mode ").append(o.mode())
                .append(", took ").append(Progress.clockTime(took)).append('\n');
        sb.append("- command: `bin/ccrj paper").append(o.full() ? " --full" : "").append(o.smoke() ? " --smoke" : "");
        if (o.only().size() < Item.values().length) {
            sb.append(" --only ").append(o.only().stream().map(Item::id).collect(Collectors.joining(",")));
        }
        sb.append("`\n");
        sb.append("- ").append(jmh).append('\n');
        if (!failed.isEmpty()) {
            sb.append("- **failed sections**: ").append(String.join("; ", failed)).append('\n');
        }
        sb.append("\n").append(READING);
        sb.append("\n## Headline\n\n").append(Headline.markdown(figures, o.full(), spread)).append('\n')
                .append(verdictNote(figures, o.full(), spread)).append(sectionNotes(reports));
        sb.append("\nPublished figures: CCR (C#, June 2006) on a 4-core AMD Opteron PC; their bandwidths are summed over 4 cores,")
                .append(" ours over 2 ranks. Peers measured in this run: MPJ Express 0.44 (multicore device),")
                .append(" System.arraycopy, a raw Netty HTTP handler, and the tools of the last section.\n");
        for (Report r : reports) {
            sb.append("\n## ").append(r.title()).append("\n\n");
            // The section's own headings go one level down; its title line, if any, is ours above.
            String body = r.markdown().replaceFirst("(?s)^# [^\n]*\n+", "").replaceAll("(?m)^(#+) ", "$1# ");
            sb.append(body).append('\n');
            for (Path png : r.charts()) {
                String rel = dir.toAbsolutePath().normalize().relativize(png.toAbsolutePath().normalize()).toString();
                sb.append("\n![").append(png.getFileName()).append("](").append(rel.replace('\\', '/')).append(")\n");
            }
        }
        return sb.toString();
    }
}
