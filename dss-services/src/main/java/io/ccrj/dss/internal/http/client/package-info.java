/**
 * The HTTP/1.1 client a host uses to reach partners in other hosts: {@link
 * io.ccrj.dss.internal.http.client.HttpServiceRef} turns operations into requests of the REST
 * table, and {@link io.ccrj.dss.internal.http.client.HttpClientPool} keeps the keep-alive
 * connections they travel on, pooled per target and per event loop.
 */
package io.ccrj.dss.internal.http.client;
