/**
 * The HTTP/1.1 client a host uses to reach partners in other hosts: {@link
 * io.ccrj.dss.internal.http.client.HttpServiceRef} turns operations into requests of the REST
 * table, and {@link io.ccrj.dss.internal.http.client.HttpClientPool} keeps the keep-alive
 * connections they travel on, pooled per target and per event loop: the host's own loops
 * ({@code internal.transport}, shared with its server), or loops of the pool's own.
 *
 * <h2>Threading</h2>
 * Requests may be sent from any thread; each answer is delivered on its connection's event loop.
 * A loop's pool and its connections are confined to that loop (every field read and written there
 * only), so they need no locks; the pool's targets and counters are concurrent.
 */
package io.ccrj.dss.internal.http.client;
