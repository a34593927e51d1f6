package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The REST mapping, operation by operation, and the host's own resources. */
@Timeout(60)
class HostHttpTest {
    static final String JSON = "application/json";
    static final String PATCH = "application/merge-patch+json";

    private ServiceHost host;
    private int port;
    private TestServices.Misbehaving misbehaving;

    @BeforeEach
    void start() throws Fault {
        // generous: a cold first read of a state type on a busy machine must not reach it (the 504 test waits it out)
        host = ServiceHost.builder().port(0).requestTimeout(Duration.ofMillis(1500)).maxRequestBytes(4096).build().start();
        host.start(Manifest.builtIn());
        misbehaving = new TestServices.Misbehaving();
        host.create("bad", misbehaving);
        port = host.port();
    }

    @AfterEach
    void stop() {
        misbehaving.release.countDown();
        host.close(Duration.ofSeconds(2));
    }

    private RawHttp.Res call(String method, String path, String type, String body, String... headers) throws Exception {
        return RawHttp.once(port, method, path, type, body, headers);
    }

    @Test
    void everyOperationOverHttp() throws Exception {
        try (RawHttp c = new RawHttp(port)) {
            RawHttp.Res get = c.exchange("GET", "/services/kv", null, null);
            assertThat(get.status()).isEqualTo(200);
            assertThat(get.body()).isEqualTo("{\"items\":{}}");
            assertThat(get.header("ETag")).isEqualTo("\"0\"");
            assertThat(get.header("Content-Type")).isEqualTo("application/json");

            RawHttp.Res ins = c.exchange("POST", "/services/kv", JSON, "{\"key\":\"a b\",\"value\":{\"n\":1}}");
            assertThat(ins.status()).isEqualTo(201);
            assertThat(ins.header("Location")).isEqualTo("/services/kv/items/a%20b");
            assertThat(ins.header("ETag")).isEqualTo("\"1\"");
            assertThat(c.exchange("POST", "/services/kv", JSON, "{\"key\":\"a b\",\"value\":2}").status()).isEqualTo(409);

            RawHttp.Res up = c.exchange("PUT", "/services/kv/items/a%2Fc", JSON, "[1,2]");
            assertThat(up.status()).isEqualTo(200);
            assertThat(up.json().get("created").asBoolean()).isTrue();
            assertThat(c.exchange("PUT", "/services/kv/items/b", JSON, "\"x\"").status()).isEqualTo(200);

            RawHttp.Res q = c.exchange("GET", "/services/kv/query?prefix=a", null, null);
            assertThat(q.json().get("items").fieldNames()).toIterable().containsExactly("a b", "a/c");
            RawHttp.Res qp = c.exchange("POST", "/services/kv/query", JSON, "{\"prefix\":\"b\"}");
            assertThat(qp.body()).isEqualTo("{\"items\":{\"b\":\"x\"}}");

            RawHttp.Res patch = c.exchange("PATCH", "/services/kv", PATCH, "{\"items\":{\"b\":null,\"c\":3}}");
            assertThat(patch.status()).isEqualTo(200);
            assertThat(patch.json().get("items").has("b")).isFalse();
            assertThat(patch.json().at("/items/c").asInt()).isEqualTo(3);

            assertThat(c.exchange("DELETE", "/services/kv/items/c", "application/json", null).status()).isEqualTo(200);
            RawHttp.Res gone = c.exchange("DELETE", "/services/kv/items/c", "application/json", null);
            assertThat(gone.status()).isEqualTo(404);
            assertThat(gone.json().get("error").asText()).isEqualTo("not_found");
            assertThat(gone.json().get("message").asText()).contains("'c'");

            RawHttp.Res rep = c.exchange("PUT", "/services/kv", JSON, "{\"items\":{\"only\":1}}");
            assertThat(rep.body()).isEqualTo("{\"items\":{\"only\":1}}");

            RawHttp.Res opt = c.exchange("OPTIONS", "/services/kv", null, null);
            assertThat(opt.json().get("contract").asText()).isEqualTo("kv");

            RawHttp.Res sub = c.exchange("POST", "/services/ping/actions/ping", JSON, "{\"hello\":1}");
            assertThat(sub.body()).isEqualTo("{\"hello\":1}");
            assertThat(c.exchange("POST", "/services/ping/actions/ping", "application/json", null).body()).isEqualTo("{}");
            assertThat(c.exchange("GET", "/services/ping", null, null).body()).isEqualTo("{\"count\":2}");
            assertThat(c.exchange("POST", "/services/kv/actions/clear", "application/json", null).body()).isEqualTo("{\"items\":{}}");

            RawHttp.Res drop = c.exchange("DELETE", "/services/ping", "application/json", null);
            assertThat(drop.status()).isEqualTo(200);
            assertThat(c.exchange("GET", "/services/ping", null, null).status()).isEqualTo(404);
        }
    }

