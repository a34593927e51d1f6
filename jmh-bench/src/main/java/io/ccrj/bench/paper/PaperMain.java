package io.ccrj.bench.paper;

import io.ccrj.bench.dss.DssMain;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.mpi.MpiMain;
import io.ccrj.bench.overhead.OverheadMain;
import io.ccrj.bench.cli.UsageException;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.paper.PaperOptions.Item;
import io.ccrj.bench.paper.PaperOptions.Section;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.FigureCsv;
import io.ccrj.bench.runner.Headline;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code bin/ccrj paper}, the project's main job: runs the seeds' experiments section by section
 * ({@link OverheadMain} for the spawned patterns on ccr-core, {@link MpiMain} for ccr-mpi beside
 * MPJ Express), each writing its tables, CSV and charts into a sub-folder, then writes
 * {@code results.md} with the machine, a headline table (ours, the seeds', the peer's, the ratios)
 * and every section's tables and charts.
 *
 * <p>Exit codes: 0 done, 1 a section failed, 2 bad command line.
 */
public final class PaperMain {
    /** Predicted seconds of each section in quick mode on the reference machine (for the ETA). */
    private static final double OVERHEAD_QUICK_SECONDS = 150;
    private static final double MPI_QUICK_SECONDS = 75;
    private static final double DSS_QUICK_SECONDS = 40;
    private static final double FULL_FACTOR = 20;
    private static final double SMOKE_SECONDS = 3;

