package io.ccrj.dss.internal.host.cli;

import io.ccrj.dss.internal.host.HostDefaults;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

import java.io.File;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The standalone host's options, declared for picocli: each option's name, label, help text,
 * type, checks (the converters) and default (from {@link HostDefaults}, the builder's own
 * defaults). {@link HostCli} turns a parsed instance into a {@code ServiceHost.Builder}.
 */
@Command(name = "bin/ccrj host", sortOptions = false, optionListHeading = "%nServices and options:%n", abbreviateSynopsis = true, usageHelpWidth = 100,
        description = "Runs a DSS service host: the services of a manifest (default: the built-in kv and ping).",
        footer = {"", "Environment: " + HostCli.ENV_PORT + " (the port), " + HostCli.ENV_TOKEN + " (the token), used where the"
                + " command line gives none.",
                "An argument @FILE reads more arguments from FILE, one per line.",
                "Exit status: 1 a service of the manifest failed to start; 2 a bad option, an unreadable or malformed"
                + " manifest, an unknown contract, a port in use."})
final class HostOptions {
    @Option(names = "--manifest", paramLabel = "FILE", converter = FileName.class,
            description = "JSON manifest of services (default: built-in kv and ping)")
    Path manifest;

    @Option(names = "--classpath", paramLabel = "PATH", converter = SearchPath.class,
            description = "jars and class folders of user services, separated by '${sys:path.separator}' (default: none)")
    SearchPath.Entries classpath;

    @Option(names = "--services", paramLabel = "DIR", converter = FileName.class,
            description = "folder of user service jars (default: a services/ folder next to the manifest, if any)")
    Path services;

    @Option(names = "--config", paramLabel = "FILE", converter = FileName.class, description = "read options from FILE, name=value lines"
            + " (port=50000, protect-reads=true); the command line and the environment win over it (default: none)")
    Path config;

    @Option(names = {"--help", "-h"}, usageHelp = true, description = "this text, every option with its default")
    boolean help;

    /** The {@code Network} options: where the host listens and how it keeps its connections. */
    @ArgGroup(validate = false, heading = "%nNetwork:%n", order = 1)
    final Network network = new Network();

    /** The {@code Limits} options: what clients and subscribers may hold before the host refuses or drops. */
    @ArgGroup(validate = false, heading = "%nLimits:%n", order = 2)
    final Limits limits = new Limits();

    /** The {@code Scheduling} options: where handlers run, how long they take, how much may wait. */
    @ArgGroup(validate = false, heading = "%nScheduling:%n", order = 3)
    final Scheduling scheduling = new Scheduling();

    /** The {@code Security} options: who may modify or read, which Host names are served. */
    @ArgGroup(validate = false, heading = "%nSecurity:%n", order = 4)
    final Security security = new Security();

    /** The {@code Logging} options: what the host writes to its log. */
    @ArgGroup(validate = false, heading = "%nLogging:%n", order = 5)
    final Logging logging = new Logging();

    /** The options under {@code Network:} in {@code --help}: where the host listens and how it keeps its connections. */
    static final class Network {
        @Option(names = "--port", paramLabel = "N", converter = Port.class, defaultValue = "" + HostDefaults.PORT,
                description = "TCP port (default ${DEFAULT-VALUE}, or $" + HostCli.ENV_PORT + "; 0 picks a free one)")
        int port;

        @Option(names = "--bind", paramLabel = "ADDRESS", converter = Address.class, defaultValue = HostDefaults.BIND_ADDRESS,
                description = "address to listen on (default ${DEFAULT-VALUE}; 0.0.0.0 for all)")
        String bind;

        @Option(names = "--io-threads", paramLabel = "N", converter = Threads.class,
                description = "Netty event-loop threads (default: one per core)")
        Integer ioThreads;

        @Option(names = "--idle-timeout", paramLabel = "MS", converter = Positive.class,
                defaultValue = "" + HostDefaults.IDLE_TIMEOUT_MS,
                description = "close connections idle this long (default ${DEFAULT-VALUE})")
        int idleTimeoutMs;

        @Option(names = "--header-timeout", paramLabel = "MS", converter = Positive.class,
                defaultValue = "" + HostDefaults.HEADER_TIMEOUT_MS,
                description = "a request head must arrive within MS of its first byte (default ${DEFAULT-VALUE})")
        int headerTimeoutMs;

        @Option(names = "--pipeline-window", paramLabel = "N", converter = Window.class,
                defaultValue = "" + HostDefaults.PIPELINE_WINDOW,
                description = "requests of one connection in flight before it is read no more (default ${DEFAULT-VALUE})")
        int pipelineWindow;

        @Option(names = "--max-requests-per-connection", paramLabel = "N", converter = Positive.class,
                description = "close a connection after N requests (default: no limit)")
        Integer maxRequestsPerConnection;
    }

