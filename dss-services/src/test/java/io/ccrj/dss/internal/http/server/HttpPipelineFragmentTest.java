package io.ccrj.dss.internal.http.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpHeaderNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The host's pipeline fed through an {@link EmbeddedChannel}, as Netty's own
 * {@code HttpRequestDecoderTest} does: the same pipelined requests split at every fragment size
 * give the same answers in the same order; malformed and oversized input gets a 4xx.
 */
@Timeout(60)
class HttpPipelineFragmentTest {
    private static final String TWO_REQUESTS = """
            PUT /echo/a%20b?x=1 HTTP/1.1\r
            Host: h\r
            Content-Type: application/json\r
            Content-Length: 13\r
            \r
            {"n":[1,2,3]}GET /echo/second HTTP/1.1\r
            Host: h\r
            \r
            """;

    /** Echoes method, raw path and body; answers on the event loop. */
    static final class EchoRouter implements HttpRouter {
        int open;

        @Override
        public void route(HttpExchange ex) {
            String body;
            try {
                body = ex.hasBody() ? ex.readJson().toString() : "-";
            } catch (java.io.IOException e) {
                body = "malformed";
            }
            ex.respondText(200, "text/plain", ex.method() + " " + ex.path() + " " + ex.query() + " " + body);
        }

        @Override
        public boolean isClosing() {
            return false;
        }

        @Override
        public void opened() {
            open++;
        }

        @Override
        public void record(int status, long nanos) {
            open--;
        }
    }

    private static EmbeddedChannel channel(EchoRouter router, int maxBytes) {
        EmbeddedChannel ch = new EmbeddedChannel();
        HttpServer.configure(ch.pipeline(), new HttpServer.Limits(maxBytes, 60_000), router);
        return ch;
    }

