package io.ccrj.dss;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.InputStream;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * The standalone host: {@code java -jar ccrj-host.jar --port 50000 --manifest m.json} (or
 * {@code bin/ccrj host ...}). With no manifest it runs the built-in {@code kv} and {@code ping}.
 *
 * <p>Options take {@code --x v} or {@code --x=v}; {@code --help} lists them with their defaults.
 * The port and the token fall back to the environment variables {@code CCRJ_PORT} and
 * {@code CCRJ_TOKEN}, then to a {@code --config FILE} of {@code name=value} lines (option names
 * without the dashes); an argument {@code @FILE} reads further arguments from FILE, one per line.
 * Every problem the host can see before it serves (a bad option, an unreadable or malformed
 * manifest, an unknown contract, a port in use) prints one line {@code ccrj host: ...} and exits
 * with status 2, before the port is bound where the problem allows. SIGTERM (Ctrl-C) shuts down
 * gracefully.
 */
public final class ServiceHostMain {
    /** Environment variable the port falls back to. */
    static final String ENV_PORT = "CCRJ_PORT";
    /** Environment variable the token falls back to. */
    static final String ENV_TOKEN = "CCRJ_TOKEN";

    /** What parsing found: the host's settings, or the request for help. */
    record Options(ServiceHost.Builder builder, Path manifest, boolean help, List<Path> serviceJars, String logLevel) {
        Options(ServiceHost.Builder builder, Path manifest, boolean help, List<Path> serviceJars) {
            this(builder, manifest, help, serviceJars, null);
        }
    }

    /** The per-parse state the option table's appliers fill in. */
    private static final class Parsed {
        final ServiceHost.Builder builder = ServiceHost.builder();
        Path manifest;
        String token;
        final List<Path> classpath = new ArrayList<>();
        Path servicesDir;
        String logLevel;
    }

    /**
     * One option of the table: its name, parameter label ({@code null} for a flag), the help
     * text (which states the default), and what a value does.
     */
    private record Opt(String name, String label, String help, BiConsumer<Parsed, String> apply) {
    }

