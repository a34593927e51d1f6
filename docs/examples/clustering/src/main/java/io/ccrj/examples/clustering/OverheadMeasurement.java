package io.ccrj.examples.clustering;

import io.ccrj.mpi.SpmdWorld;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The annealing kernel measured the papers' way (Qiu, Fox et al. 2008): the parallel overhead
 * {@code f = (P T(P) - T(1)) / T(1)} of an EM iteration against {@code 1/n}, n the points per rank,
 * for P = 1, 2, 4 and 8 ranks on the same total problem, each time with its repetitions' mean and a
 * 95% interval, beside the same f of the arithmetic alone on threads that never communicate
 * ({@link ArithmeticFloor}: what the machine costs); the ranks' run-time fluctuation (slowest rank's compute time over the mean); and
 * beside them, per problem size, the fork-join peer ({@link ForkJoinPeer}) on the same data.
 * More ranks than the machine's processors are marked oversubscribed: there f measures the
 * machine, not the runtime.
 */
public final class OverheadMeasurement {
    /** The rank counts measured. */
    public static final int[] RANKS = {1, 2, 4, 8};

    /**
     * The sizes and repetitions of a measurement.
     *
     * @param totals the total points of each problem
     * @param dims the dimensions
     * @param clusters the clusters (the centres the iterations run with)
     * @param repetitions runs of each configuration
     * @param warmup untimed iterations per run
     * @param iterations timed iterations per run
     */
    public record Plan(int[] totals, int dims, int clusters, int repetitions, int warmup, int iterations) {
        /**
         * The quick plan: 4,000 and 40,000 points, 5 repetitions of 40 iterations (a few tens of
         * seconds on 2 cores; with fewer repetitions the 95% interval of f, Student's t over the
         * repetitions, is wider than f itself on a noisy machine).
         *
         * @param dims the dimensions
         * @param clusters the clusters
         * @return the plan
         */
        public static Plan quick(int dims, int clusters) {
            return new Plan(new int[] {4_000, 40_000}, dims, clusters, 5, 10, 40);
        }

        /**
         * The full plan: 2,000 to 800,000 points, 5 repetitions of 40 iterations.
         *
         * @param dims the dimensions
         * @param clusters the clusters
         * @return the plan
         */
        public static Plan full(int dims, int clusters) {
            return new Plan(new int[] {2_000, 20_000, 200_000, 800_000}, dims, clusters, 5, 10, 40);
        }
    }

    /**
     * One row of the overhead table.
     *
     * @param total the total points
     * @param ranks P
     * @param perRank n = total / P
     * @param microsPerIteration T(P): the mean time of one EM iteration, microseconds
     * @param interval the half width of its 95% interval over the repetitions, microseconds
     * @param overhead f = (P T(P) - T(1)) / T(1), the mean of each repetition's f (T(1) and T(P) of
     *     the same round of repetitions)
     * @param overheadInterval the half width of f's 95% interval over the repetitions
     * @param floorOverhead the same f of the arithmetic alone ({@link ArithmeticFloor}): P threads
     *     that never communicate, each on its block, against one thread on all the points; what the
     *     machine costs, the floor under {@code overhead}
     * @param floorInterval the half width of its 95% interval
     * @param fluctuation the slowest rank's compute time over the mean
     * @param oversubscribed whether P exceeds the processors
     */
    public record Row(int total, int ranks, int perRank, double microsPerIteration, double interval, double overhead,
                      double overheadInterval, double floorOverhead, double floorInterval, double fluctuation,
                      boolean oversubscribed) {
    }

    /**
     * One row of the peers' table.
     *
     * @param total the total points
     * @param model what ran the iterations
     * @param microsPerIteration the mean time of one EM iteration, microseconds
     * @param interval the half width of its 95% interval, microseconds
     */
    public record PeerRow(int total, String model, double microsPerIteration, double interval) {
    }

    /**
     * The tables of one measurement.
     *
     * @param rows the overhead table
     * @param peers the peers' table
     * @param workflow the DSS workflow's cost per stage
     */
    public record Tables(List<Row> rows, List<PeerRow> peers, List<WorkflowOverhead.Row> workflow) {
    }

    private OverheadMeasurement() {
    }

