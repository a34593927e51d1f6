package io.ccrj.dss.internal.host.cli;

import io.ccrj.dss.internal.Internal;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.dss.Fault;
import io.ccrj.dss.Manifest;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.internal.host.HostDefaults;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

/**
 * The standalone host's command line: parses the options ({@link HostOptions}, with the
 * environment and a {@code --config} file as picocli's default values), checks the manifest and
 * its contracts before anything binds, starts the host and waits for SIGTERM.
 *
 * <p>Every problem found before serving is one line {@code ccrj host: ...} on standard error and
 * exit status 2. A bad value names where it came from as the user wrote it: {@code --port 99999},
 * {@code CCRJ_PORT=x} or {@code config file F: port=x}.
 */
@Internal
public final class HostCli {
    /** Environment variable the port falls back to. */
    public static final String ENV_PORT = "CCRJ_PORT";
    /** Environment variable the token falls back to. */
    public static final String ENV_TOKEN = "CCRJ_TOKEN";

    /**
     * Checks a manifest's contracts against a builder's settings without starting anything (the
     * API package's resolver, handed in so that it stays package-private there).
     */
    @FunctionalInterface
    public interface ContractCheck {
        /**
         * Checks every contract of a manifest.
         *
         * @param builder the host's settings (its contracts and contract loader)
         * @param manifest the services
         * @throws Fault naming the first entry whose contract is unknown
         */
        void check(ServiceHost.Builder builder, Manifest manifest) throws Fault;
    }

    /**
     * What parsing found.
     *
     * @param builder the host's settings
     * @param manifest the manifest file, or {@code null} for the built-in services
     * @param help whether {@code --help} was asked for (nothing else is set then)
     * @param serviceJars the user's service jars and class folders
     * @param logging what the host writes to its log
     * @param bind the address to listen on, for messages
     * @param port the port, for messages
     */
    public record Options(ServiceHost.Builder builder, Path manifest, boolean help, List<Path> serviceJars,
                          Logging logging, String bind, int port) {
        /** {@return the log level named, or {@code null}: {@link Logging#level()}} */
        public String logLevel() {
            return logging.level();
        }
    }

    /**
     * The logging settings, the {@code Logging:} options of {@code --help}, as the host's other
     * settings are records by concern ({@code HostConfig}'s). Not part of {@code HostConfig} nor of
     * the builder: only the standalone host sets up a logging backend ({@code HostLogging}); a
     * library user's application has its own. Immutable.
     *
     * @param level the log level named ({@code --log-level}, its config-file line), one of
     *     the names {@code HostLogging} knows; or {@code null} for none: then the
     *     {@code ccrj.log.level} system property's, else {@link HostDefaults#LOG_LEVEL}
     */
    public record Logging(String level) {
        /** Nothing named: the system property's level, else the default. */
        static final Logging UNSET = new Logging(null);
    }

    private HostCli() {
    }

