package io.ccrj.dss.internal.http.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.KeyValueService;
import io.ccrj.dss.Response;
import io.ccrj.dss.ServiceHost;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The remote client's pipelining: safe requests share a connection, every answer reaches the
 * request it answers (in order, with its own body) under concurrency, and a connection the server
 * closes in the middle of a pipeline has its idempotent requests sent once more while another
 * request fails with a Fault that says it was not repeated.
 */
@Timeout(60)
class PipelinedClientTest {

    @Test
    void concurrentReadsAndWritesOnPipelinedConnectionsEachGetTheirOwnAnswer() throws Exception {
        HttpClientPool pool = new HttpClientPool(1);
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.create("kv", new KeyValueService());
            ServiceRef kv = HttpServiceRef.create(URI.create(host.baseUri() + "/services/kv"), null, pool);
            int keys = 40;
            for (int i = 0; i < keys; i++) {
                kv.upsert("k" + i + "-", TextNode.valueOf("v" + i)).get(10, TimeUnit.SECONDS);
            }
            int threads = 8;
            int perThread = 60;
            List<Thread> senders = new ArrayList<>();
            List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
            AtomicInteger checked = new AtomicInteger();
            for (int t = 0; t < threads; t++) {
                int seed = t;
                senders.add(Thread.ofPlatform().start(() -> {
                    List<CompletableFuture<Void>> calls = new ArrayList<>();
                    for (int n = 0; n < perThread; n++) {
                        int i = (seed * 7 + n) % keys;
                        String key = "k" + i + "-";
                        if (n % 10 == 9) { // a write now and then, never pipelined, in between the reads
                            String value = "v" + i; // the same value again: the reads' expectations stay true
                            calls.add(kv.upsert(key, TextNode.valueOf(value)).thenAccept(r -> {
                                check(r.body().path("key").asText().equals(key), "upsert answer for " + key + ": " + r.body());
                                checked.incrementAndGet();
                            }));
                        } else {
                            calls.add(kv.query(Map.of("prefix", key)).thenAccept(r -> {
                                JsonNode items = r.body().path("items");
                                check(items.size() == 1 && items.path(key).asText().equals("v" + i),
                                        "query answer for prefix " + key + ": " + r.body());
                                checked.incrementAndGet();
                            }));
                        }
                    }
                    try {
                        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        errors.add(e);
                    }
                }));
            }
            for (Thread s : senders) {
                s.join();
            }
            assertThat(errors).isEmpty();
            assertThat(checked.get()).isEqualTo(threads * perThread);
            assertThat(pool.pipelined()).as("reads sent behind others on one connection").isPositive();
            // one event loop, reads pipelined up to MAX_PIPELINE: far fewer connections than calls in flight
            assertThat(pool.connectionsOpened()).isLessThan(threads * perThread / 4);
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /**
     * Answers each request with its own path as JSON ({@code {"path": ...}}), in order. After
     * {@code closeAfter} answers on a connection (on the first connection only, or on every one)
     * it closes it, leaving the requests pipelined behind unanswered.
     */
    static final class EchoServer implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0);
        final AtomicInteger connections = new AtomicInteger();
        final AtomicInteger answered = new AtomicInteger();
        final AtomicInteger dropped = new AtomicInteger();
        private final int closeAfter;
        private final boolean firstOnly;

        EchoServer() throws IOException {
            this(1, true);
        }

