package io.ccrj.examples.clustering;

import io.ccrj.core.Dispatcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * {@code bin/ccrj clustering}: the composite application from the command line. It clusters a CSV
 * file of points or a generated mixture through the same workflow the services run (fan-out,
 * ranks, fan-out), prints a progress line with an estimate of the time left, measures the kernel's
 * parallel overhead beside its fork-join peer and the DSS workflow's cost per stage, and writes
 * results.md, assignments.csv, centres.csv, clusters.png, clusters.svg, overhead.csv, peers.csv and
 * workflow.csv. {@code --serve} starts a DSS host with
 * the application's services instead ({@link ClusteringServer}).
 *
 * <p>Exit status: 0 done; 2 a bad argument or bad input (one line on standard error,
 * {@code ccrj clustering: <problem>}); 1 a failure while running.
 */
public final class ClusteringMain {
    static final String USAGE = """
            Usage: bin/ccrj clustering [--data FILE.csv | --points N --dims D --clusters K] [options]
                   bin/ccrj clustering --serve [--port N]

            Deterministic-annealing clustering as one application of CCR, ccr-mpi and DSS
            (docs/clustering.md). Input: --data FILE.csv, one point per line, its coordinates as
            numbers separated by commas; or a generated, seeded mixture of well-separated Gaussian
            clusters: --points N --dims D --clusters K [--seed S].

            Options:
              --clusters K       the number of clusters (with --data: default 0, chosen from 1 to
                                 --max-clusters by the Bayesian information criterion)
              --max-clusters K   the most clusters a run chooses from (default 10)
              --ranks P          ccr-mpi ranks the annealing runs on (default: the processors, at most 8)
              --threads T        threads per rank for its partial sums, a ccr-core fan-out inside
                                 each rank (threads first, then ranks; default 1)
              --quick            quick schedule and a short overhead measurement (the default)
              --full             slower cooling, tighter convergence, the full overhead measurement
              --no-overhead      skip the overhead measurement (no overhead.csv, peers.csv, workflow.csv)
              --out DIR          where the results go (default clustering-results)
              --serve            start a DSS host with the data and clustering services
              --port N           the host's port with --serve (default 50000; 0 picks a free one)
              --help             this text
            """;

    private ClusteringMain() {
    }

    /**
     * Runs the command and exits with its status.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0 || !serving) {
            System.exit(status);
        }
        // The host's threads are daemons: the main thread keeps the JVM up until SIGTERM or Ctrl-C,
        // whose shutdown hook closes the host.
        try {
            new java.util.concurrent.CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The DSS host's logger, held so that its level stays set: the workflow measurement starts a
     * host whose start-up lines would break into the progress lines.
     */
    private static final java.util.logging.Logger DSS_LOG = java.util.logging.Logger.getLogger("io.ccrj.dss");

    /** Set when --serve started a host that keeps the JVM running. */
    private static volatile boolean serving;

    /** The parsed command line. */
    record Options(Path data, int points, int dims, int clusters, int maxClusters, long seed, int ranks, int threads,
                   boolean quick,
                   boolean overhead, Path out, boolean serve, int port, boolean ranksGiven) {
        Options withRanks(int r) {
            return new Options(data, points, dims, clusters, maxClusters, seed, r, threads, quick, overhead, out, serve, port,
                    ranksGiven);
        }
    }

