package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rounds of abuse, one kind per group of rules, against one real host: the host's live heap
 * (after a full GC), its file descriptors and its threads must stay flat from the first round to
 * the last. Prints, per group, the cases tried and the footprint before the group's first round
 * and after its last (the host runs in this JVM: the figures are the process's, the raw-socket
 * clients' share included).
 */
@Timeout(180)
class HostileSoakTest {
    private static final String JSON = "application/json";
    private static final int ROUNDS = 3;
    @TempDir
    Path dir;

    private interface Abuse {
        int run(ServiceHost h, Random rnd) throws Exception;
    }

    @Test
    void memoryDescriptorsAndThreadsStayFlatOverRoundsOfAbuse() throws Exception {
        Random rnd = Hostile.random("soak");
        try (ServiceHost h = ServiceHost.builder().port(0).headerTimeout(Duration.ofMillis(300)).sseMaxEvents(32)
                .sseMaxBytes(64 * 1024).maxConnectionsPerClient(48).replayBytes(256 * 1024).build().start()) {
            h.create("kv", new KeyValueService());
            h.create("durable", new KeyValueService(), Map.of(), dir.resolve("durable.json"));
            Map<String, Abuse> groups = new LinkedHashMap<>();
            groups.put("1 truth", HostileSoakTest::badValues);
            groups.put("2 pipelining", HostileSoakTest::pipelinedBursts);
            groups.put("3 bounded memory", HostileSoakTest::slowClients);
            groups.put("4 http by the book", HostileSoakTest::malformed);
            groups.put("5 nobody gets in", HostileSoakTest::crossSite);
            groups.put("6 durable", HostileSoakTest::dropAndRecreate);
            Map<String, Hostile.Footprint> before = new LinkedHashMap<>();
            Map<String, Hostile.Footprint> after = new LinkedHashMap<>();
            Map<String, Integer> cases = new LinkedHashMap<>();
            Hostile.Footprint start = Hostile.Footprint.now();
            Hostile.Footprint warm = null;
            for (int round = 1; round <= ROUNDS; round++) {
                for (Map.Entry<String, Abuse> g : groups.entrySet()) {
                    Hostile.Footprint f0 = Hostile.Footprint.now();
                    before.putIfAbsent(g.getKey(), f0);
                    int n = g.getValue().run(h, rnd);
                    cases.merge(g.getKey(), n, Integer::sum);
                    HostHttpTest.waitFor(() -> h.openConnections() == 0);
                    after.put(g.getKey(), Hostile.Footprint.now());
                }
                assertThat(RawHttp.once(h.port(), "GET", "/health", null, null).status()).isEqualTo(200);
                if (round == 1) {
                    warm = Hostile.Footprint.now();
                }
            }
            Hostile.Footprint end = Hostile.Footprint.now();
            StringBuilder table = new StringBuilder("\nhostile soak (" + ROUNDS + " rounds), host footprint per group:\n")
                    .append(String.format("%-20s %7s  %-24s %-24s%n", "group", "cases", "live heap before -> after", "RSS before -> after"));
            for (String g : groups.keySet()) {
                table.append(String.format("%-20s %7d  %8.1f -> %8.1f MiB    %8.1f -> %8.1f MiB%n", g, cases.get(g),
                        before.get(g).liveHeapBytes() / 1048576.0, after.get(g).liveHeapBytes() / 1048576.0,
                        before.get(g).rssBytes() / 1048576.0, after.get(g).rssBytes() / 1048576.0));
            }
            table.append("start: ").append(start).append("\nafter round 1: ").append(warm).append("\nend: ").append(end);
            System.out.println(table);
            assertThat(h.metricsSnapshot()).contains("ccrj_sse_buffered_bytes 0");
            assertThat(end.liveHeapBytes()).as("live heap, round 1 -> end").isLessThan(warm.liveHeapBytes() + 16L * 1048576);
            assertThat(end.fds()).as("file descriptors, round 1 -> end").isLessThanOrEqualTo(warm.fds() + 8);
            assertThat(end.threads()).as("threads, round 1 -> end").isLessThanOrEqualTo(warm.threads() + 4);
        }
    }

    private static int badValues(ServiceHost h, Random rnd) throws IOException {
        int n = 0;
        try (RawHttp c = new RawHttp(h.port())) {
            for (int i = 0; i < 40; i++, n++) {
                String value = switch (i % 4) {
                    case 0 -> Hostile.nested(rnd, 980 + rnd.nextInt(30));
                    case 1 -> "1e4" + (rnd.nextInt(90) + 10);
                    case 2 -> "\"\\udc00\"";
                    default -> Hostile.value(rnd, 3);
                };
                int s = c.exchange("PUT", "/services/kv/items/k" + rnd.nextInt(50), JSON, value).status();
                assertThat(s).isIn(200, 400);
            }
            assertThat(c.exchange("PUT", "/services/kv", JSON, "{\"items\":{}}").status()).isEqualTo(200);
        }
        return n;
    }

    private static int pipelinedBursts(ServiceHost h, Random rnd) throws Exception {
        int n = 0;
        for (int b = 0; b < 2; b++) {
            int count = 100 + rnd.nextInt(300);
            StringBuilder wire = new StringBuilder();
            for (int i = 0; i < count; i++) {
                wire.append(i % 3 == 0 ? RawHttp.format("GET", "/services/kv/query", null, null)
                        : RawHttp.format("PUT", "/services/kv/items/p" + (i % 5), JSON, Integer.toString(i)));
            }
            try (RawHttp c = new RawHttp(h.port(), 20_000)) {
                CompletableFuture<Void> w = CompletableFuture.runAsync(() -> {
                    try {
                        c.writeRaw(wire.toString());
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                for (int i = 0; i < count; i++, n++) {
                    assertThat(c.read().status()).isEqualTo(200);
                }
                w.get(10, TimeUnit.SECONDS);
            }
        }
        return n;
    }

    private static int slowClients(ServiceHost h, Random rnd) throws Exception {
        int n = 0;
        List<RawHttp> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++, n++) {
                RawHttp s = new RawHttp(h.port(), 10_000, 2048);
                s.send("GET", "/services/kv/notifications", null, null);
                slow.add(s);
            }
            HostHttpTest.waitFor(() -> h.metricsSnapshot().contains("ccrj_service_subscribers{service=\"kv\"} 4"));
            String big = "\"" + "s".repeat(16 * 1024) + "\"";
            String overflows = overflowLine(h);
            long target = Long.parseLong(overflows) + 4;
            try (RawHttp w = new RawHttp(h.port())) {
                for (int i = 0; i < 2000 && Long.parseLong(overflowLine(h)) < target; i++, n++) {
                    assertThat(w.exchange("PUT", "/services/kv/items/big" + (i % 3), JSON, big).status()).isEqualTo(200);
                }
            }
            assertThat(Long.parseLong(overflowLine(h))).isEqualTo(target);
        } finally {
            for (RawHttp s : slow) {
                s.close();
            }
        }
        List<CompletableFuture<Integer>> loris = new ArrayList<>();
        for (int i = 0; i < 3; i++, n++) {
            loris.add(CompletableFuture.supplyAsync(() -> {
                try (RawHttp c = new RawHttp(h.port(), 5000)) {
                    c.setReadTimeout(2);
                    String head = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + "z".repeat(2000);
                    for (int k = 0; k < head.length(); k++) {
                        c.writeRaw(head.substring(k, k + 1));
                        Thread.sleep(10);
                        try {
                            return c.read().status();
                        } catch (SocketTimeoutException notYet) {
                            // keep trickling
                        }
                    }
                    return -1;
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (CompletableFuture<Integer> f : loris) {
            assertThat(f.get(20, TimeUnit.SECONDS)).isEqualTo(408);
        }
        HostHttpTest.waitFor(() -> h.openConnections() == 0);
        Thread.sleep(50); // the per-client count drops just after the connection group does
        long refusedBefore = counter(h, "ccrj_http_connections_refused_total");
        List<RawHttp> many = new ArrayList<>();
        try {
            for (int i = 0; i < 52; i++, n++) {
                many.add(new RawHttp(h.port()));
            }
            HostHttpTest.waitFor(() -> counter(h, "ccrj_http_connections_refused_total") == refusedBefore + 4);
            Thread.sleep(50);
            int refused = 0;
            for (RawHttp c : many) {
                if (c.hasBytes()) { // the 503 written at once on a refused connection
                    RawHttp.Res r = c.read();
                    assertThat(r.status()).isEqualTo(503);
                    Hostile.assertErrorBody(r);
                    refused++;
                } else {
                    assertThat(c.exchange("GET", "/health", null, null).status()).isEqualTo(200);
                }
            }
            assertThat(refused).isEqualTo(4);
        } finally {
            for (RawHttp c : many) {
                c.close();
            }
        }
        return n;
    }

    private static long counter(ServiceHost h, String name) {
        String m = h.metricsSnapshot();
        int i = m.indexOf("\n" + name + " ");
        return Long.parseLong(m.substring(i + name.length() + 2, m.indexOf('\n', i + 1)).trim());
    }

    private static String overflowLine(ServiceHost h) {
        return Long.toString(counter(h, "ccrj_sse_overflows_total"));
    }

    private static int malformed(ServiceHost h, Random rnd) throws IOException {
        List<String> raws = List.of(
                "GET /health HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n",
                "GET /health HTTP/1.1\r\n\r\n",
                "GET /" + "u".repeat(5000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "b".repeat(20_000) + "\r\n\r\n",
                "PUT /services/kv/items/bad%ff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1\r\n\r\n1",
                "PUT /services/kv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
                        + "Content-Length: 99999999\r\n\r\n",
                "NOT HTTP AT ALL\r\n\r\n");
        int n = 0;
        for (int i = 0; i < 28; i++, n++) {
            try (RawHttp c = new RawHttp(h.port())) {
                c.writeRaw(raws.get(rnd.nextInt(raws.size())));
                RawHttp.Res r = c.read();
                assertThat(r.status()).isBetween(400, 505);
                Hostile.assertErrorBody(r);
            }
        }
        return n;
    }

    private static int crossSite(ServiceHost h, Random rnd) throws IOException {
        int n = 0;
        for (int i = 0; i < 30; i++, n++) {
            try (RawHttp c = new RawHttp(h.port())) {
                RawHttp.Res r = switch (i % 3) {
                    case 0 -> c.exchange("POST", "/services/kv/actions/clear", "application/x-www-form-urlencoded", "");
                    case 1 -> c.exchange("PUT", "/services/kv/items/x", JSON, "1", "Origin: http://evil.example");
                    default -> {
                        c.writeRaw(RawHttp.format("GET", "/services/kv", null, null).replace("Host: 127.0.0.1", "Host: rebound.example"));
                        yield c.read();
                    }
                };
                assertThat(r.status()).isIn(415, 403, 421);
            }
        }
        return n;
    }

    private static int dropAndRecreate(ServiceHost h, Random rnd) throws Exception {
        int n = 0;
        for (int i = 0; i < 4; i++, n++) {
            assertThat(RawHttp.once(h.port(), "PUT", "/services/durable/items/r" + rnd.nextInt(10), JSON, "1").status())
                    .isEqualTo(200);
            assertThat(RawHttp.once(h.port(), "DELETE", "/services/durable", JSON, null).status()).isEqualTo(200);
            HostHttpTest.waitFor(() -> !h.serviceNames().contains("durable"));
            assertThat(RawHttp.once(h.port(), "POST", "/directory", JSON, "{\"name\":\"durable\",\"contract\":\"kv\"}").status())
                    .isEqualTo(201);
        }
        return n;
    }
}
