package io.ccrj.dss.internal.host.cli;

import io.ccrj.dss.internal.host.HostDefaults;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.StreamHandler;

/**
 * The standalone host's one logging backend: java.util.logging, one line per record on standard
 * error, at the level the {@value #LEVEL_PROPERTY} system property names (error, warning, info,
 * debug, trace or off; default {@link HostDefaults#LOG_LEVEL}; {@code bin/ccrj host --log-level LEVEL}
 * sets it, see {@link HostCli.Logging}).
 *
 * <p>The libraries log through {@link System.Logger}, which the JDK routes to java.util.logging
 * when no other {@link System.LoggerFinder} is installed; Netty is told to log there too, so that
 * an SLF4J or Log4j that happens to be on the class path does not split the log in two. Library
 * users never run this: their application picks its own backend.
 */
final class HostLogging {
    /** The system property with the log level. */
    public static final String LEVEL_PROPERTY = "ccrj.log.level";

    /** The level names, most severe first (what {@code --log-level} and the property accept), and their levels. */
    private static final Map<String, Level> LEVELS = levels();

    /** The level names, most severe first (what {@code --log-level} and the property accept). */
    public static final java.util.List<String> LEVEL_NAMES = java.util.List.copyOf(LEVELS.keySet());

    private static Map<String, Level> levels() {
        Map<String, Level> m = new LinkedHashMap<>();
        m.put("error", Level.SEVERE);
        m.put("warning", Level.WARNING);
        m.put("info", Level.INFO);
        m.put("debug", Level.FINE);
        m.put("trace", Level.FINEST);
        m.put("off", Level.OFF);
        return java.util.Collections.unmodifiableMap(m);
    }

    private HostLogging() {
    }

    /**
     * Configures the backend; call once, first thing in the host's main. A level name it does not
     * know (in the system property: {@code --log-level}'s are checked when parsed) is reported on
     * standard error and replaced by the default.
     *
     * @param settings the logging options
     */
    public static void install(HostCli.Logging settings) {
        if (settings.level() != null) {
            // the property names the level in force, whoever set it (what the JVM's other readers see)
            System.setProperty(LEVEL_PROPERTY, settings.level());
        }
        String name = System.getProperty(LEVEL_PROPERTY, HostDefaults.LOG_LEVEL).strip().toLowerCase(Locale.ROOT);
        Level level = LEVELS.get(name);
        if (level == null) {
            System.err.println("ccrj host: -D" + LEVEL_PROPERTY + "=" + name + " is not one of "
                    + String.join(", ", LEVEL_NAMES) + "; logging at " + HostDefaults.LOG_LEVEL);
            level = LEVELS.get(HostDefaults.LOG_LEVEL);
        }
        Logger root = Logger.getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        Handler handler = new StreamHandler(System.err, new OneLine()) {
            @Override
            public synchronized void publish(LogRecord record) {
                super.publish(record);
                flush();    // a log line is seen when it is written, not when the buffer fills
            }
        };
        handler.setLevel(level);
        root.setLevel(level);
        root.addHandler(handler);
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
    }

    /** {@code TIME LEVEL LOGGER: MESSAGE}, then the stack trace if any; System.Logger's level names. */
    private static final class OneLine extends Formatter {
        @Override
        public String format(LogRecord r) {
            var sb = new StringBuilder(128)
                    .append(Instant.ofEpochMilli(r.getMillis())).append(' ')
                    .append(levelName(r.getLevel())).append(' ')
                    .append(r.getLoggerName()).append(": ")
                    .append(formatMessage(r)).append(System.lineSeparator());
            if (r.getThrown() != null) {
                var sw = new StringWriter();
                r.getThrown().printStackTrace(new PrintWriter(sw));
                sb.append(sw);
            }
            return sb.toString();
        }

        private static String levelName(Level l) {
            int v = l.intValue();
            if (v >= Level.SEVERE.intValue()) {
                return "ERROR";
            } else if (v >= Level.WARNING.intValue()) {
                return "WARNING";
            } else if (v >= Level.INFO.intValue()) {
                return "INFO";
            } else if (v >= Level.FINE.intValue()) {
                return "DEBUG";
            }
            return "TRACE";
        }
    }
}
