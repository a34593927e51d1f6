package io.ccrj.bench.platform;

import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.runner.Commands;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.runner.RunMode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ccrj platform}: measures this machine's floors with JMH ({@link PlatformFloors}) and
 * writes them, with the machine and the JDK, to docs/platform.md (or {@code --out FILE}), the page
 * the project's docs and comments cite for what the hardware and the JVM cost here.
 */
public final class PlatformRunner implements Experiment<PlatformRunner.Options> {
    /**
     * The options of {@code bin/ccrj platform}.
     *
     * @param out where to write the page
     * @param quick one short iteration each: checks the wiring, not a measurement
     */
    public record Options(Path out, boolean quick) {
    }

    /** The command line, declared for picocli; a fresh one per parse. */
    @Command(name = "bin/ccrj platform", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
            description = {"Measures this machine's floors with JMH: thread-to-thread hand-off (busy-spinning), park/unpark,"
                    + " virtual-thread switch, fork-join dispatch, loopback HTTP round trip and System.arraycopy"
                    + " bandwidth; writes them with the machine and the JDK as Markdown.", ""})
    static final class Line {
        @Option(names = "--out", paramLabel = "FILE", converter = Commands.FileName.class,
                description = "where to write (default: docs/platform.md of the repository)")
        Path out;

        @Option(names = "--quick", description = "one short iteration each: checks the wiring, not a measurement")
        boolean quick;

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
        return new Options(l.out != null ? l.out : defaultOut(), l.quick);
    }

    /** Quick and full measure the same floors; smoke is {@code --quick}, one short iteration each. */
    @Override
    public Options options(RunMode mode, Path out) {
        return new Options(out != null ? out : defaultOut(), mode == RunMode.SMOKE);
    }

    @Override
    public Report run(Options o, PrintStream stdout, PrintStream err) throws Exception {
        boolean quick = o.quick();
        var opts = new OptionsBuilder()
                .include(PlatformFloors.class.getName() + "\\.")
                .forks(1)
                .warmupIterations(quick ? 1 : 3)
                .warmupTime(TimeValue.milliseconds(quick ? 100 : 1000))
                .measurementIterations(quick ? 1 : 5)
                .measurementTime(TimeValue.milliseconds(quick ? 100 : 1000))
                .verbosity(quick ? VerboseMode.SILENT : VerboseMode.NORMAL)
                .build();
        String load = loadAverage();
        String page = render(new Runner(opts).run(), quick, load);
        if (o.out().getParent() != null) {
            Files.createDirectories(o.out().getParent());
        }
        Files.writeString(o.out(), page);
        stdout.print(page);
        stdout.println("wrote " + o.out());
        return new Report("This machine's floors", page, List.of(), List.of());
    }

    private static Path defaultOut() {
        String root = System.getenv("CCRJ_ROOT");
        return Path.of(root == null ? "." : root, "docs", "platform.md");
    }

    /** One row of the page; rows are listed by {@code order}. */
    private record Row(int order, String floor, String figure, String how) {
    }

