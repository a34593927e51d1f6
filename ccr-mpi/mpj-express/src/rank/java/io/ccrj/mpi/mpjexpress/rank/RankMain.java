package io.ccrj.mpi.mpjexpress.rank;

import java.lang.reflect.InvocationTargetException;

/**
 * The entry point MPJ Express's {@code MulticoreStarter} calls in each rank's thread and class
 * loader, with {@code [rank, size, "smpdev", runId]}.
 *
 * <p>Its own bytecode names only JDK classes, and it never throws: MPJ Express answers an
 * exception from a rank's {@code main}, including a class that fails to link, with
 * {@code System.exit(0)}. Everything else is reached by reflection inside a catch-all, and a
 * failure is reported to the launching side ({@code MulticoreRun.rankFailed}), or printed if
 * even that is impossible.
 */
public final class RankMain {

    private RankMain() {
    }

    /**
     * Runs one rank.
     *
     * @param args {@code [rank, size, device, runId]} as MPJ Express passes them
     */
    public static void main(String[] args) {
        try {
            Class.forName("io.ccrj.mpi.mpjexpress.rank.RankRunner", true, RankMain.class.getClassLoader())
                    .getMethod("run", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            report(args, e.getCause());
        } catch (Throwable t) {
            report(args, t);
        }
    }

    private static void report(String[] args, Throwable failure) {
        try {
            Class<?> run = Class.forName("io.ccrj.mpi.mpjexpress.internal.MulticoreRun", true,
                    ClassLoader.getSystemClassLoader());
            Object instance = run.getMethod("forRank", String.class).invoke(null, args[3]);
            run.getMethod("rankFailed", int.class, Throwable.class).invoke(instance, Integer.parseInt(args[0]), failure);
            run.getMethod("rankExited", int.class).invoke(instance, Integer.parseInt(args[0]));
        } catch (Throwable t) {
            failure.addSuppressed(t);
            failure.printStackTrace();
        }
    }
}
