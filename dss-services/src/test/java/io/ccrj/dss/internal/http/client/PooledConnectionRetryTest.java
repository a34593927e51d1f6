package io.ccrj.dss.internal.http.client;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.ServiceRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A request that loses the race with a server closing a pooled keep-alive connection: an
 * idempotent one is sent once more on a fresh connection and succeeds; a POST is not repeated
 * (it may have taken effect) and fails as UNAVAILABLE.
 */
@Timeout(60)
class PooledConnectionRetryTest {

    /**
     * Answers the first request of each connection (keep-alive) and closes the connection,
     * unanswered, when a second request arrives on it.
     */
    static final class ClosingServer implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0);
        final AtomicInteger answered = new AtomicInteger();
        final AtomicInteger dropped = new AtomicInteger();
        final AtomicInteger accepted = new AtomicInteger();
        /** The body of every request read, answered or dropped, in order. */
        final java.util.List<String> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
        /** Whether every request is answered (a plain keep-alive server) rather than only the first. */
        private final boolean answerAll;

        ClosingServer() throws IOException {
            this(false);
        }

        ClosingServer(boolean answerAll) throws IOException {
            this.answerAll = answerAll;
            Thread.ofPlatform().daemon().start(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket s = socket.accept();
                        accepted.incrementAndGet();
                        Thread.ofPlatform().daemon().start(() -> serve(s));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private void serve(Socket s) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                for (int n = 0; readRequest(in, bodies); n++) {
                    if (n == 0 || answerAll) {
                        answered.incrementAndGet(); // before the answer, so the client never sees it lag
                        out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n"
                                + "{\"ok\":true}").getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                    } else {
                        dropped.incrementAndGet();
                        return; // closes: the client's pooled connection dies under its request
                    }
                }
            } catch (IOException ignored) {
                // the client went away
            }
        }

        /** Reads one request head and its Content-Length body (added to bodies); false at end of stream. */
        private static boolean readRequest(InputStream in, java.util.List<String> bodies) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) >= 0) {
                head.write(c);
                byte[] b = head.toByteArray();
                int k = b.length;
                if (k >= 4 && b[k - 4] == '\r' && b[k - 3] == '\n' && b[k - 2] == '\r' && b[k - 1] == '\n') {
                    String h = head.toString(StandardCharsets.US_ASCII).toLowerCase(java.util.Locale.ROOT);
                    int i = h.indexOf("content-length:");
                    int len = i < 0 ? 0 : Integer.parseInt(h.substring(i + 15, h.indexOf('\r', i)).trim());
                    bodies.add(new String(in.readNBytes(len), StandardCharsets.UTF_8));
                    return true;
                }
            }
            return false;
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/services/x");
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void anIdempotentRequestIsRetriedOnceOnAFreshConnection() throws Exception {
        try (ClosingServer server = new ClosingServer()) {
            ServiceRef ref = ServiceRef.remote(server.uri(), null);
            long before = HttpClientPool.shared().retries();
            assertThat(ref.get().get(10, TimeUnit.SECONDS).body().get("ok").asBoolean()).isTrue();
            // the connection is back in the pool before the caller is completed, so the next
            // request reuses it at once and the server drops that request
            assertThat(ref.get().get(10, TimeUnit.SECONDS).body().get("ok").asBoolean()).isTrue();
            assertThat(ref.replace(JsonBodies.parse("{\"a\": 1}")).get(10, TimeUnit.SECONDS).body().get("ok").asBoolean())
                    .isTrue();
            assertThat(server.dropped.get()).isPositive();
            // every dropped request was sent again, once, and answered
            assertThat(HttpClientPool.shared().retries() - before).isEqualTo(server.dropped.get());
            assertThat(server.answered.get()).isEqualTo(3);
            // the Replace was dropped and sent again: both times with its whole body (the retry
            // sends the same request again, its body's reader index put back)
            assertThat(server.bodies).containsExactly("", "", "", "{\"a\":1}", "{\"a\":1}");
        }
    }

    @Test
    void backToBackCallsReuseOneConnection() throws Exception {
        try (ClosingServer server = new ClosingServer(true)) {
            ServiceRef ref = ServiceRef.remote(server.uri(), null);
            for (int i = 0; i < 20; i++) {
                assertThat(ref.get().get(10, TimeUnit.SECONDS).body().get("ok").asBoolean()).isTrue();
            }
            assertThat(server.answered.get()).isEqualTo(20);
            assertThat(server.accepted.get()).as("connections opened for 20 sequential calls").isEqualTo(1);
        }
    }

    @Test
    void aPostIsNotRepeated() throws Exception {
        try (ClosingServer server = new ClosingServer()) {
            ServiceRef ref = ServiceRef.remote(server.uri(), null);
            assertThat(ref.get().get(10, TimeUnit.SECONDS).body().get("ok").asBoolean()).isTrue();
            // no pause: the connection is back in the pool before the caller is completed
            assertThatThrownBy(() -> ref.submit("go", JsonBodies.object()).get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOfSatisfying(Fault.class, f -> assertThat(f.code()).isEqualTo(FaultCode.UNAVAILABLE));
            assertThat(server.dropped.get()).isEqualTo(1);
            assertThat(server.answered.get()).isEqualTo(1);
        }
    }
}
