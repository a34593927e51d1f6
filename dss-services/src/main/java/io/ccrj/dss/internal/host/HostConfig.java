package io.ccrj.dss.internal.host;

import io.ccrj.dss.internal.Internal;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.dss.internal.http.server.HttpServer;

import java.time.Duration;

/**
 * The settings the host core reads, taken from the public builder once when the host is built
 * (immutable, so read from any thread).
 *
 * @param port the TCP port; 0 for any; -1 for no HTTP
 * @param bindAddress the address to listen on
 * @param ioThreads Netty event-loop threads
 * @param token the bearer token, or {@code null}
 * @param protectReads whether reads need the token too
 * @param requestTimeout how long a handler may take before 504
 * @param maxPendingPerService operations a service holds unanswered before 503
 * @param admissionPolicy the admission queue's policy, or {@code null}
 * @param replayBytes bytes of notifications each service keeps for replay
 * @param handlersOnEventLoop run every service's handlers on an event loop
 * @param nonBlockingServicesOnEventLoop run never-blocking services' handlers on an event loop
 * @param maxServices services the host runs at most (for Create over HTTP)
 * @param shutdownDeadline how long close waits for requests in flight
 * @param httpLimits the HTTP server's limits against hostile and careless clients
 */
@Internal
public record HostConfig(int port, String bindAddress, int ioThreads, String token, boolean protectReads,
                         Duration requestTimeout, int maxPendingPerService, SchedulingPolicy admissionPolicy,
                         long replayBytes, boolean handlersOnEventLoop, boolean nonBlockingServicesOnEventLoop,
                         int maxServices, Duration shutdownDeadline, HttpServer.Limits httpLimits) {
}
