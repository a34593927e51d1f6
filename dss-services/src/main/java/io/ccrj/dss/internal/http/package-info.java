/**
 * The host's HTTP face, independent of Netty: the DSSP REST mapping ({@link
 * io.ccrj.dss.internal.http.RestTable}, shared with the remote {@code ServiceRef} and the OpenAPI
 * documents), the router that turns requests into operations ({@link
 * io.ccrj.dss.internal.http.HostRouter}), the browser pages and the bearer token check. The Netty
 * server is in {@code http.server}, the partner client in {@code http.client}.
 */
package io.ccrj.dss.internal.http;
