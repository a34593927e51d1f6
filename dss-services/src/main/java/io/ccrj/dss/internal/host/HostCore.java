package io.ccrj.dss.internal.host;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Response;
import io.ccrj.dss.ResponsePort;
import io.ccrj.dss.Service;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.ServiceSpec;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.runtime.ApiHooks;
import io.ccrj.dss.internal.http.server.HostMetrics;
import io.ccrj.dss.internal.http.client.HttpClientPool;
import io.ccrj.dss.internal.http.server.HttpRouter;
import io.ccrj.dss.internal.http.server.HttpServer;
import io.ccrj.dss.internal.http.client.HttpServiceRef;
import io.ccrj.dss.internal.transport.Transport;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.rest.RestTable;
import io.ccrj.dss.internal.runtime.StateFile;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The host's core behind the {@code ServiceHost} facade: the directory of running services, their
 * creation (partners, state file, the state type's JSON check, event loop or dispatcher), the HTTP
 * server's start, and the graceful close.
 *
 * <h2>Thread safety</h2>
 * {@link #create}, {@link #runtime} and {@link #drop} may be called from any thread at any time
 * (the directory is a concurrent map; a name is taken with {@code putIfAbsent}); {@link #start}
 * and {@link #close} are called by the facade, the latter under its lock.
 */
@Internal
public final class HostCore {
    /** Through System.Logger: no logging library forced on users (the host jar configures the backend). */
    private static final System.Logger LOG = System.getLogger("io.ccrj.dss.ServiceHost");

    /** Makes a new instance of a contract. */
    public interface Contracts {
        /**
         * @param contract a contract id or class name
         * @return a new instance
         * @throws Fault BAD_REQUEST if the contract is unknown or cannot be instantiated
         */
        Service<?> instantiate(String contract) throws Fault;

        /**
         * {@return the contracts a Create may name without naming a class: their ids (and provider
         * class names) to their state types, in a stable order}
         */
        Map<String, Class<?>> stateTypes();
    }

    private final HostConfig config;
    private final BearerToken token;
    private final Dispatcher dispatcher;
    private final boolean ownsDispatcher;
    private final Contracts contracts;
    /** The API types' non-public members, handed over by the facade and passed to every runtime. */
    private final ApiHooks hooks;
    private final Map<String, ServiceRuntime<?>> services = new ConcurrentSkipListMap<>();
    /** Names created with a state file: created again over HTTP, they keep it. */
    private final Map<String, Path> durableFiles = new ConcurrentHashMap<>();
    private final HostMetrics metrics = new HostMetrics();
    private final long startedMillis = System.currentTimeMillis();
    /**
     * What the host listens with, once {@link #start} bound the port: its transport (the event
     * loops, made and closed here), the HTTP server on it and the HTTP client pool of its remote
     * partners on the same loops. Published whole, once.
     *
     * @param transport the event loops
     * @param server the server
     * @param clients the partners' connections
     */
    private record Http(Transport transport, HttpServer server, HttpClientPool clients) {
    }

    private volatile Http http;
    /**
     * Services created before {@link #start} that belong on an event loop: {@link #start} moves
     * them there. A service added while start runs binds itself after adding (it reads
     * {@link #http} again), so none is missed; binding twice keeps the first loop.
     */
    private final java.util.Queue<LateBoundLoop> waitingForLoops = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private volatile boolean closing;
    private volatile boolean closed;

    /**
     * @param config the settings
     * @param dispatcher the services' dispatcher
     * @param ownsDispatcher whether {@link #close} closes it
     * @param contracts instantiates the contracts that manifests and Create name
     * @param hooks the API types' non-public members (the facade's)
     */
    public HostCore(HostConfig config, Dispatcher dispatcher, boolean ownsDispatcher, Contracts contracts,
                    ApiHooks hooks) {
        this.config = config;
        String secret = config.security().token();
        this.token = secret == null ? null : new BearerToken(secret);
        this.dispatcher = dispatcher;
        this.ownsDispatcher = ownsDispatcher;
        this.contracts = contracts;
        this.hooks = java.util.Objects.requireNonNull(hooks, "hooks");
    }

    /**
     * Binds the HTTP port (unless the port is -1 or it is bound already).
     *
     * @param router makes the host's router on this core
     * @throws UncheckedIOException if the port cannot be bound (the dispatcher is closed if owned)
     */
    public void start(Function<HostCore, HttpRouter> router) {
        HostConfig.Network network = config.network();
        if (network.port() < 0 || http != null) {
            return;
        }
        Transport transport = new Transport(network.ioThreads(), "ccrj-http");
        try {
            HttpServer server = new HttpServer(new InetSocketAddress(network.bindAddress(), network.port()), transport,
                    config.httpLimits(), router.apply(this), metrics);
            http = new Http(transport, server, HttpClientPool.onEventLoops(transport));
        } catch (Exception e) { // Netty rethrows the bind failure (an IOException) undeclared
            transport.close();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            if (ownsDispatcher) {
                dispatcher.close();
            }
            throw new UncheckedIOException("cannot listen on " + network.bindAddress() + ":" + network.port() + ": " + e,
                    e instanceof IOException io ? io : new IOException(e));
        }
        for (LateBoundLoop late = waitingForLoops.poll(); late != null; late = waitingForLoops.poll()) {
            late.bind(http.transport().nextEventLoop());
        }
        LOG.log(System.Logger.Level.INFO, "ccrj host listening on {0}{1}", baseUri(), token == null ? ""
                : " (bearer token required for modifications" + (config.security().protectReads() ? " and reads)" : ")"));
    }

    /**
     * Starts a service.
     *
     * @param <S> the state type
     * @param name its name
     * @param service the instance (used by this host only)
     * @param state the initial state, or {@code null} for the service's own
     * @param partners partner name to a local service name or an {@code http://} service URL
     * @param stateFile the durable state file, or {@code null}
     * @return an in-process handle on it
     * @throws Fault CONFLICT if the name or the instance is taken, BAD_REQUEST for a bad name,
     *     state or partner, UNAVAILABLE while closing, INTERNAL if the state file cannot be read
     */
    public <S> ServiceRef create(String name, Service<S> service, JsonNode state, Map<String, String> partners,
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
        ServiceRuntime<?> running = hooks.runtimeOf(service);
        if (running != null) {
            throw new Fault(FaultCode.CONFLICT, "this Service instance is running already as '" + running.name() + "'");
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
        Http h = http;
        HostConfig.Scheduling scheduling = config.scheduling();
        boolean onEventLoop = scheduling.handlersOnEventLoop()
                || scheduling.nonBlockingServicesOnEventLoop() && service.handlersNeverBlock();
        // before start() there is no event loop yet: such a service runs on the dispatcher and
        // moves to a loop when the host starts listening (never, with port -1: no loops then)
        LateBoundLoop late = onEventLoop && h == null && config.network().port() >= 0 ? new LateBoundLoop(name, dispatcher) : null;
        DispatcherQueue queue = onEventLoop && h != null
                ? DispatcherQueue.onExecutor(name, h.transport().nextEventLoop(), SchedulingPolicy.unconstrained())
                : late != null ? DispatcherQueue.onExecutor(name, late, SchedulingPolicy.unconstrained())
                : new DispatcherQueue(name, dispatcher);
        ServiceRuntime<S> rt;
        try {
            rt = new ServiceRuntime<>(name, service, queue, state, stateFile == null ? null : new StateFile(stateFile),
                    refs, partners, scheduling.maxPendingPerService(), scheduling.admissionPolicy() == null ? null
                            : new DispatcherQueue(name + ".admission", dispatcher, scheduling.admissionPolicy()),
                    config.serviceLimits().replayBytes(), hooks);
        } catch (IOException e) {
            throw new Fault(FaultCode.INTERNAL, "service '" + name + "' cannot start: " + e.getMessage(), e);
        }
        if (services.putIfAbsent(name, rt) != null) {
            hooks.attach(service, null);
            throw new Fault(FaultCode.CONFLICT, "a service named '" + name + "' is running already");
        }
        if (stateFile != null) {
            durableFiles.put(name, stateFile);
        }
        rt.droppedFuture().thenRun(() -> services.remove(name, rt));
        if (late != null) {
            waitingForLoops.add(late);
            rt.droppedFuture().thenRun(() -> waitingForLoops.remove(late));
            Http started = http;
            if (started != null) {
                late.bind(started.transport().nextEventLoop()); // start() ran meanwhile and may have missed it
            }
        }
        rt.start();
        LOG.log(System.Logger.Level.INFO, "service {0} ({1}) started{2}", name, rt.contract(),
                stateFile == null ? "" : " with state file " + stateFile);
        return new LocalServiceRef(rt);
    }

    /**
     * Starts a service described by a manifest entry.
     *
     * @param spec the entry
     * @return a handle on it
     * @throws Fault BAD_REQUEST for an unknown contract, otherwise as {@link #create(String, Service, JsonNode, Map, Path)}
     */
    public ServiceRef create(ServiceSpec spec) throws Fault {
        return create(spec.name(), contracts.instantiate(spec.contract()), spec.state(), spec.partners(), spec.stateFile());
    }

    /** {@return the contracts a Create may name, to their state types (see {@link Contracts#stateTypes})} */
    public Map<String, Class<?>> contractStateTypes() {
        return contracts.stateTypes();
    }

    /**
     * A Create over HTTP: as {@link #create(ServiceSpec)}, but a name that was durable in this
     * host (a state file was configured for it) stays durable: the service is created again on
     * the same state file and starts from the state saved there at its drop. Acknowledged writes
     * are never silently volatile.
     *
     * @param spec the entry
     * @return a handle on it
     * @throws Fault BAD_REQUEST if the body gives an initial state for such a name, otherwise as
     *     {@link #create(ServiceSpec)}
     */
    public ServiceRef createOverHttp(ServiceSpec spec) throws Fault {
        Path file = durableFiles.get(spec.name());
        if (file == null) {
            return create(spec);
        }
        if (spec.state() != null) {
            throw new Fault(FaultCode.BAD_REQUEST, "service '" + spec.name() + "' is durable in this host: created again,"
                    + " it starts from its state file; leave out \"state\" (and Replace the state afterwards)");
        }
        return create(spec.name(), contracts.instantiate(spec.contract()), null, spec.partners(), file);
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
        String contract = ServiceRuntime.shownContract(service);
        try {
            Json.MAPPER.treeToValue(Json.MAPPER.valueToTree(service.initialState()), type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            Module m = type.getModule();
            Module jackson = com.fasterxml.jackson.databind.ObjectMapper.class.getModule();
            String pkg = type.getPackageName();
            if (m.isNamed() && !m.isOpen(pkg, jackson)) {
                // the one case where the fix is a line of the developer's code: name it exactly
                throw new Fault(FaultCode.BAD_REQUEST, "the state of contract " + contract + " cannot be written as JSON:"
                        + " module " + m.getName() + " does not open " + pkg + " to Jackson; add the line 'opens " + pkg
                        + " to com.fasterxml.jackson.databind;' to module " + m.getName() + "'s module-info.java", e);
            }
            throw new Fault(FaultCode.BAD_REQUEST, "the state of contract " + contract + " cannot be written as JSON and"
                    + " read back: " + stateTypeProblem(e) + "; the service was not created", e);
        }
    }

    /** Why Jackson cannot write or read a state type, in words (its own message names Java types and features). */
    private static String stateTypeProblem(Exception e) {
        Throwable t = e;
        for (int i = 0; i < 8 && t != null; i++, t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && m.startsWith("No serializer found for class")) {
                return "its state type has no public fields or getters to write";
            }
            if (m != null && m.startsWith("Cannot construct instance of")) {
                return "its state type has no constructor Jackson can read it with (a public no-argument"
                        + " constructor, or a record)";
            }
        }
        return Json.firstLine(e);
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

    /** {@link #SERVICE_NAME_PATTERN} without its anchors. */
    private static final String SERVICE_NAME_CHARS = "[A-Za-z0-9._-]{1,64}";
    /** A service name, as a regular expression (what {@link ServiceSpec#isValidName} takes). */
    public static final String SERVICE_NAME_PATTERN = "^" + SERVICE_NAME_CHARS + "$";
    /**
     * The partner URLs Create takes, as a regular expression: {@code http://}, a host name (its
     * last label starting with a letter) or an IPv4 address, an optional port, then
     * {@code /services/NAME}, what a remote {@code ServiceRef} calls.
     */
    public static final String PARTNER_URL_PATTERN = "^http://("
            + "((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
            + "|([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\\.)*[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?"
            + ")(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?"
            + RestTable.SERVICES + "/" + SERVICE_NAME_CHARS + "$";
    private static final java.util.regex.Pattern PARTNER_URL = java.util.regex.Pattern.compile(PARTNER_URL_PATTERN);

    /**
     * @param target a partner: a local service name or an {@code http://} service URL
     * @return {@code null} if it is well-formed, else what is wrong with it
     */
    public static String partnerProblem(String target) {
        if (target == null || target.isBlank()) {
            return "a partner is a service name or an http:// service URL, not empty";
        }
        if (target.startsWith("http://") || target.startsWith("https://")) {
            if (!PARTNER_URL.matcher(target).matches()) {
                return "'" + target + "' is not a service URL http://HOST[:PORT]/services/NAME (a host name or IPv4"
                        + " address, a port from 1 to 65535, a service name of 1-64 letters, digits, '.', '_', '-')";
            }
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
            // on the host's own event loops once it listens: a service whose handlers run there calls
            // its remote partners without a thread hop, and the host runs no second group. The pool
            // is chosen per request, so a partner made before start() (or on a host that never
            // listens) uses the shared pool only until the host's loops exist.
            return HttpServiceRef.create(URI.create(target), config.security().token(), this::clientPool);
        }
        return new DeferredServiceRef(this, target);
    }

    /** @return the pool of the host's event loops once it listens, else the process-wide shared one */
    private HttpClientPool clientPool() {
        Http h = http;
        return h == null ? HttpClientPool.shared() : h.clients();
    }

    /**
     * @param name a service name
     * @return an in-process handle on the running service
     * @throws IllegalArgumentException if there is no such service
     */
    public ServiceRef service(String name) {
        ServiceRuntime<?> rt = services.get(name);
        if (rt == null) {
            throw new IllegalArgumentException("no service '" + name + "' in this host; running: " + services.keySet());
        }
        return new LocalServiceRef(rt);
    }

    /**
     * @param name a service name
     * @return its runtime, or {@code null} if no such service runs
     */
    public ServiceRuntime<?> runtime(String name) {
        return services.get(name);
    }

    /** {@return the running services by name, sorted (a live, concurrent view)} */
    public Map<String, ServiceRuntime<?>> runtimes() {
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
        Http h = http;
        return h == null ? -1 : h.server().port();
    }

    /** {@return {@code http://address:port}} */
    public URI baseUri() {
        String bind = config.network().bindAddress();
        String host = bind.equals("0.0.0.0") ? "127.0.0.1" : bind;
        if (host.indexOf(':') >= 0) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port());
    }

    /** {@return the HTTP connections open now (0 without HTTP)} */
    public int openConnections() {
        Http h = http;
        return h == null ? 0 : h.server().openConnections();
    }

    /** {@return the services' dispatcher} */
    public Dispatcher dispatcher() {
        return dispatcher;
    }

    /** {@return the settings} */
    public HostConfig config() {
        return config;
    }

    /** {@return the bearer token, or {@code null}} */
    public BearerToken token() {
        return token;
    }

    /** {@return the HTTP metrics} */
    public HostMetrics metrics() {
        return metrics;
    }

    /** {@return the {@code /metrics} text now: the HTTP counters and each service's gauges} */
    public String metricsText() {
        StringBuilder sb = new StringBuilder(2048);
        metrics.render(sb);
        gauge(sb, "ccrj_service_operations_total", "counter", "Operations accepted by each service.",
                rt -> rt.operationsCount());
        gauge(sb, "ccrj_service_shed_total", "counter", "Operations refused with 503 because the service was overloaded.",
                rt -> rt.shedCount());
        gauge(sb, "ccrj_service_faults_total", "counter", "Operations answered with a fault by the service.",
                rt -> rt.faultCount());
        gauge(sb, "ccrj_service_pending", "gauge", "Operations accepted and not yet answered.", rt -> rt.pendingCount());
        gauge(sb, "ccrj_service_queue_depth", "gauge", "Tasks waiting in the service's DispatcherQueue.",
                rt -> rt.queue().pendingCount());
        gauge(sb, "ccrj_service_subscribers", "gauge", "Open subscriptions.", rt -> rt.subscriberCount());
        gauge(sb, "ccrj_service_version", "gauge", "State version (the ETag).", rt -> rt.version());
        return sb.toString();
    }

    private void gauge(StringBuilder sb, String metric, String type, String help,
                       java.util.function.ToLongFunction<ServiceRuntime<?>> value) {
        sb.append("# HELP ").append(metric).append(' ').append(help).append('\n')
                .append("# TYPE ").append(metric).append(' ').append(type).append('\n');
        runtimes().forEach((n, rt) -> sb.append(metric).append("{service=\"").append(n).append("\"} ")
                .append(value.applyAsLong(rt)).append('\n'));
    }

    /** {@return milliseconds since the host was built} */
    public long uptimeMillis() {
        return System.currentTimeMillis() - startedMillis;
    }

    /** {@return {@code true} once closing has begun} */
    public boolean isClosing() {
        return closing;
    }

    /**
     * Graceful shutdown: new requests 503; requests in flight drain until the deadline; services
     * are dropped (teardown, save); sockets and dispatcher close. Called under the facade's lock.
     *
     * @param deadline how long to wait for requests in flight, and again for the teardowns
     */
    public void close(Duration deadline) {
        if (closed) {
            return;
        }
        closing = true;
        long end = System.nanoTime() + deadline.toNanos();
        Http h = http;
        if (h != null) {
            h.server().stopAccepting();
            while (metrics.inFlight() > 0 && System.nanoTime() < end) {
                sleepMillis(2);
            }
            if (metrics.inFlight() > 0) {
                LOG.log(System.Logger.Level.WARNING, "shutdown deadline passed with {0} requests in flight",
                        String.valueOf(metrics.inFlight()));
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
            h.server().close(); // its connections first, then the loops they ran on
            h.transport().close();
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
}