    @Test
    void directoryCreateHealthAndMetrics() throws Exception {
        JsonNode dir = call("GET", "/directory", null, null).json();
        assertThat(dir.get("services").findValuesAsText("name")).containsExactly("bad", "kv", "ping");
        RawHttp.Res created = call("POST", "/directory", JSON, "{\"name\":\"kv2\",\"contract\":\"kv\",\"state\":{\"items\":{\"a\":1}}}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Location")).isEqualTo("/services/kv2");
        assertThat(call("GET", "/services/kv2", null, null).body()).isEqualTo("{\"items\":{\"a\":1}}");
        assertThat(call("POST", "/directory", JSON, "{\"name\":\"kv2\",\"contract\":\"kv\"}").status()).isEqualTo(409);
        assertThat(call("POST", "/directory", JSON, "{\"name\":\"x\",\"contract\":\"nope\"}").status()).isEqualTo(400);
        assertThat(call("POST", "/directory", JSON, "{\"name\":\"../x\",\"contract\":\"kv\"}").status()).isEqualTo(400);

        RawHttp.Res health = call("GET", "/health", null, null);
        assertThat(health.json().get("status").asText()).isEqualTo("up");
        assertThat(health.json().get("services").asInt()).isEqualTo(4);

        RawHttp.Res metrics = call("GET", "/metrics", null, null);
        assertThat(metrics.header("Content-Type")).startsWith("text/plain; version=0.0.4");
        assertThat(metrics.body()).contains("ccrj_http_requests_total{code=\"2xx\"}",
                "ccrj_http_request_duration_seconds_bucket{le=\"+Inf\"}", "ccrj_service_queue_depth{service=\"kv\"}",
                "ccrj_service_pending{service=\"kv2\"}");
    }

    @Test
    void browserViewHasStableElementIds() throws Exception {
        RawHttp.Res index = call("GET", "/", null, null);
        assertThat(index.header("Content-Type")).startsWith("text/html");
        assertThat(index.body()).contains("id=\"services\"", "href=\"/services/kv\"", "id=\"service-ping\"");
        RawHttp.Res page = call("GET", "/services/kv", null, null, "Accept: text/html,application/xhtml+xml");
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.body()).contains("id=\"state\"", "id=\"replace-body\"", "id=\"replace-submit\"",
                "id=\"update-body\"", "id=\"update-submit\"", "id=\"notifications\"", "id=\"result\"",
                "new EventSource(url+'/notifications')");
        assertThat(call("GET", "/services/kv?format=json", null, null, "Accept: text/html").body()).isEqualTo("{\"items\":{}}");
    }

    @Test
    void badInputGetsTheRight4xxWithAJsonBody() throws Exception {
        assertError(call("PUT", "/services/kv", JSON, "{\"items\":"), 400, "bad_request", "malformed JSON");
        assertError(call("PUT", "/services/kv", JSON, "{} {}"), 400, "bad_request", "malformed JSON");
        assertError(call("PUT", "/services/kv", "text/plain", "{}"), 415, "unsupported_media_type", "application/json");
        assertError(call("PATCH", "/services/kv", JSON, "{}"), 415, "unsupported_media_type", "merge-patch");
        assertError(call("PUT", "/services/kv", "application/json", null), 400, "bad_request", "needs a JSON body");
        assertError(call("PUT", "/services/kv", JSON, "{\"items\":5}"), 400, "bad_request", "not a valid state");
        assertError(call("GET", "/services/nope", null, null), 404, "not_found", "no service 'nope'");
        assertError(call("GET", "/nowhere", null, null), 404, "not_found", "/nowhere");
        assertError(call("GET", "/services/kv/items/a", null, null), 405, "unsupported", "allowed: PUT, DELETE");
        assertError(call("POST", "/services/ping", JSON, "{\"key\":\"a\",\"value\":1}"), 405, "unsupported", "does not support INSERT");
        assertError(call("POST", "/services/kv/actions/nope", "application/json", null), 405, "unsupported", "no action 'nope'");
        assertError(call("PUT", "/services/kv", JSON, "{\"items\":{}}", "If-Match: 0"), 400, "bad_request", "If-Match");
        assertError(call("PUT", "/services/kv", JSON, "{\"items\":{}}", "If-Match: \"7\""), 412, "precondition_failed", "\"0\"");
        assertError(call("GET", "/services/kv/notifications", null, null, "Last-Event-ID: x"), 400, "bad_request", "Last-Event-ID");
        assertError(call("GET", "/services/%zz", null, null), 400, "bad_request", "percent");
        RawHttp.Res big = call("PUT", "/services/kv", JSON, "{\"items\":{\"a\":\"" + "x".repeat(5000) + "\"}}");
        assertError(big, 413, "payload_too_large", "larger");
        try (RawHttp c = new RawHttp(port)) {
            c.writeRaw("THIS IS NOT HTTP\r\n\r\n");
            RawHttp.Res r = c.read();
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.json().get("error").asText()).isEqualTo("bad_request");
        }
        assertThat(call("GET", "/health", null, null).status()).isEqualTo(200); // still serving
    }

    static void assertError(RawHttp.Res r, int status, String error, String messagePart) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.header("Content-Type")).isEqualTo("application/json");
        assertThat(r.json().get("error").asText()).isEqualTo(error);
        assertThat(r.json().get("message").asText()).contains(messagePart);
    }

    @Test
    void handlerThatThrowsGets500AndOneThatNeverAnswersGets504() throws Exception {
        assertError(call("POST", "/services/bad/actions/boom", "application/json", null), 500, "internal", "boom on purpose");
        assertThat(call("GET", "/services/bad", null, null).body()).isEqualTo("{\"count\":0}"); // rolled back
        long t0 = System.nanoTime();
        assertError(call("POST", "/services/bad/actions/silent", "application/json", null), 504, "timeout", "did not answer");
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(1400));
        assertThat(call("GET", "/services/bad", null, null).status()).isEqualTo(200);
    }

    @Test
    void aSilentHandlerAfterAnAnsweredRequestOnTheSameConnectionGets504OnItsOwnDeadline() throws Exception {
        try (RawHttp c = new RawHttp(port)) {
            // the answered request leaves the connection's deadline sweep due before the silent
            // request's deadline: the sweep must wait on for it, neither firing it early nor losing it
            assertThat(c.exchange("GET", "/services/ping", null, null).status()).isEqualTo(200);
            Thread.sleep(300);
            long t0 = System.nanoTime();
            assertError(c.exchange("POST", "/services/bad/actions/silent", JSON, null), 504, "timeout", "did not answer");
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(1400));
            assertThat(c.exchange("GET", "/services/ping", null, null).status()).isEqualTo(200);
        }
    }

    @Test
    void pipelinedResponsesComeBackInRequestOrder() throws Exception {
        try (RawHttp c = new RawHttp(port)) {
            c.writeRaw(RawHttp.format("POST", "/services/bad/actions/sleep", JSON, "{\"ms\":150}")
                    + RawHttp.format("GET", "/services/ping", null, null)
                    + RawHttp.format("POST", "/services/bad/actions/sleep", JSON, "{\"ms\":20}")
                    + RawHttp.format("GET", "/nowhere", null, null));
            assertThat(c.read().body()).isEqualTo("{\"ms\":150}");
            assertThat(c.read().body()).isEqualTo("{\"count\":0}");
            assertThat(c.read().body()).isEqualTo("{\"ms\":20}");
            assertThat(c.read().status()).isEqualTo(404);
            for (int i = 0; i < 20; i++) { // keep-alive: the same connection goes on
                assertThat(c.exchange("GET", "/services/ping", null, null).status()).isEqualTo(200);
            }
        }
    }

    /**
     * An event stream is a connection's last answer: requests pipelined after a subscription are
     * never let through (no answer inside the stream, no second stream on the connection), and
     * the stream's events still flow; a request pipelined before it is answered first.
     */
    @Test
    void nothingPipelinedAfterASubscriptionIsAnsweredInsideItsStream() throws Exception {
        try (RawHttp c = new RawHttp(port, 5000)) {
            c.writeRaw(RawHttp.format("GET", "/services/ping", null, null)
                    + RawHttp.format("GET", "/services/kv/notifications", null, null, "Accept: text/event-stream")
                    + RawHttp.format("GET", "/services/kv/notifications", null, null, "Accept: text/event-stream")
                    + RawHttp.format("GET", "/services/ping", null, null));
            assertThat(c.read().body()).isEqualTo("{\"count\":0}");
            RawHttp.Res head = c.readHead();
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("Content-Type")).startsWith("text/event-stream");
            RawHttp.Res put = RawHttp.once(port, "PUT", "/services/kv/items/pipelined", JSON, "\"v\"");
            assertThat(put.status()).isBetween(200, 201);
            StringBuilder seen = new StringBuilder();
            for (String line; !seen.toString().contains("pipelined") && (line = c.line()) != null; ) {
                assertThat(line).as("an HTTP answer written inside the event stream").doesNotStartWith("HTTP/1.1");
                seen.append(line).append('\n');
            }
            assertThat(seen.toString()).contains("pipelined").doesNotContain("HTTP/1.1").doesNotContain("count");
        }
    }

    @Test
    void connectionCloseIsHonouredAndIdleConnectionsAreClosed() throws Exception {
        try (RawHttp c = new RawHttp(port)) {
            RawHttp.Res r = c.exchange("GET", "/health", null, null, "Connection: close");
            assertThat(r.header("Connection")).isEqualTo("close");
            assertThat(c.isClosedByPeer()).isTrue();
        }
        try (ServiceHost h = ServiceHost.builder().port(0).idleTimeout(Duration.ofMillis(200)).build().start();
             RawHttp c = new RawHttp(h.port(), 5000)) {
            assertThat(c.exchange("GET", "/health", null, null).status()).isEqualTo(200);
            Thread.sleep(600);
            assertThat(c.isClosedByPeer()).isTrue();
        }
    }

    /**
     * The idle timer counts reads and answers as traffic: a connection used more often than the
     * timeout stays open however long it lives, one left alone is closed, and an event stream
     * that has nothing to say gets keep-alive comments instead of being closed.
     */
    @Test
    void trafficKeepsAConnectionOpenAndAnIdleEventStreamGetsKeepAliveComments() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).idleTimeout(Duration.ofMillis(300)).build().start()) {
            h.start(Manifest.builtIn());
            try (RawHttp c = new RawHttp(h.port(), 5000)) {
                long end = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(1200);
                while (System.nanoTime() - end < 0) { // four timeouts long, a request every 100 ms
                    assertThat(c.exchange("GET", "/services/ping", null, null).status()).isEqualTo(200);
                    Thread.sleep(100);
                }
                Thread.sleep(900);
                assertThat(c.isClosedByPeer()).isTrue();
            }
            try (RawHttp sse = new RawHttp(h.port(), 5000)) {
                sse.send("GET", "/services/kv/notifications", null, null, "Accept: text/event-stream");
                assertThat(sse.readHead().status()).isEqualTo(200);
                int keepAlives = 0;
                long end = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(4);
                while (keepAlives < 2 && System.nanoTime() - end < 0) {
                    String line = sse.line();
                    assertThat(line).isNotNull();
                    if (line.contains(": keep-alive")) {
                        keepAlives++;
                    }
                }
                assertThat(keepAlives).as("keep-alive comments on an idle stream").isEqualTo(2);
            }
        }
    }

    @Test
    void overloadedServiceShedsWith503AndRetryAfter() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).maxPendingPerService(2).build().start()) {
            TestServices.Misbehaving s = new TestServices.Misbehaving();
            h.create("slow", s);
            try (RawHttp a = new RawHttp(h.port()); RawHttp b = new RawHttp(h.port())) {
                a.send("POST", "/services/slow/actions/wait", "application/json", null);
                b.send("POST", "/services/slow/actions/wait", "application/json", null);
                waitFor(() -> h.metricsSnapshot().contains("ccrj_service_pending{service=\"slow\"} 2"));
                RawHttp.Res shed = RawHttp.once(h.port(), "GET", "/services/slow", null, null);
                assertError(shed, 503, "unavailable", "overloaded");
                assertThat(shed.header("Retry-After")).isEqualTo("1");
                s.release.countDown();
                assertThat(a.read().status()).isEqualTo(200);
                assertThat(b.read().status()).isEqualTo(200);
                assertThat(RawHttp.once(h.port(), "GET", "/services/slow", null, null).status()).isEqualTo(200);
            }
        }
    }

    @Test
    void admissionQueueDiscardPolicyShedsTheOldestWaitingOperationWith503() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).dispatcherThreads(1)
                .admissionPolicy(io.ccrj.core.SchedulingPolicy.queueDepthDiscard(1)).build().start()) {
            TestServices.Misbehaving s = new TestServices.Misbehaving();
            h.create("slow", s);
            try (RawHttp blocker = new RawHttp(h.port()); RawHttp a = new RawHttp(h.port()); RawHttp b = new RawHttp(h.port())) {
                blocker.send("POST", "/services/slow/actions/wait", "application/json", null); // holds the only worker
                waitFor(() -> h.metricsSnapshot().contains("ccrj_service_operations_total{service=\"slow\"} 1")
                        && h.metricsSnapshot().contains("ccrj_service_queue_depth{service=\"slow\"} 0"));
                Thread.sleep(50); // the wait handler is running on the worker
                a.send("GET", "/services/slow", null, null);
                waitFor(() -> h.metricsSnapshot().contains("ccrj_service_operations_total{service=\"slow\"} 2"));
                b.send("GET", "/services/slow", null, null); // the admission queue is full: a's task is dropped
                RawHttp.Res shed = a.read();
                assertError(shed, 503, "unavailable", "QUEUE_DEPTH_DISCARD");
                assertThat(shed.header("Retry-After")).isEqualTo("1");
                s.release.countDown();
                assertThat(blocker.read().status()).isEqualTo(200);
                assertThat(b.read().status()).isEqualTo(200);
                assertThat(h.metricsSnapshot()).contains("ccrj_service_shed_total{service=\"slow\"} 1");
            }
        }
    }

    static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("condition not met in 10 s");
            }
            Thread.sleep(5);
        }
    }

    @Test
    void gracefulShutdownDrainsInFlightAndRefusesNewRequests() throws Exception {
        ServiceHost h = ServiceHost.builder().port(0).build().start();
        TestServices.Misbehaving s = new TestServices.Misbehaving();
        h.create("slow", s);
        try (RawHttp a = new RawHttp(h.port()); RawHttp b = new RawHttp(h.port())) {
            a.send("POST", "/services/slow/actions/sleep", JSON, "{\"ms\":1000}");
            waitFor(() -> h.metricsSnapshot().contains("ccrj_service_pending{service=\"slow\"} 1"));
            Thread closer = Thread.ofPlatform().start(() -> h.close(Duration.ofSeconds(5)));
            waitFor(h::isClosing);
            RawHttp.Res refused = b.exchange("GET", "/health", null, null);
            assertThat(refused.status()).isEqualTo(503);
            assertThat(a.read().body()).isEqualTo("{\"ms\":1000}");
            closer.join(10_000);
            assertThat(closer.isAlive()).isFalse();
        }
        assertThat(h.serviceNames()).isEmpty();
    }

    @Test
    void handlersOnEventLoopsServeTheSameMappingInOrder() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).ioThreads(2).handlersOnEventLoop(true).build().start()) {
            h.start(Manifest.builtIn());
            for (int conn = 0; conn < 4; conn++) { // connections land on both event loops
                try (RawHttp c = new RawHttp(h.port())) {
                    StringBuilder batch = new StringBuilder();
                    for (int i = 0; i < 10; i++) {
                        batch.append(RawHttp.format("PUT", "/services/kv/items/c" + conn + "-" + i, JSON, Integer.toString(i)))
                                .append(RawHttp.format("POST", "/services/ping/actions/ping", JSON, "{\"i\":" + i + "}"));
                    }
                    c.writeRaw(batch.toString());
                    for (int i = 0; i < 10; i++) {
                        assertThat(c.read().json().get("key").asText()).isEqualTo("c" + conn + "-" + i);
                        assertThat(c.read().body()).isEqualTo("{\"i\":" + i + "}");
                    }
                }
            }
            assertThat(RawHttp.once(h.port(), "GET", "/services/ping", null, null).body()).isEqualTo("{\"count\":40}");
            assertThat(RawHttp.once(h.port(), "GET", "/services/kv", null, null).json().get("items").size()).isEqualTo(40);
        }
    }

    @Test
    void partsOfThePathAreDecodedOnce() throws Exception {
        assertThat(call("PUT", "/services/kv/items/x%2By", JSON, "1").status()).isEqualTo(200);
        assertThat(call("GET", "/services/kv", null, null).json().get("items").has("x+y")).isTrue();
        List<String> names = call("GET", "/directory", null, null).json().get("services").findValuesAsText("name");
        assertThat(names).contains("kv");
    }
}
