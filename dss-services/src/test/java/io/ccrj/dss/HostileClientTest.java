package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.json.JsonLimits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static io.ccrj.dss.Hostile.assertErrorBody;
import static io.ccrj.dss.Hostile.tried;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A real host on a real port, and a raw-socket client that behaves as a hostile or careless one
 * would. Each test is a property of one group of rules, checked over randomized inputs (a seeded
 * generator, see {@link Hostile}); the inputs are chosen around the limits, where bugs live.
 */
@Timeout(120)
class HostileClientTest {
    private static final String JSON = "application/json";
    @TempDir
    static Path dir;
    private static ServiceHost host;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        host = ServiceHost.builder().port(0).build().start();
        port = host.port();
        host.create("kv", new KeyValueService());
        host.create("ping", new PingService());
    }

    @AfterAll
    static void stop() {
        host.close();
        System.out.println("hostile cases tried, by group: " + new java.util.TreeMap<>(Hostile.CASES));
    }

    // ---- 1. An answer tells the truth about the state ----

    /**
     * Whatever the route and the value (nested to the limit and past it, keys and field names
     * around the name limit, numbers beyond a double, unpaired surrogates, plain values): a
     * modification answered non-2xx changes nothing (same ETag, no notification), one answered
     * 2xx can be read back (Get, Query), PUT back, notified in sequence, and reloaded from the
     * state file by a new host.
     */
    @Test
    void aModificationAnsweredWithAFaultChangedNothingAndWhatIsAcceptedComesBack() throws Exception {
        Random rnd = Hostile.random("truth");
        Path file = dir.resolve("truth.json");
        host.create("truth", new KeyValueService(), Map.of(), file);
        List<String[]> events = new CopyOnWriteArrayList<>();
        RawHttp sse = new RawHttp(port, 30_000);
        sse.send("GET", "/services/truth/notifications", null, null);
        assertThat(sse.readHead().status()).isEqualTo(200);
        HostHttpTest.waitFor(() -> host.metricsSnapshot().contains("ccrj_service_subscribers{service=\"truth\"} 1"));
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
            try {
                while (true) {
                    events.addAll(sse.events(1));
                }
            } catch (IOException e) {
                // the stream ends when the test closes it
            }
        });
        int maxDepth = JsonLimits.maxBodyDepth();
        int maxName = Json.READ_LIMITS.getMaxNameLength();
        int accepted = 0;
        int refused = 0;
        try (RawHttp c = new RawHttp(port, 30_000)) {
            for (int i = 0; i < 60; i++) {
                tried("1 truth");
                String value = switch (rnd.nextInt(5)) {
                    case 0 -> Hostile.nested(rnd, maxDepth - 8 + rnd.nextInt(Json.READ_LIMITS.getMaxNestingDepth() - maxDepth + 16));
                    case 1 -> List.of("1e400", "-1e400", "1e309", "123456789012345678901234567890", "-0", "1e-400", "2.5e-300")
                            .get(rnd.nextInt(7));
                    case 2 -> "\"x\\ud800\"";
                    default -> Hostile.value(rnd, 3);
                };
                String key = rnd.nextInt(4) == 0 ? Hostile.word(rnd, maxName - 10 + rnd.nextInt(20)) : "k" + rnd.nextInt(5);
                long before = Hostile.etag(port, "truth");
                RawHttp.Res r = switch (rnd.nextInt(4)) {
                    case 0 -> c.exchange("PUT", "/services/truth/items/" + (key.length() > 100 ? key.substring(0, 100) : key),
                            JSON, value);
                    case 1 -> c.exchange("POST", "/services/truth", JSON, "{\"key\":\"" + key + "\",\"value\":" + value + "}");
                    case 2 -> c.exchange("PUT", "/services/truth", JSON, "{\"items\":{\"" + key + "\":" + value + "}}");
                    default -> c.exchange("PATCH", "/services/truth", "application/merge-patch+json",
                            "{\"items\":{\"" + key + "\":" + value + "}}");
                };
                if (r.status() / 100 == 2) {
                    accepted++;
                    assertThat(Hostile.etag(port, "truth")).isEqualTo(before + 1);
                    RawHttp.Res get = c.exchange("GET", "/services/truth", null, null);
                    assertThat(get.status()).as(get.body()).isEqualTo(200);
                    assertThat(get.body()).doesNotContain("Infinity").doesNotContain("NaN");
                    assertThat(c.exchange("GET", "/services/truth/query", null, null).status()).isEqualTo(200);
                    RawHttp.Res back = c.exchange("PUT", "/services/truth", JSON, get.body());
                    assertThat(back.status()).as("PUT back what Get gave").isEqualTo(200);
                    accepted++;
                } else {
                    refused++;
                    assertThat(r.status()).as(r.body()).isBetween(400, 499);
                    assertErrorBody(r);
                    assertThat(Hostile.etag(port, "truth")).as("refused %d %s", r.status(), r.body()).isEqualTo(before);
                }
            }
        }
        assertThat(accepted).isPositive();
        assertThat(refused).isPositive();
        int expected = accepted;
        HostHttpTest.waitFor(() -> events.size() >= expected);
        Thread.sleep(100);
        sse.close();
        reader.get(10, TimeUnit.SECONDS);
        assertThat(events).hasSize(expected);
        for (int i = 0; i < events.size(); i++) {
            assertThat(events.get(i)[1]).as("notification ids without gaps").isEqualTo(Integer.toString(i + 1));
        }
        String last = RawHttp.once(port, "GET", "/services/truth", null, null).body();
        host.drop("truth").get(10, TimeUnit.SECONDS);
        try (ServiceHost again = ServiceHost.builder().port(-1).build().start()) {
            ServiceRef t = again.create("truth", new KeyValueService(), Map.of(), file);
            JsonNode reloaded = t.get().get(10, TimeUnit.SECONDS).body();
            // compared as trees: the byte writer escapes surrogate pairs (\ud83d\ude00), the char writer does not
            assertThat(reloaded.equals(Json.TREE_READER.readTree(last)))
                    .as("reloaded state differs at %s", firstDifference(last, Json.toString(reloaded))).isTrue();
        }
    }

    private static String firstDifference(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i + ": '" + a.substring(Math.max(0, i - 40), Math.min(a.length(), i + 40)) + "' vs '"
                + b.substring(Math.max(0, i - 40), Math.min(b.length(), i + 40)) + "'";
    }

    // ---- 2. One connection, one order ----

    /**
     * Random pipelined bursts (up to several times the window) of Upserts, Deletes and Queries on
     * a few keys, written at once: every request is answered, in order, and each answer is what
     * the requests before it on the connection, applied in order, make it.
     */
    @Test
    void pipelinedRequestsTakeEffectAndAreAnsweredInTheOrderSent() throws Exception {
        Random rnd = Hostile.random("pipelining");
        for (int trial = 0; trial < 12; trial++) {
            String svc = "pipe" + trial;
            host.create(svc, new KeyValueService());
            int n = 1 + rnd.nextInt(400);
            Map<String, String> model = new LinkedHashMap<>();
            List<Integer> statuses = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            StringBuilder wire = new StringBuilder();
            for (int i = 0; i < n; i++) {
                tried("2 pipelining");
                String key = "k" + rnd.nextInt(3);
                switch (rnd.nextInt(3)) {
                    case 0 -> {
                        wire.append(RawHttp.format("PUT", "/services/" + svc + "/items/" + key, JSON, Integer.toString(i)));
                        model.put(key, Integer.toString(i));
                        statuses.add(200);
                        bodies.add(null);
                    }
                    case 1 -> {
                        wire.append(RawHttp.format("DELETE", "/services/" + svc + "/items/" + key, JSON, null));
                        statuses.add(model.remove(key) != null ? 200 : 404);
                        bodies.add(null);
                    }
                    default -> {
                        wire.append(RawHttp.format("GET", "/services/" + svc + "/query", null, null));
                        StringBuilder items = new StringBuilder("{\"items\":{");
                        model.forEach((k, v) -> items.append(items.length() > 10 ? "," : "").append('"').append(k)
                                .append("\":").append(v));
                        statuses.add(200);
                        bodies.add(items.append("}}").toString());
                    }
                }
            }
            try (RawHttp c = new RawHttp(port, 30_000)) {
                byte[] bytes = wire.toString().getBytes(StandardCharsets.UTF_8);
                CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                    try {
                        c.writeRaw(bytes); // may block while the host has stopped reading: not on this thread
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                for (int i = 0; i < n; i++) {
                    RawHttp.Res r = c.read();
                    assertThat(r.status()).as("trial %d, request %d of %d: %s", trial, i, n, r.body()).isEqualTo(statuses.get(i));
                    if (bodies.get(i) != null) {
                        assertThat(r.body()).as("trial %d, request %d of %d", trial, i, n).isEqualTo(bodies.get(i));
                    }
                }
                writer.get(10, TimeUnit.SECONDS);
                assertThat(c.exchange("GET", "/health", null, null).status()).isEqualTo(200); // still open
            }
            host.drop(svc).get(10, TimeUnit.SECONDS);
        }
    }

    // ---- 3. Bounded memory per client ----

    /**
     * Subscribers that do not read are dropped once their bounded buffer overflows, with a final
     * {@code overflow} event naming the last event they were sent; writers are never slowed or
     * failed; the buffered bytes go back to zero; a dropped subscriber resumes from its
     * Last-Event-ID with nothing missing.
     */
    @Test
    void slowSubscribersAreDroppedWithAnOverflowEventAndResumeWithoutLoss() throws Exception {
        Random rnd = Hostile.random("slow-subscribers");
        try (ServiceHost h = ServiceHost.builder().port(0).sseMaxEvents(16 + rnd.nextInt(32))
                .sseMaxBytes(16 * 1024 + rnd.nextInt(32 * 1024)).build().start()) {
            h.create("kv", new KeyValueService());
            int subscribers = 2 + rnd.nextInt(4);
            List<RawHttp> slow = new ArrayList<>();
            for (int i = 0; i < subscribers; i++) {
                RawHttp s = new RawHttp(h.port(), 20_000, 2048);
                s.send("GET", "/services/kv/notifications", null, null);
                slow.add(s);
            }
            HostHttpTest.waitFor(() -> h.metricsSnapshot().contains("ccrj_service_subscribers{service=\"kv\"} " + subscribers));
            // more than the kernel's socket buffers hold, so that the host itself must buffer
            String big = "\"" + "v".repeat(8192 + rnd.nextInt(8192)) + "\"";
            int writes = 0;
            try (RawHttp w = new RawHttp(h.port())) {
                while (!h.metricsSnapshot().contains("ccrj_sse_overflows_total " + subscribers)) {
                    assertThat(writes).as("every subscriber overflowed by now").isLessThan(5000);
                    for (int i = 0; i < 10; i++, writes++) {
                        tried("3 bounded memory");
                        assertThat(w.exchange("PUT", "/services/kv/items/k" + (writes % 7), JSON, big).status()).isEqualTo(200);
                    }
                }
            }
            // every subscriber now reads: each finds its events in order, then the overflow event naming the last
            List<CompletableFuture<Long>> lastIds = new ArrayList<>();
            for (RawHttp s : slow) {
                lastIds.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        s.setReadTimeout(10_000);
                        assertThat(s.readHead().status()).isEqualTo(200);
                        long lastId = 0;
                        while (true) {
                            String[] e = s.events(1).get(0);
                            if ("overflow".equals(e[0])) {
                                assertThat(e[1]).as("the overflow event has no id").isNull();
                                assertThat(Json.TREE_READER.readTree(e[2]).get("lastEventId").asLong()).isEqualTo(lastId);
                                return lastId;
                            }
                            assertThat(Long.parseLong(e[1])).as("events before the overflow are contiguous").isEqualTo(lastId + 1);
                            lastId = Long.parseLong(e[1]);
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }));
            }
            long lastId = lastIds.get(0).get(20, TimeUnit.SECONDS);
            for (CompletableFuture<Long> f : lastIds) {
                f.get(20, TimeUnit.SECONDS);
            }
            for (RawHttp s : slow) {
                s.close();
            }
            HostHttpTest.waitFor(() -> h.metricsSnapshot().contains("ccrj_sse_buffered_bytes 0")
                    && h.metricsSnapshot().contains("ccrj_service_subscribers{service=\"kv\"} 0"));
            try (RawHttp again = new RawHttp(h.port())) {
                again.send("GET", "/services/kv/notifications", null, null, "Last-Event-ID: " + lastId);
                assertThat(again.readHead().status()).isEqualTo(200);
                List<String[]> resumed = again.events((int) (writes - lastId));
                for (int i = 0; i < resumed.size(); i++) {
                    assertThat(resumed.get(i)[1]).isEqualTo(Long.toString(lastId + 1 + i));
                }
            }
        }
    }

    /**
     * A client that pipelines Gets of a large state and reads none of the answers: the host stops
     * reading it once the answers already written fill the socket, instead of writing every answer
     * into its own memory; when the client reads, every answer comes, in order.
     */
    @Test
    void aPipeliningClientThatReadsNothingIsNotAnsweredIntoTheHostsMemory() throws Exception {
        Random rnd = Hostile.random("unread-answers");
        ServiceRef big = host.create("big", new KeyValueService());
        for (int i = 0; i < 2; i++) {
            big.upsert("v" + i, TextNode.valueOf(Hostile.word(rnd, 8192))).get(10, TimeUnit.SECONDS);
        }
        // the host may answer the window and what two reads decode (up to the decoder's depth) plus
        // what the kernel's socket buffers take, but not all of them into its own memory
        int n = 3000;
        String get = RawHttp.format("GET", "/services/big", null, null);
        long before = answered2xx();
        try (RawHttp c = new RawHttp(port, 30_000, 4096)) {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    c.writeRaw(get.repeat(n));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            HostHttpTest.waitFor(() -> answered2xx() > before);
            long settled = -1;
            for (int i = 0; i < 50; i++) { // until the count has not moved for 200 ms
                Thread.sleep(200);
                long now = answered2xx();
                if (now == settled) {
                    break;
                }
                settled = now;
            }
            tried("3 bounded memory");
            System.out.println("unread answers: " + (settled - before) + " of " + n + " written before the host stopped reading");
            assertThat(settled - before).as("answers written while the client reads none").isLessThan(n / 2);
            for (int i = 0; i < n; i++) {
                RawHttp.Res r = c.read();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.body()).startsWith("{\"items\":{\"v0\":");
            }
            writer.get(10, TimeUnit.SECONDS);
        }
        host.drop("big").get(10, TimeUnit.SECONDS);
    }

    private static long answered2xx() {
        String m = host.metricsSnapshot();
        String key = "ccrj_http_requests_total{code=\"2xx\"} ";
        int i = m.indexOf(key);
        return Long.parseLong(m.substring(i + key.length(), m.indexOf('\n', i)).trim());
    }

    /**
     * Slowloris: a request head trickling in a byte at a time, however steadily, is answered 408
     * and closed at the head deadline; the idle timer (reset by every byte) does not save it.
     * Connections per client and requests per connection are bounded; Create over HTTP too.
     */
    @Test
    void headDeadlineConnectionAndServiceLimitsHold() throws Exception {
        Random rnd = Hostile.random("limits");
        int perClient = 2 + rnd.nextInt(4);
        int perConnection = 2 + rnd.nextInt(6);
        try (ServiceHost h = ServiceHost.builder().port(0).headerTimeout(Duration.ofMillis(400))
                .idleTimeout(Duration.ofSeconds(30)).maxConnectionsPerClient(perClient)
                .maxRequestsPerConnection(perConnection).maxServices(3).build().start()) {
            for (int trial = 0; trial < 3; trial++) {
                tried("3 bounded memory");
                try (RawHttp c = new RawHttp(h.port(), 5000)) {
                    String head = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-" + Hostile.word(rnd, 5000);
                    long t0 = System.nanoTime();
                    RawHttp.Res r = null;
                    for (int i = 0; i < head.length() && r == null; i++) {
                        try {
                            c.writeRaw(head.substring(i, i + 1));
                        } catch (IOException closed) {
                            break;
                        }
                        Thread.sleep(20);
                        if (System.nanoTime() - t0 > 300_000_000L) {
                            c.setReadTimeout(5);
                            try {
                                r = c.read();
                            } catch (SocketTimeoutException notYet) {
                                // keep trickling
                            }
                        }
                    }
                    assertThat(r).as("answered while still trickling").isNotNull();
                    assertThat(r.status()).isEqualTo(408);
                    assertErrorBody(r);
                    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(3));
                }
            }
            HostHttpTest.waitFor(() -> openConnections(h) == 0);
            List<RawHttp> open = new ArrayList<>();
            try {
                for (int i = 0; i < perClient; i++) {
                    RawHttp c = new RawHttp(h.port());
                    open.add(c);
                    assertThat(c.exchange("GET", "/health", null, null).status()).isEqualTo(200);
                }
                for (int extra = 0; extra < 1 + rnd.nextInt(3); extra++) {
                    tried("3 bounded memory");
                    try (RawHttp c = new RawHttp(h.port())) {
                        RawHttp.Res r = c.read();
                        assertThat(r.status()).isEqualTo(503);
                        assertErrorBody(r);
                    }
                }
                RawHttp c = open.get(0);
                for (int i = 2; i < perConnection; i++) { // the first request was made above
                    assertThat(c.exchange("GET", "/health", null, null).header("Connection")).isNull();
                }
                tried("3 bounded memory");
                assertThat(c.exchange("GET", "/health", null, null).header("Connection")).isEqualTo("close");
                assertThat(c.isClosedByPeer()).isTrue();
            } finally {
                for (RawHttp c : open) {
                    c.close();
                }
            }
            HostHttpTest.waitFor(() -> openConnections(h) == 0);
            for (int i = 0; i < 3; i++) {
                assertThat(RawHttp.once(h.port(), "POST", "/directory", JSON, "{\"name\":\"s" + i + "\",\"contract\":\"kv\"}")
                        .status()).isEqualTo(201);
            }
            tried("3 bounded memory");
            RawHttp.Res full = RawHttp.once(h.port(), "POST", "/directory", JSON, "{\"name\":\"s9\",\"contract\":\"kv\"}");
            assertThat(full.status()).isEqualTo(409);
            assertErrorBody(full);
            assertThat(full.json().get("message").asText()).contains("--max-services 3");
        }
    }

    private static int openConnections(ServiceHost h) {
        return h.openConnections();
    }

    /**
     * Resuming from before the retained window, or from a sequence the service never reached,
     * starts with an explicit {@code gap} event; resuming inside the window replays exactly the
     * missed notifications.
     */
    @Test
    void replayPastTheRetainedWindowSaysSo() throws Exception {
        Random rnd = Hostile.random("replay");
        ServiceRef r = host.create("replay", new KeyValueService());
        int total = io.ccrj.dss.internal.runtime.ServiceRuntime.RETAINED_NOTIFICATIONS + 50 + rnd.nextInt(200);
        for (int i = 0; i < total; i++) {
            r.upsert("k", TextNode.valueOf("v" + i)).get(10, TimeUnit.SECONDS);
        }
        long oldest = total - io.ccrj.dss.internal.runtime.ServiceRuntime.RETAINED_NOTIFICATIONS + 1;
        for (int trial = 0; trial < 6; trial++) {
            tried("3 bounded memory");
            long last = switch (trial % 3) {
                case 0 -> rnd.nextInt((int) oldest - 1);
                case 1 -> oldest - 1 + rnd.nextInt(total - (int) oldest);
                default -> total + 1 + rnd.nextInt(1000);
            };
            try (RawHttp s = new RawHttp(port)) {
                s.send("GET", "/services/replay/notifications", null, null, "Last-Event-ID: " + last);
                assertThat(s.readHead().status()).isEqualTo(200);
                String[] e = s.events(1).get(0);
                if (last < oldest - 1) {
                    assertThat(e[0]).isEqualTo("gap");
                    assertThat(e[1]).isEqualTo(Long.toString(oldest - 1));
                    assertThat(e[2]).contains("\"missedFrom\":" + (last + 1));
                    assertThat(s.events(1).get(0)[1]).isEqualTo(Long.toString(oldest));
                } else if (last > total) {
                    assertThat(e[0]).isEqualTo("gap");
                    assertThat(e[2]).contains("ahead");
                } else {
                    assertThat(e[0]).isEqualTo("upsert");
                    assertThat(e[1]).isEqualTo(Long.toString(last + 1));
                }
            }
        }
        host.drop("replay").get(10, TimeUnit.SECONDS);
    }

    // ---- 4. HTTP and text by the book ----

    /**
     * Over every resource and method: every 405 carries {@code Allow}, and no method it lists is
     * answered 405; HEAD answers as GET does, without a body; every error is a JSON body in the
     * client's terms.
     */
    @Test
    void every405CarriesAllowAndHeadWorksWhereGetDoes() throws Exception {
        Hostile.random("allow-head");
        List<String> paths = List.of("/", "/directory", "/health", "/metrics", "/services/kv", "/services/kv/query",
                "/services/kv/items/a", "/services/kv/actions/clear", "/services/kv/notifications", "/services/ping",
                "/services/ping/items/a", "/services/ping/query");
        List<String> methods = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "FROB");
        for (String path : paths) {
            for (String m : methods) {
                tried("4 http by the book");
                if (path.endsWith("notifications") && m.equals("GET") || path.equals("/directory") && m.equals("POST")
                        || path.startsWith("/services/") && m.equals("DELETE") && !path.contains("/items/")) {
                    continue; // a stream, a Create, a Drop: checked elsewhere
                }
                RawHttp.Res r = send(m, path);
                if (r.status() == 405) {
                    if (!m.equals("HEAD")) {
                        assertErrorBody(r);
                    }
                    String allow = r.header("Allow");
                    assertThat(allow).as("%s %s", m, path).isNotNull();
                    for (String a : allow.split(",\\s*")) {
                        if (!a.isEmpty() && !a.equals("DELETE") && !(a.equals("GET") && path.endsWith("notifications"))
                                && !(a.equals("POST") && path.equals("/directory"))) {
                            assertThat(send(a, path).status()).as("%s listed in Allow of %s", a, path).isNotEqualTo(405);
                        }
                    }
                } else if (r.status() >= 400 && !m.equals("HEAD")) {
                    assertErrorBody(r);
                }
            }
        }
        for (String path : List.of("/", "/directory", "/services/kv", "/services/kv?format=json", "/services/kv/query",
                "/services/ping", "/health", "/metrics")) {
            tried("4 http by the book");
            try (RawHttp c = new RawHttp(port)) {
                RawHttp.Res get = c.exchange("GET", path, null, null);
                c.send("HEAD", path, null, null);
                RawHttp.Res head = c.readHead();
                assertThat(head.status()).as("HEAD %s", path).isEqualTo(get.status());
                assertThat(head.header("Content-Type")).isEqualTo(get.header("Content-Type"));
                if (!path.equals("/metrics") && !path.equals("/health")) {
                    assertThat(head.header("Content-Length")).isEqualTo(Integer.toString(get.body().getBytes(StandardCharsets.UTF_8).length));
                }
                // no body followed: the next answer on the connection starts right away
                assertThat(c.exchange("GET", "/health", null, null).status()).isEqualTo(200);
            }
        }
        try (RawHttp c = new RawHttp(port)) {
            c.send("HEAD", "/services/kv/notifications", null, null);
            RawHttp.Res head = c.readHead();
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("Content-Type")).startsWith("text/event-stream");
            assertThat(c.exchange("GET", "/health", null, null).status()).isEqualTo(200);
        }
    }

    private static RawHttp.Res send(String method, String path) throws IOException {
        boolean modifying = Set.of("POST", "PUT", "PATCH", "DELETE").contains(method);
        String ct = method.equals("PATCH") ? "application/merge-patch+json" : JSON;
        String body = method.equals("PUT") && path.equals("/services/kv") ? "{\"items\":{}}"
                : method.equals("PATCH") ? "{}" : method.equals("POST") && path.equals("/services/kv") ? "{\"key\":\"z\",\"value\":1}"
                : modifying && !method.equals("DELETE") ? "{}" : null;
        try (RawHttp c = new RawHttp(port)) {
            c.send(method, path, modifying ? ct : null, body);
            return method.equals("HEAD") ? c.readHead() : c.read();
        }
    }

    /**
     * Unknown versions are 505; HTTP/1.1 without exactly one Host is 400; an oversized body
     * announced with {@code Expect: 100-continue} is 413 with the JSON body; a long target is 414
     * and large headers are 431. Each answer is a JSON error body.
     */
    @Test
    void versionsHostExpectAndSizeLimitsAnswerByTheBook() throws Exception {
        Random rnd = Hostile.random("by-the-book");
        for (int i = 0; i < 24; i++) {
            tried("4 http by the book");
            String raw;
            int expected;
            switch (i % 6) {
                case 0 -> {
                    raw = "GET /health HTTP/" + List.of("1.2", "2.0", "3.0", "9.9", "1.9").get(rnd.nextInt(5)) + "\r\nHost: 127.0.0.1\r\n\r\n";
                    expected = 505;
                }
                case 1 -> {
                    raw = rnd.nextBoolean() ? "GET /health HTTP/1.1\r\n\r\n" : "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: localhost\r\n\r\n";
                    expected = 400;
                }
                case 2 -> {
                    raw = "PUT /services/kv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
                            + "Content-Length: " + ((1 << 20) + 1 + rnd.nextInt(1 << 24)) + "\r\n\r\n";
                    expected = 413;
                }
                case 3 -> {
                    raw = "GET /services/kv/items/" + "a".repeat(4100 + rnd.nextInt(20_000)) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
                    expected = 414;
                }
                case 4 -> {
                    StringBuilder sb = new StringBuilder("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
                    int n = 1 + rnd.nextInt(8);
                    int each = 17_000 / n + rnd.nextInt(4000);
                    for (int k = 0; k < n; k++) {
                        sb.append("X-H").append(k).append(": ").append("h".repeat(each)).append("\r\n");
                    }
                    raw = sb.append("\r\n").toString();
                    expected = 431;
                }
                default -> {
                    raw = "PUT /services/kv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: "
                            + List.of("something-else", "200-ok", "100-continue-please").get(rnd.nextInt(3))
                            + "\r\nContent-Length: 2\r\n\r\n{}";
                    expected = 417;
                }
            }
            try (RawHttp c = new RawHttp(port)) {
                c.writeRaw(raw);
                RawHttp.Res r = c.read();
                assertThat(r.status()).as(raw.length() > 200 ? raw.substring(0, 200) : raw).isEqualTo(expected);
                assertErrorBody(r);
            }
        }
        assertThat(RawHttp.once(port, "GET", "/health", null, null).status()).isEqualTo(200);
    }

    /**
     * Bodies and percent-decoded paths that are not UTF-8 (invalid bytes, overlong forms,
     * surrogates, truncations) are 400 and change nothing; distinct valid keys stay distinct.
     */
    @Test
    void textMustBeStrictUtf8() throws Exception {
        Random rnd = Hostile.random("utf8");
        host.create("text", new KeyValueService());
        long before = Hostile.etag(port, "text");
        for (int i = 0; i < 48; i++) {
            tried("4 http by the book");
            byte[] bad = Hostile.BAD_UTF8.get(rnd.nextInt(Hostile.BAD_UTF8.size()));
            byte[] prefix = Hostile.ascii(Hostile.word(rnd, rnd.nextInt(4)));
            RawHttp.Res r;
            try (RawHttp c = new RawHttp(port)) {
                switch (i % 3) {
                    case 0 -> c.writeRaw(Hostile.request("PUT", "/services/text/items/k", JSON,
                            Hostile.concat(Hostile.ascii("\""), prefix, bad, Hostile.ascii("\""))));
                    case 1 -> {
                        StringBuilder enc = new StringBuilder();
                        for (byte b : bad) {
                            enc.append('%').append(String.format("%02x", b & 0xff));
                        }
                        c.writeRaw(Hostile.request("PUT", "/services/text/items/bad" + new String(prefix, StandardCharsets.US_ASCII)
                                + enc, JSON, Hostile.ascii("1")));
                    }
                    default -> c.writeRaw(Hostile.concat(Hostile.ascii("PUT /services/text/items/raw"), prefix, bad,
                            Hostile.ascii(" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1\r\n\r\n1")));
                }
                r = c.read();
            }
            assertThat(r.status()).as("%s", java.util.HexFormat.of().formatHex(bad)).isEqualTo(400);
            assertErrorBody(r);
        }
        assertThat(Hostile.etag(port, "text")).isEqualTo(before);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            tried("4 http by the book");
            String key = "k" + new String(Character.toChars(0xa0 + rnd.nextInt(0x1f000)));
            if (Character.isSurrogate(key.charAt(1)) && key.length() == 2) {
                continue;
            }
            keys.add(key);
            String enc = java.net.URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20");
            assertThat(RawHttp.once(port, "PUT", "/services/text/items/" + enc, JSON, "1").status()).isEqualTo(200);
        }
        JsonNode items = RawHttp.once(port, "GET", "/services/text", null, null).json().get("items");
        Set<String> stored = new HashSet<>();
        items.fieldNames().forEachRemaining(stored::add);
        assertThat(stored).isEqualTo(keys);
        host.drop("text").get(10, TimeUnit.SECONDS);
    }

    // ---- 5. Nobody gets in who should not ----

    /**
     * Foreign Host names are refused on every request (DNS rebinding); modifying requests without
     * a JSON content type (form types, text, none; with or without a body) or from a foreign
     * Origin are refused and change nothing; the host's own origin and names work.
     */
    @Test
    void crossSiteRequestsCannotReadOrModify() throws Exception {
        Random rnd = Hostile.random("cross-site");
        host.create("guarded", new KeyValueService()).upsert("keep", TextNode.valueOf("me")).get(10, TimeUnit.SECONDS);
        long before = Hostile.etag(port, "guarded");
        List<String> foreignHosts = List.of("evil.example", "attacker.test:" + port, "127.0.0.1.nip.io:" + port,
                "[::2]:" + port, "localhost.evil.example", "10.11.12.13");
        List<String> badTypes = List.of("application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x",
                "text/json", "application/jsonx");
        List<String> foreignOrigins = List.of("http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1:" + port,
                "http://localhost.evil.example:" + port);
        for (int i = 0; i < 60; i++) {
            String method = List.of("POST", "PUT", "DELETE", "PATCH").get(rnd.nextInt(4));
            String path = switch (method) {
                case "POST" -> rnd.nextBoolean() ? "/services/guarded/actions/clear" : "/services/guarded";
                case "DELETE" -> rnd.nextBoolean() ? "/services/guarded/items/keep" : "/services/guarded";
                case "PATCH" -> "/services/guarded";
                default -> rnd.nextBoolean() ? "/services/guarded/items/keep" : "/services/guarded";
            };
            String body = rnd.nextBoolean() ? null : List.of("", "a=b", "{}", "{\"items\":{}}").get(rnd.nextInt(4));
            RawHttp.Res r;
            int expected;
            try (RawHttp c = new RawHttp(port)) {
                switch (i % 3) {
                    case 0 -> {
                        tried("5 nobody gets in");
                        String type = rnd.nextInt(4) == 0 ? null : badTypes.get(rnd.nextInt(badTypes.size()));
                        // a bodiless DELETE, PUT or PATCH needs no type (no page can send one cross-site
                        // without a preflight): what a form or a simple fetch can forge has a body, or is a POST
                        boolean bodiless = body == null || body.isEmpty();
                        r = c.exchange(method, path, type, bodiless && !method.equals("POST") ? "{}" : body);
                        expected = 415;
                    }
                    case 1 -> {
                        tried("5 nobody gets in");
                        r = c.exchange(method, path, method.equals("PATCH") ? "application/merge-patch+json" : JSON, body,
                                "Origin: " + foreignOrigins.get(rnd.nextInt(foreignOrigins.size())));
                        expected = 403;
                    }
                    default -> {
                        tried("5 nobody gets in");
                        String raw = RawHttp.format(rnd.nextBoolean() ? "GET" : method, path, JSON, body)
                                .replace("Host: 127.0.0.1", "Host: " + foreignHosts.get(rnd.nextInt(foreignHosts.size())));
                        c.writeRaw(raw);
                        r = c.read();
                        expected = 421;
                    }
                }
            }
            assertThat(r.status()).as("%s %s: %s", method, path, r.body()).isEqualTo(expected);
            assertErrorBody(r);
            assertThat(Hostile.etag(port, "guarded")).isEqualTo(before);
        }
        for (String name : List.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port, "LOCALHOST")) {
            try (RawHttp c = new RawHttp(port)) {
                c.writeRaw(RawHttp.format("GET", "/services/guarded", null, null).replace("Host: 127.0.0.1", "Host: " + name));
                assertThat(c.read().status()).as(name).isEqualTo(200);
            }
        }
        try (RawHttp c = new RawHttp(port)) { // a browser's same-origin request: Host and Origin name the same authority
            c.writeRaw(RawHttp.format("PUT", "/services/guarded/items/keep", JSON, "\"still\"", "Origin: http://127.0.0.1:" + port)
                    .replace("Host: 127.0.0.1", "Host: 127.0.0.1:" + port));
            assertThat(c.read().status()).isEqualTo(200);
        }
        host.drop("guarded").get(10, TimeUnit.SECONDS);
    }

    /** A bad partner in Create is a 400 that names the field, never a 500; nothing is created. */
    @Test
    void badPartnersInCreateAre400NamingTheField() throws Exception {
        Random rnd = Hostile.random("partners");
        List<String> bad = List.of("\"http://\"", "\"http://exa mple.com/x\"", "\"http://[::1/x\"", "\"ftp://x/y\"", "\"\"",
                "\"a b\"", "5", "{}", "\"http://h:99999999999/x\"", "\"http:/only-one-slash\"");
        for (int i = 0; i < 20; i++) {
            tried("5 nobody gets in");
            String partner = "p" + Hostile.word(rnd, 3);
            String value = bad.get(rnd.nextInt(bad.size()));
            RawHttp.Res r = RawHttp.once(port, "POST", "/directory", JSON,
                    "{\"name\":\"withpartner\",\"contract\":\"kv\",\"partners\":{\"" + partner + "\":" + value + "}}");
            assertThat(r.status()).as(value + ": " + r.body()).isEqualTo(400);
            assertErrorBody(r);
            assertThat(r.json().get("message").asText()).contains("partners." + partner);
            assertThat(host.serviceNames()).doesNotContain("withpartner");
        }
    }

    // ---- 6. Durable means durable ----

    /**
     * A state file that cannot be read (dangling link, missing directory) or is corrupt (random
     * garbage, a truncated file, the wrong shape, a bad version, a state of the wrong contract)
     * stops the service with an error naming the file and the problem; it never starts empty.
     */
    @Test
    void unreadableOrCorruptStateFilesStopTheServiceNamingFileAndProblem() throws Exception {
        Random rnd = Hostile.random("state-files");
        Path d = Files.createDirectories(dir.resolve("durable"));
        Path good = d.resolve("good.json");
        Files.writeString(good, "{\"version\":3,\"state\":{\"items\":{\"a\":[1,2,{\"b\":\"c\"}]}}}");
        String goodText = Files.readString(good);
        try (ServiceHost h = ServiceHost.builder().port(-1).build().start()) {
            for (int i = 0; i < 24; i++) {
                tried("6 durable");
                Path file = d.resolve("case" + i + ".json");
                String problem;
                switch (i % 8) {
                    case 0 -> {
                        Files.createSymbolicLink(file, d.resolve("nowhere-" + i));
                        problem = "symbolic link";
                    }
                    case 1 -> {
                        file = d.resolve("missing-dir-" + i).resolve("kv.json");
                        problem = "does not exist";
                    }
                    case 2 -> {
                        byte[] junk = new byte[1 + rnd.nextInt(200)];
                        rnd.nextBytes(junk);
                        junk[0] = (byte) '{';
                        Files.write(file, junk);
                        problem = "not valid JSON";
                    }
                    case 3 -> {
                        Files.writeString(file, goodText.substring(0, 1 + rnd.nextInt(goodText.length() - 2)));
                        problem = "not valid JSON";
                    }
                    case 4 -> {
                        Files.writeString(file, List.of("[]", "{\"items\":{}}", "5", "\"x\"").get(rnd.nextInt(4)));
                        problem = "not a ccrj state file";
                    }
                    case 5 -> {
                        Files.writeString(file, "{\"version\":" + List.of("\"x\"", "-1", "1.5", "[]").get(rnd.nextInt(4))
                                + ",\"state\":{\"items\":{}}}");
                        problem = "version";
                    }
                    case 6 -> {
                        Files.writeString(file, "{\"version\":1,\"state\":{\"items\":" + List.of("5", "[]", "\"x\"").get(rnd.nextInt(3)) + "}}");
                        problem = "does not hold a state of contract kv";
                    }
                    default -> {
                        Files.writeString(file, "");
                        problem = "empty";
                    }
                }
                Path f = file;
                String name = "s" + i;
                assertThatThrownBy(() -> h.create(name, new KeyValueService(), Map.of(), f))
                        .isInstanceOf(Fault.class).hasMessageContaining(f.toAbsolutePath().toString()).hasMessageContaining(problem);
                assertThat(h.serviceNames()).doesNotContain("s" + i);
            }
            ServiceRef ok = h.create("good", new KeyValueService(), Map.of(), good);
            assertThat(ok.get().get(10, TimeUnit.SECONDS).version()).isEqualTo(3);
        }
    }

    /**
     * A durable service dropped over HTTP and created again over HTTP keeps its state file: it
     * starts from the state saved at the drop and its next writes are saved; a Create that would
     * give it another initial state is refused.
     */
    @Test
    void aDurableServiceCreatedAgainOverHttpStaysDurable() throws Exception {
        Random rnd = Hostile.random("recreate");
        Path file = Files.createDirectories(dir.resolve("again")).resolve("d.json");
        host.create("durable", new KeyValueService(), Map.of(), file);
        for (int round = 0; round < 3; round++) {
            tried("6 durable");
            String key = "k" + round + Hostile.word(rnd, 3);
            assertThat(RawHttp.once(port, "PUT", "/services/durable/items/" + key, JSON, "1").status()).isEqualTo(200);
            assertThat(RawHttp.once(port, "DELETE", "/services/durable", JSON, null).status()).isEqualTo(200);
            HostHttpTest.waitFor(() -> !host.serviceNames().contains("durable"));
            RawHttp.Res refused = RawHttp.once(port, "POST", "/directory", JSON,
                    "{\"name\":\"durable\",\"contract\":\"kv\",\"state\":{\"items\":{}}}");
            assertThat(refused.status()).isEqualTo(400);
            assertErrorBody(refused);
            assertThat(RawHttp.once(port, "POST", "/directory", JSON, "{\"name\":\"durable\",\"contract\":\"kv\"}").status())
                    .isEqualTo(201);
            assertThat(RawHttp.once(port, "GET", "/services/durable", null, null).json().get("items").has(key)).isTrue();
            String after = "after" + round;
            assertThat(RawHttp.once(port, "PUT", "/services/durable/items/" + after, JSON, "2").status()).isEqualTo(200);
            assertThat(Files.readString(file)).contains("\"" + after + "\"").contains("\"" + key + "\"");
        }
        host.drop("durable").get(10, TimeUnit.SECONDS);
    }
}
