package io.ccrj.mpi.mpijava;

import io.ccrj.mpi.SpmdWorld;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The command line of {@code bin/ccrj mpirun}, declared for picocli: GNU-style long options
 * ({@code --np 4}, {@code --np=4}) with MPJ Express's {@code mpjrun.sh} spellings ({@code -np},
 * {@code -cp}, {@code -jar}, {@code -dev}) as aliases, so that its command lines run unchanged.
 * Options end at the main class: everything after it is the program's.
 *
 * <p>Not thread-safe; one instance per parse.
 */
@Command(name = "bin/ccrj mpirun", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
        description = {"Runs an unmodified mpiJava 1.2 / MPJ Express program, or one written for Open MPI's Java"
                + " bindings, on N ranks in this JVM (ccr-mpi), each rank with its own class loader, as MPJ Express's"
                + " mpjrun.sh -np N runs it on its multicore device. Before the ranks start, every call of the"
                + " program's class files that package mpi does not have is named, one line each. Exit status: 0"
                + " every rank returned, the code of abort(code) if the program aborted, the status of the first"
                + " System.exit(status) a rank called (the rank is named), 1 a rank failed or the ranks"
                + " deadlocked, 2 a bad command line or a main class that cannot be run.", ""},
        footer = {"", "Example: bin/ccrj mpirun --np 4 --class-path app.jar:lib/dep.jar com.example.Main arg1"})
final class MpiRunCommand {

    @Option(names = {"-n", "--np", "-np"}, paramLabel = "N", required = true,
            description = "number of ranks (processes), at least 1")
    int np;

    @Option(names = {"--class-path", "-cp", "-classpath"}, paramLabel = "PATH",
            description = "the program's class path: folders and jars separated by '${sys:path.separator}'"
                    + " (default: the current folder)")
    String classPath;

    @Option(names = {"--jar", "-jar"}, paramLabel = "JAR",
            description = "run the jar's Main-Class, with the jar as the class path; no main class is given then")
    String jar;

    @Option(names = {"--deadlock-timeout", "-deadlock-timeout"}, paramLabel = "SECONDS",
            description = "how long every rank must stay blocked before the run ends with a deadlock report"
                    + " (default: ${DEFAULT-VALUE})")
    long deadlockSeconds = SpmdWorld.DEFAULT_DEADLOCK_TIMEOUT.toSeconds();

    @Option(names = {"--dev", "-dev"}, paramLabel = "DEVICE", defaultValue = "multicore",
            description = "MPJ Express's device; only multicore applies, as ccr-mpi runs the ranks in this JVM"
                    + " (default: ${DEFAULT-VALUE})")
    String device;

    @Option(names = {"--oversubscribe", "-oversubscribe"},
            description = "Open MPI's mpirun option, accepted and ignored (ranks are threads: any number fits)")
    boolean oversubscribe;

    @Option(names = {"--allow-run-as-root", "-allow-run-as-root"},
            description = "Open MPI's mpirun option, accepted and ignored (no processes are started)")
    boolean allowRunAsRoot;

    @Option(names = {"-h", "--help", "-help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    @Parameters(paramLabel = "MainClass [args...]", arity = "0..*",
            description = "the class whose public static void main(String[]) every rank runs, then its arguments")
    List<String> mainAndArgs = new ArrayList<>();

    private MpiRunCommand() {
    }

    private static CommandLine commandLine(MpiRunCommand command) {
        CommandLine cl = new CommandLine(command);
        cl.setStopAtPositional(true);        // the program's own options are its arguments
        cl.setUnmatchedOptionsArePositionalParams(false);
        return cl;
    }

    /** @return the usage text, wrapped at 100 columns, with the defaults */
    static String usage() {
        return commandLine(new MpiRunCommand()).getUsageMessage();
    }

    /**
     * Parses {@code argv}.
     *
     * @return the options
     * @throws MpiRun.UsageException {@link MpiRun#HELP} for {@code -h}, else one line naming the
     *     option and what is wrong with its value
     */
    static MpiRunCommand parse(String[] argv) throws MpiRun.UsageException {
        MpiRunCommand c = new MpiRunCommand();
        CommandLine cl = commandLine(c);
        try {
            cl.parseArgs(argv);
        } catch (CommandLine.ParameterException e) {
            String message = e.getMessage();
            for (CommandLine.Model.OptionSpec option : cl.getCommandSpec().options()) {
                // picocli names an option by its longest name; say it as the user typed it
                message = message.replace("'" + option.longestName() + "'", "'" + typed(argv, option.names()) + "'");
            }
            throw new MpiRun.UsageException(message);
        }
        if (cl.isUsageHelpRequested()) {
            throw new MpiRun.UsageException(MpiRun.HELP);
        }
        String np = typed(argv, "-n", "--np", "-np");
        if (c.np < 1) {
            throw new MpiRun.UsageException(np + " needs a number of ranks of at least 1, got " + c.np);
        }
        if (c.deadlockSeconds < 1) {
            throw new MpiRun.UsageException(typed(argv, "--deadlock-timeout", "-deadlock-timeout")
                    + " needs a positive number of seconds, got " + c.deadlockSeconds);
        }
        if (!c.device.equals("multicore")) {
            throw new MpiRun.UsageException(typed(argv, "--dev", "-dev") + " " + c.device + ": ccr-mpi runs the ranks"
                    + " in this JVM; only multicore applies (use MPJ Express for " + c.device + ")");
        }
        if (c.jar != null && c.classPath != null) {
            throw new MpiRun.UsageException(typed(argv, "--class-path", "-cp", "-classpath") + " and "
                    + typed(argv, "--jar", "-jar") + " exclude each other");
        }
        return c;
    }

    /** Open MPI's options given, as typed, which the launcher ignores with a note. */
    List<String> ignoredOpenMpiOptions(String[] argv) {
        List<String> out = new ArrayList<>();
        if (oversubscribe) {
            out.add(typed(argv, "--oversubscribe", "-oversubscribe"));
        }
        if (allowRunAsRoot) {
            out.add(typed(argv, "--allow-run-as-root", "-allow-run-as-root"));
        }
        return out;
    }

    /** The spelling of an option the user typed ({@code -np} or {@code --np=4}: {@code --np}), else the first. */
    private static String typed(String[] argv, String... names) {
        for (String a : argv) {
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            for (String n : names) {
                if (n.equals(name)) {
                    return n;
                }
            }
        }
        return names[0];
    }
}