    /** A bad argument: exit status 2 and the message. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /**
     * Runs the command.
     *
     * @param args the arguments
     * @param out where results and the summary go
     * @param err where progress and problems go
     * @return the exit status
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (UsageException e) {
            if (e.getMessage().isEmpty()) {
                out.print(USAGE);
                return 0;
            }
            err.println("ccrj clustering: " + e.getMessage());
            return 2;
        }
        if (o.serve()) {
            try {
                ClusteringServer server = ClusteringServer.start(o.port(), o.ranks());
                out.println("ccrj clustering: serving [data, clustering] at " + server.baseUri()
                        + "/ (OpenAPI: " + server.baseUri() + "/openapi.json); Ctrl-C stops it");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    err.println("ccrj clustering: shutting down: running jobs are cancelled");
                    server.close();
                }, "clustering-shutdown"));
                serving = true;
                return 0;
            } catch (RuntimeException e) {
                err.println("ccrj clustering: cannot start the host: " + e.getMessage());
                return 1;
            }
        }
        Points points;
        int[] truth = null;
        String source;
        try {
            if (o.data() != null) {
                points = PointsCsv.read(o.data());
                source = o.data().toString();
            } else {
                GaussianMixture.Labelled g = GaussianMixture.generate(o.points(), o.dims(), o.clusters(), 8, o.seed());
                points = g.points();
                truth = g.labels();
                source = String.format(Locale.ROOT, "a generated mixture of %d well-separated Gaussian clusters "
                        + "(%,d points, %d dimensions, seed %d)", o.clusters(), o.points(), o.dims(), o.seed());
            }
            if (!o.ranksGiven() && o.ranks() > points.n()) {
                o = o.withRanks(points.n()); // the default fits small inputs; an explicit --ranks is checked
            }
            new JobSpec(o.clusters(), o.maxClusters(), o.ranks(), o.threads(), o.quick()).checkAgainst(points);
        } catch (IllegalArgumentException e) {
            err.println("ccrj clustering: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("ccrj clustering: " + o.data() + ": cannot read it: " + e.getMessage());
            return 2;
        }
        try {
            Files.createDirectories(o.out());
            return cluster(o, points, truth, source, out, err);
        } catch (IOException e) {
            err.println("ccrj clustering: cannot write the results to " + o.out() + ": " + e.getMessage());
            return 1;
        } catch (CancellationException e) {
            err.println("ccrj clustering: " + e.getMessage());
            return 1;
        }
    }

    private static int cluster(Options o, Points points, int[] truth, String source, PrintStream out, PrintStream err)
            throws IOException {
        JobSpec spec = new JobSpec(o.clusters(), o.maxClusters(), o.ranks(), o.threads(), o.quick());
        ProgressLine line = new ProgressLine(err);
        JobResult r;
        long start = System.nanoTime();
        try (Dispatcher dispatcher = new Dispatcher(0, "clustering")) {
            r = new ClusteringPipeline(dispatcher).run(points, truth, spec, line, () -> false);
        }
        line.done();
        double seconds = (System.nanoTime() - start) / 1e9;
        OverheadMeasurement.Tables tables = null;
        if (o.overhead()) {
            DSS_LOG.setLevel(java.util.logging.Level.WARNING);
            OverheadMeasurement.Plan plan = o.quick() ? OverheadMeasurement.Plan.quick(points.d(), Math.max(2, r.k()))
                    : OverheadMeasurement.Plan.full(points.d(), Math.max(2, r.k()));
            tables = OverheadMeasurement.measure(plan, msg -> err.println("ccrj clustering: " + msg));
        }
        ResultFiles.write(o.out(), source, spec, points, r, tables, seconds);
        out.printf(Locale.ROOT, "ccrj clustering: %d cluster%s of %,d point%s in %.1f s%s; results in %s%n", r.k(),
                r.k() == 1 ? "" : "s", points.n(), points.n() == 1 ? "" : "s", seconds,
                Double.isNaN(r.adjustedRand()) ? "" : String.format(Locale.ROOT, ", adjusted Rand index %.4f", r.adjustedRand()),
                o.out().resolve("results.md"));
        return 0;
    }

    /** The progress line: temperature, clusters, free energy, time per iteration, and the time left. */
    static final class ProgressLine implements JobListener {
        private final PrintStream err;
        private final boolean console = System.console() != null;
        private final long start = System.nanoTime();
        private long lastPrinted;

        ProgressLine(PrintStream err) {
            this.err = err;
        }

        @Override
        public void step(Step s) {
            long now = System.nanoTime();
            if (s.temperature() != 0 && now - lastPrinted < 500_000_000L) {
                return;
            }
            lastPrinted = now;
            double elapsed = (now - start) / 1e9;
            String eta = s.fractionDone() > 0.02 && s.fractionDone() < 1
                    ? String.format(Locale.ROOT, "ETA %.0f s", elapsed * (1 - s.fractionDone()) / s.fractionDone())
                    : s.fractionDone() >= 1 ? "done" : "ETA ?";
            String text = String.format(Locale.ROOT, "ccrj clustering: anneal T=%.4g K=%d F=%.6g %.3f ms/iteration %3.0f%% %s",
                    s.temperature(), s.clusters(), s.freeEnergy(), s.iterationMillis(), 100 * s.fractionDone(), eta);
            if (console) {
                err.print("\r" + text + "    ");
            } else {
                err.println(text);
            }
        }

