package io.ccrj.dss;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.dss.internal.http.server.HttpServer;
import io.ccrj.dss.internal.host.HostConfig;
import io.ccrj.dss.internal.host.HostDefaults;
import io.ccrj.dss.internal.host.HostCore;

import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Runs services and serves them over HTTP/1.1 (Netty): the DSS host.
 *
 * <pre>{@code
 * try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
 *     ServiceRef kv = host.create("kv", new KeyValueService());
 *     kv.upsert("a", IntNode.valueOf(1)).join();
 *     // curl http://127.0.0.1:<host.port()>/services/kv
 * }
 * }</pre>
 *
 * <p>Each service gets its own {@link DispatcherQueue} on the host's {@link Dispatcher}; its
 * handlers are arbitrated by an interleave (see {@link Service}). {@code port(-1)} runs the host
 * without HTTP (in-process services only).
 *
 * <h2>Lifecycle and thread safety</h2>
 * Build, {@link #start()}, create services (from any thread, at any time), {@link #close()}.
 * Closing is graceful: new requests get 503, requests in flight are drained up to the deadline,
 * then every service is dropped (teardown handlers run, durable state is saved), then the
 * sockets and the dispatcher are closed.
 */
public final class ServiceHost implements AutoCloseable {
    /** Through System.Logger: no logging library forced on users (the host jar configures the backend). */
    private static final System.Logger LOG = System.getLogger(ServiceHost.class.getName());

    private final Builder options;
    private final ContractResolver contracts;
    /** Everything behind this facade: the directory, creation, HTTP, the close sequence. */
    private final HostCore core;

    private ServiceHost(Builder b) {
        this.options = b.copy();
        this.contracts = new ContractResolver(options);
        boolean ownsDispatcher = b.dispatcher == null;
        Dispatcher dispatcher = ownsDispatcher ? new Dispatcher(b.dispatcherThreads, "ccrj-dss") : b.dispatcher;
        ContractResolver resolver = contracts;
        this.core = new HostCore(options.config(), dispatcher, ownsDispatcher, new HostCore.Contracts() {
            @Override
            public Service<?> instantiate(String contract) throws Fault {
                return ServiceHost.this.instantiate(contract);
            }

            @Override
            public Map<String, Class<?>> stateTypes() {
                return resolver.stateTypes();
            }
        }, RuntimeHooks.INSTANCE);
    }

    /** {@return a builder with the defaults} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Binds the HTTP port (unless the port is -1).
     *
     * @return this
     * @throws UncheckedIOException if the port cannot be bound
     */
    public ServiceHost start() {
        core.start(io.ccrj.dss.internal.http.HostRouter::new);
        return this;
    }

    /**
     * Starts every service of a manifest, in order.
     *
     * @param manifest the services
     * @return this
     * @throws Fault if one cannot start (those before it keep running)
     */
    public ServiceHost start(Manifest manifest) throws Fault {
        for (ServiceSpec spec : manifest.services()) {
            create(spec);
        }
        return this;
    }

    /**
     * Starts a service.
     *
     * @param name its name
     * @param service the instance (used by this host only)
     * @return a handle on it
     * @throws Fault CONFLICT if the name is taken, BAD_REQUEST for a bad name
     */
    public ServiceRef create(String name, Service<?> service) throws Fault {
        return core.create(name, service, null, Map.of(), null);
    }

    /**
     * Starts a service with partners and a durable state file.
     *
     * @param name its name
     * @param service the instance
     * @param partners partner name to a local service name or an {@code http://} service URL
     * @param stateFile the durable state file, or {@code null}
     * @return a handle on it
     * @throws Fault CONFLICT if the name is taken, BAD_REQUEST for a bad name or state,
     *     INTERNAL if the state file cannot be read
     */
    public ServiceRef create(String name, Service<?> service, Map<String, String> partners, Path stateFile) throws Fault {
        return core.create(name, service, null, partners, stateFile);
    }

    /**
     * Starts a service described by a manifest entry.
     *
     * @param spec the entry
     * @return a handle on it
     * @throws Fault BAD_REQUEST for an unknown contract, otherwise as {@link #create(String, Service, Map, Path)}
     */
    public ServiceRef create(ServiceSpec spec) throws Fault {
        return core.create(spec);
    }

    private Service<?> instantiate(String contract) throws Fault {
        Supplier<? extends Service<?>> factory = contracts.factory(contract);
        try {
            return factory.get();
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, () -> "contract " + contract + " cannot be instantiated", e);
            throw new Fault(FaultCode.BAD_REQUEST, "contract " + contract + " cannot be instantiated"
                    + " (it needs a public no-argument constructor that succeeds)"
                    + (e.getMessage() == null || e instanceof LinkageError ? "" : ": " + e.getMessage()));
        }
    }

    /**
     * Checks that every contract a manifest names is known, without starting anything.
     *
     * @param manifest the services
     * @throws Fault BAD_REQUEST naming the first entry whose contract is unknown
     */
    void checkContracts(Manifest manifest) throws Fault {
        contracts.check(manifest);
    }

    /**
     * Looks up a running service of this host by name.
     *
     * @param name a running service
     * @return an in-process handle on it
     * @throws IllegalArgumentException if there is no such service
     */
    public ServiceRef service(String name) {
        return core.service(name);
    }

    /** {@return the names of the running services, sorted} */
    public List<String> serviceNames() {
        return new ArrayList<>(core.runtimes().keySet());
    }

    /**
     * Drops a service: its teardown runs, its state is saved, it leaves the directory.
     *
     * @param name the service
     * @return the Drop's answer
     */
    public CompletableFuture<Response> drop(String name) {
        return core.drop(name);
    }

    /** {@return the bound HTTP port, or -1 without HTTP} */
    public int port() {
        return core.port();
    }

    /** {@return {@code http://address:port}} */
    public URI baseUri() {
        return core.baseUri();
    }

    /** {@return the HTTP connections open now (0 without HTTP)} */
    int openConnections() {
        return core.openConnections();
    }

    /** {@return the host's dispatcher (services' queues run on it)} */
    public Dispatcher dispatcher() {
        return core.dispatcher();
    }

    /** {@return the {@code /metrics} text now (for tests and embedding)} */
    String metricsSnapshot() {
        return core.metricsText();
    }

    /** {@return {@code true} once closing has begun} */
    boolean isClosing() {
        return core.isClosing();
    }

    /** Graceful shutdown with the builder's drain deadline. */
    @Override
    public void close() {
        close(options.shutdownDeadline);
    }

    /**
     * Graceful shutdown: new requests 503; requests in flight drain until the deadline; services
     * are dropped (teardown, save); sockets and dispatcher close.
     *
     * @param deadline how long to wait for requests in flight, and again for the teardowns
     */
    public synchronized void close(Duration deadline) {
        core.close(deadline);
    }

    /**
     * The host's settings. Defaults: port 50000 on 127.0.0.1, one event-loop thread per core,
     * dispatcher threads one per core, 1 MiB request bodies, 60 s idle timeout, 10 s handler
     * timeout (then 504), 10,000 pending operations per service (then 503), 5 s shutdown drain,
     * no token. Against hostile and careless clients (see docs/dss-services/reference.md, "Limits
     * and refusals"): 10 s request-head deadline, a pipelining window of 64, no limit on requests per
     * connection, 10,000 connections (1,000 per client address), SSE subscriber buffers of 1,024
     * events and 1 MiB, 4 MiB of notifications kept for replay, 1,000 services, and {@code Host}
     * names limited to the addresses served and the loopback names.
     */
    public static final class Builder {
        private int port = HostDefaults.PORT;
        private String bindAddress = HostDefaults.BIND_ADDRESS;
        private int ioThreads = HostDefaults.ioThreads();
        private int dispatcherThreads = HostDefaults.DISPATCHER_THREADS;
        private int maxRequestBytes = HostDefaults.MAX_REQUEST_BYTES;
        private Duration idleTimeout = Duration.ofMillis(HostDefaults.IDLE_TIMEOUT_MS);
        private Duration requestTimeout = Duration.ofMillis(HostDefaults.REQUEST_TIMEOUT_MS);
        private int maxPendingPerService = HostDefaults.MAX_PENDING_PER_SERVICE;
        private Duration shutdownDeadline = Duration.ofMillis(HostDefaults.SHUTDOWN_DEADLINE_MS);
        private String token;
        private boolean protectReads;
        private boolean handlersOnEventLoop;
        private boolean nonBlockingServicesOnEventLoop = true;
        private Dispatcher dispatcher;
        private SchedulingPolicy admissionPolicy;
        private Duration headerTimeout = Duration.ofMillis(HostDefaults.HEADER_TIMEOUT_MS);
        private int pipelineWindow = HostDefaults.PIPELINE_WINDOW;
        private int maxRequestsPerConnection = HostDefaults.MAX_REQUESTS_PER_CONNECTION;
        private int maxConnections = HostDefaults.MAX_CONNECTIONS;
        private int maxConnectionsPerClient = HostDefaults.MAX_CONNECTIONS_PER_CLIENT;
        private int sseMaxEvents = HostDefaults.SSE_MAX_EVENTS;
        private int sseMaxBytes = HostDefaults.SSE_MAX_BYTES;
        private int maxServices = HostDefaults.MAX_SERVICES;
        private long replayBytes = HostDefaults.REPLAY_BYTES;
        private List<String> allowedHosts;
        private ClassLoader contractLoader;
        private final Map<String, Supplier<? extends Service<?>>> contracts = new LinkedHashMap<>();

        private Builder() {
            contracts.put(KeyValueService.CONTRACT, KeyValueService::new);
            contracts.put(PingService.CONTRACT, PingService::new);
        }

        /**
         * Sets the TCP port of the HTTP server.
         *
         * @param value TCP port; 0 picks a free one; -1 serves no HTTP
         * @return this
         */
        public Builder port(int value) {
            if (value < -1 || value > 65535) {
                throw new IllegalArgumentException("port must be -1 (no HTTP), 0 (any) or 1-65535, was " + value);
            }
            this.port = value;
            return this;
        }

        /**
         * Sets the address the HTTP server listens on.
         *
         * @param value the address to listen on ({@code 0.0.0.0} for every interface)
         * @return this
         */
        public Builder bindAddress(String value) {
            this.bindAddress = Objects.requireNonNull(value, "bindAddress");
            return this;
        }

        /**
         * Sets the number of Netty event-loop threads.
         *
         * @param value Netty event-loop threads, at least 1
         * @return this
         */
        public Builder ioThreads(int value) {
            this.ioThreads = requirePositive(value, "ioThreads");
            return this;
        }

        /**
         * Sets the number of the services' dispatcher worker threads.
         *
         * @param value dispatcher worker threads; 0 for one per core (at least two)
         * @return this
         */
        public Builder dispatcherThreads(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("dispatcherThreads must be 0 (one per core) or positive, was " + value);
            }
            this.dispatcherThreads = value;
            return this;
        }

        /**
         * Sheds load with a ccr-core {@link SchedulingPolicy}: each operation first passes through
         * a per-service admission {@link DispatcherQueue} with this policy (one extra task per
         * operation), and an operation whose admission task the policy discards is answered
         * {@link FaultCode#UNAVAILABLE} (503 + {@code Retry-After}) at once. Use
         * {@link SchedulingPolicy#queueDepthDiscard} to bound the backlog or
         * {@link SchedulingPolicy#schedulingRateDiscard} to cap the rate; a throttling policy makes
         * the poster (an event loop) wait instead, so prefer the discarding ones. The
         * {@link #maxPendingPerService} bound applies as well.
         *
         * @param value the policy, or {@code null} (the default) for no admission queue
         * @return this
         */
        public Builder admissionPolicy(SchedulingPolicy value) {
            this.admissionPolicy = value;
            return this;
        }

        /**
         * Runs the services on a dispatcher of the caller's (its thread count and idle strategy
         * chosen there, e.g. for benchmarks); the host does not close it.
         *
         * @param value the dispatcher, or {@code null} for the host's own
         * @return this
         */
        public Builder dispatcher(Dispatcher value) {
            this.dispatcher = value;
            return this;
        }

        /**
         * Sets the largest request body accepted.
         *
         * @param value the largest request body accepted (413 beyond)
         * @return this
         */
        public Builder maxRequestBytes(int value) {
            this.maxRequestBytes = requirePositive(value, "maxRequestBytes");
            return this;
        }

        /**
         * Sets how long an idle connection stays open.
         *
         * @param value a connection idle this long is closed
         * @return this
         */
        public Builder idleTimeout(Duration value) {
            this.idleTimeout = requirePositive(value, "idleTimeout");
            return this;
        }

        /**
         * Sets how long a handler may take to answer.
         *
         * @param value a handler that has not answered after this long gets a 504
         * @return this
         */
        public Builder requestTimeout(Duration value) {
            this.requestTimeout = requirePositive(value, "requestTimeout");
            return this;
        }

        /**
         * Sets how many unanswered operations a service may hold.
         *
         * @param value operations a service may hold unanswered before new ones get 503
         * @return this
         */
        public Builder maxPendingPerService(int value) {
            this.maxPendingPerService = requirePositive(value, "maxPendingPerService");
            return this;
        }

        /**
         * Sets how long closing the host waits for work in flight.
         *
         * @param value how long close() waits for requests in flight (and again for teardowns)
         * @return this
         */
        public Builder shutdownDeadline(Duration value) {
            this.shutdownDeadline = Objects.requireNonNull(value, "shutdownDeadline");
            return this;
        }

        /**
         * Sets the bearer token.
         *
         * @param value the bearer token modifications need, or {@code null} for none; also sent
         *     to remote partners
         * @return this
         */
        public Builder token(String value) {
            if (value != null && value.isBlank()) {
                throw new IllegalArgumentException("a bearer token must not be blank");
            }
            this.token = value;
            return this;
        }

        /**
         * Sets whether reads need the bearer token too.
         *
         * @param value whether reads (Get, Query, Lookup, Subscribe, the pages, metrics) need the
         *     token too; {@code /health} never does
         * @return this
         */
        public Builder protectReads(boolean value) {
            this.protectReads = value;
            return this;
        }

        /**
         * Runs the handlers of services on a Netty event loop (one per service, round robin)
         * instead of the dispatcher; a service created before {@link #start()} runs on the
         * dispatcher until the host listens, then moves to a loop. An HTTP request to a service on
         * its connection's own event loop then costs no thread hop at all (with
         * {@code ioThreads(1)}, none ever does). Only for handlers that never block: a blocking
         * handler stalls every connection of its event loop. Without HTTP ({@code port(-1)}) the
         * dispatcher is used regardless.
         *
         * @param value {@code true} to run handlers on event loops
         * @return this
         */
        public Builder handlersOnEventLoop(boolean value) {
            this.handlersOnEventLoop = value;
            return this;
        }

        /**
         * Runs the handlers of services whose {@link Service#handlersNeverBlock()} is {@code true}
         * (the built-in {@code kv} and {@code ping}) on a Netty event loop, as
         * {@link #handlersOnEventLoop} does for every service. On by default: for such a service
         * it saves two thread wake-ups per HTTP request (docs/results.md has the measured effect).
         * Off puts them on the dispatcher like any other service.
         *
         * @param value {@code false} to keep every service on the dispatcher (unless {@link #handlersOnEventLoop})
         * @return this
         */
        public Builder nonBlockingServicesOnEventLoop(boolean value) {
            this.nonBlockingServicesOnEventLoop = value;
            return this;
        }

        /**
         * Sets the deadline for a request head, counted from its first byte.
         *
         * @param value a request's head (request line and headers) must arrive whole within this
         *     time of its first byte, else 408 and the connection closes; bytes trickling in do
         *     not extend it (default 10 s)
         * @return this
         */
        public Builder headerTimeout(Duration value) {
            this.headerTimeout = requirePositive(value, "headerTimeout");
            return this;
        }

        /**
         * Sets how many requests of one connection may wait for their answers.
         *
         * @param value requests of one connection received and not yet answered before the host
         *     stops reading that connection until answers go out (default 64)
         * @return this
         */
        public Builder pipelineWindow(int value) {
            this.pipelineWindow = requirePositive(value, "pipelineWindow");
            return this;
        }

        /**
         * Sets how many requests one connection may carry.
         *
         * @param value requests answered on one connection; the last one's answer closes it
         *     (default: no limit; a connection costs the host the same however many requests it
         *     carries, and long-lived keep-alive clients, benchmarks among them, expect none)
         * @return this
         */
        public Builder maxRequestsPerConnection(int value) {
            this.maxRequestsPerConnection = requirePositive(value, "maxRequestsPerConnection");
            return this;
        }

        /**
         * Sets how many HTTP connections may be open at once.
         *
         * @param value open HTTP connections; more are answered 503 and closed (default 10,000)
         * @return this
         */
        public Builder maxConnections(int value) {
            this.maxConnections = requirePositive(value, "maxConnections");
            return this;
        }

        /**
         * Sets how many HTTP connections one client address may have open.
         *
         * @param value open HTTP connections from one client address; more are answered 503 and
         *     closed (default 1,000)
         * @return this
         */
        public Builder maxConnectionsPerClient(int value) {
            this.maxConnectionsPerClient = requirePositive(value, "maxConnectionsPerClient");
            return this;
        }

        /**
         * Sets how many events one SSE subscriber may have waiting.
         *
         * @param value notification events one SSE subscriber may have waiting in the host (not
         *     yet taken by its socket); beyond, the subscriber is dropped with a final
         *     {@code overflow} event and resumes with {@code Last-Event-ID} (default 1024)
         * @return this
         */
        public Builder sseMaxEvents(int value) {
            this.sseMaxEvents = requirePositive(value, "sseMaxEvents");
            return this;
        }

        /**
         * Sets how many bytes of events one SSE subscriber may have waiting.
         *
         * @param value bytes of events one SSE subscriber may have waiting in the host; beyond,
         *     it is dropped as for {@link #sseMaxEvents} (default 1 MiB)
         * @return this
         */
        public Builder sseMaxBytes(int value) {
            this.sseMaxBytes = requirePositive(value, "sseMaxBytes");
            return this;
        }

        /**
         * Sets how many services the host runs at most.
         *
         * @param value services the host runs at most; a Create over HTTP ({@code POST /directory})
         *     beyond is refused with 409 (default 1,000)
         * @return this
         */
        public Builder maxServices(int value) {
            this.maxServices = requirePositive(value, "maxServices");
            return this;
        }

        /**
         * Sets how many bytes of notifications each service keeps for replay.
         *
         * @param value bytes of notification bodies each service keeps for replay to resuming
         *     subscribers ({@code Last-Event-ID}), besides the count limit of 1024; older ones are
         *     forgotten and a subscriber resuming from before them gets a {@code gap} event
         *     (default 4 MiB)
         * @return this
         */
        public Builder replayBytes(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("replayBytes must be positive, was " + value);
            }
            this.replayBytes = value;
            return this;
        }

        /**
         * The names a request's {@code Host} header may give (421 otherwise), against DNS
         * rebinding. By default the addresses the host listens on (every interface's for
         * {@code 0.0.0.0}), this machine's name and the loopback names; {@code "*"} allows any.
         *
         * @param value host names or IP literals, without ports, or {@code null} for the default
         * @return this
         */
        public Builder allowedHosts(List<String> value) {
            if (value != null && (value.isEmpty() || value.stream().anyMatch(h -> h == null || h.isBlank()))) {
                throw new IllegalArgumentException("allowedHosts needs at least one non-blank name, was " + value);
            }
            this.allowedHosts = value == null ? null : List.copyOf(value);
            return this;
        }

        /**
         * Registers a contract name for manifests and Create.
         *
         * @param name the contract name
         * @param factory makes a new instance
         * @return this
         */
        public Builder contract(String name, Supplier<? extends Service<?>> factory) {
            contracts.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(factory, "factory"));
            return this;
        }

        /**
         * Sets the class loader in which the contracts that manifests and Create name are looked
         * up: {@code Service} providers ({@code META-INF/services/io.ccrj.dss.Service}, whose
         * {@link Service#contract()} a manifest may name) and {@code Service} classes by name.
         *
         * @param loader the loader, for example one over a folder of service jars; {@code null}
         *     for dss-services' own loader (the default)
         * @return this
         */
        public Builder contractLoader(ClassLoader loader) {
            contractLoader = loader;
            return this;
        }

        /** {@return a host with these settings (not started)} */
        public ServiceHost build() {
            return new ServiceHost(this);
        }

        int port() {
            return port;
        }

        String bindAddressForMessage() {
            return bindAddress;
        }

        Map<String, Supplier<? extends Service<?>>> contracts() {
            return contracts;
        }

        boolean hasContractLoader() {
            return contractLoader != null;
        }

        ClassLoader contractLoader() {
            return contractLoader != null ? contractLoader : ServiceHost.class.getClassLoader();
        }

        Duration requestTimeout() {
            return requestTimeout;
        }

        boolean protectReads() {
            return protectReads;
        }

        int maxServices() {
            return maxServices;
        }

        /** {@return the settings the host core reads} */
        HostConfig config() {
            return new HostConfig(new HostConfig.Network(port, bindAddress, ioThreads),
                    new HostConfig.Security(token, protectReads),
                    new HostConfig.Scheduling(requestTimeout, maxPendingPerService, admissionPolicy, handlersOnEventLoop,
                            nonBlockingServicesOnEventLoop, shutdownDeadline),
                    new HostConfig.ServiceLimits(maxServices, replayBytes), httpLimits());
        }

        private HttpServer.Limits httpLimits() {
            java.util.Set<String> hosts;
            if (allowedHosts == null) {
                hosts = HttpServer.defaultAllowedHosts(bindAddress);
            } else if (allowedHosts.contains("*")) {
                hosts = null;
            } else {
                java.util.Set<String> set = new java.util.TreeSet<>();
                allowedHosts.forEach(h -> set.add(HttpServer.canonicalHost(h)));
                hosts = java.util.Collections.unmodifiableSet(set);
            }
            return new HttpServer.Limits(maxRequestBytes, idleTimeout.toMillis(), headerTimeout.toMillis(), pipelineWindow,
                    maxRequestsPerConnection, maxConnections, maxConnectionsPerClient, sseMaxEvents, sseMaxBytes, hosts);
        }

        private Builder copy() {
            Builder b = new Builder();
            b.port = port;
            b.bindAddress = bindAddress;
            b.ioThreads = ioThreads;
            b.dispatcherThreads = dispatcherThreads;
            b.maxRequestBytes = maxRequestBytes;
            b.idleTimeout = idleTimeout;
            b.requestTimeout = requestTimeout;
            b.maxPendingPerService = maxPendingPerService;
            b.shutdownDeadline = shutdownDeadline;
            b.token = token;
            b.protectReads = protectReads;
            b.handlersOnEventLoop = handlersOnEventLoop;
            b.nonBlockingServicesOnEventLoop = nonBlockingServicesOnEventLoop;
            b.dispatcher = dispatcher;
            b.admissionPolicy = admissionPolicy;
            b.headerTimeout = headerTimeout;
            b.pipelineWindow = pipelineWindow;
            b.maxRequestsPerConnection = maxRequestsPerConnection;
            b.maxConnections = maxConnections;
            b.maxConnectionsPerClient = maxConnectionsPerClient;
            b.sseMaxEvents = sseMaxEvents;
            b.sseMaxBytes = sseMaxBytes;
            b.maxServices = maxServices;
            b.replayBytes = replayBytes;
            b.allowedHosts = allowedHosts;
            b.contractLoader = contractLoader;
            b.contracts.putAll(contracts);
            return b;
        }

        private static int requirePositive(int v, String what) {
            if (v < 1) {
                throw new IllegalArgumentException(what + " must be positive, was " + v);
            }
            return v;
        }

        private static Duration requirePositive(Duration v, String what) {
            if (v == null || v.isNegative() || v.isZero()) {
                throw new IllegalArgumentException(what + " must be a positive duration, was " + v);
            }
            return v;
        }
    }
}
