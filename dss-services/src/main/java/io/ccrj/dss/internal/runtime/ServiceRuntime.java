package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.Operation;
import io.ccrj.dss.OperationHandler;
import io.ccrj.dss.Response;
import io.ccrj.dss.Service;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.json.MergePatch;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;

/**
 * One running service: its main port (four ccr-core ports, one per {@link HandlerKind}, addressed
 * as one through {@link #post}), the interleave that arbitrates its handlers, and the runtime's
 * own handlers (the generic Get, Replace, Update, Subscribe, Lookup and the Drop teardown). The
 * other jobs have a class each: {@link Admission} (the pending bound and the admission queue),
 * {@link VerbTable} (which handler runs for which operation), {@link VersionedState} (state,
 * version, snapshot, durable file, the commit of a modification) and {@link NotificationLog}
 * (sequence, replay window, subscribers).
 *
 * <h2>Threading</h2>
 * {@link #post} may be called from any thread. The state is written only by exclusive or teardown
 * handlers, which the interleave runs alone and orders (see {@link VersionedState}); the host's
 * browser view and metrics read it outside the interleave through volatile fields.
 *
 * @param <S> the state type
 */
@Internal
public final class ServiceRuntime<S> {
    /** Through System.Logger: no logging library forced on users (the host jar configures the backend). */
    private static final System.Logger LOG = System.getLogger(ServiceRuntime.class.getName());
    /** Notifications kept for SSE reconnection ({@code Last-Event-ID}). */
    public static final int RETAINED_NOTIFICATIONS = NotificationLog.RETAINED_NOTIFICATIONS;
    /** The media type of a JSON Merge Patch, the standard Update's body. */
    public static final String MERGE_PATCH = VerbTable.MERGE_PATCH;

    private final String name;
    private final Service<S> service;
    /** The contract as shown ({@link #shownContract}), worked out once. */
    private final String contract;
    private final DispatcherQueue queue;
    private final Map<String, ServiceRef> partners;
    /** What {@code bind} declared (immutable). */
    private final Declared declared;
    /** The API types' non-public members, as the host was handed them. */
    private final ApiHooks hooks;
    private final Map<String, String> partnerUris;
    private final Admission admission;
    private final VerbTable verbs;
    /** The schemas request bodies must fit (the OpenAPI documents show the same). */
    private final BodySchemas bodySchemas;
    private final VersionedState<S> state;
    /** The notification sequence, its replay window and the subscriptions. */
    private final NotificationLog log;

    private final Port<Envelope> concurrentPort;
    private final Port<Envelope> exclusivePort;
    private final Port<Envelope> teardownPort;
    private final Port<Envelope> independentPort;

    private volatile boolean dropped;
    private final CompletableFuture<Void> droppedFuture = new CompletableFuture<>();
    private final LongAdder operations = new LongAdder();
    private final LongAdder faults = new LongAdder();
    /** Whether a Get may be answered outside the interleave (see {@link #inlineGet}). */
    private final boolean inlineGet;

    /**
     * Binds the service and loads its first state; {@link #start} then activates it.
     *
     * @param name the service's name in its host
     * @param service the instance (attached to this runtime)
     * @param queue the dispatcher queue its handlers run on
     * @param initialState the state to start from, or {@code null} for the service's own
     * @param stateFile the durable state file, or {@code null}
     * @param partners partner name to handle
     * @param partnerUris partner name to the target as given (for Lookup)
     * @param maxPending operations held unanswered before new ones are refused
     * @param admissionQueue the queue whose scheduling policy sheds load, or {@code null}
     * @param retainedBytesLimit bytes of notifications kept for replay
     * @param hooks the API types' non-public members (handed down by the host)
     * @throws Fault BAD_REQUEST if the initial state is not a valid state
     * @throws IOException if the state file cannot be read or holds no valid state
     */
    public ServiceRuntime(String name, Service<S> service, DispatcherQueue queue, JsonNode initialState,
                          StateFile stateFile, Map<String, ServiceRef> partners, Map<String, String> partnerUris,
                          int maxPending, DispatcherQueue admissionQueue, long retainedBytesLimit,
                          ApiHooks hooks) throws Fault, IOException {
        this.name = name;
        this.hooks = java.util.Objects.requireNonNull(hooks, "hooks");
        this.service = service;
        this.contract = shownContract(service);
        this.queue = queue;
        this.partners = Map.copyOf(partners);
        this.partnerUris = Collections.unmodifiableMap(new LinkedHashMap<>(partnerUris));
        this.admission = new Admission(name, maxPending, admissionQueue);
        this.log = new NotificationLog(retainedBytesLimit);
        this.concurrentPort = new Port<>(name + ".concurrent");
        this.exclusivePort = new Port<>(name + ".exclusive");
        this.teardownPort = new Port<>(name + ".teardown");
        this.independentPort = new Port<>(name + ".independent");
        this.declared = hooks.bind(service);
        this.verbs = new VerbTable(declared, this::standardHandler, this::lookup,
                custom -> op -> teardown(op, custom));
        this.bodySchemas = BodySchemas.of(name, declared, service.stateType());
        this.state = new VersionedState<>(name, service, initialState, stateFile, hooks);
        Binding get = verbs.binding(Verb.GET);
        this.inlineGet = get != null && get.standard() && !admission.hasQueue();
        hooks.attach(service, this);
    }

