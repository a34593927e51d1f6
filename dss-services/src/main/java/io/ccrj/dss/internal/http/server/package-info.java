/**
 * The Netty HTTP/1.1 server: the bootstrap ({@link io.ccrj.dss.internal.http.server.HttpServer}),
 * on the event loops of the host's {@code internal.transport}, one handler per connection that keeps pipelined
 * answers in request order, the request checks every request passes, the connection timer,
 * Server-Sent Events streams and the host-wide budget for their unread bytes, strict UTF-8, and the
 * HTTP counters. What a request means is the router's business ({@link
 * io.ccrj.dss.internal.http.server.HttpRouter}, implemented in {@code internal.http}).
 *
 * <h2>Threading</h2>
 * A connection's handler runs on its event loop; answers may come from any thread and are handed
 * back to that loop (see each class).
 */
package io.ccrj.dss.internal.http.server;