    /** The options under {@code Limits:} in {@code --help}: what clients and subscribers may hold before the host refuses or drops. */
    static final class Limits {
        @Option(names = "--max-body", paramLabel = "BYTES", converter = Positive.class,
                defaultValue = "" + HostDefaults.MAX_REQUEST_BYTES, description = "largest request body (default ${DEFAULT-VALUE})")
        int maxBody;

        @Option(names = "--max-connections", paramLabel = "N", converter = Positive.class,
                defaultValue = "" + HostDefaults.MAX_CONNECTIONS,
                description = "open connections (default ${DEFAULT-VALUE}); more get 503")
        int maxConnections;

        @Option(names = "--max-connections-per-client", paramLabel = "N", converter = Positive.class,
                defaultValue = "" + HostDefaults.MAX_CONNECTIONS_PER_CLIENT,
                description = "open connections from one address (default ${DEFAULT-VALUE}); more get 503")
        int maxConnectionsPerClient;

        @Option(names = "--sse-max-events", paramLabel = "N", converter = Positive.class,
                defaultValue = "" + HostDefaults.SSE_MAX_EVENTS,
                description = "events a slow subscriber may have waiting before it is dropped (default ${DEFAULT-VALUE})")
        int sseMaxEvents;

        @Option(names = "--sse-max-bytes", paramLabel = "N", converter = Positive.class,
                defaultValue = "" + HostDefaults.SSE_MAX_BYTES,
                description = "bytes a slow subscriber may have waiting before it is dropped (default ${DEFAULT-VALUE})")
        int sseMaxBytes;

        @Option(names = "--max-services", paramLabel = "N", converter = Positive.class,
                defaultValue = "" + HostDefaults.MAX_SERVICES,
                description = "services the host runs; POST /directory beyond gets 409 (default ${DEFAULT-VALUE})")
        int maxServices;

        @Option(names = "--replay-bytes", paramLabel = "N", converter = Positive.class,
                defaultValue = "" + HostDefaults.REPLAY_BYTES,
                description = "bytes of notifications each service keeps for Last-Event-ID replay"
                        + " (default ${DEFAULT-VALUE}; also at most 1024 of them)")
        int replayBytes;
    }

    /** The options under {@code Scheduling:} in {@code --help}: where handlers run, how long they take, how much may wait. */
    static final class Scheduling {
        @Option(names = "--request-timeout", paramLabel = "MS", converter = Positive.class,
                defaultValue = "" + HostDefaults.REQUEST_TIMEOUT_MS,
                description = "answer 504 when a handler is silent this long (default ${DEFAULT-VALUE})")
        int requestTimeoutMs;

        @Option(names = "--threads", paramLabel = "N", converter = ThreadsOrZero.class,
                defaultValue = "" + HostDefaults.DISPATCHER_THREADS,
                description = "dispatcher threads; 0 for one per core (default ${DEFAULT-VALUE})")
        int threads;

        @Option(names = "--max-pending", paramLabel = "N", converter = Positive.class,
                defaultValue = "" + HostDefaults.MAX_PENDING_PER_SERVICE,
                description = "pending operations per service before 503 (default ${DEFAULT-VALUE})")
        int maxPending;

        @Option(names = "--max-queue", paramLabel = "N", converter = Positive.class,
                description = "shed with 503 when more than N operations wait for admission"
                        + " (a queue-depth-discard policy; default: no admission queue)")
        Integer maxQueue;

        @Option(names = "--handlers-on-event-loop", description = "run handlers on Netty's event loops (fastest; only for"
                + " services whose handlers never block, like kv and ping)")
        boolean handlersOnEventLoop;
    }

    /** The options under {@code Security:} in {@code --help}: who may modify or read, which Host names are served. */
    static final class Security {
        @Option(names = "--token", paramLabel = "TOKEN",
                description = "bearer token required for modifications (default: $" + HostCli.ENV_TOKEN + ", else none)")
        String token;

        @Option(names = "--token-file", paramLabel = "FILE", converter = FileName.class,
                description = "read the token from FILE (first line), kept out of ps output")
        Path tokenFile;

        @Option(names = "--protect-reads", description = "require the token for reads too (not /health)")
        boolean protectReads;

        @Option(names = "--allowed-hosts", paramLabel = "LIST", converter = HostNames.class,
                description = "names the Host header may give, comma-separated, or * for any"
                        + " (default: the addresses served, this machine's name, localhost)")
        HostNames.Names allowedHosts;
    }

