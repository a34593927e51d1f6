package io.ccrj.bench.mpi;

import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.machine.ForeignLoad;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.bench.mpi.MpiOptions.Part;
import io.ccrj.bench.overhead.Calibration;
import io.ccrj.bench.overhead.OverheadExperiment;
import io.ccrj.bench.runner.Progress;
import io.ccrj.mpi.mpjexpress.MpjExpressHome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code bin/ccrj mpi}: ccr-mpi beside MPJ Express in one run. Prints the seeds' rendezvous table
 * (seed 001 Table 1) with both backends, the latency table and the bandwidth tables (seed 000
 * Table 3), and writes {@code mpi.csv}, {@code mpi.md} and PNG charts
 * into the output folder.
 *
 */
public final class MpiRunner implements Experiment<MpiOptions> {
    @Override
    public String usage() {
        return MpiOptions.USAGE;
    }

    @Override
    public MpiOptions parse(String... args) {
        return MpiOptions.parse(args);
    }

    @Override
    public Report run(MpiOptions o, PrintStream out, PrintStream err) throws InterruptedException, IOException {
        List<Path> charts = new ArrayList<>();
        int cores = Runtime.getRuntime().availableProcessors();
        boolean mpj = o.backends().contains(MpiBackend.MPJ_EXPRESS) && mpjInstalled(err);
        int units = 0;
        double unitMicros = Double.NaN;
        if (o.experiments().contains(Part.STAGES) && o.stageMicros() > 0) {
            err.println("calibrating the basic unit ...");
            if (!o.ignoreLoad()) {
                ForeignLoad.awaitQuiet(OverheadExperiment.MAX_FOREIGN_LOAD, 200, 10_000, cores);
            }
            Calibration cal = Calibration.measure(9, 100_000);
            unitMicros = cal.unitMicros();
            units = cal.unitsPerStage(o.stageMicros());
        }
        String machine = MachineInfo.describe();
        String params = String.format(Locale.ROOT,
                "experiments %s; backends %s%s; ranks %s (bandwidth %d); S = %,d stages of %d basic units (%.1f µs;"
                        + " unit %.4f µs); %d repetitions, medians; rounds of about %d ms after %d ms of warm-up rounds",
                o.experiments().stream().map(e -> e.id).collect(Collectors.joining(",")),
                o.backends().stream().map(MpiOptions::id).collect(Collectors.joining(",")),
                o.backends().contains(MpiBackend.MPJ_EXPRESS) && !mpj ? " (MPJ Express not installed)" : "",
                o.ranks().stream().map(String::valueOf).collect(Collectors.joining(",")), o.bandwidthRanks(), o.stages(),
                units, units * (Double.isNaN(unitMicros) ? 0 : unitMicros), Double.isNaN(unitMicros) ? 0 : unitMicros,
                o.reps(), o.roundMillis(), o.warmupMillis());
        out.println("ccrj mpi — ccr-mpi beside MPJ Express (" + (o.full() ? "full" : "quick") + " mode)");
        out.println(machine);
        out.println(params);
        out.flush();

        long start = System.nanoTime();
        List<Figure> results = new MpiExperiment(o, units, mpj, cores, err).run();
        double took = (System.nanoTime() - start) / 1e9;
        MpiReport report = new MpiReport(results, o);
        List<Figure> headline = headline(report, o.bandwidthRanks());
        String tables = report.tables();
        out.println();
        out.print(tables);
        out.println("* = some repetitions were disturbed by other processes (more than 10% of the machine)");

        Path dir = o.out() != null ? o.out() : MachineInfo.defaultResultsFolder("mpi");
        Files.createDirectories(dir);
        Path csv = dir.resolve("mpi.csv");
        Path md = dir.resolve("mpi.md");
        report.csv().write(csv);
        String markdown = "- " + machine + "\n- " + params + "\n"
                + String.format(Locale.ROOT, "- measured in %s%n", Progress.clockTime(took))
                + "- `*` = some repetitions were disturbed by other processes (more than 10% of the machine)\n\n"
                + tables;
        Files.writeString(md, "# ccrj mpi — ccr-mpi beside MPJ Express\n\n" + markdown);
        out.println("wrote " + csv);
        out.println("wrote " + md);
        String subtitle = cores + " cores";
        for (var chart : List.of(Map.entry("mpi-stage-overhead.png", report.stagePanels(subtitle)),
                Map.entry("mpi-latency.png", report.latencyPanels(subtitle)))) {
            chart(dir.resolve(chart.getKey()), chart.getValue(), charts, out);
        }
        if (results.stream().anyMatch(f -> MpiFigures.experiment(f).equals("bandwidth"))) {
            chart(dir.resolve("mpi-bandwidth.png"), report.bandwidthPanels(subtitle), charts, out);
        }
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        return new Report("ccr-mpi beside MPJ Express: rendezvous patterns, latency, bandwidth (seed 001 Table 1, seed 000 Table 3)",
                markdown, headline, charts);
    }

