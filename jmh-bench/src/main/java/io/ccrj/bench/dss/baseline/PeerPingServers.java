package io.ccrj.bench.dss.baseline;

import com.sun.net.httpserver.HttpServer;
import io.ccrj.bench.dss.DssTarget;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The ping service's Get ({@code GET /services/ping} answering {@code 200 {"count":n}}, n = pings
 * so far, as {@link RawPingHandler} and the DSS host answer it) on the HTTP servers a reader would pick today instead of dss-services, each
 * written the way its documentation shows: Vert.x web (a {@link Router} on one verticle-less
 * server, one event loop) and the JDK's own {@link HttpServer} (its default executor: the
 * server's dispatcher thread runs the handler). {@link RawNettyHttpServer} is the third peer.
 */
public final class PeerPingServers {
    static {
        // as in the peers' core benchmarks: SLF4J initialised before Vert.x's threads log, so
        // that it never replays their calls with a notice
        org.slf4j.LoggerFactory.getILoggerFactory();
    }

    private PeerPingServers() {
    }

    /**
     * Vert.x web on loopback, one event loop (as the baseline's one I/O thread).
     *
     * @throws Exception if it cannot start within 10 s
     */
    public static DssTarget.Running vertx() throws Exception {
        // Vert.x logs through java.util.logging here, like Netty in these runners (the jar's class
        // path also carries MPJ Express's log4j 1.2, which Vert.x 5 does not support).
        System.setProperty("vertx.logger-delegate-factory-class-name", "io.vertx.core.logging.JULLogDelegateFactory");
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
        AtomicLong count = new AtomicLong();
        Router router = Router.router(vertx);
        router.get(RawPingHandler.PING_PATH).handler(ctx -> ctx.response()
                .putHeader("content-type", "application/json")
                .end("{\"count\":" + count.get() + "}"));
        var server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(router).listen().await(10, TimeUnit.SECONDS);
        return new DssTarget.Running(() -> vertx.close().await(10, TimeUnit.SECONDS), null,
                "http://127.0.0.1:" + server.actualPort());
    }

    /**
     * The JDK's {@code com.sun.net.httpserver.HttpServer} on loopback, default executor.
     *
     * @throws IOException if it cannot bind
     */
    public static DssTarget.Running jdk() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicLong count = new AtomicLong();
        server.createContext(RawPingHandler.PING_PATH, exchange -> {
            try (exchange) {
                boolean get = exchange.getRequestMethod().equals("GET")
                        && exchange.getRequestURI().getPath().equals(RawPingHandler.PING_PATH);
                byte[] body = (get ? "{\"count\":" + count.get() + "}"
                        : "{\"error\":\"not-found\",\"message\":\"only GET " + RawPingHandler.PING_PATH + "\"}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("content-type", "application/json");
                exchange.sendResponseHeaders(get ? 200 : 404, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.start();
        return new DssTarget.Running(() -> server.stop(0), null, "http://127.0.0.1:" + server.getAddress().getPort());
    }
}