    private static final List<Opt> OPTIONS = List.of(
            new Opt("--port", "N", "TCP port (default 50000, or $" + ENV_PORT + "; 0 picks a free one)",
                    (p, v) -> p.builder.port(intValue("--port", v, 0, 65535))),
            new Opt("--bind", "ADDRESS", "address to listen on (default 127.0.0.1; 0.0.0.0 for all)",
                    (p, v) -> p.builder.bindAddress(v)),
            new Opt("--manifest", "FILE", "JSON manifest of services (default: built-in kv and ping)",
                    (p, v) -> p.manifest = Path.of(v)),
            new Opt("--classpath", "PATH", "jars and class folders of user services, separated by '"
                    + java.io.File.pathSeparator + "' (default: none)",
                    (p, v) -> {
                        for (String e : v.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator))) {
                            if (!e.isBlank()) {
                                p.classpath.add(Path.of(e));
                            }
                        }
                    }),
            new Opt("--services", "DIR", "folder of user service jars (default: a services/ folder next to the manifest, if any)",
                    (p, v) -> p.servicesDir = Path.of(v)),
            new Opt("--token", "TOKEN", "bearer token required for modifications (default: $" + ENV_TOKEN + ", else none)",
                    (p, v) -> p.token = v),
            new Opt("--token-file", "FILE", "read the token from FILE (first line), kept out of ps output",
                    (p, v) -> p.token = readToken(Path.of(v))),
            new Opt("--protect-reads", null, "require the token for reads too (not /health)",
                    (p, v) -> p.builder.protectReads(true)),
            new Opt("--request-timeout", "MS", "answer 504 when a handler is silent this long (default 10000)",
                    (p, v) -> p.builder.requestTimeout(Duration.ofMillis(intValue("--request-timeout", v, 1, Integer.MAX_VALUE)))),
            new Opt("--max-body", "BYTES", "largest request body (default 1048576)",
                    (p, v) -> p.builder.maxRequestBytes(intValue("--max-body", v, 1, Integer.MAX_VALUE))),
            new Opt("--idle-timeout", "MS", "close connections idle this long (default 60000)",
                    (p, v) -> p.builder.idleTimeout(Duration.ofMillis(intValue("--idle-timeout", v, 1, Integer.MAX_VALUE)))),
            new Opt("--io-threads", "N", "Netty event-loop threads (default: cores)",
                    (p, v) -> p.builder.ioThreads(intValue("--io-threads", v, 1, 1024))),
            new Opt("--threads", "N", "dispatcher threads (default: cores)",
                    (p, v) -> p.builder.dispatcherThreads(intValue("--threads", v, 0, 1024))),
            new Opt("--max-pending", "N", "pending operations per service before 503 (default 10000)",
                    (p, v) -> p.builder.maxPendingPerService(intValue("--max-pending", v, 1, Integer.MAX_VALUE))),
            new Opt("--max-queue", "N", "shed with 503 when more than N operations wait for admission"
                    + " (a queue-depth-discard policy; default: no admission queue)",
                    (p, v) -> p.builder.admissionPolicy(io.ccrj.core.SchedulingPolicy.queueDepthDiscard(
                            intValue("--max-queue", v, 1, Integer.MAX_VALUE)))),
            new Opt("--allowed-hosts", "LIST", "names the Host header may give, comma-separated, or * for any"
                    + " (default: the addresses served, this machine's name, localhost)",
                    (p, v) -> p.builder.allowedHosts(hostList(v))),
            new Opt("--header-timeout", "MS", "a request head must arrive within MS of its first byte (default 10000)",
                    (p, v) -> p.builder.headerTimeout(Duration.ofMillis(intValue("--header-timeout", v, 1, Integer.MAX_VALUE)))),
            new Opt("--pipeline-window", "N", "requests of one connection in flight before it is read no more (default 64)",
                    (p, v) -> p.builder.pipelineWindow(intValue("--pipeline-window", v, 1, 1 << 16))),
            new Opt("--max-requests-per-connection", "N", "close a connection after N requests (default: no limit)",
                    (p, v) -> p.builder.maxRequestsPerConnection(intValue("--max-requests-per-connection", v, 1, Integer.MAX_VALUE))),
            new Opt("--max-connections", "N", "open connections (default 10000); more get 503",
                    (p, v) -> p.builder.maxConnections(intValue("--max-connections", v, 1, Integer.MAX_VALUE))),
            new Opt("--max-connections-per-client", "N", "open connections from one address (default 1000); more get 503",
                    (p, v) -> p.builder.maxConnectionsPerClient(intValue("--max-connections-per-client", v, 1, Integer.MAX_VALUE))),
            new Opt("--sse-max-events", "N", "events a slow subscriber may have waiting before it is dropped (default 1024)",
                    (p, v) -> p.builder.sseMaxEvents(intValue("--sse-max-events", v, 1, Integer.MAX_VALUE))),
            new Opt("--sse-max-bytes", "N", "bytes a slow subscriber may have waiting before it is dropped (default 1048576)",
                    (p, v) -> p.builder.sseMaxBytes(intValue("--sse-max-bytes", v, 1, Integer.MAX_VALUE))),
            new Opt("--max-services", "N", "services the host runs; POST /directory beyond gets 409 (default 1000)",
                    (p, v) -> p.builder.maxServices(intValue("--max-services", v, 1, Integer.MAX_VALUE))),
            new Opt("--replay-bytes", "N", "bytes of notifications each service keeps for Last-Event-ID replay"
                    + " (default 4194304; also at most 1024 of them)",
                    (p, v) -> p.builder.replayBytes(intValue("--replay-bytes", v, 1, Integer.MAX_VALUE))),
            new Opt("--handlers-on-event-loop", null, "run handlers on Netty's event loops (fastest; only for"
                    + " services whose handlers never block, like kv and ping)",
                    (p, v) -> p.builder.handlersOnEventLoop(true)),
            new Opt("--log-level", "LEVEL", "error, warning, info, debug, trace or off (default info; also -Dccrj.log.level)",
                    (p, v) -> {
                        String l = v.strip().toLowerCase(java.util.Locale.ROOT);
                        if (!List.of("error", "warning", "info", "debug", "trace", "off").contains(l)) {
                            throw new IllegalArgumentException("--log-level is one of error, warning, info, debug, trace, off;"
                                    + " was '" + v + "'");
                        }
                        p.logLevel = l;
                    }),
            new Opt("--config", "FILE", "read options from FILE, name=value lines (port=50000, protect-reads=true);"
                    + " the command line and the environment win over it (default: none)", (p, v) -> { }),
            new Opt("--help", null, "this text, every option with its default", (p, v) -> { }));

    /** The usage text: every option with its default. */
    static final String USAGE = usageText();

    private ServiceHostMain() {
    }

    private static CommandLine commandLine() {
        CommandSpec spec = CommandSpec.create().name("ccrj host");
        spec.usageMessage()
                .sortOptions(false)
                .abbreviateSynopsis(true)
                .description("Runs a DSS service host: the services of a manifest (default: the built-in kv and ping).")
                .footer("", "Environment: " + ENV_PORT + " (the port), " + ENV_TOKEN + " (the token), used where the command line"
                                + " gives none.",
                        "An argument @FILE reads more arguments from FILE, one per line.",
                        "Exit status 2: a bad option, an unreadable or malformed manifest, an unknown contract, a port in use.");
        for (Opt o : OPTIONS) {
            String[] names = o.name().equals("--help") ? new String[] {"--help", "-h"} : new String[] {o.name()};
            OptionSpec.Builder b = OptionSpec.builder(names).description(o.help());
            if (o.label() == null) {
                b.arity("0").type(boolean.class);
            } else {
                b.paramLabel(o.label()).type(String.class).arity("1");
            }
            if (o.name().equals("--help")) {
                b.usageHelp(true);
            }
            spec.addOption(b.build());
        }
        CommandLine cl = new CommandLine(spec);
        cl.setOverwrittenOptionsAllowed(true); // scripts repeat options; the last one wins, as before
        cl.setUsageHelpWidth(100);
        return cl;
    }

    private static String usageText() {
        return commandLine().getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    /**
     * Runs a service host until it is stopped.
     *
     * @param args see {@code --help}
     * @throws Exception if the host fails after it started serving
     */
    public static void main(String[] args) throws Exception {
        Options o;
        try {
            o = parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        if (o.logLevel() != null) {
            System.setProperty(io.ccrj.dss.internal.HostLogging.LEVEL_PROPERTY, o.logLevel());
        }
        io.ccrj.dss.internal.HostLogging.install();    // the host's logging backend (--log-level, -Dccrj.log.level)
        if (o.help()) {
            System.out.print(USAGE);
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
                    jars.addAll(jarsIn(beside));
                } catch (IllegalArgumentException e) {
                    fail(e.getMessage());
                    return;
                }
            }
        }
        if (!jars.isEmpty()) {
            o.builder().contractLoader(serviceLoader(jars));
        }
        try {
            new ContractResolver(o.builder()).check(manifest); // before anything starts or binds
        } catch (Fault f) {
            fail((o.manifest() == null ? "" : "manifest " + o.manifest() + ", ") + f.getMessage());
            return;
        }
        ServiceHost host = o.builder().build();
        try {
            host.start();
        } catch (UncheckedIOException e) {
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

    private static String bindProblem(Options o, UncheckedIOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Address already in use")) {
                return "cannot listen on " + o.builder().bindAddressForMessage() + ":" + o.builder().port()
                        + ": the address is in use (pick another --port, or --port 0 for a free one)";
            }
        }
        return e.getMessage();
    }

    /** A loader of its own over the user's service jars, below dss-services' own. */
    private static ClassLoader serviceLoader(List<Path> jars) {
        List<URL> urls = new ArrayList<>();
        for (Path j : jars) {
            try {
                urls.add(j.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("bad service path " + j + ": " + e.getMessage(), e);
            }
        }
        return new URLClassLoader("ccrj-user-services", urls.toArray(URL[]::new), ServiceHostMain.class.getClassLoader());
    }

    private static List<Path> jarsIn(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list the services folder " + dir + ": " + ioReason(e), e);
        }
    }

    static Options parse(String[] args) {
        return parse(args, Map.of());
    }

    /**
     * Parses the options: the command line, then the environment (port, token), then a
     * {@code --config} file.
     *
     * @throws IllegalArgumentException naming the option and the problem
     */
    static Options parse(String[] args, Map<String, String> env) {
        CommandLine cl = commandLine();
        ParseResult pr;
        try {
            pr = cl.parseArgs(args);
        } catch (CommandLine.UnmatchedArgumentException e) {
            String first = e.getUnmatched().isEmpty() ? "?" : e.getUnmatched().get(0);
            throw new IllegalArgumentException((first.startsWith("-") ? "unknown option '" : "unexpected argument '")
                    + first + "' (ccrj host --help lists the options)");
        } catch (CommandLine.MissingParameterException e) {
            String name = e.getMissing().isEmpty() ? "an option" : e.getMissing().get(0).toString();
            throw new IllegalArgumentException(optionName(name) + " needs a value");
        } catch (ParameterException e) {
            String m = e.getMessage();
            // picocli: "Expected parameter for option '--port' but found '--x'"
            java.util.regex.Matcher x = java.util.regex.Pattern.compile("option '(--[a-z-]+)'").matcher(m);
            if (m.startsWith("Expected parameter") && x.find()) {
                throw new IllegalArgumentException(x.group(1) + " needs a value");
            }
            throw new IllegalArgumentException(m);
        }
        if (pr.isUsageHelpRequested()) {
            return new Options(ServiceHost.builder(), null, true, List.of());
        }
        Map<String, String> values = new LinkedHashMap<>();
        String configFile = pr.matchedOptionValue("--config", null);
        if (configFile != null) {
            values.putAll(readConfig(Path.of(configFile)));
        }
        if (env.get(ENV_PORT) != null && !env.get(ENV_PORT).isBlank()) {
            values.put("--port", env.get(ENV_PORT).trim());
        }
        if (env.get(ENV_TOKEN) != null && !env.get(ENV_TOKEN).isEmpty()) {
            values.remove("--token-file");
            values.put("--token", env.get(ENV_TOKEN));
        }
        for (Opt o : OPTIONS) {
            if (pr.hasMatchedOption(o.name())) {
                if (o.name().equals("--token") || o.name().equals("--token-file")) {
                    values.remove("--token");
                    values.remove("--token-file");
                }
                values.put(o.name(), o.label() == null ? "true" : pr.matchedOptionValue(o.name(), ""));
            }
        }
        // the command line's token options keep their order: the last one wins
        Parsed p = new Parsed();
        for (Opt o : OPTIONS) {
            String v = values.get(o.name());
            if (v == null || o.label() == null && !Boolean.parseBoolean(v)) {
                continue;
            }
            if (o.name().equals("--token") || o.name().equals("--token-file")) {
                continue;
            }
            apply(o, p, v);
        }
        applyToken(pr, values, p);
        if (p.token != null) {
            if (p.token.isBlank()) {
                throw new IllegalArgumentException("the token is empty");
            }
            p.builder.token(p.token);
        }
        if (p.manifest != null && !Files.isRegularFile(p.manifest)) {
            throw new IllegalArgumentException("manifest " + p.manifest + " is not a readable file");
        }
        List<Path> jars = new ArrayList<>();
        for (Path c : p.classpath) {
            if (!Files.exists(c)) {
                throw new IllegalArgumentException("--classpath: " + c + " does not exist");
            }
            jars.add(c);
        }
        if (p.servicesDir != null) {
            if (!Files.isDirectory(p.servicesDir)) {
                throw new IllegalArgumentException("--services: " + p.servicesDir + " is not a folder");
            }
            jars.addAll(jarsIn(p.servicesDir));
        }
        return new Options(p.builder, p.manifest, false, List.copyOf(jars), p.logLevel);
    }

    private static void applyToken(ParseResult pr, Map<String, String> values, Parsed p) {
        Opt token = OPTIONS.stream().filter(o -> o.name().equals("--token")).findFirst().orElseThrow();
        Opt file = OPTIONS.stream().filter(o -> o.name().equals("--token-file")).findFirst().orElseThrow();
        if (pr.hasMatchedOption("--token") && pr.hasMatchedOption("--token-file")) {
            // both on the command line: the later one wins, as the hand-written parser did
            int t = pr.originalArgs().lastIndexOf(lastSpelling(pr, "--token"));
            int f = pr.originalArgs().lastIndexOf(lastSpelling(pr, "--token-file"));
            apply(t > f ? token : file, p, values.get(t > f ? "--token" : "--token-file"));
            return;
        }
        if (values.get("--token-file") != null) {
            apply(file, p, values.get("--token-file"));
        } else if (values.get("--token") != null) {
            apply(token, p, values.get("--token"));
        }
    }

    private static String lastSpelling(ParseResult pr, String name) {
        String found = name;
        for (String a : pr.originalArgs()) {
            if (a.equals(name) || a.startsWith(name + "=")) {
                found = a;
            }
        }
        return found;
    }

    private static void apply(Opt o, Parsed p, String v) {
        o.apply().accept(p, v);
    }

    private static String optionName(String described) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("--[a-z-]+").matcher(described);
        return m.find() ? m.group() : described;
    }

    /** A config file: {@code name=value} lines (a flag takes {@code true} or {@code false}). */
    private static Map<String, String> readConfig(Path file) {
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            props.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the config file " + file + ": " + ioReason(e), e);
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : new java.util.TreeSet<>(props.stringPropertyNames())) {
            String name = "--" + key.trim();
            Opt o = OPTIONS.stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
            if (o == null || name.equals("--config") || name.equals("--help")) {
                throw new IllegalArgumentException("config file " + file + ": unknown option '" + key.trim() + "'");
            }
            String v = props.getProperty(key).trim();
            if (o.label() == null && !v.equals("true") && !v.equals("false")) {
                throw new IllegalArgumentException("config file " + file + ": " + key.trim() + " is true or false, was '" + v + "'");
            }
            out.put(name, v);
        }
        return out;
    }

    private static List<String> hostList(String v) {
        List<String> out = new ArrayList<>();
        for (String h : v.split(",")) {
            if (!h.isBlank()) {
                out.add(h.trim());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--allowed-hosts needs at least one name");
        }
        return out;
    }

    private static int intValue(String option, String v, int min, int max) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n < min || n > max) {
                throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", was " + v);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, was '" + v + "'");
        }
    }

    private static String readToken(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            return (nl < 0 ? text : text.substring(0, nl)).trim();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the token file " + file + ": " + ioReason(e));
        }
    }

    /** What went wrong with a file, in words (the JDK's message for a missing file is only its name). */
    static String ioReason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return String.valueOf(e.getMessage());
    }
}
