package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.Notification;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.Operation;
import io.ccrj.dss.OperationHandler;
import io.ccrj.dss.Response;
import io.ccrj.dss.Service;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.ApiAccess;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.Port;
import io.ccrj.dss.internal.EtagCache;
import io.ccrj.dss.internal.Json;
import io.ccrj.dss.internal.JsonLimits;
import io.ccrj.dss.internal.MergePatch;
import io.ccrj.dss.internal.NotificationLog;
import io.ccrj.dss.internal.SnapshotBytes;
import io.ccrj.dss.internal.StateFile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * One running service: its main port (four ccr-core ports, one per {@link HandlerKind}, addressed
 * as one through {@link #post}), the interleave that arbitrates its handlers, its version, JSON
 * snapshot, subscribers, durable file and admission limit.
 *
 * <h2>Threading</h2>
 * {@link #post} may be called from any thread. Fields written by handlers ({@link #state},
 * {@link #snapshot}, {@link #version}, the notification buffer) are written only by exclusive or
 * teardown handlers, which the interleave runs alone and orders (its lock gives happens-before
 * between one handler's end and the next one's start); they are volatile so that the host's
 * browser view and metrics, which read outside the interleave, see whole values.
 *
 * @param <S> the state type
 */
public final class ServiceRuntime<S> {
    /** Through System.Logger: no logging library forced on users (the host jar configures the backend). */
    private static final System.Logger LOG = System.getLogger(ServiceRuntime.class.getName());
    /** Notifications kept for SSE reconnection ({@code Last-Event-ID}). */
    public static final int RETAINED_NOTIFICATIONS = NotificationLog.RETAINED_NOTIFICATIONS;
    /** The bridge to the API types' package-private members. */
    private static final ApiAccess ACCESS = ApiAccess.get();

    private final String name;
    private final Service<S> service;
    private final DispatcherQueue queue;
    private final StateFile stateFile;
    private final Map<String, ServiceRef> partners;
    private final Map<String, String> partnerUris;
    private final int maxPending;
    /** With an admission policy: the queue whose discards answer 503; else {@code null}. */
    private final DispatcherQueue admission;

    private final Port<Operation> concurrentPort;
    private final Port<Operation> exclusivePort;
    private final Port<Operation> teardownPort;
    private final Port<Operation> independentPort;
    private final Binding[] verbBindings = new Binding[Verb.values().length];
    private final Map<String, Binding> actions;
    /** The media type of a JSON Merge Patch, the standard Update's body. */
    public static final String MERGE_PATCH = "application/merge-patch+json";
    /** The Update body's media type ({@link #updateBody()}); fixed at start. */
    private final String updateBody;
    private final String supported;

    private volatile S state;
    /** The state before the running exclusive handler, restored if its save fails. */
    private S rollback;
    private volatile JsonNode snapshot;
    private volatile long version;
    /** The notification sequence, its replay window and the subscriptions. */
    private final NotificationLog log;
    private final AtomicInteger pending = new AtomicInteger();
    private final Runnable release = pending::decrementAndGet;
    private volatile boolean dropped;
    private final CompletableFuture<Void> droppedFuture = new CompletableFuture<>();

    private final LongAdder operations = new LongAdder();
    private final LongAdder shed = new LongAdder();
    private final LongAdder faults = new LongAdder();

    public ServiceRuntime(String name, Service<S> service, DispatcherQueue queue, JsonNode initialState,
                   StateFile stateFile, Map<String, ServiceRef> partners, Map<String, String> partnerUris,
                   int maxPending, DispatcherQueue admission, long retainedBytesLimit) throws Fault, IOException {
        this.name = name;
        this.log = new NotificationLog(retainedBytesLimit);
        this.service = service;
        this.queue = queue;
        this.stateFile = stateFile;
        this.partners = Map.copyOf(partners);
        this.partnerUris = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(partnerUris));
        this.maxPending = maxPending;
        this.admission = admission;
        this.concurrentPort = new Port<>(name + ".concurrent");
        this.exclusivePort = new Port<>(name + ".exclusive");
        this.teardownPort = new Port<>(name + ".teardown");
        this.independentPort = new Port<>(name + ".independent");

        ApiAccess.Declared h = ACCESS.bind(service);
        for (Verb v : h.standard()) {
            HandlerKind kind = v.defaultKind();
            verbBindings[v.ordinal()] = new Binding(standardHandler(v), kind, true);
        }
        h.verbs().forEach((v, b) -> verbBindings[v.ordinal()] = b);
        verbBindings[Verb.LOOKUP.ordinal()] = new Binding(this::lookup, HandlerKind.INDEPENDENT, true);
        Binding drop = verbBindings[Verb.DROP.ordinal()];
        OperationHandler custom = drop == null ? null : drop.handler();
        verbBindings[Verb.DROP.ordinal()] = new Binding(op -> teardown(op, custom), HandlerKind.TEARDOWN, true);
        this.actions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(h.actions()));
        this.updateBody = h.updateBody() != null ? h.updateBody()
                : h.standard().contains(Verb.UPDATE) ? MERGE_PATCH : "application/json";
        this.supported = describeSupported();

        S initial = service.initialState();
        long initialVersion = 0;
        StateFile.Loaded loaded = stateFile == null ? null : stateFile.load();
        if (loaded != null) {
            try {
                initial = ACCESS.fromJson(service, loaded.state());
            } catch (Fault f) {
                throw new IOException("state file " + stateFile.path() + " does not hold a state of contract "
                        + service.contract() + ": " + f.getMessage(), f);
            }
            initialVersion = loaded.version();
            LOG.log(System.Logger.Level.INFO, "service {0}: state loaded from {1} (version {2})", name, stateFile.path(), Long.toString(initialVersion));
        } else if (initialState != null && !initialState.isNull()) {
            initial = ACCESS.fromJson(service, initialState);
        }
        this.state = initial;
        this.version = initialVersion;
        this.snapshot = ACCESS.toJson(service, initial);
        ACCESS.attach(service, this);
    }

    /** Activates the interleave and the independent receiver, then runs {@link Service#onStart}. */
    public void start() {
        Arbiter.activate(queue, Arbiter.interleave(
                Arbiter.teardown(Arbiter.receive(false, teardownPort, this::runExclusive)),
                Arbiter.exclusive(Arbiter.receive(true, exclusivePort, this::runExclusive)),
                Arbiter.concurrent(Arbiter.receive(true, concurrentPort, this::run))));
        Arbiter.activate(queue, Arbiter.receive(true, independentPort, this::run));
        ACCESS.onStart(service);
    }

    /** {@return the state now (a handler's read; see {@link Service})} */
    public S state() {
        return state;
    }

    /**
     * Sets the state; an exclusive handler's write, ordered by the interleave.
     *
     * @param newState the new state
     */
    public void setState(S newState) {
        state = newState;
    }

    /** {@return operations accepted} */
    public long operationsCount() {
        return operations.sum();
    }

    /** {@return operations refused because the service was overloaded} */
    public long shedCount() {
        return shed.sum();
    }

    /** {@return operations answered with a fault} */
    public long faultCount() {
        return faults.sum();
    }

    public String name() {
        return name;
    }

    public String contract() {
        return service.contract();
    }

    public Service<S> service() {
        return service;
    }

    public DispatcherQueue queue() {
        return queue;
    }

    public JsonNode snapshot() {
        return snapshot;
    }

    /** The current snapshot's JSON bytes, written once per version. */
    private final SnapshotBytes snapshotBytes = new SnapshotBytes();

    /**
     * The JSON bytes of a snapshot, written once per version and shared by every HTTP Get of it
     * (the array is never modified).
     *
     * @param snap a snapshot this runtime handed out
     * @return its bytes, or {@code null} if it is no longer the current snapshot
     */
    public byte[] snapshotBytes(JsonNode snap) {
        return snapshotBytes.of(snap, snapshot);
    }

    public long version() {
        return version;
    }

    private final EtagCache etags = new EtagCache();

    /**
     * @param v a version of this service's state
     * @return its HTTP entity tag, the same as {@link Response#etagOf}, formatted once per version
     */
    public CharSequence etag(long v) {
        return etags.of(v);
    }

    public int pendingCount() {
        return pending.get();
    }

    public int subscriberCount() {
        return log.subscriberCount();
    }

    public boolean isDropped() {
        return dropped;
    }

    public CompletableFuture<Void> droppedFuture() {
        return droppedFuture;
    }

    /** @return {@code true} if the operation has a handler */
    public boolean lookupSupports(Verb verb) {
        return verbBindings[verb.ordinal()] != null || verb == Verb.SUBMIT && !actions.isEmpty();
    }

    /** @return {@code true} if a Submit of this action has a handler */
    public boolean supportsAction(String action) {
        return actions.containsKey(action) || verbBindings[Verb.SUBMIT.ordinal()] != null;
    }

    /**
     * @return the media type the Update body must have: the service's declaration, else merge
     *     patch for the standard Update and any JSON for a custom one ({@code application/json})
     */
    public String updateBody() {
        return updateBody;
    }

    /** @return the names of the Submit actions (for the browser view's listeners) */
    public List<String> actionNames() {
        return List.copyOf(actions.keySet());
    }

    public ServiceRef partner(String partnerName) {
        ServiceRef p = partners.get(partnerName);
        if (p == null) {
            throw new IllegalArgumentException("service " + name + " has no partner '" + partnerName
                    + "'; its partners: " + partners.keySet());
        }
        return p;
    }

    /**
     * The main port: routes the operation to its handler's group, or answers at once with a
     * fault (dropped service, unsupported operation, overload).
     */
    public void post(Operation op) {
        if (dropped) {
            op.fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            return;
        }
        Binding b = bindingFor(op);
        if (b == null) {
            faults.increment();
            op.fault(FaultCode.UNSUPPORTED, unsupportedMessage(op));
            return;
        }
        if (pending.incrementAndGet() > maxPending) {
            pending.decrementAndGet();
            shed.increment();
            op.fault(FaultCode.UNAVAILABLE, "service '" + name + "' is overloaded (" + maxPending
                    + " operations pending); retry later");
            return;
        }
        operations.increment();
        // a new, immutable Operation carries the runtime's envelope
        Operation admitted = ACCESS.admit(op, new Envelope(this, b));
        ACCESS.onAnswered(admitted.responsePort(), release);
        if (admission != null) {
            admit(admitted, portFor(b.kind()));
        } else {
            portFor(b.kind()).post(admitted);
        }
        if (dropped && b.kind() != HandlerKind.TEARDOWN) {
            failStragglers(); // raced with the teardown: its ports have no receivers any more
        }
    }

    /**
     * Posts through the admission queue: its scheduling policy decides, and an operation whose
     * admission task the policy discards is answered UNAVAILABLE at once instead of being lost.
     */
    private void admit(Operation op, Port<Operation> target) {
        admission.execute(() -> target.post(op)).whenComplete((ok, failure) -> {
            if (failure != null) {
                shed.increment();
                op.fault(FaultCode.UNAVAILABLE, "service '" + name + "' is overloaded (its admission queue's "
                        + admission.policy().kind() + " policy shed this operation); retry later");
            }
        });
    }

    private Binding bindingFor(Operation op) {
        if (op.verb() == Verb.SUBMIT) {
            String action = op.action();
            Binding b = action == null ? null : actions.get(action);
            return b != null ? b : verbBindings[Verb.SUBMIT.ordinal()];
        }
        return verbBindings[op.verb().ordinal()];
    }

    private Port<Operation> portFor(HandlerKind kind) {
        return switch (kind) {
            case CONCURRENT -> concurrentPort;
            case EXCLUSIVE -> exclusivePort;
            case TEARDOWN -> teardownPort;
            case INDEPENDENT -> independentPort;
        };
    }

    private String unsupportedMessage(Operation op) {
        if (op.verb() == Verb.SUBMIT) {
            return "service '" + name + "' (" + contract() + ") has no action '" + op.action()
                    + "'; it supports " + supported;
        }
        return "service '" + name + "' (" + contract() + ") does not support " + op.verb()
                + "; it supports " + supported;
    }

    private String describeSupported() {
        List<String> names = new ArrayList<>();
        for (Verb v : Verb.values()) {
            if (verbBindings[v.ordinal()] != null) {
                names.add(v.name());
            }
        }
        if (!actions.isEmpty()) {
            names.add("SUBMIT actions " + actions.keySet());
        }
        return String.join(", ", names);
    }

    // ---- handler execution (tasks of the interleave) ----

    private void run(Operation op) {
        if (dropped) {
            op.fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            return;
        }
        try {
            bindingOf(op).handler().handle(op);
        } catch (Fault f) {
            faults.increment();
            op.fault(f);
        } catch (Throwable t) {
            handlerFailed(op, t);
        }
    }

    private void runExclusive(Operation op) {
        if (dropped) {
            op.fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            return;
        }
        S before = state;
        rollback = before;
        try {
            if (op.ifMatch() != null && op.verb().isModifying()) {
                checkIfMatch(op.ifMatch());
            }
            bindingOf(op).handler().handle(op);
            if (!op.responsePort().isAnswered()) {
                return; // answers later (or never: the host's timeout answers 504)
            }
        } catch (Fault f) {
            state = before;
            faults.increment();
            op.fault(f);
        } catch (Throwable t) {
            state = before;
            handlerFailed(op, t);
        }
    }

    private static Binding bindingOf(Operation op) {
        Envelope e = ACCESS.envelope(op);
        return e == null ? null : e.binding();
    }

    private void handlerFailed(Operation op, Throwable t) {
        faults.increment();
        LOG.log(System.Logger.Level.WARNING, () -> "service " + name + ": handler for " + op + " threw", t);
        op.responsePort().fault(new Fault(FaultCode.INTERNAL, "the handler for " + op + " of service '"
                + name + "' failed" + (t.getMessage() == null ? "" : ": " + t.getMessage())
                + " (the host's log has the details)", t));
    }

    private void checkIfMatch(String ifMatch) throws Fault {
        String current = Response.etagOf(version);
        boolean any = false;
        for (String part : ifMatch.split(",")) {
            String tag = part.trim();
            if (tag.equals("*")) {
                return;
            }
            if (tag.startsWith("W/")) {
                tag = tag.substring(2); // weak tags never match strongly (RFC 9110 13.1.1), but are well-formed
                any = true;
                continue;
            }
            if (tag.length() < 2 || tag.charAt(0) != '"' || tag.charAt(tag.length() - 1) != '"') {
                throw new Fault(FaultCode.BAD_REQUEST, "malformed If-Match: " + ifMatch
                        + " (expected an entity tag in double quotes, such as " + current + ", or *)");
            }
            if (tag.equals(current)) {
                return;
            }
            any = true;
        }
        if (!any) {
            throw new Fault(FaultCode.BAD_REQUEST, "empty If-Match");
        }
        throw new Fault(FaultCode.PRECONDITION_FAILED, "If-Match " + ifMatch + " does not match the current ETag "
                + current + "; read the state again and retry");
    }

    /**
     * Called by {@link Operation#respond} before a successful answer is delivered: for a
     * modification, bumps the version, refreshes the snapshot, saves the durable file and
     * notifies subscribers.
     *
     * <p>An answer tells the truth about the state: everything that can fail is done first
     * (the new state and the notification are checked against the limits that reading them back
     * applies and serialized, the state file is written), and only then are the version, the
     * snapshot and the notification sequence committed. A failure before the commit restores the
     * state and faults the operation, so a modification answered with a fault changed nothing.
     *
     * @return the version to answer with, or -1 if the answer became a fault
     */
    public long beforeSuccess(Operation op) {
        Binding b = bindingOf(op);
        if (b == null || !op.verb().isModifying() || b.kind() != HandlerKind.EXCLUSIVE) {
            return version;
        }
        JsonNode snap;
        byte[] bytes;
        Notification n;
        int notificationBytes;
        try {
            snap = ACCESS.toJson(service, state);
            JsonLimits.check(snap, "the new state of service '" + name + "'", JsonLimits.MARGIN);
            // written now, before the commit, so that nothing after the commit can fail on it; the
            // bytes are the state file's and every Get's of this version
            bytes = Json.WRITER.writeValueAsBytes(snap);
            n = notificationOf(op, log.sequence() + 1);
            JsonLimits.check(n.body(), "the notification of this change", JsonLimits.MARGIN);
            // what every subscriber will write must be writable; its size bounds the replay window
            notificationBytes = Json.WRITER.writeValueAsBytes(n.body()).length;
        } catch (JsonLimits.Violation e) {
            return refuse(op, new Fault(FaultCode.BAD_REQUEST, e.getMessage() + "; nothing was changed"));
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": the state after " + op + " cannot be written; the change is rolled back", e);
            return refuse(op, new Fault(FaultCode.INTERNAL, "the state of service '" + name
                    + "' after this change cannot be written as JSON; nothing was changed", e));
        }
        long v = version + 1;
        if (stateFile != null) {
            try {
                stateFile.save(v, bytes);
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": saving " + stateFile.path() + " failed; the change is rolled back", e);
                return refuse(op, new Fault(FaultCode.INTERNAL, "the state of service '" + name
                        + "' could not be saved to its state file (" + e.getMessage() + "); nothing was changed", e));
            }
        }
        // the commit: nothing below can fail on the client's input
        snapshot = snap;
        snapshotBytes.committed(snap, bytes);
        version = v;
        log.append(n, notificationBytes);
        return v;
    }

    private long refuse(Operation op, Fault f) {
        state = rollback;
        faults.increment();
        op.responsePort().fault(f);
        return -1;
    }

    private static Notification notificationOf(Operation op, long seq) {
        String action = op.verb() == Verb.SUBMIT ? op.action() : op.verb().action();
        JsonNode body;
        if (op.verb() == Verb.UPSERT || op.verb() == Verb.DELETE) {
            ObjectNode o = Json.object();
            o.put("key", op.key());
            if (op.verb() == Verb.UPSERT) {
                o.set("value", op.bodyOrEmpty());
            }
            body = o;
        } else {
            body = op.bodyOrEmpty();
        }
        return new Notification(seq, action, body);
    }

    // ---- standard handlers ----

    private OperationHandler standardHandler(Verb v) {
        return switch (v) {
            case GET -> op -> op.responsePort().respond(new Response(snapshot, version));
            case REPLACE -> op -> {
                state = ACCESS.fromJson(service, requireBody(op));
                op.respondState();
            };
            case UPDATE -> op -> {
                JsonNode patched = MergePatch.apply(snapshot.deepCopy(), requireBody(op));
                state = ACCESS.fromJson(service, patched);
                op.respondState();
            };
            case SUBSCRIBE -> this::subscribe;
            default -> throw new IllegalArgumentException("no standard handler for " + v);
        };
    }

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
            if (lookupSupports(v)) {
                ops.add(v.name());
            }
        }
        ArrayNode acts = o.putArray("actions");
        actions.keySet().forEach(acts::add);
        ObjectNode ps = o.putObject("partners");
        partnerUris.forEach(ps::put);
        o.put("version", version);
        op.respond(o);
    }

    private void subscribe(Operation op) throws Fault {
        NotificationListener listener = op.subscriber();
        if (listener == null) {
            throw new Fault(FaultCode.BAD_REQUEST, "Subscribe needs a listener");
        }
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
            ACCESS.onDrop(service);
        } finally {
            dropped = true;
            if (stateFile != null) {
                try {
                    stateFile.save(version, snapshot);
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.ERROR, () -> "service " + name + ": saving " + stateFile.path() + " at drop failed", e);
                }
            }
            log.closeAll("service '" + name + "' dropped");
            droppedFuture.complete(null); // leaves the host's directory before the answer is seen
            ObjectNode o = Json.object();
            o.put("dropped", name);
            op.responsePort().respond(new Response(o, version));
            // Items that were pending inside the interleave go back to their ports once the
            // teardown has run; answer them after that.
            queue.execute(this::failStragglers);
        }
    }

    private void failStragglers() {
        for (Port<Operation> p : List.of(concurrentPort, exclusivePort, teardownPort, independentPort)) {
            for (Operation op; (op = p.test()) != null; ) {
                op.fault(FaultCode.NOT_FOUND, "service '" + name + "' has been dropped");
            }
        }
    }

    /** @return partner names and URIs as given */
    public Map<String, String> partnerUris() {
        return new LinkedHashMap<>(partnerUris);
    }
}
