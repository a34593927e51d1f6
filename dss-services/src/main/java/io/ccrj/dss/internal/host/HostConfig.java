package io.ccrj.dss.internal.host;

import io.ccrj.core.SchedulingPolicy;
import io.ccrj.dss.internal.Internal;
import io.ccrj.dss.internal.http.server.HttpServer;

import java.time.Duration;

/**
 * The settings the host core reads, taken from the public builder once when the host is built,
 * grouped by concern; each group is an immutable record (so read from any thread). The defaults
 * are the builder's, from {@link HostDefaults}; the standalone host's {@code --help} shows the
 * same groups.
 *
 * @param network where the host listens
 * @param security who may modify or read
 * @param scheduling where handlers run and how long they may take
 * @param serviceLimits how many services the host runs and what each keeps for replay
 * @param httpLimits the HTTP server's limits against hostile and careless clients
 */
@Internal
public record HostConfig(Network network, Security security, Scheduling scheduling, ServiceLimits serviceLimits,
                         HttpServer.Limits httpLimits) {
    /**
     * Where the host listens.
     *
     * @param port the TCP port; 0 for any; -1 for no HTTP
     * @param bindAddress the address to listen on
     * @param ioThreads Netty event-loop threads
     */
    public record Network(int port, String bindAddress, int ioThreads) {
    }

    /**
     * Who may modify or read.
     *
     * @param token the bearer token, or {@code null}
     * @param protectReads whether reads need the token too
     */
    public record Security(String token, boolean protectReads) {
        @Override
        public String toString() {
            return "Security[token=" + (token == null ? "none" : "(set)") + ", protectReads=" + protectReads + "]";
        }
    }

    /**
     * Where handlers run and how long they may take.
     *
     * @param requestTimeout how long a handler may take before 504
     * @param maxPendingPerService operations a service holds unanswered before 503
     * @param admissionPolicy the admission queue's policy, or {@code null}
     * @param handlersOnEventLoop run every service's handlers on an event loop
     * @param nonBlockingServicesOnEventLoop run never-blocking services' handlers on an event loop
     * @param shutdownDeadline how long close waits for requests in flight
     */
    public record Scheduling(Duration requestTimeout, int maxPendingPerService, SchedulingPolicy admissionPolicy,
                             boolean handlersOnEventLoop, boolean nonBlockingServicesOnEventLoop,
                             Duration shutdownDeadline) {
    }

    /**
     * How many services the host runs and what each keeps.
     *
     * @param maxServices services the host runs at most (for Create over HTTP)
     * @param replayBytes bytes of notifications each service keeps for replay
     */
    public record ServiceLimits(int maxServices, long replayBytes) {
    }
}