    static String render(Collection<RunResult> results, boolean quick, String load) {
        List<Row> rows = new ArrayList<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark();
            name = name.substring(name.lastIndexOf('.') + 1);
            Result<?> p = r.getPrimaryResult();
            double ns = p.getScore();
            double err = Double.isNaN(p.getScoreError()) ? 0 : p.getScoreError();
            // Sampled figures: the median (the floor) first, then the mean.
            double p50 = r.getParams().getMode() == Mode.SampleTime ? p.getStatistics().getPercentile(50) : Double.NaN;
            switch (name) {
                case "threadRoundTrip" -> {
                    boolean park = "park".equals(r.getParams().getParam("wait"));
                    rows.add(new Row(park ? 1 : 0, park ? "park/unpark hand-off, platform threads, one way"
                                    : "thread-to-thread hand-off, both busy-spinning, one way",
                            sampledTime(p50 / 2, ns / 2),
                            park ? "half a round trip; each side parks (LockSupport) until the other unparks it"
                                    : "half a round trip; each side spins on an atomic (Thread.onSpinWait)"));
                }
                case "virtualThreadSwitch" -> rows.add(new Row(2, "virtual-thread switch", sampledTime(p50, ns),
                        "per hand-off of a token between two virtual threads (park/unpark, default scheduler)"));
                case "forkJoinDispatch" -> rows.add(new Row(3, "fork-join dispatch, round trip", sampledTime(p50, ns),
                        "one tiny task submitted to a 2-worker ForkJoinPool from outside, and joined"));
                case "loopbackHttpRoundTrip" -> rows.add(new Row(4, "loopback HTTP/1.1 round trip", sampledTime(p50, ns),
                        "GET over one keep-alive connection to a minimal Netty server (epoll where available)"));
                case "arraycopy" -> {
                    int doubles = Integer.parseInt(r.getParams().getParam("doubles"));
                    double bytes = doubles * 8.0;
                    double gbs = bytes / ns;
                    double gbsErr = ns > err ? bytes / (ns - err) - gbs : 0;
                    rows.add(new Row(5, String.format(Locale.ROOT, "System.arraycopy bandwidth, %,d doubles", doubles),
                            String.format(Locale.ROOT, "%.1f GB/s (± %.1f)", gbs, gbsErr),
                            "bytes copied per second, one thread, arrays already in cache or memory as their size puts them"));
                }
                default -> rows.add(new Row(9, name, plain(ns) + " (± " + plain(err) + ")", ""));
            }
        }
        rows.sort(Comparator.comparingInt(Row::order).thenComparing(Row::floor));
        var sb = new StringBuilder();
        sb.append("# Platform floors\n\n");
        sb.append("What this machine and JVM charge for the primitives ccrj is built from, measured by\n");
        sb.append("`bin/ccrj platform` (JMH, `io.ccrj.bench.platform.PlatformFloors`). The project's docs and\n");
        sb.append("comments cite this page for what the hardware costs; rerun it on your machine to get yours.\n");
        sb.append("Hand-offs and round trips are JMH samples: the median, which is the floor, then the mean,\n");
        sb.append("which also carries what a busy machine adds (preemption, wake-ups); bandwidth is a JMH mean\n");
        sb.append("with its 99.9% confidence half-width. Compare figures only with others from the same machine.\n\n");
        if (quick) {
            sb.append("**`--quick` run: one short iteration per figure; these check the wiring and are not a\n");
            sb.append("measurement.**\n\n");
        }
        MarkdownTable t = new MarkdownTable("lrl", "floor", "figure", "how");
        rows.forEach(row -> t.row(row.floor, row.figure, row.how));
        sb.append(t);
        sb.append("\n## Machine\n\n");
        sb.append("- CPU: ").append(MachineInfo.cpuModel()).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores available to the JVM\n");
        sb.append("- Memory: ").append(memory()).append('\n');
        sb.append("- OS: ").append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.version"))
                .append(" (").append(System.getProperty("os.arch")).append(")\n");
        sb.append("- JDK: ").append(System.getProperty("java.vm.vendor")).append(' ')
                .append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.runtime.version")).append('\n');
        sb.append("- Date: ").append(LocalDate.now()).append('\n');
        sb.append("- Load average when the run started (1, 5, 15 min): ").append(load)
                .append(" (other processes share the cores: a load near or above the core count\n")
                .append("  inflates the means and the busy-spinning figures)\n");
        sb.append(String.format(Locale.ROOT, "- JMH: 1 fork, %s%n", quick
                ? "1 warm-up and 1 measured iteration of 100 ms"
                : "3 warm-up and 5 measured iterations of 1 s"));
        return sb.toString();
    }

    private static String sampledTime(double p50, double mean) {
        return "median " + plain(p50) + ", mean " + plain(mean);
    }

    private static String plain(double ns) {
        return ns >= 10_000 ? String.format(Locale.ROOT, "%.1f µs", ns / 1000) : String.format(Locale.ROOT, "%.0f ns", ns);
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String memory() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream()
                    .filter(l -> l.startsWith("MemTotal:"))
                    .map(l -> String.format(Locale.ROOT, "%.1f GiB",
                            Long.parseLong(l.replaceAll("\\D", "")) / 1024.0 / 1024.0))
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
