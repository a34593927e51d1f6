/**
 * The host's HTTP face, independent of Netty: the DSSP REST mapping ({@link
 * io.ccrj.dss.internal.rest.RestTable}, shared with the remote {@code ServiceRef} and the OpenAPI
 * documents), the router that turns requests into operations ({@link
 * io.ccrj.dss.internal.http.HostRouter}) and the browser pages. The Netty
 * server is in {@code http.server}, the partner client in {@code http.client}.
 *
 * <h2>Threading</h2>
 * The router runs on the connection's event loop; it hands each operation to a service's runtime
 * and never blocks the loop waiting for the answer. The REST table, the pages and the token check
 * are immutable once built and shared by every loop (the tables are {@code internal.rest}'s, the token check {@code internal.host}'s).
 */
package io.ccrj.dss.internal.http;
