package io.ccrj.dss;

import com.fasterxml.jackson.databind.node.IntNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Subscribe over HTTP: Server-Sent Events in order, reconnection with Last-Event-ID, clean ends. */
@Timeout(60)
class NotificationStreamTest {
    private ServiceHost host;
    private int port;

    @BeforeEach
    void start() throws Fault {
        host = ServiceHost.builder().port(0).build().start();
        host.start(Manifest.builtIn());
        port = host.port();
    }

    @AfterEach
    void stop() {
        host.close(Duration.ofSeconds(2));
    }

    @Test
    void eventsArriveInOrderWithActionAndSequence() throws Exception {
        try (RawHttp sse = new RawHttp(port)) {
            sse.send("GET", "/services/kv/notifications", null, null, "Accept: text/event-stream");
            RawHttp.Res head = sse.readHead();
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("Content-Type")).startsWith("text/event-stream");
            HostHttpTest.waitFor(() -> host.metricsSnapshot().contains("ccrj_service_subscribers{service=\"kv\"} 1"));
            try (RawHttp c = new RawHttp(port)) {
                for (int i = 0; i < 100; i++) {
                    c.exchange("PUT", "/services/kv/items/k" + i, "application/json", Integer.toString(i));
                }
                c.exchange("PATCH", "/services/kv", "application/merge-patch+json", "{\"items\":{\"k0\":null}}");
                c.exchange("POST", "/services/kv/actions/clear", "application/json", null);
            }
            List<String[]> events = sse.events(102);
            for (int i = 0; i < 100; i++) {
                assertThat(events.get(i)[0]).isEqualTo("upsert");
                assertThat(events.get(i)[1]).isEqualTo(Integer.toString(i + 1));
                assertThat(events.get(i)[2]).isEqualTo("{\"key\":\"k" + i + "\",\"value\":" + i + "}");
            }
            assertThat(events.get(100)[0]).isEqualTo("update");
            assertThat(events.get(101)[0]).isEqualTo("clear");
            assertThat(events.get(101)[1]).isEqualTo("102");
        }
    }

    @Test
    void reconnectingWithLastEventIdReplaysWhatWasMissed() throws Exception {
        ServiceRef kv = host.service("kv");
        for (int i = 1; i <= 5; i++) {
            kv.upsert("k" + i, IntNode.valueOf(i)).get();
        }
        try (RawHttp sse = new RawHttp(port)) {
            sse.send("GET", "/services/kv/notifications", null, null, "Last-Event-ID: 3");
            assertThat(sse.readHead().status()).isEqualTo(200);
            List<String[]> replay = sse.events(2);
            assertThat(replay).extracting(e -> e[1]).containsExactly("4", "5");
            kv.upsert("k6", IntNode.valueOf(6)).get();
            assertThat(sse.events(1).get(0)[1]).isEqualTo("6");
        }
        HostHttpTest.waitFor(() -> host.metricsSnapshot().contains("ccrj_service_subscribers{service=\"kv\"} 0"));
    }

    @Test
    void droppingTheServiceEndsTheStream() throws Exception {
        try (RawHttp sse = new RawHttp(port)) {
            sse.send("GET", "/services/ping/notifications", null, null);
            assertThat(sse.readHead().status()).isEqualTo(200);
            HostHttpTest.waitFor(() -> host.metricsSnapshot().contains("ccrj_service_subscribers{service=\"ping\"} 1"));
            host.drop("ping").get();
            String[] close = sse.events(1).get(0);
            assertThat(close[0]).isEqualTo("close");
            assertThat(close[2]).contains("dropped");
            HostHttpTest.waitFor(() -> {
                try {
                    return sse.isClosedByPeer();
                } catch (java.io.IOException e) {
                    return true;
                }
            });
        }
    }

    @Test
    void remoteSubscriptionThroughServiceRef() throws Exception {
        ServiceRef remote = ServiceRef.remote(java.net.URI.create(host.baseUri() + "/services/kv"), null);
        java.util.concurrent.BlockingQueue<Notification> got = new java.util.concurrent.LinkedBlockingQueue<>();
        Subscription sub = remote.subscribe(got::add, -1).get(10, java.util.concurrent.TimeUnit.SECONDS);
        HostHttpTest.waitFor(() -> host.metricsSnapshot().contains("ccrj_service_subscribers{service=\"kv\"} 1"));
        remote.upsert("a", IntNode.valueOf(1)).get(10, java.util.concurrent.TimeUnit.SECONDS);
        remote.upsert("b", com.fasterxml.jackson.databind.node.TextNode.valueOf("h\u00e9llo \u2603 " + "x".repeat(20_000)))
                .get(10, java.util.concurrent.TimeUnit.SECONDS); // multi-byte text split across chunks
        Notification first = got.poll(10, java.util.concurrent.TimeUnit.SECONDS);
        Notification second = got.poll(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(first).isNotNull();
        assertThat(first.sequence()).isEqualTo(1);
        assertThat(first.body().get("key").asText()).isEqualTo("a");
        assertThat(second.sequence()).isEqualTo(2);
        assertThat(second.body().get("value").asText()).startsWith("h\u00e9llo \u2603 xx").hasSize(8 + 20_000);
        sub.close();
        HostHttpTest.waitFor(() -> host.metricsSnapshot().contains("ccrj_service_subscribers{service=\"kv\"} 0"));
    }
}
