package io.ccrj.bench.runner;

import io.ccrj.bench.dss.DssMain;
import io.ccrj.bench.mpi.MpiMain;
import io.ccrj.bench.overhead.OverheadMain;
import io.ccrj.bench.paper.PaperMain;
import io.ccrj.bench.platform.PlatformMain;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one entry point of the runners, {@code bin/ccrj <subcommand>}: {@code paper},
 * {@code overhead}, {@code mpi}, {@code dss} (each an {@link Experiment} run in this JVM) and
 * {@code platform} (JMH, which forks its own JVMs). Exit codes: 0 done, 1 a run failed, 2 bad
 * command line.
 */
public final class Main {
    /** The in-process experiments by subcommand, in the order the usage lists them. */
    static final Map<String, Experiment> EXPERIMENTS = new LinkedHashMap<>();

    static {
        EXPERIMENTS.put("paper", PaperMain::run);
        EXPERIMENTS.put("overhead", OverheadMain::run);
        EXPERIMENTS.put("mpi", MpiMain::run);
        EXPERIMENTS.put("dss", DssMain::run);
    }

    private Main() {
    }

    /**
     * @param args the subcommand, then its options
     * @throws Exception from {@code platform} (JMH)
     */
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("platform")) {
            PlatformMain.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one in-process subcommand.
     *
     * @param args the subcommand, then its options
     * @param out tables and file paths
     * @param err progress and errors
     * @return the exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Experiment e = args.length == 0 ? null : EXPERIMENTS.get(args[0]);
        if (e == null) {
            err.println(args.length == 0 ? "ccrj: a subcommand is needed" : "ccrj: unknown subcommand '" + args[0] + "'");
            err.println("subcommands: " + String.join(", ", EXPERIMENTS.keySet()) + ", platform (each with --help)");
            return 2;
        }
        return e.run(Arrays.copyOfRange(args, 1, args.length), out, err, new ArrayList<>());
    }
}
