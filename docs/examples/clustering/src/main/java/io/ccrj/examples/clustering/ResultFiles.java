package io.ccrj.examples.clustering;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** The files a command-line run writes. */
final class ResultFiles {
    private ResultFiles() {
    }

    static void write(Path dir, String source, JobSpec spec, Points points, JobResult r, OverheadMeasurement.Tables tables,
                      double seconds) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("assignments.csv"), StandardCharsets.UTF_8)) {
            w.write("point,cluster\n");
            for (int i = 0; i < r.labels().length; i++) {
                w.write(i + "," + r.labels()[i] + "\n");
            }
        }
        ClusteringMain.writeText(dir.resolve("centres.csv"), centresCsv(r));
        ClusterPicture picture = ClusterPicture.of(r, String.format(Locale.ROOT,
                "%d clusters of %,d points, first two principal components", r.k(), points.n()));
        ClusteringMain.writeText(dir.resolve("clusters.svg"), picture.svg());
        Files.write(dir.resolve("clusters.png"), picture.png());
        if (tables != null) {
            ClusteringMain.writeText(dir.resolve("overhead.csv"), OverheadMeasurement.overheadCsv(tables.rows()));
            ClusteringMain.writeText(dir.resolve("overhead.svg"), OverheadChart.svg(tables.rows()));
            ClusteringMain.writeText(dir.resolve("peers.csv"), OverheadMeasurement.peersCsv(tables.peers()));
            ClusteringMain.writeText(dir.resolve("workflow.csv"), WorkflowOverhead.csv(tables.workflow()));
        }
        ClusteringMain.writeText(dir.resolve("results.md"), markdown(source, spec, points, r, tables, seconds));
    }

    static String centresCsv(JobResult r) {
        StringBuilder sb = new StringBuilder("cluster,points");
        for (int j = 0; j < r.d(); j++) {
            sb.append(",x").append(j);
        }
        sb.append('\n');
        for (int c = 0; c < r.k(); c++) {
            sb.append(c).append(',').append(r.counts()[c]);
            for (int j = 0; j < r.d(); j++) {
                sb.append(',').append(r.centres()[c * r.d() + j]);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String markdown(String source, JobSpec spec, Points points, JobResult r,
                                   OverheadMeasurement.Tables tables, double seconds) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Deterministic-annealing clustering\n\n");
        sb.append("Input: ").append(source).append(".\n\n");
        sb.append(String.format(Locale.ROOT, "Run: %s schedule, %d ccr-mpi ranks of %d thread%s, %s; %.1f s in all (%s).%n%n",
                spec.quick() ? "quick" : "full", spec.ranks(), spec.threads(), spec.threads() == 1 ? "" : "s",
                spec.clusters() > 0 ? spec.clusters() + " clusters asked for"
                        : "the number of clusters chosen from 1 to " + spec.maxClusters() + " by the Bayesian information criterion",
                seconds, ClusteringMain.stages(r.stageMillis())));
        sb.append(String.format(Locale.ROOT, "**%d clusters.**", r.k()));
        if (!Double.isNaN(r.adjustedRand())) {
            sb.append(String.format(Locale.ROOT, " Adjusted Rand index against the generated clusters: **%.4f**.", r.adjustedRand()));
        }
        sb.append("\n\n| cluster | points | spread (standardised) | centre |\n|---:|---:|---:|---|\n");
        for (int c = 0; c < r.k(); c++) {
            StringBuilder centre = new StringBuilder();
            for (int j = 0; j < r.d() && j < 8; j++) {
                centre.append(j == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4g", r.centres()[c * r.d() + j]));
            }
            if (r.d() > 8) {
                centre.append(", ...");
            }
            sb.append(String.format(Locale.ROOT, "| %d | %,d | %.4f | %s |%n", c, r.counts()[c], r.spread()[c], centre));
        }
        sb.append(String.format(Locale.ROOT, "%nAnnealing: T0 = 2 lambda_max = %.6g (standardised data), %d temperatures, "
                        + "%,d EM iterations, %.4f ms per iteration on rank 0, rank fluctuation (slowest over mean) %.3f.%n",
                r.t0(), r.steps().size(), r.iterations(), r.iterationMillis(), r.fluctuation()));
        if (!r.criterion().isEmpty()) {
            sb.append("\n| K | Bayesian information criterion |\n|---:|---:|\n");
            for (Map.Entry<Integer, Double> e : r.criterion().entrySet()) {
                sb.append(String.format(Locale.ROOT, "| %d%s | %.1f |%n", e.getKey(), e.getKey() == r.k() ? " (chosen)" : "",
                        e.getValue()));
            }
        }
        sb.append("\nFiles: `assignments.csv` (point, cluster), `centres.csv`, `clusters.png` and `clusters.svg` "
                + "(the points on the first two principal components, coloured by cluster; crosses are the centres)");
        if (tables != null) {
            sb.append(", `overhead.csv` and its chart `overhead.svg` (f against 1/n, each rank count beside its floor), "
                    + "`peers.csv`, `workflow.csv`.\n\n");
            sb.append("## Parallel overhead\n\n");
            sb.append(String.format(Locale.ROOT, "f = (P T(P) - T(1)) / T(1) of one EM iteration at a fixed temperature, "
                    + "against 1/n (n points per rank), on this machine (%d processors); mean of the repetitions "
                    + "with its 95%% interval; each repetition times every rank count in turn, and f is the "
                    + "mean of the repetitions' own f. The floor f is the same f of the partial sums' arithmetic "
                    + "alone on P threads that never communicate, each on its block: what this machine costs before any "
                    + "runtime does; f above it is the runtime's. Rows with more ranks than processors are oversubscribed: they "
                    + "measure the machine's time-slicing, not the runtime.%n%n", Runtime.getRuntime().availableProcessors()));
            sb.append("| points | P | n | 1/n | T(P) µs | ± µs | f | ± | floor f | ± | fluctuation | |\n"
                    + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
            for (OverheadMeasurement.Row row : tables.rows()) {
                sb.append(String.format(Locale.ROOT, "| %,d | %d | %,d | %.3g | %.1f | %.1f | %.3f | %.3f | %.3f | %.3f | %.3f | %s |%n",
                        row.total(), row.ranks(), row.perRank(), 1.0 / row.perRank(), row.microsPerIteration(),
                        row.interval(), row.overhead(), row.overheadInterval(), row.floorOverhead(), row.floorInterval(), row.fluctuation(),
                        row.oversubscribed() ? "oversubscribed" : ""));
            }
            sb.append("\n## Beside the peers\n\n| points | model | µs per iteration | ± µs |\n|---:|---|---:|---:|\n");
            for (OverheadMeasurement.PeerRow row : tables.peers()) {
                sb.append(String.format(Locale.ROOT, "| %,d | %s | %.1f | %.1f |%n", row.total(), row.model(),
                        row.microsPerIteration(), row.interval()));
            }
            sb.append("\n## The DSS workflow per stage\n\nOne two-way message between the workflow's services "
                    + "(a data set of one point asked of the data service), in groups of 200, each message sent from the "
                    + "previous one's answer as a job's stages hand off; the papers measured less "
                    + "than 40 µs per DSS message between services in one process (Qiu et al. 2007, poster).\n\n"
                    + "| transport | µs per stage | ± µs | groups |\n|---|---:|---:|---:|\n");
            for (WorkflowOverhead.Row row : tables.workflow()) {
                sb.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %d |%n", row.transport(), row.microsPerStage(),
                        row.interval(), row.groups()));
            }
        } else {
            sb.append(".\n");
        }
        return sb.toString();
    }
}
