package io.ccrj.bench.runner;

import java.io.PrintStream;

/**
 * One subcommand of {@code bin/ccrj}, run in this JVM: its options are parsed into a typed record
 * ({@link #parse}), and {@link #run} prints its tables and progress, writes its files and hands
 * back a {@link Report} with its Markdown and its headline {@link Figure}s. {@code paper} calls the
 * others' {@code run} with option records it builds itself: no command lines are built, no files
 * read back.
 *
 * @param <O> the options record
 */
public interface Experiment<O> {
    /** @return the usage text, first line {@code Usage: bin/ccrj NAME [options]} */
    String usage();

    /**
     * Parses the subcommand's command line, without {@code -h}/{@code --help}, through
     * {@link Commands}; an
     * {@link IllegalArgumentException} whose message is one line names a bad option as typed.
     */
    O parse(String... args);

    /**
     * The experiment's settings for a mode, declared once: what its command line gives with nothing
     * but {@code --full} (or nothing), and for {@link RunMode#SMOKE} a wiring check. {@code paper}
     * runs its sections with these, narrowed to the items asked for.
     *
     * @param mode quick, full or smoke
     * @param out the output folder, or {@code null} for the experiment's timestamped default
     * @return the options
     */
    O options(RunMode mode, java.nio.file.Path out);

    /**
     * Runs with the options, printing tables and file paths on {@code out} and progress on
     * {@code err}; hands back what it measured, or throws if a run failed.
     */
    Report run(O options, PrintStream out, PrintStream err) throws Exception;
}