    private static String drain(EmbeddedChannel ch) {
        StringBuilder sb = new StringBuilder();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            ByteBuf b = (ByteBuf) o;
            sb.append(b.toString(StandardCharsets.UTF_8));
            b.release();
        }
        return sb.toString();
    }

    private static List<String> bodies(String wire) {
        List<String> out = new ArrayList<>();
        for (String part : wire.split("HTTP/1.1 ")) {
            if (!part.isEmpty()) {
                out.add(part.substring(0, 3) + " " + part.substring(part.indexOf("\r\n\r\n") + 4));
            }
        }
        return out;
    }

    @Test
    void everyFragmentSizeGivesTheSameOrderedAnswers() {
        byte[] wire = TWO_REQUESTS.getBytes(StandardCharsets.US_ASCII);
        List<String> expected = List.of(
                "200 PUT /echo/a%20b {x=[1]} {\"n\":[1,2,3]}",
                "200 GET /echo/second {} -");
        for (int size = 1; size <= wire.length; size++) {
            EchoRouter router = new EchoRouter();
            EmbeddedChannel ch = channel(router, 1024);
            for (int i = 0; i < wire.length; i += size) {
                ch.writeInbound(Unpooled.wrappedBuffer(wire, i, Math.min(size, wire.length - i)));
            }
            assertThat(bodies(drain(ch))).as("fragment size %d", size).isEqualTo(expected);
            assertThat(router.open).isZero();
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void bodylessRequestsBesideOnesWithBodiesAreAnsweredInOrderAtEveryFragmentSize() {
        // a head without a body becomes a full request without the aggregator; one that says
        // Content-Length: 0, or has a body, or chunks, goes through it
        String requests = """
                GET /echo/plain HTTP/1.1\r
                Host: h\r
                \r
                DELETE /echo/zero HTTP/1.1\r
                Host: h\r
                Content-Type: application/json\r
                Content-Length: 0\r
                \r
                POST /echo/chunked HTTP/1.1\r
                Host: h\r
                Content-Type: application/json\r
                Transfer-Encoding: chunked\r
                \r
                7\r
                {"c":1}\r
                0\r
                \r
                OPTIONS /echo/last HTTP/1.1\r
                Host: h\r
                \r
                """;
        byte[] wire = requests.getBytes(StandardCharsets.US_ASCII);
        List<String> expected = List.of(
                "200 GET /echo/plain {} -",
                "200 DELETE /echo/zero {} -",
                "200 POST /echo/chunked {} {\"c\":1}",
                "200 OPTIONS /echo/last {} -");
        for (int size = 1; size <= wire.length; size++) {
            EchoRouter router = new EchoRouter();
            EmbeddedChannel ch = channel(router, 1024);
            for (int i = 0; i < wire.length; i += size) {
                ch.writeInbound(Unpooled.wrappedBuffer(wire, i, Math.min(size, wire.length - i)));
            }
            assertThat(bodies(drain(ch))).as("fragment size %d", size).isEqualTo(expected);
            assertThat(router.open).isZero();
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void oversizedBodyGets413AndTheConnectionCloses() {
        EmbeddedChannel ch = channel(new EchoRouter(), 16);
        ch.writeInbound(Unpooled.copiedBuffer("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n"
                + "{\"a\":\"" + "x".repeat(32) + "\"}", StandardCharsets.US_ASCII));
        String out = drain(ch);
        assertThat(out).startsWith("HTTP/1.1 413").contains("payload_too_large").containsIgnoringCase(HttpHeaderNames.CONNECTION + ": close");
        assertThat(ch.isOpen()).isFalse();
        ch.finishAndReleaseAll();
    }

    @Test
    void garbageGets400() {
        EmbeddedChannel ch = channel(new EchoRouter(), 1024);
        ch.writeInbound(Unpooled.copiedBuffer("\u0001\u0002 nonsense\r\nHost: x\r\n\r\n", StandardCharsets.ISO_8859_1));
        assertThat(drain(ch)).startsWith("HTTP/1.1 400").contains("bad_request");
        ch.finishAndReleaseAll();
    }

    @Test
    void oversizedHeadersGet431() {
        EmbeddedChannel ch = channel(new EchoRouter(), 1024);
        ch.writeInbound(Unpooled.copiedBuffer("GET /x HTTP/1.1\r\nX-Big: " + "y".repeat(20_000) + "\r\n\r\n",
                StandardCharsets.US_ASCII));
        assertThat(drain(ch)).startsWith("HTTP/1.1 431").contains("request_header_fields_too_large");
        ch.finishAndReleaseAll();
    }

    /** Holds every exchange until the test answers it: shows what the connection has routed. */
    static final class DeferredRouter implements HttpRouter {
        final List<HttpExchange> routed = new ArrayList<>();

        @Override
        public void route(HttpExchange ex) {
            routed.add(ex);
        }

        @Override
        public boolean isClosing() {
            return false;
        }

        @Override
        public void opened() {
        }

        @Override
        public void record(int status, long nanos) {
        }

        void answer(int i) {
            HttpExchange ex = routed.get(i);
            ex.respondText(200, "text/plain", ex.method() + " " + ex.path());
        }
    }

    private static String requests(String... methodAndPath) {
        StringBuilder sb = new StringBuilder();
        for (String mp : methodAndPath) {
            String[] p = mp.split(" ");
            sb.append(p[0]).append(' ').append(p[1]).append(" HTTP/1.1\r\nHost: h\r\n");
            if (!p[0].equals("GET")) {
                sb.append("Content-Type: application/json\r\nContent-Length: 1\r\n\r\n1");
            } else {
                sb.append("\r\n");
            }
        }
        return sb.toString();
    }

    @Test
    void aModificationWaitsForEveryRequestBeforeItAndHoldsBackEveryOneAfterIt() {
        DeferredRouter router = new DeferredRouter();
        EmbeddedChannel ch = new EmbeddedChannel();
        HttpServer.configure(ch.pipeline(), new HttpServer.Limits(1024, 60_000), router);
        ch.writeInbound(Unpooled.copiedBuffer(requests("GET /a", "GET /b", "PUT /c", "GET /d", "GET /e", "DELETE /f"),
                StandardCharsets.US_ASCII));
        assertThat(router.routed).hasSize(2); // the reads before the PUT, together
        router.answer(1);
        ch.runPendingTasks();
        assertThat(router.routed).hasSize(2); // the PUT still waits for the first GET
        router.answer(0);
        ch.runPendingTasks();
        assertThat(router.routed).hasSize(3).last().extracting(HttpExchange::path).isEqualTo("/c");
        router.answer(2);
        ch.runPendingTasks();
        assertThat(router.routed).hasSize(5); // the two reads after it
        router.answer(3);
        router.answer(4);
        ch.runPendingTasks();
        assertThat(router.routed).hasSize(6);
        router.answer(5);
        ch.runPendingTasks();
        assertThat(bodies(drain(ch))).containsExactly("200 GET /a", "200 GET /b", "200 PUT /c", "200 GET /d", "200 GET /e",
                "200 DELETE /f");
        ch.finishAndReleaseAll();
    }

    @Test
    void aFullWindowStopsReadingUntilAnswersGoOutAndNothingIsDropped() {
        DeferredRouter router = new DeferredRouter();
        EmbeddedChannel ch = new EmbeddedChannel();
        HttpServer.Limits limits = new HttpServer.Limits(1024, 60_000, 10_000, 8, Integer.MAX_VALUE, 100, 100, 16, 1 << 16, null);
        HttpServer.configure(ch.pipeline(), limits, router);
        String[] burst = new String[40];
        for (int i = 0; i < burst.length; i++) {
            burst[i] = "GET /r" + i;
        }
        ch.writeInbound(Unpooled.copiedBuffer(requests(burst), StandardCharsets.US_ASCII));
        assertThat(ch.config().isAutoRead()).as("window of 8 full").isFalse();
        int answered = 0;
        while (answered < burst.length) {
            assertThat(router.routed.size()).isGreaterThan(answered);
            router.answer(answered++);
            ch.runPendingTasks();
        }
        assertThat(ch.config().isAutoRead()).as("reading again once the window has room").isTrue();
        List<String> out = bodies(drain(ch));
        assertThat(out).hasSize(burst.length);
        for (int i = 0; i < burst.length; i++) {
            assertThat(out.get(i)).isEqualTo("200 GET /r" + i);
        }
        ch.finishAndReleaseAll();
    }
}
