package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.dss.internal.runtime.ServiceRuntime;
import io.ccrj.dss.internal.BearerToken;
import io.ccrj.dss.internal.HostMetrics;
import io.ccrj.dss.internal.HttpServer;
import io.ccrj.dss.internal.Json;
import io.ccrj.dss.internal.StateFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
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
    private final BearerToken token;
    private final Dispatcher dispatcher;
    private final boolean ownsDispatcher;
    private final Map<String, ServiceRuntime<?>> services = new ConcurrentSkipListMap<>();
    /** Names created with a state file: created again over HTTP, they keep it. */
    private final Map<String, Path> durableFiles = new java.util.concurrent.ConcurrentHashMap<>();
    private final HostMetrics metrics = new HostMetrics();
    private final long startedMillis = System.currentTimeMillis();
    private volatile HttpServer http;
    private volatile boolean closing;
    private volatile boolean closed;
    private final ContractResolver contracts;

    private ServiceHost(Builder b) {
        this.options = b.copy();
        this.contracts = new ContractResolver(options);
        this.token = b.token == null ? null : new BearerToken(b.token);
        this.ownsDispatcher = b.dispatcher == null;
        this.dispatcher = ownsDispatcher ? new Dispatcher(b.dispatcherThreads, "ccrj-dss") : b.dispatcher;
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
        if (options.port >= 0 && http == null) {
            try {
                http = new HttpServer(new InetSocketAddress(options.bindAddress, options.port), options.ioThreads,
                        httpLimits(), new HostRouter(this), metrics);
            } catch (Exception e) { // Netty rethrows the bind failure (an IOException) undeclared
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                if (ownsDispatcher) {
                    dispatcher.close();
                }
                throw new UncheckedIOException("cannot listen on " + options.bindAddress + ":" + options.port + ": " + e,
                        e instanceof IOException io ? io : new IOException(e));
            }
            LOG.log(System.Logger.Level.INFO, "ccrj host listening on {0}{1}", baseUri(), token == null ? "" : " (bearer token required for modifications"
                    + (options.protectReads ? " and reads)" : ")"));
        }
        return this;
    }

    private HttpServer.Limits httpLimits() {
        java.util.Set<String> hosts;
        if (options.allowedHosts == null) {
            hosts = HttpServer.defaultAllowedHosts(options.bindAddress);
        } else if (options.allowedHosts.contains("*")) {
            hosts = null;
        } else {
            java.util.Set<String> set = new java.util.TreeSet<>();
            options.allowedHosts.forEach(h -> set.add(HttpServer.canonicalHost(h)));
            hosts = java.util.Collections.unmodifiableSet(set);
        }
        return new HttpServer.Limits(options.maxRequestBytes, options.idleTimeout.toMillis(),
                options.headerTimeout.toMillis(), options.pipelineWindow, options.maxRequestsPerConnection,
                options.maxConnections, options.maxConnectionsPerClient, options.sseMaxEvents, options.sseMaxBytes, hosts);
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
        return create(name, service, null, Map.of(), null);
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
        return create(name, service, null, partners, stateFile);
    }

    /**
     * Starts a service described by a manifest entry.
     *
     * @param spec the entry
     * @return a handle on it
     * @throws Fault BAD_REQUEST for an unknown contract, otherwise as {@link #create(String, Service, Map, Path)}
     */
    public ServiceRef create(ServiceSpec spec) throws Fault {
        return create(spec.name(), instantiate(spec.contract()), spec.state(), spec.partners(), spec.stateFile());
    }

    private <S> ServiceRef create(String name, Service<S> service, JsonNode state, Map<String, String> partners,
                                  Path stateFile) throws Fault {
        Objects.requireNonNull(service, "service");
        if (!ServiceSpec.isValidName(name)) {
            throw new Fault(FaultCode.BAD_REQUEST, "a service name is 1-64 letters, digits, '.', '_' or '-': '" + name + "'");
        }
        if (closing) {
            throw new Fault(FaultCode.UNAVAILABLE, "the host is shutting down");
        }
        if (services.containsKey(name)) {
            throw new Fault(FaultCode.CONFLICT, "a service named '" + name + "' is running already");
        }
        if (service.runtime != null) {
            throw new Fault(FaultCode.CONFLICT, "this Service instance is running already as '" + service.runtime.name() + "'");
        }
        checkStateJson(service);
        Map<String, ServiceRef> refs = new LinkedHashMap<>();
        for (Map.Entry<String, String> p : partners.entrySet()) {
            String problem = partnerProblem(p.getValue());
            if (problem != null) {
                throw new Fault(FaultCode.BAD_REQUEST, "service '" + name + "', partner '" + p.getKey() + "': " + problem);
            }
            refs.put(p.getKey(), partnerRef(p.getValue()));
        }
        HttpServer h = http;
        boolean onEventLoop = options.handlersOnEventLoop || options.nonBlockingServicesOnEventLoop && service.handlersNeverBlock();
        DispatcherQueue queue = onEventLoop && h != null
                ? DispatcherQueue.onExecutor(name, h.nextEventLoop(), SchedulingPolicy.unconstrained())
                : new DispatcherQueue(name, dispatcher);
        ServiceRuntime<S> rt;
        try {
            rt = new ServiceRuntime<>(name, service, queue, state, stateFile == null ? null : new StateFile(stateFile),
                    refs, partners, options.maxPendingPerService, options.admissionPolicy == null ? null
                            : new DispatcherQueue(name + ".admission", dispatcher, options.admissionPolicy),
                    options.replayBytes);
        } catch (IOException e) {
            throw new Fault(FaultCode.INTERNAL, "service '" + name + "' cannot start: " + e.getMessage(), e);
        }
        if (services.putIfAbsent(name, rt) != null) {
            service.runtime = null;
            throw new Fault(FaultCode.CONFLICT, "a service named '" + name + "' is running already");
        }
        if (stateFile != null) {
            durableFiles.put(name, stateFile);
        }
        rt.droppedFuture().thenRun(() -> services.remove(name, rt));
        rt.start();
        LOG.log(System.Logger.Level.INFO, "service {0} ({1}) started{2}", name, service.contract(), stateFile == null ? "" : " with state file " + stateFile);
        return new LocalServiceRef(rt);
    }

    /**
     * Checks, before a service starts, that Jackson can write and read its state type when the
     * service leaves {@code toJson} to Jackson: in a named module the state's package must be
     * opened to Jackson, and the Fault says which line to add to which module-info.java.
     */
    private static <S> void checkStateJson(Service<S> service) throws Fault {
        if (overridesToJson(service.getClass()) || service.initialState() == null) {
            return;
        }
        Class<S> type = service.stateType();
        try {
            Json.MAPPER.treeToValue(Json.MAPPER.valueToTree(service.initialState()), type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            Module m = type.getModule();
            Module jackson = com.fasterxml.jackson.databind.ObjectMapper.class.getModule();
            String pkg = type.getPackageName();
            if (m.isNamed() && !m.isOpen(pkg, jackson)) {
                throw new Fault(FaultCode.BAD_REQUEST, "Jackson cannot read the state type " + type.getName()
                        + " of contract " + service.contract() + ": module " + m.getName() + " does not open "
                        + pkg + " to Jackson; add the line 'opens " + pkg + " to com.fasterxml.jackson.databind;'"
                        + " to module " + m.getName() + "'s module-info.java", e);
            }
            throw new Fault(FaultCode.BAD_REQUEST, "Jackson cannot write and read back the state type " + type.getName()
                    + " of contract " + service.contract() + ": " + Json.firstLine(e), e);
        }
    }

    private static boolean overridesToJson(Class<?> c) {
        for (Class<?> k = c; k != null && k != Service.class; k = k.getSuperclass()) {
            for (java.lang.reflect.Method m : k.getDeclaredMethods()) {
                if (m.getName().equals("toJson") && m.getParameterCount() == 1) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A Create over HTTP: as {@link #create(ServiceSpec)}, but a name that was durable in this
     * host (a state file was configured for it) stays durable: the service is created again on
     * the same state file and starts from the state saved there at its drop. Acknowledged writes
     * are never silently volatile.
     *
     * @throws Fault BAD_REQUEST if the body gives an initial state for such a name
     */
    ServiceRef createOverHttp(ServiceSpec spec) throws Fault {
        Path file = durableFiles.get(spec.name());
        if (file == null) {
            return create(spec);
        }
        if (spec.state() != null) {
            throw new Fault(FaultCode.BAD_REQUEST, "service '" + spec.name() + "' is durable in this host: created again,"
                    + " it starts from its state file; leave out \"state\" (and Replace the state afterwards)");
        }
        return create(spec.name(), instantiate(spec.contract()), null, spec.partners(), file);
    }

    /**
     * @param target a partner: a local service name or an {@code http://} service URL
     * @return {@code null} if it is well-formed, else what is wrong with it
     */
    static String partnerProblem(String target) {
        if (target == null || target.isBlank()) {
            return "a partner is a service name or an http:// service URL, not empty";
        }
        if (target.startsWith("http://") || target.startsWith("https://")) {
            try {
                URI u = new URI(target);
                if (u.getHost() == null) {
                    return "'" + target + "' has no host name";
                }
                return null;
            } catch (java.net.URISyntaxException e) {
                return "'" + target + "' is not a valid URL: " + e.getReason() + " at index " + e.getIndex();
            }
        }
        if (target.contains("://")) {
            return "'" + target + "' uses a scheme this host cannot call; use http://";
        }
        return ServiceSpec.isValidName(target) ? null
                : "'" + target + "' is neither a service name (1-64 letters, digits, '.', '_', '-') nor an http:// URL";
    }

    private ServiceRef partnerRef(String target) {
        if (target.startsWith("http://") || target.startsWith("https://")) {
            return ServiceRef.remote(URI.create(target), options.token);
        }
        return new DeferredServiceRef(this, target);
    }

    private Service<?> instantiate(String contract) throws Fault {
        Supplier<? extends Service<?>> factory = contracts.factory(contract);
        try {
            return factory.get();
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, () -> "contract " + contract + " cannot be instantiated", e);
            throw new Fault(FaultCode.BAD_REQUEST, "contract " + contract + " cannot be instantiated"
                    + " (it needs a public no-argument constructor that succeeds): " + e);
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
        ServiceRuntime<?> rt = services.get(name);
        if (rt == null) {
            throw new IllegalArgumentException("no service '" + name + "' in this host; running: " + services.keySet());
        }
        return new LocalServiceRef(rt);
    }

    /** {@return the names of the running services, sorted} */
    public List<String> serviceNames() {
        return new ArrayList<>(services.keySet());
    }

    ServiceRuntime<?> runtime(String name) {
        return services.get(name);
    }

    Map<String, ServiceRuntime<?>> runtimes() {
        return services;
    }

    /**
     * Drops a service: its teardown runs, its state is saved, it leaves the directory.
     *
     * @param name the service
     * @return the Drop's answer
     */
    public CompletableFuture<Response> drop(String name) {
        ServiceRuntime<?> rt = services.get(name);
        if (rt == null) {
            return CompletableFuture.failedFuture(new Fault(FaultCode.NOT_FOUND, "no service '" + name + "'"));
        }
        CompletableFuture<Response> f = new CompletableFuture<>();
        rt.post(Operation.builder(Verb.DROP).build(ResponsePort.future(f)));
        return f;
    }

    /** {@return the bound HTTP port, or -1 without HTTP} */
    public int port() {
        HttpServer h = http;
        return h == null ? -1 : h.port();
    }

    /** {@return {@code http://address:port}} */
    public URI baseUri() {
        String host = options.bindAddress.equals("0.0.0.0") ? "127.0.0.1" : options.bindAddress;
        if (host.indexOf(':') >= 0) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port());
    }

    /** {@return the HTTP connections open now (0 without HTTP)} */
    int openConnections() {
        HttpServer h = http;
        return h == null ? 0 : h.openConnections();
    }

    /** {@return the host's dispatcher (services' queues run on it)} */
    public Dispatcher dispatcher() {
        return dispatcher;
    }

    Builder options() {
        return options;
    }

    BearerToken token() {
        return token;
    }

    HostMetrics metrics() {
        return metrics;
    }

    long uptimeMillis() {
        return System.currentTimeMillis() - startedMillis;
    }

    boolean isClosing() {
        return closing;
    }

    /** {@return the {@code /metrics} text now (for tests and embedding)} */
    String metricsSnapshot() {
        return new HostRouter(this).metricsText();
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
        if (closed) {
            return;
        }
        closing = true;
        long end = System.nanoTime() + deadline.toNanos();
        HttpServer h = http;
        if (h != null) {
            h.stopAccepting();
            while (metrics.inFlight() > 0 && System.nanoTime() < end) {
                sleepMillis(2);
            }
            if (metrics.inFlight() > 0) {
                LOG.log(System.Logger.Level.WARNING, "shutdown deadline passed with {0} requests in flight", String.valueOf(metrics.inFlight()));
            }
        }
        List<CompletableFuture<Void>> drops = new ArrayList<>();
        for (ServiceRuntime<?> rt : new ArrayList<>(services.values())) {
            rt.post(Operation.builder(Verb.DROP).build(ResponsePort.of((r, f) -> { })));
            drops.add(rt.droppedFuture());
        }
        try {
            CompletableFuture.allOf(drops.toArray(CompletableFuture[]::new))
                    .get(Math.max(deadline.toMillis(), 1000), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            LOG.log(System.Logger.Level.WARNING, "not every service finished its teardown in time: {0}", e.toString());
        }
        if (h != null) {
            h.close();
        }
        if (ownsDispatcher) {
            dispatcher.close(Duration.ofSeconds(2));
        }
        closed = true;
        LOG.log(System.Logger.Level.INFO, "ccrj host closed");
    }

    private static void sleepMillis(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The host's settings. Defaults: port 50000 on 127.0.0.1, one event-loop thread per core,
     * dispatcher threads one per core, 1 MiB request bodies, 60 s idle timeout, 10 s handler
     * timeout (then 504), 10,000 pending operations per service (then 503), 5 s shutdown drain,
     * no token. Against hostile and careless clients (see docs/dss-services.md, "Running the
     * host"): 10 s request-head deadline, a pipelining window of 64, no limit on requests per
     * connection, 10,000 connections (1,000 per client address), SSE subscriber buffers of 1,024
     * events and 1 MiB, 4 MiB of notifications kept for replay, 1,000 services, and {@code Host}
     * names limited to the addresses served and the loopback names.
     */
    public static final class Builder {
        private int port = 50000;
        private String bindAddress = "127.0.0.1";
        private int ioThreads = Runtime.getRuntime().availableProcessors();
        private int dispatcherThreads;
        private int maxRequestBytes = 1 << 20;
        private Duration idleTimeout = Duration.ofSeconds(60);
        private Duration requestTimeout = Duration.ofSeconds(10);
        private int maxPendingPerService = 10_000;
        private Duration shutdownDeadline = Duration.ofSeconds(5);
        private String token;
        private boolean protectReads;
        private boolean handlersOnEventLoop;
        private boolean nonBlockingServicesOnEventLoop = true;
        private Dispatcher dispatcher;
        private SchedulingPolicy admissionPolicy;
        private Duration headerTimeout = Duration.ofSeconds(10);
        private int pipelineWindow = 64;
        private int maxRequestsPerConnection = Integer.MAX_VALUE;
        private int maxConnections = 10_000;
        private int maxConnectionsPerClient = 1_000;
        private int sseMaxEvents = 1024;
        private int sseMaxBytes = 1 << 20;
        private int maxServices = 1_000;
        private long replayBytes = 4L << 20;
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
         * Runs the handlers of services created after {@link #start()} on a Netty event loop (one
         * per service, round robin) instead of the dispatcher: an HTTP request to a service on
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
         * it saves two thread wake-ups per HTTP request (on the 2-core reference machine a loopback
         * Get went from about 1.6x to 0.7x the raw Netty handler's round trip). Off puts them on the
         * dispatcher like any other service.
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