    /**
     * Measures.
     *
     * @param plan the sizes
     * @param progress told a line of text before each configuration
     * @return the tables
     */
    public static Tables measure(Plan plan, Consumer<String> progress) {
        int cores = Runtime.getRuntime().availableProcessors();
        List<Row> rows = new ArrayList<>();
        List<PeerRow> peers = new ArrayList<>();
        for (int total : plan.totals()) {
            GaussianMixture.Labelled data = GaussianMixture.generate(total, plan.dims(), plan.clusters(), 6, total);
            Solution start = start(data, plan.clusters(), plan.dims());
            double t = temperature(data.points());
            int[] ranks = java.util.Arrays.stream(RANKS).filter(r -> r <= total).toArray();
            SpmdWorld[] worlds = new SpmdWorld[ranks.length];
            for (int i = 0; i < ranks.length; i++) {
                worlds[i] = SpmdWorld.builder().size(ranks[i]).name("overhead").build();
            }
            // Every configuration is run once, untimed, before any is timed, so that the first one
            // timed does not pay for compiling the kernel; then the repetitions go round the
            // configurations, so that T(1) and T(P) meet the same states of a noisy machine and a
            // repetition's f compares two timings taken seconds apart, not minutes.
            progress.accept(String.format(Locale.ROOT, "overhead: %,d points, warming up", total));
            for (SpmdWorld world : worlds) {
                DeterministicAnnealing.timeIterations(world, data.points(), start, t, plan.warmup(), 1);
            }
            ForkJoinPeer.timeIterations(data.points(), start, t, 4 * cores, plan.warmup(), 1);
            double[][] micros = new double[ranks.length][plan.repetitions()];
            double[][] floor = new double[ranks.length][plan.repetitions()];
            double[] fluct = new double[ranks.length];
            double[] fj = new double[plan.repetitions()];
            for (int r = 0; r < plan.repetitions(); r++) {
                progress.accept(String.format(Locale.ROOT, "overhead: %,d points on %s ranks and fork-join, round %d of %d",
                        total, java.util.Arrays.toString(ranks), r + 1, plan.repetitions()));
                for (int i = 0; i < ranks.length; i++) {
                    DeterministicAnnealing.IterationTiming timing = DeterministicAnnealing.timeIterations(worlds[i],
                            data.points(), start, t, plan.warmup(), plan.iterations());
                    micros[i][r] = timing.meanNanos() / 1e3;
                    fluct[i] += timing.fluctuation() / plan.repetitions();
                    floor[i][r] = ArithmeticFloor.time(data.points(), start, t, ranks[i], plan.warmup(),
                            plan.iterations()) / 1e3;
                }
                fj[r] = ForkJoinPeer.timeIterations(data.points(), start, t, 4 * cores, plan.warmup(), plan.iterations()) / 1e3;
            }
            double[] atCores = null;
            for (int i = 0; i < ranks.length; i++) {
                double[] f = new double[plan.repetitions()];
                double[] floorF = new double[plan.repetitions()];
                for (int r = 0; r < f.length; r++) {
                    f[r] = (ranks[i] * micros[i][r] - micros[0][r]) / micros[0][r];
                    floorF[r] = (ranks[i] * floor[i][r] - floor[0][r]) / floor[0][r];
                }
                if (ranks[i] == Math.min(cores, 8) || (atCores == null && ranks[i] >= cores)) {
                    atCores = micros[i];
                }
                rows.add(new Row(total, ranks[i], total / ranks[i], mean(micros[i]), interval(micros[i]), mean(f),
                        interval(f), mean(floorF), interval(floorF), fluct[i], ranks[i] > cores));
            }
            if (atCores != null) {
                int p = Math.min(cores, 8);
                peers.add(new PeerRow(total, "ccr-mpi ranks (P = " + p + ", persistent)", mean(atCores), interval(atCores)));
            }
            peers.add(new PeerRow(total, "fork-join per iteration (parallel stream, common pool)", mean(fj), interval(fj)));
        }
        progress.accept("overhead: the DSS workflow's cost per stage");
        List<WorkflowOverhead.Row> workflow;
        try {
            workflow = WorkflowOverhead.measure(plan.repetitions() * 3);
        } catch (Exception e) {
            throw new IllegalStateException("the workflow measurement failed: " + e.getMessage(), e);
        }
        return new Tables(rows, peers, workflow);
    }

    /** The true centres with equal priors: a solution the iterations keep near. */
    private static Solution start(GaussianMixture.Labelled data, int k, int d) {
        double[] priors = new double[k];
        java.util.Arrays.fill(priors, 1.0 / k);
        return new Solution(k, d, data.centres().clone(), priors);
    }

    /** A temperature of the annealing's middle: a tenth of T0. */
    private static double temperature(Points points) {
        int d = points.d();
        double[] mean = new double[d];
        for (int i = 0; i < points.n(); i++) {
            for (int j = 0; j < d; j++) {
                mean[j] += points.get(i, j) / points.n();
            }
        }
        double[] cov = new double[d * d];
        for (int i = 0; i < points.n(); i++) {
            for (int u = 0; u < d; u++) {
                for (int v = 0; v < d; v++) {
                    cov[u * d + v] += (points.get(i, u) - mean[u]) * (points.get(i, v) - mean[v]) / points.n();
                }
            }
        }
        return 0.2 * Linalg.largestEigenvalue(cov, d, null);
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /** The half width of the 95% interval of the mean (Student's t), 0 for one value. */
    static double interval(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double m = mean(v);
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        double sd = Math.sqrt(ss / (v.length - 1));
        double[] t = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262};
        double q = v.length - 1 <= t.length ? t[v.length - 2] : 1.96;
        return q * sd / Math.sqrt(v.length);
    }

    /**
     * The overhead table as CSV.
     *
     * @param rows the rows
     * @return the text, with a header line
     */
    public static String overheadCsv(List<Row> rows) {
        StringBuilder sb = new StringBuilder(
                "total_points,ranks,points_per_rank,inverse_grain,time_per_iteration_us,interval95_us,overhead_f,overhead_f_interval95,"
                        + "floor_f,floor_f_interval95,fluctuation,oversubscribed\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%d,%d,%d,%.6g,%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%s%n", r.total(), r.ranks(),
                    r.perRank(), 1.0 / r.perRank(), r.microsPerIteration(), r.interval(), r.overhead(),
                    r.overheadInterval(), r.floorOverhead(), r.floorInterval(), r.fluctuation(),
                    r.oversubscribed()));
        }
        return sb.toString();
    }

    /**
     * The peers' table as CSV.
     *
     * @param rows the rows
     * @return the text, with a header line
     */
    public static String peersCsv(List<PeerRow> rows) {
        StringBuilder sb = new StringBuilder("total_points,model,time_per_iteration_us,interval95_us\n");
        for (PeerRow r : rows) {
            sb.append(String.format(Locale.ROOT, "%d,\"%s\",%.3f,%.3f%n", r.total(), r.model(), r.microsPerIteration(),
                    r.interval()));
        }
        return sb.toString();
    }
}
