/**
 * The Netty HTTP/1.1 server: the bootstrap ({@link io.ccrj.dss.internal.http.server.HttpServer}),
 * on the event loops of the host's {@code internal.transport}, and each connection's pipeline of
 * handlers: the intake that turns requests into exchanges for the router
 * ({@code HttpConnectionHandler}), the pipelining window that writes answers in request order
 * ({@code PipelineWindow}), the Server-Sent Events writer ({@code EventStreamWriter}) with the
 * host-wide budget for unread events, and the connection timer; the request checks every request
 * passes, strict UTF-8, and the HTTP counters. What a request means is the router's business ({@link
 * io.ccrj.dss.internal.http.server.HttpRouter}, implemented in {@code internal.http}).
 *
 * <h2>Threading</h2>
 * A connection's handler runs on its event loop; answers may come from any thread and are handed
 * back to that loop (see each class).
 */
package io.ccrj.dss.internal.http.server;
