package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's report of a run that a rank's exception ended: the failing rank's exception once,
 * in at most {@value #MAX_TRACE_LINES} lines with the program's own frames first, then one line
 * per other rank (finished, stopped by the failure, or its own first failed MPI call). The
 * exceptions of the ranks that the failure stopped, and the chains of suppressed and repeated
 * causes the runtime adds, are left out: they say nothing the first failure does not.
 *
 * <p>Stateless; called by the launcher after the run.
 */
@Internal
public final class FailureReport {
    /** The most lines the failing rank's exception takes. */
    static final int MAX_TRACE_LINES = 15;

    private FailureReport() {
    }

    /**
     * Prints the report.
     *
     * @param err where to print
     * @param mainClass the program's main class
     * @param size the number of ranks
     * @param failedRank the rank whose exception ended the run
     * @param failure its exception
     * @param report the run's record of failed calls and finished ranks
     */
    public static void print(PrintStream err, String mainClass, int size, int failedRank, Throwable failure,
            RunReport report) {
        String cause = oneLine(failure, failedRank, report);
        if (cause != null) {
            err.println("ccrj mpirun: rank " + failedRank + " of " + size + ": " + cause);
        } else {
            err.println("ccrj mpirun: rank " + failedRank + " of " + size + " failed running " + mainClass + ":");
            for (String line : trace(failure)) {
                err.println(line);
            }
        }
        RunReport.FailedCall first = report.firstFailure(failedRank);
        if (first != null && !first.stoppedByOtherRank() && !mentions(failure, first.message())) {
            err.println("ccrj mpirun: rank " + failedRank + "'s first failed MPI call: " + first);
        }
        for (int r = 0; r < size; r++) {
            if (r == failedRank) {
                continue;
            }
            RunReport.FailedCall f = report.firstFailure(r);
            String what;
            if (f != null && !f.stoppedByOtherRank()) {
                what = f.toString();
            } else if (report.hasReturned(r)) {
                what = "finished";
            } else {
                what = "stopped by rank " + failedRank + "'s failure";
            }
            err.println("ccrj mpirun: rank " + r + ": " + what);
        }
    }

    /**
     * The exception in at most {@value #MAX_TRACE_LINES} lines: its own line, the program's frames
     * (neither the JDK's nor package {@code mpi}'s nor ccr-mpi's), a count of the frames left out,
     * and each cause whose message adds something.
     */
    /**
     * The failures whose cause one line says: MPI used before {@code MPI.Init} (a
     * {@code NullPointerException} in a rank that never called it), a member of package
     * {@code mpi} this package lacks (a {@code NoSuchMethodError} or {@code NoSuchFieldError}
     * naming {@code mpi.}); {@code null} for any other.
     */
    static String oneLine(Throwable failure, int rank, RunReport report) {
        String where = firstProgramFrame(failure);
        if (failure instanceof NullPointerException && !report.hasInitialized(rank)) {
            return "MPI was used before MPI.Init" + (where == null ? "" : " (at " + where + ")")
                    + ": MPI.COMM_WORLD and the other handles are set by MPI.Init(args), which the program's main"
                    + " must call first";
        }
        if ((failure instanceof NoSuchMethodError || failure instanceof NoSuchFieldError)
                && String.valueOf(failure.getMessage()).contains("mpi.")) {
            return (where == null ? "the program" : where) + " uses " + failure.getMessage()
                    + ", which ccrj's mpi does not have (" + failure.getClass().getSimpleName() + ")";
        }
        return null;
    }

    private static String firstProgramFrame(Throwable failure) {
        for (StackTraceElement f : failure.getStackTrace()) {
            if (isProgramFrame(f)) {
                return f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber()
                        + ")";
            }
        }
        return null;
    }

    static List<String> trace(Throwable failure) {
        List<String> lines = new ArrayList<>();
        lines.add(failure.toString());
        StackTraceElement[] frames = failure.getStackTrace();
        int omitted = 0;
        for (StackTraceElement f : frames) {
            if (isProgramFrame(f) && lines.size() < MAX_TRACE_LINES - 2) {
                lines.add("    at " + f);
            } else {
                omitted++;
            }
        }
        if (omitted > 0) {
            lines.add("    ... " + omitted + " frames of the runtime and the JDK");
        }
        String said = String.valueOf(failure.getMessage());
        for (Throwable c = failure.getCause(); c != null && c != c.getCause() && lines.size() < MAX_TRACE_LINES;
                c = c.getCause()) {
            String m = String.valueOf(c.getMessage());
            if (!said.contains(m)) {
                lines.add("Caused by: " + c);
                said = said + " " + m;
            }
        }
        return lines.size() > MAX_TRACE_LINES ? lines.subList(0, MAX_TRACE_LINES) : lines;
    }

    /** A frame of the program's own classes: loaded by a rank's loader, and not of package {@code mpi}. */
    private static boolean isProgramFrame(StackTraceElement f) {
        String loader = f.getClassLoaderName();
        String c = f.getClassName();
        return loader != null && loader.startsWith("rank-") && !(c.startsWith("mpi.") && c.indexOf('.', 4) < 0);
    }

    private static boolean mentions(Throwable t, String message) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (message.equals(c.getMessage())) {
                return true;
            }
        }
        return false;
    }
}
