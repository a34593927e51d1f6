package io.ccrj.dss.internal.host;

import io.ccrj.dss.internal.Internal;

/**
 * The host's default settings, in one place: {@code ServiceHost.Builder} starts from them and the
 * standalone host's command line shows them in {@code --help} and falls back to them, so the two
 * cannot drift apart. Compile-time constants, because picocli's annotations take them as text.
 */
@Internal
public final class HostDefaults {
    /** TCP port. */
    public static final int PORT = 50000;
    /** Address listened on: loopback, so that nothing is exposed by accident. */
    public static final String BIND_ADDRESS = "127.0.0.1";
    /** Largest request body in bytes (1 MiB). */
    public static final int MAX_REQUEST_BYTES = 1 << 20;
    /** Idle connection timeout in milliseconds. */
    public static final int IDLE_TIMEOUT_MS = 60_000;
    /** Handler timeout in milliseconds (then 504). */
    public static final int REQUEST_TIMEOUT_MS = 10_000;
    /** Unanswered operations per service before 503. */
    public static final int MAX_PENDING_PER_SERVICE = 10_000;
    /** How long closing waits for requests in flight, in milliseconds. */
    public static final int SHUTDOWN_DEADLINE_MS = 5_000;
    /** Deadline for a request head from its first byte, in milliseconds. */
    public static final int HEADER_TIMEOUT_MS = 10_000;
    /** Requests of one connection in flight before it is read no more. */
    public static final int PIPELINE_WINDOW = 64;
    /** Open connections. */
    public static final int MAX_CONNECTIONS = 10_000;
    /** Open connections from one client address. */
    public static final int MAX_CONNECTIONS_PER_CLIENT = 1_000;
    /** Events one SSE subscriber may have waiting. */
    public static final int SSE_MAX_EVENTS = 1024;
    /** Bytes one SSE subscriber may have waiting (1 MiB). */
    public static final int SSE_MAX_BYTES = 1 << 20;
    /** Services one host runs. */
    public static final int MAX_SERVICES = 1_000;
    /** Bytes of notifications each service keeps for replay (4 MiB). */
    public static final int REPLAY_BYTES = 4 << 20;
    /** Dispatcher threads: 0 means one per core (at least two). */
    public static final int DISPATCHER_THREADS = 0;

    private HostDefaults() {
    }

    /** {@return the default number of Netty event-loop threads: one per core} */
    public static int ioThreads() {
        return Runtime.getRuntime().availableProcessors();
    }
}
