/**
 * The host's HTTP face, independent of Netty: the DSSP REST mapping ({@link
 * io.ccrj.dss.internal.http.RestTable}, shared with the remote {@code ServiceRef} and the OpenAPI
 * documents), the router that turns requests into operations ({@link
 * io.ccrj.dss.internal.http.HostRouter}), the browser pages and the bearer token check. The Netty
 * server is in {@code http.server}, the partner client in {@code http.client}.
 *
 * <h2>Threading</h2>
 * The router runs on the connection's event loop; it hands each operation to a service's runtime
 * and never blocks the loop waiting for the answer. The REST table, the pages and the token check
 * are immutable once built and shared by every loop.
 */
package io.ccrj.dss.internal.http;
