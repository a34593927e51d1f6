package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.Internal;

/**
 * Turns requests into answers: the host's REST mapping. Called on the connection's event loop,
 * once per request, in request order; it may answer later from any thread.
 */
@Internal
public interface HttpRouter {
    /**
     * @param exchange the request and its way back; answer it exactly once
     */
    void route(HttpExchange exchange);

    /**
     * Routes a request whose body was larger than the host accepts and was not read
     * ({@link HttpExchange#bodyTooLarge()}): the router answers the refusals that come before the
     * body's (credentials, route, method), else 413 ({@link HttpExchange#refuseBody()}). It must
     * not act on the request. The default answers 413 at once.
     *
     * @param exchange the request (with an empty body) and its way back; answer it exactly once
     */
    default void routeTooLarge(HttpExchange exchange) {
        exchange.refuseBody();
    }

    /**
     * Whether a request of {@code method} on {@code uri} may be answered with an event stream
     * ({@link HttpExchange#startStream()}): the connection then lets it through alone
     * ({@link PipelineWindow}), since nothing pipelined after a stream can be answered. A
     * {@code true} for a request that is then answered otherwise only orders it more strictly.
     * The default: none is.
     *
     * @param method the request's method
     * @param uri the request's URI as sent
     * @return whether it may open an event stream
     */
    default boolean mayOpenEventStream(io.netty.handler.codec.http.HttpMethod method, String uri) {
        return false;
    }

    /** @return {@code true} while the host is shutting down (new requests get 503) */
    boolean isClosing();

    /** Counts an exchange in flight until its {@link #record}. */
    void opened();

    /**
     * Records a finished exchange for the metrics.
     *
     * @param status the HTTP status
     * @param nanos time from the request's arrival to its response being handed to Netty
     */
    void record(int status, long nanos);
}
