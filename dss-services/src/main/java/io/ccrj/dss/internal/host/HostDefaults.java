package io.ccrj.dss.internal.host;

import io.ccrj.dss.internal.Internal;
import io.ccrj.dss.internal.http.server.HttpServer;

/**
 * The host's default settings, in one place: {@code ServiceHost.Builder} starts from them and the
 * standalone host's command line shows them in {@code --help} and falls back to them, so the two
 * cannot drift apart. The HTTP limits' defaults are those of their record
 * ({@link HttpServer.Limits}), named here beside the others. Compile-time constants, because
 * picocli's annotations take them as text.
 */
@Internal
public final class HostDefaults {
    /** TCP port. */
    public static final int PORT = 50000;
    /** Address listened on: loopback, so that nothing is exposed by accident. */
    public static final String BIND_ADDRESS = "127.0.0.1";
    /** Largest request body in bytes (1 MiB). */
    public static final int MAX_REQUEST_BYTES = HttpServer.Limits.DEFAULT_MAX_REQUEST_BYTES;
    /** Idle connection timeout in milliseconds. */
    public static final int IDLE_TIMEOUT_MS = HttpServer.Limits.DEFAULT_IDLE_TIMEOUT_MS;
    /** Handler timeout in milliseconds (then 504). */
    public static final int REQUEST_TIMEOUT_MS = 10_000;
    /** Unanswered operations per service before 503. */
    public static final int MAX_PENDING_PER_SERVICE = 10_000;
    /** How long closing waits for requests in flight, in milliseconds. */
    public static final int SHUTDOWN_DEADLINE_MS = 5_000;
    /** Deadline for a request head from its first byte, in milliseconds. */
    public static final int HEADER_TIMEOUT_MS = HttpServer.Limits.DEFAULT_HEADER_TIMEOUT_MS;
    /** Requests of one connection in flight before it is read no more. */
    public static final int PIPELINE_WINDOW = HttpServer.Limits.DEFAULT_PIPELINE_WINDOW;
    /** Requests answered on one connection before it is closed: no limit. */
    public static final int MAX_REQUESTS_PER_CONNECTION = HttpServer.Limits.DEFAULT_MAX_REQUESTS_PER_CONNECTION;
    /** Open connections. */
    public static final int MAX_CONNECTIONS = HttpServer.Limits.DEFAULT_MAX_CONNECTIONS;
    /** Open connections from one client address. */
    public static final int MAX_CONNECTIONS_PER_CLIENT = HttpServer.Limits.DEFAULT_MAX_CONNECTIONS_PER_CLIENT;
    /** Events one SSE subscriber may have waiting. */
    public static final int SSE_MAX_EVENTS = HttpServer.Limits.DEFAULT_SSE_MAX_EVENTS;
    /** Bytes one SSE subscriber may have waiting (1 MiB). */
    public static final int SSE_MAX_BYTES = HttpServer.Limits.DEFAULT_SSE_MAX_BYTES;
    /** Services one host runs. */
    public static final int MAX_SERVICES = 1_000;
    /** Bytes of notifications each service keeps for replay (4 MiB). */
    public static final int REPLAY_BYTES = 4 << 20;
    /** Dispatcher threads: 0 means one per core (at least two). */
    public static final int DISPATCHER_THREADS = 0;
    /**
     * Log level of the standalone host ({@code bin/ccrj host}); a library user's application
     * sets its own, the host only logs through {@link System.Logger}.
     */
    public static final String LOG_LEVEL = "info";

    private HostDefaults() {
    }

    /** {@return the default number of Netty event-loop threads: one per core} */
    public static int ioThreads() {
        return Runtime.getRuntime().availableProcessors();
    }
}
