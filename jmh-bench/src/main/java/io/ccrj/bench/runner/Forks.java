package io.ccrj.bench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;

/**
 * One JMH benchmark (a method with one set of parameters) as its forks measured it: the
 * measurement iterations' scores of every fork. On the small machines this project runs on, forks
 * of one benchmark often fall into two modes about 2x apart (where the JVM's threads landed on
 * the vCPUs), and a median over one to three forks lands in whichever mode the run caught. So a
 * figure is the median of the forks' scores with an interval that resamples the forks (and the
 * iterations within each), and {@link #modes()} tells the table when the forks split into groups
 * more than {@value Modes#APART}x apart, each with its median and fork count, instead of
 * averaging them into one number.
 *
 * @param benchmark the benchmark method's full name
 * @param params its {@code @Param} values by name, in JMH's order
 * @param unit JMH's score unit, e.g. {@code ops/s} or {@code ns/op}
 * @param iterations per fork, the scores of its measurement iterations (at least one fork, each with at least one)
 * @param percentiles of a sampled benchmark ({@code Mode.SampleTime}), its samples' percentiles over
 *     all forks by percent (100: the largest sample); empty for the other modes
 */
public record Forks(String benchmark, Map<String, String> params, String unit, List<double[]> iterations,
                    Map<Double, Double> percentiles) {
    /** The percentiles kept of a sampled benchmark. */
    static final double[] PERCENTS = {50, 90, 99, 99.9, 100};

    /** Copies the arrays; a benchmark without a measured fork is a mistake of the caller. */
    public Forks {
        params = Map.copyOf(params);
        percentiles = Map.copyOf(percentiles);
        iterations = iterations.stream().map(double[]::clone).toList();
        if (iterations.isEmpty() || iterations.stream().anyMatch(i -> i.length == 0)) {
            throw new IllegalArgumentException(benchmark + ": every benchmark needs a fork, every fork an iteration");
        }
    }

    /** A benchmark whose samples were not kept; the arguments are the record's first components. */
    public Forks(String benchmark, Map<String, String> params, String unit, List<double[]> iterations) {
        this(benchmark, params, unit, iterations, Map.of());
    }

    /**
     * Every benchmark of a JMH run, in the run's order: each {@link BenchmarkResult} of a
     * {@link RunResult} is one fork, each of its {@link IterationResult}s one measurement iteration.
     */
    public static List<Forks> of(Collection<RunResult> run) {
        List<Forks> out = new ArrayList<>();
        for (RunResult r : run) {
            List<double[]> forks = new ArrayList<>();
            for (BenchmarkResult fork : r.getBenchmarkResults()) {
                forks.add(fork.getIterationResults().stream().mapToDouble(i -> i.getPrimaryResult().getScore()).toArray());
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (String k : r.getParams().getParamsKeys()) {
                params.put(k, r.getParams().getParam(k));
            }
            Map<Double, Double> percentiles = new LinkedHashMap<>();
            if (r.getParams().getMode() == Mode.SampleTime) {
                for (double p : PERCENTS) {
                    percentiles.put(p, r.getPrimaryResult().getStatistics().getPercentile(p));
                }
            }
            out.add(new Forks(r.getParams().getBenchmark(), params, r.getPrimaryResult().getScoreUnit(), forks, percentiles));
        }
        return out;
    }

    /** @return the parameter {@code name}'s value; fails if the benchmark has none */
    public String param(String name) {
        String v = params.get(name);
        if (v == null) {
            throw new IllegalArgumentException(benchmark + " has no parameter " + name);
        }
        return v;
    }

    /** @return each fork's score: the mean of its iterations, as JMH scores a fork */
    public double[] scores() {
        return iterations.stream().mapToDouble(Forks::mean).toArray();
    }

    /**
     * The median of the forks' scores with a 95% interval from a two-level bootstrap: forks drawn
     * with replacement, then each drawn fork's iterations drawn with replacement. With one fork the
     * interval only holds the iterations' spread, not a second fork's mode.
     */
    public Estimate estimate() {
        double value = Estimate.medianOf(scores());
        if (iterations.size() == 1 && iterations.get(0).length == 1) {
            return new Estimate(value, value, value);
        }
        RandomGenerator random = new Well19937c(0x5eed); // the same forks always give the same interval
        double[] stats = new double[Estimate.RESAMPLES];
        double[] drawn = new double[iterations.size()];
        for (int b = 0; b < stats.length; b++) {
            for (int f = 0; f < drawn.length; f++) {
                double[] fork = iterations.get(random.nextInt(iterations.size()));
                double sum = 0;
                for (int i = 0; i < fork.length; i++) {
                    sum += fork[random.nextInt(fork.length)];
                }
                drawn[f] = sum / fork.length;
            }
            stats[b] = Estimate.medianOf(drawn);
        }
        Percentile p = new Percentile();
        return new Estimate(value, Math.min(value, p.evaluate(stats, 2.5)), Math.max(value, p.evaluate(stats, 97.5)));
    }

    /**
     * A statistic of several benchmarks' forks (T(S) and T(1), say) with a 95% interval from the
     * same two-level bootstrap as {@link #estimate()}, each benchmark resampled on its own, as its
     * forks ran on their own: forks drawn with replacement, then each drawn fork's iterations. The
     * statistic gets one array of fork scores (iteration means) per benchmark, in the order given.
     * With a single fork of a single iteration everywhere there is no interval.
     *
     * @param statistic the figure from the benchmarks' fork scores, e.g. the difference of their medians
     * @param benchmarks at least one
     * @return the statistic on the forks as measured, with its interval
     */
    public static Estimate bootstrap(java.util.function.ToDoubleFunction<double[][]> statistic, Forks... benchmarks) {
        double[][] scores = Arrays.stream(benchmarks).map(Forks::scores).toArray(double[][]::new);
        double value = statistic.applyAsDouble(scores);
        if (Arrays.stream(benchmarks).allMatch(f -> f.iterations.size() == 1 && f.iterations.get(0).length == 1)) {
            return new Estimate(value, value, value);
        }
        RandomGenerator random = new Well19937c(0x5eed); // the same forks always give the same interval
        double[] stats = new double[Estimate.RESAMPLES];
        double[][] drawn = new double[benchmarks.length][];
        for (int b = 0; b < stats.length; b++) {
            for (int k = 0; k < benchmarks.length; k++) {
                List<double[]> its = benchmarks[k].iterations;
                drawn[k] = new double[its.size()];
                for (int f = 0; f < its.size(); f++) {
                    double[] fork = its.get(random.nextInt(its.size()));
                    double sum = 0;
                    for (int i = 0; i < fork.length; i++) {
                        sum += fork[random.nextInt(fork.length)];
                    }
                    drawn[k][f] = sum / fork.length;
                }
            }
            stats[b] = statistic.applyAsDouble(drawn);
        }
        Percentile p = new Percentile();
        return new Estimate(value, Math.min(value, p.evaluate(stats, 2.5)), Math.max(value, p.evaluate(stats, 97.5)));
    }

    /**
     * The figure for a headline or a ratio: {@link #estimate()} where there are two forks or more;
     * with one fork its value with no interval across forks, since that fork's interval holds its
     * iterations only and not the other mode the fork may have missed: {@link Verdict} widens that
     * fork's interval ({@link Estimate#withinFork()}) by the run's {@link ForkSpread} before it
     * builds a ratio on it.
     */
    public Estimate acrossForks() {
        Estimate e = estimate();
        return iterations.size() < 2 ? Estimate.oneFork(e) : e;
    }

    /** @return the largest fork's score over the smallest (1 with equal forks); NaN with one fork */
    public double forkSpread() {
        if (iterations.size() < 2) {
            return Double.NaN;
        }
        double[] s = scores();
        return Arrays.stream(s).max().orElseThrow() / Arrays.stream(s).min().orElseThrow();
    }

    /** @return how the forks group: one mode, or two more than {@value Modes#APART}x apart */
    public Modes modes() {
        return Modes.of(scores());
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    /**
     * How the forks of one benchmark group. The forks' scores are sorted and cut at their largest
     * step (as a ratio); they are two modes when the two sides' medians are more than
     * {@value #APART}x apart and the step itself is wider than {@value #STEP}x. The second
     * condition keeps a spread that climbs evenly (10, 12, 14, ... 20) one mode: its forks do not
     * fall into groups, they scatter.
     *
     * @param groups one group, or two (lower scores first)
     */
    public record Modes(List<Group> groups) {
        /** How far apart two groups' medians must be to be told apart. */
        public static final double APART = 1.5;
        /** The smallest step between the two groups, as a ratio of neighbouring forks' scores. */
        public static final double STEP = 1.2;

        /**
         * Forks with one score each.
         *
         * @param median the median of their scores
         * @param forks how many forks
         */
        public record Group(double median, int forks) {
        }

        /** Copies the list. */
        public Modes {
            groups = List.copyOf(groups);
        }

        /** The modes of some forks' scores (all positive, at least one). */
        public static Modes of(double[] scores) {
            double[] s = scores.clone();
            Arrays.sort(s);
            int cut = 0;
            double step = 1;
            for (int i = 1; i < s.length; i++) {
                if (s[i] / s[i - 1] > step) {
                    step = s[i] / s[i - 1];
                    cut = i;
                }
            }
            if (cut > 0 && step > STEP) {
                double[] low = Arrays.copyOfRange(s, 0, cut);
                double[] high = Arrays.copyOfRange(s, cut, s.length);
                double lowMedian = Estimate.medianOf(low);
                double highMedian = Estimate.medianOf(high);
                if (highMedian / lowMedian > APART) {
                    return new Modes(List.of(new Group(lowMedian, low.length), new Group(highMedian, high.length)));
                }
            }
            return new Modes(List.of(new Group(Estimate.medianOf(s), s.length)));
        }

        /** @return whether the forks fell into two modes */
        public boolean split() {
            return groups.size() > 1;
        }

        /**
         * For a table: "5 forks, one mode", or "two modes 2.0x apart: 3 forks at 14.1, 2 forks at 28.3"
         * (figures scaled by {@code scale}, e.g. 1e-6 for millions).
         */
        public String describe(double scale) {
            int forks = groups.stream().mapToInt(Group::forks).sum();
            if (!split()) {
                return forks == 1 ? "1 fork" : forks + " forks, one mode";
            }
            Group a = groups.get(0);
            Group b = groups.get(1);
            return String.format(Locale.ROOT, "two modes %.1fx apart: %s at %s, %s at %s", b.median() / a.median(), count(a.forks()),
                    Headline.fmt(a.median() * scale), count(b.forks()), Headline.fmt(b.median() * scale));
        }

        private static String count(int forks) {
            return forks == 1 ? "1 fork" : forks + " forks";
        }
    }
}
