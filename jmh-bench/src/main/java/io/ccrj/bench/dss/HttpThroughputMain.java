package io.ccrj.bench.dss;

import io.ccrj.bench.dss.baseline.RawNettyHttpServer;
import io.ccrj.bench.dss.baseline.RawPingHandler;
import io.ccrj.bench.dss.client.HttpLoadGenerator;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.LoadResult;
import io.ccrj.bench.dss.client.LoadSettings;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * HTTP throughput from the command line with {@link HttpLoadGenerator}: against {@code --url}, or,
 * without one, against a {@link RawNettyHttpServer} started in this JVM (the baseline). Prints the
 * settings and one summary line per run ({@code --runs}).
 *
 * <pre>
 * java -cp jmh-bench/target/benchmarks.jar io.ccrj.bench.dss.HttpThroughputMain                 # raw baseline, in-process
 * java -cp ... io.ccrj.bench.dss.HttpThroughputMain --url http://127.0.0.1:50000/services/ping  # any server
 *   [--method POST --body '{}' --header 'Content-Type: application/json'] [--connections 32] [--depth 1]
 *   [--threads 1] [--warmup 2s] [--duration 10s] [--runs 1] [--transport auto|epoll|nio] [--server-io-threads 1]
 * </pre>
 */
public final class HttpThroughputMain {
    private HttpThroughputMain() {
    }

    public static void main(String[] args) throws Exception {
        NettyTransport.useJdkLogging();
        String url = null;
        String method = "GET";
        byte[] body = new byte[0];
        java.util.List<String[]> headers = new java.util.ArrayList<>();
        int connections = 32;
        int depth = 1;
        int threads = 1;
        int runs = 1;
        int serverIoThreads = 1;
        Duration warmup = Duration.ofSeconds(2);
        Duration duration = Duration.ofSeconds(10);
        NettyTransport transport = NettyTransport.best();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                usage();
                return;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--url" -> url = v;
                case "--method" -> method = v;
                case "--body" -> body = v.getBytes(StandardCharsets.UTF_8);
                case "--header" -> {
                    int colon = v.indexOf(':');
                    if (colon <= 0) {
                        throw new IllegalArgumentException("--header takes 'Name: value': " + v);
                    }
                    headers.add(new String[] {v.substring(0, colon).trim(), v.substring(colon + 1).trim()});
                }
                case "--connections" -> connections = Integer.parseInt(v);
                case "--depth" -> depth = Integer.parseInt(v);
                case "--threads" -> threads = Integer.parseInt(v);
                case "--runs" -> runs = Integer.parseInt(v);
                case "--server-io-threads" -> serverIoThreads = Integer.parseInt(v);
                case "--warmup" -> warmup = duration(v);
                case "--duration" -> duration = duration(v);
                case "--transport" -> transport = NettyTransport.named(v);
                default -> throw new IllegalArgumentException("unknown option " + a + " (--help lists them)");
            }
        }
        RawNettyHttpServer server = null;
        if (url == null) {
            server = RawNettyHttpServer.start("127.0.0.1", 0, serverIoThreads, transport);
            url = server.baseUrl() + RawPingHandler.PING_PATH;
            System.out.println("server: raw Netty baseline in this JVM, " + serverIoThreads + " I/O thread(s)");
        }
        try {
            HttpRequestSpec request = HttpRequestSpec.of(method, url, body);
            for (String[] h : headers) {
                request = request.withHeader(h[0], h[1]);
            }
            LoadSettings settings = new LoadSettings(request, connections, depth, threads, warmup, duration, transport);
            System.out.println("load: " + settings);
            for (int r = 1; r <= runs; r++) {
                LoadResult result = HttpLoadGenerator.run(settings);
                System.out.println("run " + r + ": " + result.summary());
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    /** Parses {@code 10s}, {@code 500ms}, {@code 2m} or a plain number of seconds. */
    static Duration duration(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        }
        if (t.endsWith("s")) {
            return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
        }
        if (t.endsWith("m")) {
            return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)) * 60);
        }
        return Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
    }

    private static void usage() {
        System.out.println("""
                HttpThroughputMain: closed-loop HTTP/1.1 load (wrk-like) with latency percentiles.
                  --url URL              target (default: start the raw Netty baseline here, GET /services/ping)
                  --method M --body S --header 'Name: value'   the request (header repeatable)
                  --connections N (32)  --depth N (1, pipelined requests per connection)
                  --threads N (1, client I/O threads)  --warmup 2s  --duration 10s  --runs 1
                  --transport auto|epoll|nio  --server-io-threads N (1, in-process baseline only)""");
    }
}