    /** {@return the usage text: every option with its default (the built-in defaults, not the environment's)} */
    public static String usage() {
        return commandLine(new HostOptions()).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    private static CommandLine commandLine(HostOptions options) {
        CommandLine cl = new CommandLine(options);
        cl.setOverwrittenOptionsAllowed(true); // scripts repeat options; the last one wins
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        return cl;
    }

    /**
     * Runs a service host until it is stopped; exits the JVM with status 2 (a problem found before
     * serving) or 1 (a service that cannot start once the port is bound).
     *
     * @param args the command line
     * @param contracts the contract check
     * @throws InterruptedException if interrupted while serving
     */
    public static void main(String[] args, ContractCheck contracts) throws InterruptedException {
        Options o;
        try {
            o = parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        HostLogging.install(o.logging());    // the host's logging backend (--log-level, -Dccrj.log.level)
        if (o.help()) {
            System.out.print(usage());
            return;
        }
        Manifest manifest;
        try {
            manifest = o.manifest() == null ? Manifest.builtIn() : Manifest.read(o.manifest());
        } catch (IOException e) {
            fail(e.getMessage());
            return;
        }
        List<Path> jars = new ArrayList<>(o.serviceJars());
        if (o.manifest() != null && jars.isEmpty()) {
            Path beside = o.manifest().toAbsolutePath().getParent().resolve("services");
            if (Files.isDirectory(beside)) {
                try {
                    jars.addAll(jarsIn(beside, "the services folder " + beside));
                } catch (IllegalArgumentException e) {
                    fail(e.getMessage());
                    return;
                }
            }
        }
        if (!jars.isEmpty()) {
            try {
                o.builder().contractLoader(serviceLoader(jars));
            } catch (IllegalArgumentException e) {
                fail(e.getMessage());
                return;
            }
        }
        try {
            contracts.check(o.builder(), manifest); // before anything starts or binds
        } catch (Fault f) {
            fail((o.manifest() == null ? "" : "manifest " + o.manifest() + ", ") + f.getMessage());
            return;
        }
        ServiceHost host = o.builder().build();
        try {
            host.start();
        } catch (RuntimeException e) {
            fail(bindProblem(o, e));
            return;
        }
        try {
            host.start(manifest);
        } catch (Fault f) {
            System.err.println("ccrj host: " + f.getMessage());
            host.close(Duration.ofSeconds(1));
            System.exit(1);
            return;
        }
        System.out.println("ccrj host: serving " + host.serviceNames() + " at " + host.baseUri() + "/");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // printed, not logged: java.util.logging may have been reset by its own shutdown hook
            System.out.println("ccrj host: shutting down: new requests get 503, requests in flight drain");
            host.close();
            System.out.println("ccrj host: stopped");
            System.out.flush();
            stopped.countDown();
        }, "ccrj-host-shutdown"));
        stopped.await();
    }

    private static void fail(String problem) {
        System.err.println("ccrj host: " + problem);
        System.exit(2);
    }

    /** The bind failure in words: the port in use, or an address that is not this machine's. */
    static String bindProblem(Options o, Throwable e) {
        String where = "cannot listen on " + o.bind() + ":" + o.port();
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("Address already in use")) {
                return where + ": the address is in use (pick another --port, or --port 0 for a free one)";
            }
            if (t instanceof java.nio.channels.UnresolvedAddressException || m.contains("Cannot assign requested address")
                    || m.contains("Can't assign requested address")) {
                return where + ": --bind " + o.bind() + " is not an address of this machine";
            }
            if (m.contains("Permission denied")) {
                return where + ": permission denied (ports below 1024 need privileges; pick another --port)";
            }
            if (t instanceof BindException) {
                return where + ": " + m.replaceFirst("^bind\\(\\.\\.\\) failed: ", "");
            }
        }
        return where;
    }

    /** A loader of its own over the user's service jars, below dss-services' own. */
    private static ClassLoader serviceLoader(List<Path> jars) {
        List<URL> urls = new ArrayList<>();
        for (Path j : jars) {
            try {
                urls.add(j.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("bad service path " + j + ": it is not a file or folder name", e);
            }
        }
        return new URLClassLoader("ccrj-user-services", urls.toArray(URL[]::new), HostCli.class.getClassLoader());
    }

    private static List<Path> jarsIn(Path dir, String what) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + what + ": " + ioReason(e), e);
        }
    }

    /**
     * Parses the options without the environment.
     *
     * @param args the command line
     * @return what it says
     * @throws IllegalArgumentException naming the option, the value and the problem
     */
    public static Options parse(String[] args) {
        return parse(args, Map.of());
    }

    /**
     * Parses the options: the command line, then the environment (port, token), then a
     * {@code --config} file, then the built-in defaults.
     *
     * @param args the command line
     * @param env the environment
     * @return what they say
     * @throws IllegalArgumentException naming the option, the value and the problem
     */
    public static Options parse(String[] args, Map<String, String> env) {
        // first pass: the command line alone, for --help and --config (the fallbacks need the file)
        HostOptions first = new HostOptions();
        ParseResult pr = parseArgs(commandLine(first), args);
        if (pr.isUsageHelpRequested()) {
            return new Options(ServiceHost.builder(), null, true, List.of(), Logging.UNSET, first.network.bind,
                    first.network.port);
        }
        Fallbacks fallbacks = new Fallbacks(env, first.config == null ? Map.of() : readConfig(first.config), first.config);
        HostOptions o = new HostOptions();
        CommandLine cl = commandLine(o);
        fallbacks.check(cl.getCommandSpec());
        cl.setDefaultValueProvider(fallbacks);
        pr = parseArgs(cl, args);
        Sources from = new Sources(pr, fallbacks);

        ServiceHost.Builder b = ServiceHost.builder()
                .port(o.network.port)
                .bindAddress(o.network.bind)
                .protectReads(o.security.protectReads)
                .requestTimeout(Duration.ofMillis(o.scheduling.requestTimeoutMs))
                .maxRequestBytes(o.limits.maxBody)
                .idleTimeout(Duration.ofMillis(o.network.idleTimeoutMs))
                .dispatcherThreads(o.scheduling.threads)
                .maxPendingPerService(o.scheduling.maxPending)
                .headerTimeout(Duration.ofMillis(o.network.headerTimeoutMs))
                .pipelineWindow(o.network.pipelineWindow)
                .maxConnections(o.limits.maxConnections)
                .maxConnectionsPerClient(o.limits.maxConnectionsPerClient)
                .sseMaxEvents(o.limits.sseMaxEvents)
                .sseMaxBytes(o.limits.sseMaxBytes)
                .maxServices(o.limits.maxServices)
                .replayBytes(o.limits.replayBytes)
                .handlersOnEventLoop(o.scheduling.handlersOnEventLoop);
        if (o.network.ioThreads != null) {
            b.ioThreads(o.network.ioThreads);
        }
        if (o.scheduling.maxQueue != null) {
            b.admissionPolicy(SchedulingPolicy.queueDepthDiscard(o.scheduling.maxQueue));
        }
        if (o.network.maxRequestsPerConnection != null) {
            b.maxRequestsPerConnection(o.network.maxRequestsPerConnection);
        }
        if (o.security.allowedHosts != null) {
            b.allowedHosts(o.security.allowedHosts.names());
        }
        String token = token(pr, o, from);
        if (token != null) {
            if (token.isBlank()) {
                throw new IllegalArgumentException(from.describe(pr.hasMatchedOption("--token") || o.security.tokenFile == null
                        ? "--token" : "--token-file") + ": the token is empty");
            }
            b.token(token);
        }
        if (o.manifest != null && !Files.isRegularFile(o.manifest)) {
            throw new IllegalArgumentException(from.describe("--manifest") + ": not a readable file");
        }
        List<Path> jars = new ArrayList<>();
        if (o.classpath != null) {
            for (Path c : o.classpath.paths()) {
                if (!Files.exists(c)) {
                    throw new IllegalArgumentException(from.describe("--classpath") + ": " + c + " does not exist");
                }
                jars.add(c);
            }
        }
        if (o.services != null) {
            if (!Files.isDirectory(o.services)) {
                throw new IllegalArgumentException(from.describe("--services") + ": not a folder");
            }
            jars.addAll(jarsIn(o.services, from.describe("--services")));
        }
        return new Options(b, o.manifest, false, List.copyOf(jars), new Logging(o.logging.logLevel), o.network.bind,
                o.network.port);
    }

    /**
     * The token: of {@code --token} and {@code --token-file} on the command line the later one
     * wins; then the environment's; then the config file's, where a token file wins over a token.
     */
    private static String token(ParseResult pr, HostOptions o, Sources from) {
        boolean cliToken = pr.hasMatchedOption("--token");
        boolean cliFile = pr.hasMatchedOption("--token-file");
        boolean useFile;
        if (cliToken && cliFile) {
            useFile = lastIndexOf(pr, "--token-file") > lastIndexOf(pr, "--token");
        } else if (cliToken || cliFile) {
            useFile = cliFile;
        } else {
            useFile = o.security.tokenFile != null;
        }
        if (useFile) {
            return readToken(o.security.tokenFile, from.describe("--token-file"));
        }
        return o.security.token;
    }

    private static int lastIndexOf(ParseResult pr, String name) {
        int found = -1;
        List<String> args = pr.expandedArgs();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(name) || args.get(i).startsWith(name + "=")) {
                found = i;
            }
        }
        return found;
    }

    private static ParseResult parseArgs(CommandLine cl, String[] args) {
        try {
            return cl.parseArgs(args);
        } catch (CommandLine.UnmatchedArgumentException e) {
            String first = e.getUnmatched().isEmpty() ? "?" : e.getUnmatched().get(0);
            throw new IllegalArgumentException((first.startsWith("-") ? "unknown option '" : "unexpected argument '")
                    + first + "' (bin/ccrj host --help lists the options)");
        } catch (CommandLine.MissingParameterException e) {
            String name = e.getMissing().isEmpty() ? "an option" : optionName(e.getMissing().get(0));
            throw new IllegalArgumentException(name + " needs a value");
        } catch (ParameterException e) {
            throw new IllegalArgumentException(describe(e), e);
        } catch (CommandLine.PicocliException e) {
            BadValue bad = badValue(e);
            if (bad != null) {
                throw new IllegalArgumentException(bad.getMessage(), e);
            }
            throw new IllegalArgumentException("cannot read the command line: " + plain(e.getMessage()), e);
        }
    }

    /** A picocli failure in the user's words: the option as typed, its value, what is wrong. */
    private static String describe(ParameterException e) {
        BadValue bad = badValue(e);
        if (bad != null) {
            return bad.getMessage();
        }
        String m = String.valueOf(e.getMessage());
        // picocli: "Expected parameter for option '--port' but found '--x'"
        java.util.regex.Matcher x = java.util.regex.Pattern.compile("option '(--[a-z-]+)'").matcher(m);
        if (m.startsWith("Expected parameter") && x.find()) {
            return x.group(1) + " needs a value";
        }
        ArgSpec arg = e.getArgSpec();
        if (arg instanceof OptionSpec opt && e.getValue() != null) {
            Throwable cause = e.getCause();
            String why = cause instanceof CommandLine.TypeConversionException t ? t.getMessage() : "not a valid value";
            return opt.longestName() + " " + e.getValue() + ": " + why;
        }
        return plain(m);
    }

    private static BadValue badValue(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BadValue b) {
                return b;
            }
        }
        return null;
    }

    /** picocli's own words without its quoting of Java types. */
    private static String plain(String m) {
        return String.valueOf(m).replaceAll("\\b(java|picocli)\\.[\\w.$]+", "a value");
    }

    private static String optionName(ArgSpec arg) {
        return arg instanceof OptionSpec o ? o.longestName() : String.valueOf(arg.paramLabel());
    }

    /** A config file: {@code name=value} lines (a flag takes {@code true} or {@code false}). */
    private static Map<String, String> readConfig(Path file) {
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            props.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--config " + file + ": cannot read it: "
                    + (e instanceof IOException io ? ioReason(io) : "not name=value lines"), e);
        }
        Map<String, String> out = new HashMap<>();
        for (String key : new TreeSet<>(props.stringPropertyNames())) {
            out.put(key.strip(), props.getProperty(key).strip());
        }
        return out;
    }

    /** A value that came from the environment or the config file and is not valid. */
    private static final class BadValue extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadValue(String message) {
            super(message);
        }
    }

    /**
     * picocli's default values: the environment (port, token), then the config file. Each value
     * is checked here, by the option's own converter, so that a bad one names its source.
     */
    private static final class Fallbacks implements CommandLine.IDefaultValueProvider {
        private final Map<String, String> env;
        private final Map<String, String> config;
        private final Path configFile;
        /** Option name to where its value came from, as the user wrote it. */
        private final Map<String, String> sources = new HashMap<>();

        Fallbacks(Map<String, String> env, Map<String, String> config, Path configFile) {
            this.env = env;
            this.config = config;
            this.configFile = configFile;
        }

        /** Refuses config keys that are no option, before anything is applied. */
        void check(CommandLine.Model.CommandSpec spec) {
            for (String key : new TreeSet<>(config.keySet())) {
                OptionSpec o = spec.findOption("--" + key);
                if (o == null || o.usageHelp() || key.equals("config") || key.length() < 2) {
                    throw new BadValue("--config " + configFile + ": unknown option '" + key + "'");
                }
            }
        }

        @Override
        public String defaultValue(ArgSpec arg) {
            if (!(arg instanceof OptionSpec o)) {
                return null;
            }
            String name = o.longestName();
            String value = null;
            String source = null;
            if (name.equals("--port") && env.get(ENV_PORT) != null && !env.get(ENV_PORT).isBlank()) {
                value = env.get(ENV_PORT).strip();
                source = ENV_PORT + "=" + value;
            } else if ((name.equals("--token") || name.equals("--token-file"))
                    && env.get(ENV_TOKEN) != null && !env.get(ENV_TOKEN).isEmpty()) {
                value = name.equals("--token") ? env.get(ENV_TOKEN) : null;
                source = ENV_TOKEN;
            } else if (config.containsKey(name.substring(2))) {
                String key = name.substring(2);
                value = config.get(key);
                source = "--config " + configFile + ": " + key + "=" + value;
                if (o.arity().max() == 0 && !value.equals("true") && !value.equals("false")) {
                    throw new BadValue(source + ": must be true or false");
                }
            }
            if (value == null) {
                return null;
            }
            sources.put(name, source);
            for (CommandLine.ITypeConverter<?> c : o.converters()) {
                try {
                    c.convert(value);
                } catch (CommandLine.TypeConversionException e) {
                    throw new BadValue(source + ": " + e.getMessage());
                } catch (Exception e) {
                    throw new BadValue(source + ": not a valid value");
                }
            }
            return value;
        }
    }

    /** Where each option's value came from, for messages about it. */
    private record Sources(ParseResult pr, Fallbacks fallbacks) {
        String describe(String name) {
            if (pr.hasMatchedOption(name)) {
                List<String> typed = pr.matchedOption(name).stringValues();
                return typed.isEmpty() ? name : name + " " + typed.get(typed.size() - 1);
            }
            String s = fallbacks.sources.get(name);
            return s == null ? name : s;
        }
    }

    private static String readToken(Path file, String source) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            return (nl < 0 ? text : text.substring(0, nl)).strip();
        } catch (IOException e) {
            throw new IllegalArgumentException(source + ": cannot read the token file: " + ioReason(e), e);
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException(source + ": cannot read the token file: " + ioReason(e.getCause()), e);
        }
    }

    /**
     * What went wrong with a file, in words (the JDK's message for a missing file is only its name).
     *
     * @param e the failure
     * @return the reason
     */
    public static String ioReason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "not UTF-8 text";
        }
        return "cannot be read";
    }
}