        @Override
        public void stage(String name, double ms) {
            if (console) {
                err.println();
            }
            err.printf(Locale.ROOT, "ccrj clustering: %s done in %.1f ms%n", name, ms);
        }

        void done() {
            err.flush();
        }
    }

    static Options parse(String[] args) throws UsageException {
        Path data = null;
        int points = -1;
        int dims = -1;
        int clusters = -1;
        int maxClusters = JobSpec.DEFAULT_MAX_CLUSTERS;
        long seed = 1;
        int ranks = Math.min(8, Math.max(1, Runtime.getRuntime().availableProcessors()));
        int threads = 1;
        boolean ranksGiven = false;
        boolean quick = true;
        boolean overhead = true;
        Path out = Path.of("clustering-results");
        boolean serve = false;
        int port = 50000;
        List<String> a = new ArrayList<>(List.of(args));
        for (int i = 0; i < a.size(); i++) {
            String arg = a.get(i);
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                value = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            switch (arg) {
                case "--help", "-h" -> throw new UsageException("");
                case "--quick" -> quick = true;
                case "--full" -> quick = false;
                case "--no-overhead" -> overhead = false;
                case "--serve" -> serve = true;
                case "--data", "--points", "--dims", "--clusters", "--max-clusters", "--seed", "--ranks", "--threads", "--out",
                     "--port" -> {
                    if (value == null) {
                        if (i + 1 >= a.size()) {
                            throw new UsageException(arg + " needs a value");
                        }
                        value = a.get(++i);
                    }
                    switch (arg) {
                        case "--data" -> data = Path.of(value);
                        case "--points" -> points = whole(arg, value, 1, Integer.MAX_VALUE);
                        case "--dims" -> dims = whole(arg, value, 1, 10_000);
                        case "--clusters" -> clusters = whole(arg, value, 1, 100_000);
                        case "--max-clusters" -> maxClusters = whole(arg, value, 1, 100_000);
                        case "--seed" -> seed = wholeLong(arg, value);
                        case "--ranks" -> {
                            ranks = whole(arg, value, 1, 1024);
                            ranksGiven = true;
                        }
                        case "--threads" -> threads = whole(arg, value, 1, 256);
                        case "--out" -> out = Path.of(value);
                        case "--port" -> port = whole(arg, value, 0, 65535);
                        default -> throw new AssertionError(arg);
                    }
                }
                default -> throw new UsageException("unknown option '" + a.get(i)
                        + "' (bin/ccrj clustering --help lists the options)");
            }
        }
        if (serve) {
            if (data != null || points >= 0) {
                throw new UsageException("--serve takes no input: submit jobs to the host over REST");
            }
            return new Options(null, 0, 0, 0, maxClusters, seed, ranks, threads, quick, overhead, out, true, port, ranksGiven);
        }
        if (data != null && (points >= 0 || dims >= 0)) {
            throw new UsageException("--data and --points/--dims exclude each other: cluster a file or a generated mixture");
        }
        if (data == null) {
            if (points < 0 || dims < 0 || clusters < 0) {
                throw new UsageException("give --data FILE.csv, or --points N --dims D --clusters K for a generated mixture");
            }
            if (clusters > points) {
                throw new UsageException("--clusters " + clusters + " is more than --points " + points
                        + ": there can be no more clusters than points");
            }
        }
        return new Options(data, points, dims, Math.max(0, clusters), maxClusters, seed, ranks, threads, quick, overhead,
                out, false, port, ranksGiven);
    }

    private static int whole(String option, String value, int min, int max) throws UsageException {
        long v;
        try {
            v = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new UsageException(option + " " + value + ": needs a whole number from " + min + " to " + max);
        }
        if (v < min || v > max) {
            throw new UsageException(option + " " + value + ": must be from " + min + " to " + max);
        }
        return (int) v;
    }

    private static long wholeLong(String option, String value) throws UsageException {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new UsageException(option + " " + value + ": needs a whole number");
        }
    }

    /** Writes a text file as UTF-8. */
    static void writeText(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Stage times as a line. */
    static String stages(Map<String, Double> stages) {
        StringBuilder sb = new StringBuilder();
        stages.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%s %.1f ms", k, v)));
        return sb.toString();
    }
}