        EchoServer(int closeAfter, boolean firstOnly) throws IOException {
            this.closeAfter = closeAfter;
            this.firstOnly = firstOnly;
            Thread.ofPlatform().daemon().start(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket s = socket.accept();
                        boolean closes = connections.getAndIncrement() == 0 || !firstOnly;
                        Thread.ofPlatform().daemon().start(() -> serve(s, closes));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private void serve(Socket s, boolean closes) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                for (int n = 0; ; n++) {
                    String path = readRequest(in);
                    if (path == null) {
                        return;
                    }
                    if (closes && n == closeAfter) {
                        dropped.incrementAndGet();
                        if (firstOnly) {
                            // wait for the rest of the pipeline to arrive, so the close catches it in flight
                            Thread.sleep(100);
                        }
                        return;
                    }
                    answered.incrementAndGet();
                    String body = "{\"path\":\"" + path + "\"}";
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                            + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            } catch (IOException | InterruptedException ignored) {
                // the client went away
            }
        }

        /** @return the request's path, or null at end of stream */
        private static String readRequest(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) >= 0) {
                head.write(c);
                byte[] b = head.toByteArray();
                int k = b.length;
                if (k >= 4 && b[k - 4] == '\r' && b[k - 3] == '\n' && b[k - 2] == '\r' && b[k - 1] == '\n') {
                    String h = head.toString(StandardCharsets.US_ASCII);
                    String lower = h.toLowerCase(java.util.Locale.ROOT);
                    int i = lower.indexOf("content-length:");
                    if (i >= 0) {
                        in.readNBytes(Integer.parseInt(lower.substring(i + 15, lower.indexOf('\r', i)).trim()));
                    }
                    return h.split(" ", 3)[1];
                }
            }
            return null;
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
    void aServerCloseInTheMiddleOfAPipelineSendsTheReadsOnceMore() throws Exception {
        HttpClientPool pool = new HttpClientPool(1);
        try (EchoServer server = new EchoServer()) {
            ServiceRef ref = HttpServiceRef.create(server.uri(), null, pool);
            int n = 6;
            List<CompletableFuture<Response>> reads = new ArrayList<>();
            for (int i = 0; i < n; i++) { // sent at once from this thread: pipelined on one connection
                reads.add(ref.query(Map.of("q", Integer.toString(i))));
            }
            for (int i = 0; i < n; i++) {
                assertThat(reads.get(i).get(10, TimeUnit.SECONDS).body().path("path").asText())
                        .isEqualTo("/services/x/query?q=" + i);
            }
            assertThat(pool.pipelined()).isPositive();
            assertThat(server.dropped.get()).isEqualTo(1);
            // every request the close left unanswered was sent again, once, on a new connection
            assertThat(pool.retries()).isEqualTo(n - 1);
            assertThat(server.answered.get()).isEqualTo(n);
        }
    }

    /**
     * The partner path of a service on its host's event loop: a burst of reads issued in one task
     * of the pool's own loop (as a service's handler fans out to a partner) goes on the one warm
     * connection, pipelined behind the first, with no connection opened for it and every answer
     * matched to its own request, in order, on that loop.
     */
    @Test
    void aBurstOfReadsFromThePoolsOwnLoopIsPipelinedOnTheWarmConnection() throws Exception {
        // one loop, made as a host makes its own
        io.ccrj.dss.internal.transport.Transport transport = new io.ccrj.dss.internal.transport.Transport(1, "test-loop");
        io.netty.channel.EventLoopGroup group = transport.group();
        try (EchoServer server = new EchoServer(Integer.MAX_VALUE, false)) {
            HttpClientPool pool = HttpClientPool.onEventLoops(transport);
            ServiceRef ref = HttpServiceRef.create(server.uri(), null, pool);
            assertThat(ref.get().get(10, TimeUnit.SECONDS).body().path("path").asText()).isEqualTo("/services/x");
            assertThat(pool.connectionsOpened()).isEqualTo(1);
            int n = HttpClientPool.MAX_PIPELINE;
            io.netty.channel.EventLoop loop = group.next();
            List<CompletableFuture<Response>> reads = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Boolean> onLoop = java.util.Collections.synchronizedList(new ArrayList<>());
            loop.submit(() -> {
                for (int i = 0; i < n; i++) {
                    reads.add(ref.query(Map.of("q", Integer.toString(i)))
                            .whenComplete((r, f) -> onLoop.add(loop.inEventLoop())));
                }
            }).get(10, TimeUnit.SECONDS);
            for (int i = 0; i < n; i++) {
                assertThat(reads.get(i).get(10, TimeUnit.SECONDS).body().path("path").asText())
                        .isEqualTo("/services/x/query?q=" + i);
            }
            assertThat(onLoop).hasSize(n).containsOnly(true);
            assertThat(pool.connectionsOpened()).as("the burst reuses the warm connection").isEqualTo(1);
            assertThat(pool.pipelined()).as("all but the first behind another").isEqualTo(n - 1);
            assertThat(server.connections.get()).isEqualTo(1);
            assertThat(server.answered.get()).isEqualTo(n + 1);
            assertThat(pool.retries()).isZero();
        } finally {
            transport.close();
        }
    }

