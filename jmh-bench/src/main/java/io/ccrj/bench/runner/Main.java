package io.ccrj.bench.runner;

import io.ccrj.bench.dss.DssRunner;
import io.ccrj.bench.mpi.MpiRunner;
import io.ccrj.bench.overhead.OverheadRunner;
import io.ccrj.bench.core.PeersRunner;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.platform.PlatformRunner;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one entry point of the runners, {@code bin/ccrj <subcommand>}: {@code paper},
 * {@code overhead}, {@code mpi}, {@code dss}, {@code peers} and {@code platform}, each an
 * {@link Experiment} run in this JVM ({@code platform} starts JMH, which forks its own). Exit
 * codes: 0 done (or {@code --help}, {@code --version}), 1 a run failed, 2 bad command line (one
 * line naming the option as typed, ending in the hint {@code bin/ccrj} gives for every command).
 */
public final class Main {
    /** The experiments by subcommand, in the order the usage lists them. */
    static final Map<String, Experiment<?>> EXPERIMENTS = new LinkedHashMap<>();

    static {
        EXPERIMENTS.put("paper", new PaperRunner());
        EXPERIMENTS.put("overhead", new OverheadRunner());
        EXPERIMENTS.put("mpi", new MpiRunner());
        EXPERIMENTS.put("dss", new DssRunner());
        EXPERIMENTS.put("peers", new PeersRunner());
        EXPERIMENTS.put("wrk", new io.ccrj.bench.dss.WrkRunner());
        EXPERIMENTS.put("platform", new PlatformRunner());
    }

    private Main() {
    }

    /** Runs {@code bin/ccrj}'s arguments: the subcommand, then its options. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one subcommand and returns its exit code: tables and file paths go to {@code out}, progress
     * and errors to {@code err}.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Experiment<?> e = args.length == 0 ? null : EXPERIMENTS.get(args[0]);
        if (e == null) {
            err.println((args.length == 0 ? "ccrj: a command is needed" : "ccrj: unknown command '" + args[0] + "'")
                    + " (commands here: " + String.join(", ", EXPERIMENTS.keySet()) + "; bin/ccrj --help lists them all)");
            return 2;
        }
        return run(args[0], e, Arrays.copyOfRange(args, 1, args.length), out, err);
    }

    /** The end of a usage error's line, worded as {@code bin/ccrj} words it for every command (host and mpirun too). */
    static String hint(String subcommand) {
        return "(bin/ccrj " + subcommand + " --help lists the options)";
    }

    /**
     * What {@code --version} prints: the project's version from the benchmark jar's manifest (a
     * build from classes folders has none) and the commit of the working tree it runs from.
     */
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return "ccrj " + (v != null ? v : "(development build)") + ", commit " + MachineInfo.commit();
    }

    private static String oneLine(String message) {
        return String.valueOf(message).lines().findFirst().orElse("bad command line").strip();
    }

    private static <O> int run(String name, Experiment<O> e, String[] args, PrintStream out, PrintStream err) {
        if (List.of(args).contains("-h") || List.of(args).contains("--help")) {
            out.print(e.usage());
            return 0;
        }
        if (List.of(args).contains("-V") || List.of(args).contains("--version")) {
            out.println(version());
            return 0;
        }
        O options;
        try {
            options = e.parse(args);
        } catch (IllegalArgumentException bad) {
            // One line naming the option as typed and where the options are: the usage itself
            // would push that line off a small terminal.
            err.println("ccrj " + name + ": " + oneLine(bad.getMessage()) + " " + hint(name));
            return 2;
        }
        try {
            e.run(options, out, err);
            return 0;
        } catch (Publish.Refused refused) {
            // Nothing ran and nothing was written: the one line says what to fix, a trace would bury it.
            err.println("ccrj " + name + ": " + refused.getMessage());
            return 1;
        } catch (InterruptedException i) {
            Thread.currentThread().interrupt();
            err.println("ccrj " + name + ": interrupted");
            return 1;
        } catch (Exception failed) {
            err.println("ccrj " + name + ": failed: " + failed);
            failed.printStackTrace(err);
            return 1;
        }
    }
}
