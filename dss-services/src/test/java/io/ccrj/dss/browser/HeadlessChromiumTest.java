package io.ccrj.dss.browser;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The browser harness works end to end, independent of the DSS host: a page served by a throwaway
 * test server subscribes to server-sent events with {@code EventSource}; the test clicks
 * a button that POSTs, the server turns the POST into an event, and the page shows it. The host's
 * browser-view test does the same against {@code GET /services/{name}}.
 */
@Timeout(120)
class HeadlessChromiumTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String PAGE = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>sse</title></head>
            <body data-connected="no">
              <button id="send">send</button>
              <ul id="events"></ul>
              <script>
                const events = new EventSource('/events');
                events.onopen = () => document.body.dataset.connected = 'yes';
                events.addEventListener('greeting', e => {
                  const li = document.createElement('li');
                  li.textContent = e.lastEventId + ':' + e.data;
                  document.getElementById('events').appendChild(li);
                });
                document.getElementById('send').onclick =
                    () => fetch('/send', {method: 'POST', body: 'hello from the page'});
              </script>
            </body></html>
            """;

    private PageServer server;

    @BeforeEach
    void serve() throws IOException {
        server = new PageServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void clickThatPostsShowsTheServerSentEventInThePage() {
        String base = "http://127.0.0.1:" + server.port();
        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver page = chromium.driver();
            page.get(base + "/");
            chromium.waitUpTo(WAIT).until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-connected", "yes"));

            page.findElement(By.id("send")).click();

            chromium.waitUpTo(WAIT).until(ExpectedConditions.textToBe(By.cssSelector("#events li"), "1:hello from the page"));
            page.findElement(By.id("send")).click();
            chromium.waitUpTo(WAIT).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#events li"), 2));
            assertThat(page.findElements(By.cssSelector("#events li"))).extracting(e -> e.getText())
                    .containsExactly("1:hello from the page", "2:hello from the page");
        }
    }

    @Test
    void aMissingBinaryIsAnErrorThatSaysWhatToInstall() {
        assertThatThrownBy(() -> HeadlessChromium.locate("Chromium", "ccrj.test.none", "CCRJ_TEST_NONE",
                List.of("/nonexistent/chromium")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Chromium")
                .hasMessageContaining("/nonexistent/chromium")
                .hasMessageContaining("apt-get install chromium chromium-driver");
    }

    /**
     * The page's server: GET / (the page), GET /events (an event stream, left open), POST /send
     * (an event to every stream, 204). A few lines over a {@link ServerSocket}, one virtual thread
     * per connection, every response but the streams closing its connection. Not the JDK's
     * {@code HttpServer}: module io.ccrj.dss, into which these tests are patched, does not read
     * jdk.httpserver.
     */
    private static final class PageServer implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<OutputStream> streams = new CopyOnWriteArrayList<>();
        private final List<Socket> connections = new CopyOnWriteArrayList<>();
        private final AtomicInteger eventIds = new AtomicInteger();

        PageServer() throws IOException {
            Thread.ofVirtual().name("page-server").start(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket s = listener.accept();
                        connections.add(s);
                        Thread.ofVirtual().start(() -> serve(s));
                    } catch (IOException e) {
                        return; // closed
                    }
                }
            });
        }

        int port() {
            return listener.getLocalPort();
        }

        private void serve(Socket s) {
            try {
                InputStream in = s.getInputStream();
                String[] requestLine = line(in).split(" ");
                int length = 0;
                for (String h = line(in); !h.isEmpty(); h = line(in)) {
                    if (h.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                        length = Integer.parseInt(h.substring(15).trim());
                    }
                }
                String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
                OutputStream out = s.getOutputStream();
                switch (requestLine[0] + " " + requestLine[1]) {
                    case "GET /" -> respond(s, "200 OK", "text/html; charset=utf-8", PAGE);
                    case "GET /events" -> {
                        out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                                + "Connection: close\r\n\r\n: subscribed\n\n").getBytes(StandardCharsets.UTF_8));
                        out.flush();
                        streams.add(out);
                    }
                    case "POST /send" -> {
                        String event = "event: greeting\nid: " + eventIds.incrementAndGet() + "\ndata: " + body + "\n\n";
                        for (OutputStream stream : streams) {
                            synchronized (stream) {
                                stream.write(event.getBytes(StandardCharsets.UTF_8));
                                stream.flush();
                            }
                        }
                        respond(s, "204 No Content", null, "");
                    }
                    default -> respond(s, "404 Not Found", "text/plain", "no " + requestLine[1]);
                }
            } catch (IOException | RuntimeException e) {
                close(s);
            }
        }

        private static String line(InputStream in) throws IOException {
            StringBuilder b = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed mid-request");
                }
                if (c != '\r') {
                    b.append((char) c);
                }
            }
            return b.toString();
        }

        private static void respond(Socket s, String status, String type, String body) throws IOException {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String head = "HTTP/1.1 " + status + "\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n")
                    + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.UTF_8));
            out.write(bytes);
            out.flush();
            close(s);
        }

        private static void close(Socket s) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already gone
            }
        }

        @Override
        public void close() {
            try {
                listener.close();
            } catch (IOException ignored) {
                // already closed
            }
            connections.forEach(PageServer::close);
        }
    }
}
