/**
 * DSS services: stateful services with DSSP operations, in-process and over HTTP.
 *
 * <ul>
 *   <li>{@link io.ccrj.dss.Service} — write a service: a typed state and {@link io.ccrj.dss.Handlers}
 *   bound per {@link io.ccrj.dss.Verb}, arbitrated by ccr-core's interleave
 *   ({@link io.ccrj.dss.HandlerKind}).</li>
 *   <li>{@link io.ccrj.dss.Operation}, {@link io.ccrj.dss.ResponsePort}, {@link io.ccrj.dss.Response},
 *   {@link io.ccrj.dss.Fault} — the messages on a service's main port and their answers.</li>
 *   <li>{@link io.ccrj.dss.ServiceRef} — the partner API, the same for a service in this process
 *   and one in another host.</li>
 *   <li>{@link io.ccrj.dss.ServiceHost} — runs services, serves them over HTTP/1.1 (REST mapping,
 *   SSE notifications, browser view, health, metrics); {@link io.ccrj.dss.ServiceHostMain} is the
 *   standalone process.</li>
 *   <li>{@link io.ccrj.dss.KeyValueService} and {@link io.ccrj.dss.PingService} — the built-ins.</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * Handlers run on the host's {@link io.ccrj.core.Dispatcher}, each service on its own
 * {@link io.ccrj.core.DispatcherQueue}; HTTP runs on Netty event loops, which never run a
 * handler. A request costs one post to the service's queue and one hop back to the connection's
 * event loop.
 */
package io.ccrj.dss;
