package io.ccrj.bench.dss;

import io.ccrj.bench.dss.baseline.RawNettyHttpServer;
import io.ccrj.bench.dss.baseline.RawPingHandler;
import io.ccrj.bench.dss.client.HttpReply;
import io.ccrj.bench.dss.client.HttpRequestSpec;
import io.ccrj.bench.dss.client.HttpRoundTripClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The round-trip client and the load generator against the raw Netty baseline on loopback:
 * functional checks only (responses, counts, pipelining order, errors), nothing timed.
 */
@Timeout(60)
class HttpClientsTest {
    private RawNettyHttpServer server;

    @BeforeEach
    void startServer() throws InterruptedException {
        server = RawNettyHttpServer.start("127.0.0.1", 0, 1, NettyTransport.best());
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private String url(String path) {
        return server.baseUrl() + path;
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void roundTripClientGetsThePingStateAndEchoesPingsOverOneConnection(NettyTransport transport) throws IOException {
        HttpRequestSpec get = HttpRequestSpec.get(url(RawPingHandler.PING_PATH));
        try (HttpRoundTripClient client = HttpRoundTripClient.connect(get, transport, Duration.ofSeconds(5))) {
            HttpReply first = client.exchange();
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.contentType()).isEqualTo("application/json");
            assertThat(first.bodyText()).isEqualTo("{\"count\":0}");

            HttpRequestSpec ping = HttpRequestSpec.postJson(url(RawPingHandler.PING_ACTION_PATH), "{\"seq\":1}");
            HttpReply echoed = client.exchangeAll(List.of(ping)).getFirst();
            assertThat(echoed.status()).isEqualTo(200);
            assertThat(echoed.bodyText()).isEqualTo("{\"seq\":1}");

            for (int i = 0; i < 100; i++) {
                assertThat(client.exchange().bodyText()).isEqualTo("{\"count\":1}");
            }
            assertThat(client.exchanged()).isEqualTo(102);
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInRequestOrder() throws IOException {
        HttpRequestSpec ping = HttpRequestSpec.postJson(url(RawPingHandler.PING_ACTION_PATH), "");
        List<HttpRequestSpec> requests = IntStream.range(0, 50)
                .mapToObj(i -> i % 10 == 9
                        ? HttpRequestSpec.get(url(RawPingHandler.PING_PATH))
                        : ping.withBody(("{\"seq\":" + i + "}").getBytes()))
                .toList();
        try (HttpRoundTripClient client = HttpRoundTripClient.connect(ping)) {
            List<HttpReply> replies = client.exchangeAll(requests);
            assertThat(replies).hasSize(50);
            for (int i = 0; i < 50; i++) {
                String expected = i % 10 == 9 ? "{\"count\":" + (i - i / 10) + "}" : "{\"seq\":" + i + "}";
                assertThat(replies.get(i).bodyText()).as("reply %d", i).isEqualTo(expected);
            }
        }
    }

    @Test
    void unknownPathIsA404WithAJsonError() throws IOException {
        try (HttpRoundTripClient client = HttpRoundTripClient.connect(HttpRequestSpec.get(url("/services/nope")))) {
            HttpReply reply = client.exchange();
            assertThat(reply.status()).isEqualTo(404);
            assertThat(reply.bodyText()).contains("\"error\":\"not-found\"");
        }
    }

    @Test
    void connectingToAClosedPortNamesTheAddress() throws IOException {
        int port = freePort();
        HttpRequestSpec get = HttpRequestSpec.get("http://127.0.0.1:" + port + "/services/ping");
        assertThatThrownBy(() -> HttpRoundTripClient.connect(get))
                .isInstanceOf(ConnectException.class).hasMessageContaining("127.0.0.1:" + port);
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void roundTripClientReportsAConnectionTheServerClosed(NettyTransport transport) throws IOException {
        HttpRequestSpec closing = HttpRequestSpec.get(url(RawPingHandler.PING_PATH)).withHeader("Connection", "close");
        try (HttpRoundTripClient client = HttpRoundTripClient.connect(closing, transport, Duration.ofSeconds(5))) {
            assertThat(client.exchange().status()).isEqualTo(200);
            assertThatThrownBy(client::exchange).isInstanceOf(IOException.class)
                    .hasMessageContaining("127.0.0.1:" + server.port()).hasMessageContaining("after 1 responses");
        }
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void roundTripClientReportsAServerThatStopped(NettyTransport transport) throws IOException {
        HttpRequestSpec get = HttpRequestSpec.get(url(RawPingHandler.PING_PATH));
        try (HttpRoundTripClient client = HttpRoundTripClient.connect(get, transport, Duration.ofSeconds(5))) {
            client.exchange();
            int port = server.port();
            server.close();
            assertThatThrownBy(client::exchange).isInstanceOf(IOException.class)
                    .hasMessageContaining("127.0.0.1:" + port).hasMessageContaining("after 1 responses");
        }
    }

    @Test
    void requireOkPassesA200AndNamesTheServerOtherwise() {
        HttpReply ok = new HttpReply(200, "application/json", "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(ok.requireOk("raw Netty")).isSameAs(ok);
        assertThatThrownBy(() -> new HttpReply(404, null, "nope".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .requireOk("raw Netty")).isInstanceOf(IllegalStateException.class).hasMessage("raw Netty answered 404: nope");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
