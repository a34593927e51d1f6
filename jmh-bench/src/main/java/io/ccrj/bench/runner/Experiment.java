package io.ccrj.bench.runner;

import java.io.PrintStream;
import java.util.List;

/**
 * One subcommand of {@code bin/ccrj}: runs in this JVM, prints its tables and progress, writes its
 * files, and hands its headline figures to the caller as typed {@link Figure}s (nothing is read back
 * from the files it wrote).
 */
@FunctionalInterface
public interface Experiment {
    /**
     * @param args the subcommand's options
     * @param out tables and file paths
     * @param err progress and errors
     * @param figures receives the headline figures
     * @return the exit code: 0 done, 1 a run failed, 2 bad command line
     */
    int run(String[] args, PrintStream out, PrintStream err, List<Figure> figures);
}
