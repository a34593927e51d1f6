package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import java.io.PrintStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the rank that calls {@code System.exit}, with its status, before the JVM ends. The
 * ranks are threads of one JVM, so a rank's {@code System.exit(status)} ends every rank and the
 * launcher with that status, which is what Open MPI's {@code mpirun} returns when a process exits
 * non-zero first (a later rank's {@code exit} blocks in the JVM's shutdown and never counts), but
 * without this the run ends with no word of who ended it.
 *
 * <p>How: since JDK 21, {@code Runtime.exit} logs each call, on the calling thread and before
 * shutting down, to the platform logger {@code java.lang.Runtime} at {@code DEBUG} with a
 * throwable whose message is {@code Runtime.exit(status)}. {@link #install} enables that logger
 * (java.util.logging's {@code FINE}, with a handler of its own and no parent handlers, so nothing
 * else is printed) and turns the record into one line. The rank is the calling thread's
 * {@link RankBinding}, or for a thread the program started, its context class loader (the
 * rank's {@link RankClassLoader}, which such threads inherit); a call from another thread (the
 * launcher's own exit) prints nothing.
 *
 * <p>Thread safety: the handler may run on any thread; it only reads thread-confined state and
 * prints one line.
 */
@Internal
public final class ExitWatch {
    private static final Pattern EXIT = Pattern.compile("Runtime\\.exit\\((-?\\d+)\\)");
    /** Held strongly: java.util.logging keeps loggers only weakly. */
    private static Logger runtimeLogger;

    private ExitWatch() {
    }

    /**
     * Starts naming {@code System.exit} calls of ranks on {@code err}.
     *
     * @param err where the line goes
     * @param size the number of ranks, for the line
     */
    public static synchronized void install(PrintStream err, int size) {
        Logger l = Logger.getLogger("java.lang.Runtime");
        l.setUseParentHandlers(false);
        l.setLevel(Level.FINE);
        l.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                Throwable t = record.getThrown();
                Matcher m = t == null || t.getMessage() == null ? null : EXIT.matcher(t.getMessage());
                String rank = rank();
                if (m == null || !m.matches() || rank == null) {
                    return;
                }
                int status = Integer.parseInt(m.group(1));
                err.println("ccrj mpirun: rank " + rank + " of " + size + " called System.exit(" + status
                        + "): every rank ends with it; exit status " + status
                        + (status == 0 ? " (the other ranks stop where they are, returned or not)" : ""));
                err.flush();
            }

            @Override
            public void flush() {
                err.flush();
            }

            @Override
            public void close() {
            }
        });
        runtimeLogger = l;
    }

    /** The calling thread's rank, or {@code null} if it is not a rank's thread. */
    private static String rank() {
        RankBinding.Rank r = RankBinding.current();
        if (r != null) {
            return String.valueOf(r.world().rank());
        }
        if (Thread.currentThread().getContextClassLoader() instanceof RankClassLoader loader
                && loader.getName() != null && loader.getName().startsWith("rank-")) {
            return loader.getName().substring("rank-".length());
        }
        return null;
    }
}
