package io.ccrj.bench.dss;

import io.ccrj.bench.dss.baseline.PeerPingServers;
import io.ccrj.bench.dss.baseline.RawNettyHttpServer;
import io.ccrj.dss.Manifest;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.ServiceRef;
import java.net.URI;
import java.time.Duration;

/**
 * What the DSS benchmarks time, each serving the ping service's Get ({@code {"count": n}}): the
 * raw Netty baseline, the DSS host over loopback HTTP (handlers on Netty's event loop, the
 * default for non-blocking services, or on the dispatcher), and the DSS host in-process (no
 * sockets). Started and stopped by the benchmarks.
 */
public enum DssTarget {
    /** {@link RawNettyHttpServer}: codec, aggregator, one handler; the baseline of the HTTP figures. */
    RAW_NETTY("raw Netty handler", true),
    /**
     * {@link ServiceHost} with default settings over HTTP: the built-in services never block, so
     * their handlers run on the connection's event loop (no thread hop per request).
     */
    DSS_HTTP("DSS host, HTTP", true),
    /**
     * {@link ServiceHost} with {@code nonBlockingServicesOnEventLoop(false)}: handlers on the
     * dispatcher, as for a service that may block (two thread hops per request).
     */
    DSS_HTTP_DISPATCHER("DSS host, HTTP, handlers on the dispatcher", true),
    /** Vert.x web ({@link PeerPingServers#vertx()}): a peer of the DSS host in {@code bin/ccrj peers}. */
    VERTX_WEB("Vert.x web", true),
    /** The JDK's HttpServer ({@link PeerPingServers#jdk()}): a peer of the DSS host in {@code bin/ccrj peers}. */
    JDK_HTTP_SERVER("JDK HttpServer", true),
    /** {@link ServiceHost} without HTTP, reached through a local {@link ServiceRef} (direct post). */
    DSS_IN_PROCESS("DSS in-process", false);

    /** What the tables call it. */
    public final String label;
    /** Whether it is reached over loopback HTTP. */
    public final boolean http;

    DssTarget(String label, boolean http) {
        this.label = label;
        this.http = http;
    }

    /**
     * A started target: close it when done.
     *
     * @param server what to close to stop a server other than a DSS host ({@code null} for a host)
     * @param host the DSS host ({@code null} for the other servers)
     * @param baseUrl {@code http://127.0.0.1:<port>}, or {@code null} in-process
     */
    public record Running(AutoCloseable server, ServiceHost host, String baseUrl) implements AutoCloseable {
        /** @return the ping service's URL */
        public String pingUrl() {
            if (baseUrl == null) {
                throw new IllegalStateException("the DSS host in-process has no HTTP endpoint: this needs an HTTP target");
            }
            return baseUrl + "/services/ping";
        }

        /** @return a local reference to the host's ping service */
        public ServiceRef ping() {
            if (host == null) {
                throw new IllegalStateException(baseUrl + " is not a DSS host: it has no services");
            }
            return host.service("ping");
        }

        /** @return the ping service as a remote partner: DSS's pooled keep-alive Netty HTTP client */
        public ServiceRef remotePing() {
            return ServiceRef.remote(URI.create(pingUrl()), null);
        }

        @Override
        public void close() {
            if (server != null) {
                try {
                    server.close();
                } catch (Exception e) {
                    throw new IllegalStateException("could not stop " + baseUrl + ": " + e, e);
                }
            }
            if (host != null) {
                host.close(Duration.ofSeconds(5));
            }
        }
    }

    /**
     * Starts this target on loopback with one server I/O thread (the baseline's default), the
     * built-in {@code kv} and {@code ping} services on the host.
     *
     * @throws Exception if it cannot start
     */
    public Running start() throws Exception {
        return switch (this) {
            case RAW_NETTY -> {
                RawNettyHttpServer s = RawNettyHttpServer.start("127.0.0.1", 0, 1, NettyTransport.best());
                yield new Running(s, null, s.baseUrl());
            }
            case VERTX_WEB -> PeerPingServers.vertx();
            case JDK_HTTP_SERVER -> PeerPingServers.jdk();
            case DSS_HTTP, DSS_HTTP_DISPATCHER, DSS_IN_PROCESS -> {
                ServiceHost.Builder b = http ? ServiceHost.builder().port(0).ioThreads(1)
                        .nonBlockingServicesOnEventLoop(this == DSS_HTTP) : ServiceHost.builder().port(-1);
                ServiceHost h = b.build().start();
                h.start(Manifest.builtIn());
                yield new Running(null, h, http ? h.baseUri().toString() : null);
            }
        };
    }
}
