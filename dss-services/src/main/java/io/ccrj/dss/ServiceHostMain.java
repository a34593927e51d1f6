package io.ccrj.dss;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * The standalone host: {@code java -jar ccrj-host.jar --port 50000 --manifest m.json} (or
 * {@code bin/ccrj host ...}). With no manifest it runs the built-in {@code kv} and {@code ping}.
 * Bad options print the usage and exit with status 2; Ctrl-C (SIGTERM) shuts down gracefully.
 */
public final class ServiceHostMain {
    static final String USAGE = """
            Usage: ccrj host [options]
              --port N             TCP port (default 50000; 0 picks a free one)
              --bind ADDRESS       address to listen on (default 127.0.0.1; 0.0.0.0 for all)
              --manifest FILE      JSON manifest of services (default: built-in kv and ping)
              --token TOKEN        bearer token required for modifications
              --token-file FILE    read the token from FILE (first line), kept out of ps output
              --protect-reads      require the token for reads too (not /health)
              --request-timeout MS answer 504 when a handler is silent this long (default 10000)
              --max-body BYTES     largest request body (default 1048576)
              --idle-timeout MS    close connections idle this long (default 60000)
              --io-threads N       Netty event-loop threads (default: cores)
              --threads N          dispatcher threads (default: cores)
              --max-pending N      pending operations per service before 503 (default 10000)
              --max-queue N        shed with 503 when more than N operations wait for admission
                                   (a queue-depth-discard policy; default: no admission queue)
              --allowed-hosts LIST names the Host header may give, comma-separated, or * for any
                                   (default: the addresses served, this machine's name, localhost)
              --header-timeout MS  a request head must arrive within MS of its first byte (default 10000)
              --pipeline-window N  requests of one connection in flight before it is read no more (default 64)
              --max-requests-per-connection N
                                   close a connection after N requests (default: no limit)
              --max-connections N  open connections (default 10000); more get 503
              --max-connections-per-client N
                                   open connections from one address (default 1000); more get 503
              --sse-max-events N   events a slow subscriber may have waiting before it is dropped (default 1024)
              --sse-max-bytes N    bytes a slow subscriber may have waiting before it is dropped (default 1048576)
              --max-services N     services the host runs; POST /directory beyond gets 409 (default 1000)
              --replay-bytes N     bytes of notifications each service keeps for Last-Event-ID replay
                                   (default 4194304; also at most 1024 of them)
              --handlers-on-event-loop
                                   run handlers on Netty's event loops (fastest; only for
                                   services whose handlers never block, like kv and ping)
              --help               this text
            """;

    private ServiceHostMain() {
    }

    /** Parsed options, or the reason they are bad. */
    record Options(ServiceHost.Builder builder, Path manifest, boolean help) {
    }

    /**
     * Runs a service host until it is stopped.
     *
     * @param args see {@link #USAGE}
     * @throws Exception if the host cannot start
     */
    public static void main(String[] args) throws Exception {
        io.ccrj.dss.internal.HostLogging.install();    // the host's logging backend (-Dccrj.log.level)
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            usage(System.err, e.getMessage());
            System.exit(2);
            return;
        }
        if (o.help()) {
            System.out.print(USAGE);
            return;
        }
        Manifest manifest;
        try {
            manifest = o.manifest() == null ? Manifest.builtIn() : Manifest.read(o.manifest());
        } catch (IOException e) {
            usage(System.err, e.getMessage());
            System.exit(2);
            return;
        }
        ServiceHost host = o.builder().build().start();
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
            host.close();
            stopped.countDown();
        }, "ccrj-host-shutdown"));
        stopped.await();
    }

    private static void usage(PrintStream out, String problem) {
        out.println("ccrj host: " + problem);
        out.println();
        out.print(USAGE);
    }

    static Options parse(String[] args) {
        ServiceHost.Builder b = ServiceHost.builder();
        Path manifest = null;
        String token = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--help", "-h" -> {
                    return new Options(b, null, true);
                }
                case "--protect-reads" -> b.protectReads(true);
                case "--handlers-on-event-loop" -> b.handlersOnEventLoop(true);
                case "--max-queue" -> b.admissionPolicy(io.ccrj.core.SchedulingPolicy.queueDepthDiscard(
                        intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE)));
                case "--port" -> b.port(intValue(a, value(args, ++i, a), 0, 65535));
                case "--bind" -> b.bindAddress(value(args, ++i, a));
                case "--manifest" -> manifest = Path.of(value(args, ++i, a));
                case "--token" -> token = value(args, ++i, a);
                case "--token-file" -> token = readToken(Path.of(value(args, ++i, a)));
                case "--request-timeout" -> b.requestTimeout(Duration.ofMillis(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE)));
                case "--max-body" -> b.maxRequestBytes(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--idle-timeout" -> b.idleTimeout(Duration.ofMillis(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE)));
                case "--io-threads" -> b.ioThreads(intValue(a, value(args, ++i, a), 1, 1024));
                case "--threads" -> b.dispatcherThreads(intValue(a, value(args, ++i, a), 0, 1024));
                case "--max-pending" -> b.maxPendingPerService(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--allowed-hosts" -> b.allowedHosts(hostList(value(args, ++i, a)));
                case "--header-timeout" -> b.headerTimeout(Duration.ofMillis(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE)));
                case "--pipeline-window" -> b.pipelineWindow(intValue(a, value(args, ++i, a), 1, 1 << 16));
                case "--max-requests-per-connection" -> b.maxRequestsPerConnection(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--max-connections" -> b.maxConnections(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--max-connections-per-client" -> b.maxConnectionsPerClient(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--sse-max-events" -> b.sseMaxEvents(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--sse-max-bytes" -> b.sseMaxBytes(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--max-services" -> b.maxServices(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                case "--replay-bytes" -> b.replayBytes(intValue(a, value(args, ++i, a), 1, Integer.MAX_VALUE));
                default -> throw new IllegalArgumentException("unknown option '" + a + "'");
            }
        }
        if (token != null) {
            if (token.isBlank()) {
                throw new IllegalArgumentException("the token is empty");
            }
            b.token(token);
        }
        if (manifest != null && !Files.isRegularFile(manifest)) {
            throw new IllegalArgumentException("manifest " + manifest + " is not a readable file");
        }
        return new Options(b, manifest, false);
    }

    private static java.util.List<String> hostList(String v) {
        java.util.List<String> out = new java.util.ArrayList<>();
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

    private static String value(String[] args, int i, String option) {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int intValue(String option, String v, int min, int max) {
        try {
            int n = Integer.parseInt(v);
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
            throw new IllegalArgumentException("cannot read the token file " + file + ": " + e.getMessage());
        }
    }
}