    /** The headline figures: ccr-mpi with MPJ Express as the peer, the seeds' where they published one. */
    static List<Figure> headline(MpiReport r, int bandwidthRanks) {
        List<Figure> out = new ArrayList<>();
        for (RendezvousPattern p : List.of(RendezvousPattern.RENDEZVOUS_SHIFT, RendezvousPattern.RENDEZVOUS_EXCHANGE)) {
            for (int ranks : new int[] {2, 4}) {
                r.find("stages", p, "ccr-mpi", ranks, 0, "messaging_us").filter(Figure::measured).ifPresent(f ->
                        out.add(peer(Figure.of(List.of("mpi", "stages", p, ranks), p.seedName() + ", per stage, " + ranks + " ranks",
                                        "µs", true, f.ours(), "rendezvous.amd." + p.name() + "." + ranks),
                                r.find("stages", p, "mpj-express", ranks, 0, "messaging_us"), "MPJ Express")));
            }
        }
        for (LatencyOp op : List.of(LatencyOp.PING_PONG, LatencyOp.BARRIER, LatencyOp.ALLREDUCE)) {
            int ranks = op == LatencyOp.PING_PONG ? 2 : 8;
            r.find("latency", op, "ccr-mpi", ranks, 0, "latency_us").filter(Figure::measured).ifPresent(f -> {
                out.add(peer(Figure.of(List.of("mpi", "latency", op, ranks), op.label + ", " + ranks + " ranks", "µs", true, f.ours(),
                                null),
                        r.find("latency", op, "mpj-express", ranks, 0, "latency_us"), "MPJ Express"));
                r.find("latency", MpiFigures.Baseline.CORE_TO_CORE, "java", 2, 0, "latency_us").filter(Figure::measured).ifPresent(floor ->
                        out.add(Figure.of(List.of("mpi", "latency", op, ranks, "vs-floor"),
                                "  same, against this run's core-to-core hand-off floor", "µs", true, f.ours(), null)
                                .withPeer("two threads, one counter", floor.ours())));
            });
        }
        CopyModel outside = CopyModel.OUTSIDE_THREAD;
        r.find("bandwidth", outside, "ccr-mpi", bandwidthRanks, 100_000, "GB/s").filter(Figure::measured).ifPresent(f -> {
            out.add(peer(Figure.of(List.of("mpi", "bandwidth", outside, bandwidthRanks, 100_000),
                    "sendrecv 10^5 doubles, summed over " + bandwidthRanks + " ranks", "GB/s", false, f.ours(), "bandwidth.amd." + CopyModel.OUTSIDE_THREAD.name() + ".100000"),
                    r.find("bandwidth", outside, "mpj-express", bandwidthRanks, 100_000, "GB/s"), "MPJ Express"));
            out.add(peer(Figure.of(List.of("mpi", "bandwidth", outside, bandwidthRanks, 100_000, "vs-arraycopy"),
                    "  same, against System.arraycopy on 1 thread", "GB/s", false, f.ours(), null),
                    r.find("bandwidth", MpiFigures.Baseline.ARRAYCOPY_ONE, "java", 1, 100_000, "GB/s"), "System.arraycopy"));
        });
        return out;
    }

    private static Figure peer(Figure f, java.util.Optional<Figure> peer, String name) {
        return peer.filter(Figure::measured).map(p -> f.withPeer(name, p.ours())).orElse(f);
    }

    private static void chart(Path png, List<? extends org.knowm.xchart.internal.chartpart.Chart<?, ?>> panels, List<Path> charts,
                              PrintStream out) throws IOException {
        if (!panels.isEmpty()) {
            Charts.write(panels, png);
            charts.add(png);
            out.println("chart " + png);
        }
    }

    private static boolean mpjInstalled(PrintStream err) {
        try {
            MpjExpressHome.detect().verify();
            return true;
        } catch (IllegalStateException e) {
            err.println("ccrj mpi: " + e.getMessage() + " — its rows say \"not installed\"");
            return false;
        }
    }
}