    @Test
    void aNonIdempotentRequestOnAClosedConnectionFailsWithAClearFault() throws Exception {
        HttpClientPool pool = new HttpClientPool(1);
        try (EchoServer server = new EchoServer()) {
            ServiceRef ref = HttpServiceRef.create(server.uri(), null, pool);
            assertThat(ref.get().get(10, TimeUnit.SECONDS).body().path("path").asText()).isEqualTo("/services/x");
            // the idle connection is reused; the server closes it under the POST
            assertThatThrownBy(() -> ref.submit("go", JsonBodies.object()).get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOfSatisfying(Fault.class, f -> {
                        assertThat(f.code()).isEqualTo(FaultCode.UNAVAILABLE);
                        assertThat(f.getMessage()).contains("SUBMIT go").contains("closed the connection before answering")
                                .contains("not sent again");
                    });
            assertThat(pool.retries()).isZero();
            assertThat(server.answered.get()).isEqualTo(1);
        }
    }

    @Test
    void underConcurrencyWithServerClosesEveryAnswerMatchesItsRequestAndEveryFailureSaysWhy() throws Exception {
        HttpClientPool pool = new HttpClientPool(2);
        try (EchoServer server = new EchoServer(3, false)) { // every connection closes after 3 answers
            ServiceRef ref = HttpServiceRef.create(server.uri(), null, pool);
            int threads = 4;
            int perThread = 100;
            AtomicInteger answered = new AtomicInteger();
            AtomicInteger failedWrites = new AtomicInteger();
            AtomicInteger failedReads = new AtomicInteger();
            List<Throwable> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Thread> senders = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                senders.add(Thread.ofPlatform().start(() -> {
                    List<CompletableFuture<Void>> calls = new ArrayList<>();
                    for (int n = 0; n < perThread; n++) {
                        String tag = id + "-" + n;
                        boolean write = n % 5 == 4;
                        String expected = write ? "/services/x/actions/a" + tag : "/services/x/query?q=" + tag;
                        CompletableFuture<Response> call = write ? ref.submit("a" + tag, JsonBodies.object())
                                : ref.query(Map.of("q", tag));
                        calls.add(call.handle((r, f) -> {
                            if (f == null) {
                                if (!r.body().path("path").asText().equals(expected)) {
                                    wrong.add(new AssertionError("asked " + expected + ", answered " + r.body()));
                                }
                                answered.incrementAndGet();
                            } else {
                                Throwable c = f instanceof java.util.concurrent.CompletionException ? f.getCause() : f;
                                if (!(c instanceof Fault fault && fault.code() == FaultCode.UNAVAILABLE
                                        && fault.getMessage().contains("closed the connection before answering")
                                        && fault.getMessage().contains("not sent again"))) {
                                    wrong.add(c);
                                }
                                (write ? failedWrites : failedReads).incrementAndGet();
                            }
                            return null;
                        }));
                    }
                    CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
                }));
            }
            for (Thread s : senders) {
                s.join();
            }
            assertThat(wrong).isEmpty();
            assertThat(answered.get() + failedWrites.get() + failedReads.get()).isEqualTo(threads * perThread);
            // an answer written just before a close can be lost to the reset; never one more than written
            assertThat(answered.get()).isPositive().isLessThanOrEqualTo(server.answered.get());
            assertThat(pool.retries()).as("reads sent again after a close").isPositive();
            // a read fails only when its one retry was caught by a close too
            assertThat(failedReads.get()).isLessThanOrEqualTo((int) pool.retries());
        }
    }

    @Test
    void pipelinedRequestsAServerNeverAnswersFailAfterTheResponseTimeout() throws Exception {
        HttpClientPool pool = new HttpClientPool(1, java.time.Duration.ofMillis(300));
        try (ServerSocket silent = new ServerSocket(0)) {
            List<Socket> accepted = java.util.Collections.synchronizedList(new ArrayList<>());
            Thread.ofPlatform().daemon().start(() -> {
                while (!silent.isClosed()) {
                    try {
                        accepted.add(silent.accept()); // reads nothing, answers nothing
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            ServiceRef ref = HttpServiceRef.create(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/services/x"),
                    null, pool);
            long start = System.nanoTime();
            List<CompletableFuture<Response>> reads = List.of(ref.get(), ref.get(), ref.get());
            for (CompletableFuture<Response> r : reads) {
                assertThatThrownBy(() -> r.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                        .cause().isInstanceOfSatisfying(Fault.class, f -> {
                            assertThat(f.code()).isEqualTo(FaultCode.UNAVAILABLE);
                            assertThat(f.getMessage()).contains("no answer from").contains("within 300 ms");
                        });
            }
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(250);
            assertThat(pool.pipelined()).isEqualTo(2); // all three on one connection
            for (Socket s : accepted) {
                s.close();
            }
        }
    }
}