    /** Activates the interleave and the independent receiver, then runs the service's onStart. */
    public void start() {
        Arbiter.activate(queue, Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, teardownPort, this::runExclusive)),
                Arbiter.exclusive(Arbiter.receive(true, exclusivePort, this::runExclusive)),
                Arbiter.concurrent(Arbiter.receive(true, concurrentPort, this::run))));
        Arbiter.activate(queue, Arbiter.receive(true, independentPort, this::run));
        hooks.onStart(service);
    }

    /** {@return the state now (a handler's read; see {@link Service})} */
    public S state() {
        return state.state();
    }

    /**
     * Sets the state; an exclusive handler's write, ordered by the interleave.
     *
     * @param newState the new state
     */
    public void setState(S newState) {
        state.set(newState);
    }

    /** {@return operations accepted} */
    public long operationsCount() {
        return operations.sum();
    }

    /** {@return operations refused because the service was overloaded} */
    public long shedCount() {
        return admission.shed();
    }

    /** {@return operations answered with a fault} */
    public long faultCount() {
        return faults.sum();
    }

    /** {@return the service's name in its host} */
    public String name() {
        return name;
    }

    /** {@return the service's contract as the host shows it (see {@link #shownContract})} */
    public String contract() {
        return contract;
    }

    /**
     * The contract of a service in its users' terms, as Lookup, the directory, the browser view
     * and fault messages show it: the id the service declares ({@link Service#contract()}), or,
     * where it keeps the default (its Java class's name, which the host never shows), a readable
     * name made from the class's simple name: without a {@code Service} suffix, words joined by
     * {@code -}, lower case ({@code RelayService}: {@code relay}, {@code KeyValueStore}:
     * {@code key-value-store}; an anonymous class: {@code service}). That name only describes:
     * a manifest or Create names the class, or the id a service declares.
     *
     * @param service a service
     * @return its contract as shown
     */
    public static String shownContract(Service<?> service) {
        String declared = service.contract();
        Class<?> type = service.getClass();
        if (declared != null && !declared.equals(type.getName())) {
            return declared;
        }
        String simple = type.getSimpleName();
        if (simple.endsWith("Service") && simple.length() > "Service".length()) {
            simple = simple.substring(0, simple.length() - "Service".length());
        }
        StringBuilder sb = new StringBuilder(simple.length() + 4);
        for (int i = 0; i < simple.length(); i++) {
            char c = simple.charAt(i);
            if (Character.isUpperCase(c)) {
                // a new word: an upper-case letter after a lower-case one or a digit, or the last
                // capital of an acronym before a lower-case letter ("HTTPRelay": http-relay)
                boolean afterLower = i > 0 && !Character.isUpperCase(simple.charAt(i - 1));
                boolean endsAcronym = i > 0 && i + 1 < simple.length() && Character.isLowerCase(simple.charAt(i + 1));
                if (sb.length() > 0 && (afterLower || endsAcronym)) {
                    sb.append('-');
                }
                sb.append(Character.toLowerCase(c));
            } else if (Character.isLetterOrDigit(c)) {
                sb.append(c);
            } else if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '-') {
                sb.append('-'); // '_' or '$' in a class name
            }
        }
        while (sb.length() > 0 && sb.charAt(sb.length() - 1) == '-') {
            sb.setLength(sb.length() - 1);
        }
        return sb.length() == 0 ? "service" : sb.toString();
    }

    /** {@return the service instance} */
    public Service<S> service() {
        return service;
    }

    /** {@return the queue its handlers run on} */
    public DispatcherQueue queue() {
        return queue;
    }

    /** {@return the JSON snapshot of the last committed state} */
    public JsonNode snapshot() {
        return state.snapshot();
    }

    /**
     * The JSON bytes of a snapshot, written once per version and shared by every HTTP Get of it
     * (the array is never modified).
     *
     * @param snap a snapshot this runtime handed out
     * @return its bytes, or {@code null} if it is no longer the current snapshot
     */
    public byte[] snapshotBytes(JsonNode snap) {
        return state.snapshotBytes(snap);
    }

    /** {@return the state version (the ETag)} */
    public long version() {
        return state.version();
    }

    /**
     * @param v a version of this service's state
     * @return its HTTP entity tag, the same as {@link Response#etagOf}, formatted once per version
     */
    public CharSequence etag(long v) {
        return state.etag(v);
    }

    /** {@return operations accepted and not yet answered} */
    public int pendingCount() {
        return admission.pending();
    }

    /** {@return open subscriptions} */
    public int subscriberCount() {
        return log.subscriberCount();
    }

    /** {@return {@code true} once the teardown has run} */
    public boolean isDropped() {
        return dropped;
    }

    /** {@return completed when the teardown has run, before the Drop's answer} */
    public CompletableFuture<Void> droppedFuture() {
        return droppedFuture;
    }

    /**
     * @param verb an operation
     * @return {@code true} if the operation has a handler
     */
    public boolean lookupSupports(Verb verb) {
        return verbs.supports(verb);
    }

    /**
     * @param action a Submit action
     * @return {@code true} if a Submit of this action has a handler
     */
    public boolean supportsAction(String action) {
        return verbs.supportsAction(action);
    }

    /**
     * @return the media type the Update body must have: the service's declaration, else merge
     *     patch for the standard Update and any JSON for a custom one ({@code application/json})
     */
    public String updateBody() {
        return verbs.updateBody();
    }

    /**
     * @param verb an operation
     * @param action the Submit's action (for {@link Verb#SUBMIT}), else ignored
     * @return {@code null} if a handler runs for it (Lookup and Drop always have one), else the
     *     message of the UNSUPPORTED fault the service would answer
     */
    public String unsupported(Verb verb, String action) {
        boolean ok = switch (verb) {
            case LOOKUP, DROP -> true;
            case SUBMIT -> verbs.supportsAction(action);
            default -> verbs.supports(verb);
        };
        return ok ? null : verbs.unsupportedMessage(name, contract(), verb, action);
    }

    /** {@return the schemas its request bodies must fit, checked by {@link #post}} */
    public BodySchemas bodySchemas() {
        return bodySchemas;
    }

    /** {@return what the service's {@code bind} declared: handlers, standard verbs, body types} */
    public Declared declared() {
        return declared;
    }

    /** @return the names of the Submit actions (for the browser view's forms and listeners) */
    public List<String> actionNames() {
        return verbs.actionNames();
    }

    /**
     * @param partnerName a partner of this service
     * @return its handle
     * @throws IllegalArgumentException if there is no such partner
     */
    public ServiceRef partner(String partnerName) {
        ServiceRef p = partners.get(partnerName);
        if (p == null) {
            throw new IllegalArgumentException("service " + name + " has no partner '" + partnerName
                    + "'; its partners: " + partners.keySet());
        }
        return p;
    }

    /**
     * A Get answered by the caller without entering the interleave, when no user code would run
     * for it: the service's Get is the runtime's standard one, which only reads the committed
     * snapshot, an immutable value published by each commit (see {@link VersionedState}). The
     * answer is the one the interleave would give: a committed version, never a modification in
     * progress, and at least the version of every modification answered before this call; no
     * handler runs, so exclusive handlers stay exclusive. The operation is counted as accepted.
     * Services with their own Get handler, or with an admission policy (which decides about every
     * operation), go through {@link #post}, as does every Get once the service is dropped or while
     * its pending bound is reached (so that it is refused like any other operation).
     *
     * @return the committed snapshot to answer with, or {@code null}: post the Get instead
     */
    public Committed inlineGet() {
        if (!inlineGet || dropped || admission.saturated()) {
            return null; // an overloaded service answers 503 through post, as for any operation
        }
        operations.increment();
        return state.committed();
    }

    /**
     * The main port: routes the operation to its handler's group, or answers at once with a
     * fault (dropped service, unsupported operation, overload).
     *
     * @param op the operation
     */
    public void post(Operation op) {
        if (dropped) {
            op.fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            return;
        }
        Binding b = verbs.bindingFor(op);
        if (b == null) {
            faults.increment();
            op.fault(FaultCode.UNSUPPORTED, verbs.unsupportedMessage(name, contract(), op));
            return;
        }
        try {
            bodySchemas.check(op); // before any handler: the body fits the schema the documents show
        } catch (Fault f) {
            faults.increment();
            op.fault(f);
            return;
        }
        if (!admission.tryAcquire(op)) {
            return;
        }
        operations.increment();
        // the runtime keeps its data beside the operation (which stays a plain value); the
        // response port learns the commit to ask before a success, set before the post publishes it
        Envelope admitted = new Envelope(op, this, b);
        hooks.admitted(op.responsePort(), admitted, admission.release);
        admission.post(admitted, portFor(b.kind()));
        if (dropped && b.kind() != HandlerKind.TEARDOWN) {
            failStragglers(); // raced with the teardown: its ports have no receivers any more
        }
    }

    private Port<Envelope> portFor(HandlerKind kind) {
        return switch (kind) {
            case CONCURRENT -> concurrentPort;
            case EXCLUSIVE -> exclusivePort;
            case TEARDOWN -> teardownPort;
            case INDEPENDENT -> independentPort;
        };
    }

    // ---- handler execution (tasks of the interleave) ----

    private void run(Envelope e) {
        Operation op = e.op();
        if (dropped) {
            op.fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            return;
        }
        try {
            e.binding().handler().handle(op);
        } catch (Fault f) {
            faults.increment();
            op.fault(f);
        } catch (Throwable t) {
            handlerFailed(op, t);
        }
    }

    private void runExclusive(Envelope e) {
        Operation op = e.op();
        if (dropped) {
            op.fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            return;
        }
        state.begin();
        try {
            if (op.ifMatch() != null && op.verb().isModifying()) {
                state.checkIfMatch(op.ifMatch());
            }
            e.binding().handler().handle(op);
            if (op.responsePort().isAnswered()) {
                // answered with a fault (op.fault after setState), or with a success whose commit
                // already made its state the one to keep: no uncommitted change outlives the answer
                state.restore();
            }
        } catch (Fault f) {
            state.restore();
            if (!answeredAlready(op, f)) {
                faults.increment();
                op.fault(f);
            }
        } catch (Throwable t) {
            state.restore();
            if (!answeredAlready(op, t)) {
                handlerFailed(op, t);
            }
        }
    }

    /**
     * A handler that threw after its operation was answered: the answer stands (a success was
     * committed before it was delivered and must stay visible; turning it into a fault now would
     * report a change that is there as one that is not). Logged, not answered again.
     */
    private boolean answeredAlready(Operation op, Throwable t) {
        if (!op.responsePort().isAnswered()) {
            return false;
        }
        LOG.log(System.Logger.Level.WARNING, () -> "service " + name + ": the handler for " + op
                + " threw after it was answered; the answer stands", t);
        return true;
    }

    private void handlerFailed(Operation op, Throwable t) {
        faults.increment();
        if (t instanceof io.ccrj.dss.JsonBodies.MismatchException m) {
            // the handler read the body as a type it does not fit: the client's error, in its terms
            op.responsePort().fault(new Fault(FaultCode.BAD_REQUEST, "the body of " + op + " does not fit: "
                    + m.getMessage(), t));
            return;
        }
        LOG.log(System.Logger.Level.WARNING, () -> "service " + name + ": handler for " + op + " threw", t);
        op.responsePort().fault(new Fault(FaultCode.INTERNAL, "the handler for " + op + " of service '"
                + name + "' failed" + (t.getMessage() == null ? "" : ": " + t.getMessage())
                + " (the host's log has the details)", t));
    }

    /**
     * Called by {@link Operation#respond} before a successful answer is delivered: for an
     * exclusive modification, claims the answer and commits the change ({@link
     * VersionedState#commit}); a commit that fails answers the fault through the claim instead.
     *
     * <p>The claim comes first so that nothing else (the host's 504 timer) can answer between the
     * commit and its success: once claimed, only this thread answers. A port answered already
     * (timed out) commits nothing: the handler's change is rolled back, as for any answer that
     * is not a success.
     *
     * @param op the answering operation
     * @param b the handler it was admitted for
     * @param notification the notification's body, or {@code null} for the one the operation makes
     * @return the version to answer with (the port is then claimed if it committed), or -1 if
     *     nothing is to be delivered (the fault was answered, or the port had its answer already)
     */
    long beforeSuccess(Operation op, Binding b, JsonNode notification) {
        if (!op.verb().isModifying() || b.kind() != HandlerKind.EXCLUSIVE) {
            return state.version();
        }
        if (!hooks.claim(op.responsePort())) {
            state.restore();
            return -1;
        }
        try {
            return state.commit(op, log, notification);
        } catch (Fault f) {
            faults.increment();
            hooks.answerClaimed(op.responsePort(), null, f);
            return -1;
        } catch (RuntimeException | Error e) {
            // something commit() does not turn into a fault itself (its commit point only assigns
            // and cannot throw, so nothing was committed): the claim must still be answered, or
            // neither this answer nor the 504 would ever reach the client
            state.restore();
            faults.increment();
            hooks.answerClaimed(op.responsePort(), null, new Fault(FaultCode.INTERNAL, "the change to service '"
                    + name + "' could not be committed; nothing was changed (the host's log has the details)", e));
            try {
                LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": committing " + op + " failed", e);
            } catch (RuntimeException | Error ignored) {
                // the answer is what matters
            }
            return -1;
        }
    }

    // ---- the runtime's own handlers ----

    private OperationHandler standardHandler(Verb v) {
        return switch (v) {
            case GET -> op -> {
                Committed c = state.committed();
                op.responsePort().respond(new Response(c.snapshot(), c.version()));
            };
            case REPLACE -> op -> {
                state.set(hooks.fromJson(service, requireBody(op)));
                op.respondState();
            };
            case UPDATE -> op -> {
                JsonNode patched = MergePatch.apply(state.snapshot().deepCopy(), requireBody(op));
                state.set(hooks.fromJson(service, patched));
                op.respondState();
            };
            case SUBSCRIBE -> this::subscribe;
            default -> throw new IllegalArgumentException("no standard handler for " + v);
        };
    }

    /**
     * @param op an operation
     * @return its body
     * @throws Fault BAD_REQUEST if it has none
     */
    public static JsonNode requireBody(Operation op) throws Fault {
        JsonNode body = op.body();
        if (body == null) {
            throw new Fault(FaultCode.BAD_REQUEST, op.verb() + " needs a JSON body");
        }
        return body;
    }

    private void lookup(Operation op) {
        ObjectNode o = Json.object();
        o.put("name", name);
        o.put("contract", contract());
        ArrayNode ops = o.putArray("operations");
        for (Verb v : Verb.values()) {
            if (verbs.supports(v)) {
                ops.add(v.name());
            }
        }
        ArrayNode acts = o.putArray("actions");
        verbs.actionNames().forEach(acts::add);
        ObjectNode ps = o.putObject("partners");
        partnerUris.forEach(ps::put);
        o.put("version", state.version());
        op.respond(o);
    }

    private void subscribe(Operation op) throws Fault {
        NotificationListener listener = op.subscriber();
        if (listener == null) {
            throw new Fault(FaultCode.BAD_REQUEST, "Subscribe needs a listener");
        }
        long version = state.version();
        log.subscribe(listener, op.lastSequence(), version);
        ObjectNode o = Json.object();
        o.put("sequence", log.sequence());
        o.put("version", version);
        op.respond(o);
    }

    /**
     * Ends a subscription from the subscriber's side.
     *
     * @param listener the listener given to Subscribe
     */
    public void unsubscribe(NotificationListener listener) {
        log.unsubscribe(listener);
    }

    private void teardown(Operation op, OperationHandler custom) throws Exception {
        try {
            if (custom != null) {
                custom.handle(op);
            }
            hooks.onDrop(service);
        } finally {
            dropped = true;
            state.saveAtDrop();
            log.closeAll("service '" + name + "' dropped");
            droppedFuture.complete(null); // leaves the host's directory before the answer is seen
            ObjectNode o = Json.object();
            o.put("dropped", name);
            op.responsePort().respond(new Response(o, state.version()));
            // Items that were pending inside the interleave go back to their ports once the
            // teardown has run; answer them after that.
            queue.execute(this::failStragglers);
        }
    }

    private void failStragglers() {
        for (Port<Envelope> p : List.of(concurrentPort, exclusivePort, teardownPort, independentPort)) {
            for (Envelope e; (e = p.test()) != null; ) {
                e.op().fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            }
        }
    }

    /** @return partner names and URIs as given */
    public Map<String, String> partnerUris() {
        return new LinkedHashMap<>(partnerUris);
    }
}