    private PaperMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @param args the command line
     * @param out tables and file paths
     * @param err progress and errors
     * @return the exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, new ArrayList<>());
    }

    /**
     * The {@link io.ccrj.bench.runner.Experiment} of {@code bin/ccrj paper}: every section's
     * headline figures are collected in process and also handed to {@code figures}.
     *
     * @param args the command line
     * @param out tables and file paths
     * @param err progress and errors
     * @param figures receives every section's headline figures
     * @return the exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err, List<Figure> figures) {
        PaperOptions o;
        try {
            o = PaperOptions.parse(args);
        } catch (UsageException e) {
            err.println("ccrj paper: " + e.getMessage());
            err.println();
            err.print(PaperOptions.USAGE);
            return 2;
        }
        if (o.help()) {
            out.print(PaperOptions.USAGE);
            return 0;
        }
        try {
            return paper(o, out, err, figures);
        } catch (IOException | RuntimeException e) {
            err.println("ccrj paper: failed: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    /** One section to run: its title, sub-folder, runner and arguments. */
    private record Plan(Section section, String title, String folder, List<String> args, double predictedSeconds) {
    }

    private static int paper(PaperOptions o, PrintStream out, PrintStream err, List<Figure> figures) throws IOException {
        Path dir = o.out() != null ? o.out() : MachineInfo.defaultResultsFolder("paper");
        Files.createDirectories(dir);
        List<Plan> plans = plans(o, dir);
        double predicted = plans.stream().mapToDouble(Plan::predictedSeconds).sum();
        out.println("ccrj paper — the seeds' experiments, " + (o.full() ? "full" : o.smoke() ? "smoke" : "quick") + " mode");
        out.println(MachineInfo.describe());
        out.printf(Locale.ROOT, "%d sections, predicted about %s; results in %s%n", plans.size(), Progress.clockTime(predicted), dir);
        long start = System.nanoTime();
        double predictedDone = 0;
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            Plan p = plans.get(i);
            double elapsed = (System.nanoTime() - start) / 1e9;
            double eta = Progress.etaSeconds(elapsed, predictedDone, predicted - predictedDone);
            String banner = String.format(Locale.ROOT, "== paper [%d/%d] %s — elapsed %s, ETA %s ==", i + 1, plans.size(),
                    p.title(), Progress.clockTime(elapsed), Progress.clockTime(eta));
            err.println(banner);
            out.println();
            out.println("## " + p.title());
            out.flush();
            String[] a = p.args().toArray(String[]::new);
            int code = switch (p.section()) {
                case OVERHEAD -> OverheadMain.run(a, out, err, figures);
                case MPI -> MpiMain.run(a, out, err, figures);
                case DSS -> DssMain.run(a, out, err, figures);
            };
            if (code != 0) {
                failed.add(p.title() + " (exit " + code + ")");
            }
            predictedDone += p.predictedSeconds();
        }
        double took = (System.nanoTime() - start) / 1e9;
        Path results = dir.resolve("results.md");
        Files.writeString(results, resultsMarkdown(o, dir, plans, took, failed, figures));
        Files.writeString(dir.resolve("headline.csv"), FigureCsv.csv(figures));
        out.println();
        out.println("## Headline");
        out.println();
        out.print(Headline.markdown(figures));
        out.println();
        out.println("results: " + results);
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        if (!failed.isEmpty()) {
            err.println("ccrj paper: failed sections: " + String.join(", ", failed));
            return 1;
        }
        return 0;
    }

    /** results.md's opening for a newcomer: how to read the tables, and the words they use. */
    static final String READING = """
            ## How to read this

            The seeds (2006) measured how much it costs to hand work from one step of a parallel program to
            the next with Microsoft's CCR library, on 4-core PCs of their time. This run measures the same
            things with ccrj on this machine, and beside each figure puts the seeds' figure and, where there
            is one, a tool a reader would use today, measured in the same run on the same machine. Every figure
            of ours comes with a 95% interval: rerunning the experiment would most likely land inside it. When
            the figure it is compared with also lies inside that interval, the table says "within noise"
            instead of a ratio: the run cannot tell them apart. Ratios against the seeds compare machines
            twenty years apart as much as software, so read them as orders of magnitude.

            Glossary:

            - **stage**: one step of a computation, run by a fresh handler when the previous step's message
              arrives on a port; **S** is the number of stages, **T(S)** the run time with S stages and
              **T(1)** the same work as a single stage.
            - **overhead per stage**: (T(S) - T(1)) / S, the seeds' method: what splitting the work into
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
            - **95% interval**: a percentile bootstrap over the run's repetitions (or groups, or turns).
            - **peer**: the other tool measured in the same run (MPJ Express, a raw Netty handler,
              System.arraycopy, two plain threads).
            """;

    private static List<Plan> plans(PaperOptions o, Path dir) {
        List<Plan> plans = new ArrayList<>();
        double factor = o.full() ? FULL_FACTOR : 1;
        List<Item> spawned = o.itemsOf(Section.OVERHEAD);
        if (!spawned.isEmpty()) {
            List<String> a = new ArrayList<>(List.of("--pattern", spawned.stream().map(PaperMain::patternId)
                    .collect(Collectors.joining(",")), "--out", dir.resolve("overhead").toString()));
            common(o, a);
            if (o.smoke()) {
                a.addAll(List.of("--stages", "50", "--reps", "1", "--ways", "1,2", "--stage-us", "2"));
            }
            plans.add(new Plan(Section.OVERHEAD, "Spawned patterns on ccr-core: stage overhead (seed 000 Tables 1-2)",
                    "overhead", a, o.smoke() ? SMOKE_SECONDS : OVERHEAD_QUICK_SECONDS * factor * spawned.size() / 3.0));
        }
        List<Item> mpi = o.itemsOf(Section.MPI);
        if (!mpi.isEmpty()) {
            List<String> a = new ArrayList<>(List.of("--only", mpi.stream().map(i -> i == Item.RENDEZVOUS ? "stages" : i.id)
                    .collect(Collectors.joining(",")), "--out", dir.resolve("mpi").toString()));
            common(o, a);
            if (o.smoke()) {
                a.addAll(List.of("--ranks", "2,3", "--sizes", "300,1000", "--stages", "20", "--stage-us", "1", "--reps", "1",
                        "--round-ms", "2", "--warmup-ms", "0"));
            }
            plans.add(new Plan(Section.MPI, "ccr-mpi beside MPJ Express: rendezvous patterns, latency, bandwidth"
                    + " (seed 001 Table 1, seed 000 Table 3)", "mpi", a,
                    o.smoke() ? SMOKE_SECONDS : MPI_QUICK_SECONDS * factor * mpi.size() / 3.0));
        }
        if (!o.itemsOf(Section.DSS).isEmpty()) {
            List<String> a = new ArrayList<>(List.of("--out", dir.resolve("dss").toString()));
            if (o.full()) {
                a.add("--full");
            }
            if (o.smoke()) {
                a.addAll(List.of("--groups", "3", "--group-size", "20", "--throughput-s", "0.3", "--rounds", "1", "--notifications", "200"));
            }
            plans.add(new Plan(Section.DSS, "DSS services beside a raw Netty handler: two-way groups, throughput, one-way"
                    + " (seed 000 Fig. 13)", "dss", a, o.smoke() ? SMOKE_SECONDS : DSS_QUICK_SECONDS * (o.full() ? 3 : 1)));
        }
        return plans;
    }

    private static void common(PaperOptions o, List<String> a) {
        if (o.full()) {
            a.add("--full");
        }
        if (o.ignoreLoad() || o.smoke()) {
            a.add("--ignore-load");
        }
    }

    private static String patternId(Item i) {
        return switch (i) {
            case PIPELINE -> "Pipeline";
            case SHIFT -> "Shift";
            case TWO_SHIFTS -> "TwoShifts";
            case EXCHANGE -> "Exchange";
            default -> throw new IllegalArgumentException(i + " is not a spawned pattern");
        };
    }

    /** results.md: machine, headline, then each section's own Markdown (headings one level down) and charts. */
    private static String resultsMarkdown(PaperOptions o, Path dir, List<Plan> plans, double took, List<String> failed,
                                          List<Figure> figures)
            throws IOException {
        StringBuilder sb = new StringBuilder("# ccrj — the seeds' experiments reproduced\n\n");
        sb.append("- ").append(MachineInfo.describe()).append('\n');
        sb.append("- date ").append(LocalDate.now()).append(", mode ").append(o.full() ? "full" : o.smoke() ? "smoke" : "quick")
                .append(", took ").append(Progress.clockTime(took)).append('\n');
        sb.append("- command: `bin/ccrj paper");
        if (o.full()) {
            sb.append(" --full");
        }
        if (o.smoke()) {
            sb.append(" --smoke");
        }
        if (o.only().size() < Item.values().length) {
            sb.append(" --only ").append(o.only().stream().map(i -> i.id).collect(Collectors.joining(",")));
        }
        sb.append("`\n");
        if (!failed.isEmpty()) {
            sb.append("- **failed sections**: ").append(String.join(", ", failed)).append('\n');
        }
        sb.append("\n").append(READING);
        sb.append("\n## Headline\n\n").append(Headline.markdown(figures));
        sb.append("\nSeeds: CCR (C#, June 2006) on a 4-core AMD Opteron PC; their bandwidths are summed over 4 cores,")
                .append(" ours over 2 ranks. Peers measured in this run: MPJ Express 0.44 (multicore device),")
                .append(" System.arraycopy, a raw Netty HTTP handler.\n");
        for (Plan p : plans) {
            sb.append("\n## ").append(p.title()).append("\n\n");
            Path section = dir.resolve(p.folder());
            String md = switch (p.section()) {
                case OVERHEAD -> "overhead.md";
                case MPI -> "mpi.md";
                case DSS -> "dss.md";
            };
            Path file = section.resolve(md);
            if (Files.isRegularFile(file)) {
                String body = Files.readString(file).replaceAll("(?m)^(#+) ", "$1## ");
                sb.append(body.replaceFirst("(?s)^###[^\n]*\n", "")).append('\n');
            } else {
                sb.append("(no results: the section failed)\n");
            }
            try (var files = Files.list(section)) {
                for (Path png : files.filter(f -> f.toString().endsWith(".png")).sorted().toList()) {
                    sb.append("\n![").append(png.getFileName()).append("](").append(p.folder()).append('/')
                            .append(png.getFileName()).append(")\n");
                }
            } catch (IOException e) {
                // no folder: the section failed before writing; said above
            }
            sb.append("\nRaw figures: [`").append(p.folder()).append('/').append(md.replace(".md", ".csv")).append("`](")
                    .append(p.folder()).append('/').append(md.replace(".md", ".csv")).append(")\n");
        }
        return sb.toString();
    }
}
