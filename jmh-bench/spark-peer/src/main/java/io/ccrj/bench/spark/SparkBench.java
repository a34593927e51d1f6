package io.ccrj.bench.spark;

import java.util.Collection;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@code bin/ccrj spark-bench [JMH args]}: runs {@link KernelKMeansIterationBenchmark} and
 * {@link SparkKMeansIterationBenchmark} in one JMH run (every JMH option works; with no benchmark
 * pattern both run at every parameter), then prints the two side by side with the ratio
 * ({@link Comparison}). {@code -h}, {@code -l}, {@code -lp}, {@code -lprof} and {@code -lrf} are
 * JMH's own. Exit status: 0 done; 1 JMH stopped on a failure ({@code -foe true}) or no benchmark
 * gave a result; 2 a bad command line.
 */
public final class SparkBench {
    private SparkBench() {
    }

    /**
     * Runs the benchmarks.
     *
     * @param args JMH's command line
     * @throws Exception if JMH's listing options fail
     */
    public static void main(String[] args) throws Exception {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("spark-bench: " + e.getMessage() + " (bin/ccrj spark-bench -h lists JMH's options)");
            System.exit(2);
            return;
        }
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        Collection<RunResult> results;
        try {
            results = new Runner(options).run();
        } catch (RunnerException e) {
            System.err.println("spark-bench: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.println();
        System.out.print(Comparison.table(Comparison.rows(results), Runtime.getRuntime().availableProcessors()));
        if (results.isEmpty()) {
            System.err.println("spark-bench: no benchmark gave a result (see JMH's output above)");
            System.exit(1);
        }
    }
}