    /** The options under {@code Logging:} in {@code --help}: what the host writes to its log ({@link HostCli.Logging}). */
    static final class Logging {
        @Option(names = "--log-level", paramLabel = "LEVEL", converter = LogLevel.class,
                description = "error, warning, info, debug, trace or off (default " + HostDefaults.LOG_LEVEL
                        + "; also the system property " + HostLogging.LEVEL_PROPERTY + ")")
        String logLevel;
    }

    /** A whole number within a range; the message says the range, the caller names the option and the value. */
    abstract static class IntRange implements ITypeConverter<Integer> {
        private final int min;
        private final int max;

        IntRange(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Integer convert(String value) {
            int n;
            try {
                n = Integer.parseInt(value.strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("needs a whole number from " + min + " to " + max);
            }
            if (n < min || n > max) {
                throw new TypeConversionException("must be between " + min + " and " + max);
            }
            return n;
        }
    }

    /** A TCP port, or 0 for a free one. */
    static final class Port extends IntRange {
        Port() {
            super(0, 65535);
        }
    }

    /** A count, a size or a duration in milliseconds: at least 1. */
    static final class Positive extends IntRange {
        Positive() {
            super(1, Integer.MAX_VALUE);
        }
    }

    /** A thread count. */
    static final class Threads extends IntRange {
        Threads() {
            super(1, 1024);
        }
    }

    /** A thread count, or 0 for one per core. */
    static final class ThreadsOrZero extends IntRange {
        ThreadsOrZero() {
            super(0, 1024);
        }
    }

    /** The pipelining window. */
    static final class Window extends IntRange {
        Window() {
            super(1, 1 << 16);
        }
    }

    /**
     * An address to listen on: an IP literal or a name this machine resolves. A dotted number is
     * checked as IPv4 here, without asking DNS, so that {@code 999.1.1.1} is refused at once.
     */
    static final class Address implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String v = value.strip();
            if (v.isEmpty()) {
                throw new TypeConversionException("needs an address, such as 127.0.0.1 or 0.0.0.0");
            }
            if (v.matches("[0-9.]+")) {
                String[] parts = v.split("\\.", -1);
                boolean ok = parts.length == 4;
                for (String p : parts) {
                    ok &= !p.isEmpty() && p.length() <= 3 && Integer.parseInt(p) <= 255;
                }
                if (!ok) {
                    throw new TypeConversionException("not an IPv4 address (four numbers from 0 to 255, such as 127.0.0.1)");
                }
                return v;
            }
            try {
                InetAddress.getByName(v.startsWith("[") && v.endsWith("]") ? v.substring(1, v.length() - 1) : v);
            } catch (UnknownHostException | SecurityException e) {
                throw new TypeConversionException(v.contains(":") ? "not an IPv6 address"
                        : "not an IP address nor a name this machine can resolve");
            }
            return v;
        }
    }

    /** A log level name, any case. */
    static final class LogLevel implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String l = value.strip().toLowerCase(Locale.ROOT);
            if (!HostLogging.LEVEL_NAMES.contains(l)) {
                throw new TypeConversionException("must be one of " + String.join(", ", HostLogging.LEVEL_NAMES));
            }
            return l;
        }
    }

    /** A file or folder name (picocli's own converter would name the Java type it could not make). */
    static final class FileName implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            try {
                return Path.of(value);
            } catch (java.nio.file.InvalidPathException e) {
                throw new TypeConversionException("not a file name this system accepts");
            }
        }
    }

    /** A list of paths separated by the platform's path separator. */
    static final class SearchPath implements ITypeConverter<SearchPath.Entries> {
        /**
         * The entries of one {@code --classpath} (a type of its own: picocli would otherwise
         * treat a list-valued option as repeatable and add up the repetitions).
         *
         * @param paths the entries
         */
        record Entries(List<Path> paths) {
        }

        @Override
        public Entries convert(String value) {
            List<Path> out = new ArrayList<>();
            for (String e : value.split(java.util.regex.Pattern.quote(File.pathSeparator))) {
                if (!e.isBlank()) {
                    try {
                        out.add(Path.of(e.strip()));
                    } catch (java.nio.file.InvalidPathException x) {
                        throw new TypeConversionException("'" + e + "' is not a path");
                    }
                }
            }
            return new Entries(List.copyOf(out));
        }
    }

    /** Comma-separated host names, or {@code *}. */
    static final class HostNames implements ITypeConverter<HostNames.Names> {
        /**
         * The names of one {@code --allowed-hosts}.
         *
         * @param names the names
         */
        record Names(List<String> names) {
        }

        @Override
        public Names convert(String value) {
            List<String> out = new ArrayList<>();
            for (String h : value.split(",")) {
                if (!h.isBlank()) {
                    out.add(h.strip());
                }
            }
            if (out.isEmpty()) {
                throw new TypeConversionException("needs at least one name");
            }
            return new Names(List.copyOf(out));
        }
    }
}
