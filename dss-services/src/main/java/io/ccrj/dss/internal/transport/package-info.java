/**
 * The host's transport: its event loops (epoll or NIO) and their channel types, made by the host
 * and used by its HTTP server and its HTTP client alike ({@code internal.http.server},
 * {@code internal.http.client}), neither of which depends on the other. See
 * {@link io.ccrj.dss.internal.transport.Transport} for the threading.
 */
package io.ccrj.dss.internal.transport;
