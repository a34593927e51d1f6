package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

import java.util.Objects;

/**
 * Base class of a DSS service: a typed state plus handlers for the DSSP operations.
 *
 * <pre>{@code
 * public final class CounterService extends Service<CounterService.State> {
 *     public record State(long count) { }
 *
 *     public CounterService() { super(State.class, new State(0)); }
 *
 *     protected void bind(Handlers h) {
 *         h.standard(Verb.GET, Verb.REPLACE, Verb.SUBSCRIBE)
 *          .action("increment", op -> {
 *              setState(new State(state().count() + 1));
 *              op.respondState();
 *          });
 *     }
 * }
 * }</pre>
 *
 * <p>The state must be serializable with Jackson (records and plain beans are). Prefer an
 * immutable state replaced by {@link #setState} in exclusive handlers: a concurrent reader then
 * never sees a half-made change, and a rolled-back exclusive handler restores the old value.
 *
 * <h2>Threading</h2>
 * {@link #bind}, {@link #onStart} and {@link #onDrop} run once each, in that order, never
 * alongside a handler. {@link #state()} may be read from any handler; {@link #setState} belongs
 * in exclusive (or teardown) handlers only.
 *
 * @param <S> the state type
 */
public abstract class Service<S> {
    private final Class<S> stateType;
    private final S initialState;
    /** Set by the runtime that runs this instance (through {@link RuntimeHooks}); {@code null} when not running. */
    volatile ServiceRuntime<S> runtime;

    /**
     * Creates a service with the type and the initial value of its state.
     *
     * @param stateType the state's class (Replace and Update read the body as this type)
     * @param initialState the state before any operation, unless the manifest, a Create request
     *     or a durable state file gives one
     */
    protected Service(Class<S> stateType, S initialState) {
        this.stateType = Objects.requireNonNull(stateType, "stateType");
        this.initialState = Objects.requireNonNull(initialState, "initialState");
    }

    /**
     * Declares the supported operations.
     *
     * @param handlers the binding table
     */
    protected abstract void bind(Handlers handlers);

    /** Called once after the service is bound and its state loaded, before the first operation. */
    protected void onStart() {
    }

    /** Called in the Drop teardown, alone, before the final state is saved. */
    protected void onDrop() {
    }

    /**
     * Whether every handler of this service returns promptly without blocking (no I/O, no locks
     * held for long, no waiting for other services). A host with HTTP then runs the service's
     * handlers on one of its Netty event loops (still through the service's interleave), so an
     * HTTP request costs no thread hop (see {@link ServiceHost.Builder#nonBlockingServicesOnEventLoop}).
     * {@code false} by default; the built-in {@code kv} and {@code ping} services say {@code true}.
     *
     * @return {@code true} if no handler ever blocks
     */
    public boolean handlersNeverBlock() {
        return false;
    }

    /**
     * The contract id: what a manifest or a Create request may name to make this service (when
     * a jar declares the service as a provider), and what Lookup, the directory and fault messages
     * show. By default the class's name, which a manifest may name too but the host never shows:
     * it then shows a readable name made from the class's simple name ({@code RelayService}:
     * {@code relay}). Override it to give the service an id in its users' terms.
     *
     * @return the contract id; the class's name by default
     */
    public String contract() {
        return getClass().getName();
    }

    /** {@return the state type} */
    public final Class<S> stateType() {
        return stateType;
    }

    /** {@return the state the service was constructed with} */
    public final S initialState() {
        return initialState;
    }

    /** {@return the current state} */
    protected final S state() {
        return runtime().state();
    }

    /**
     * Sets the state; call from an exclusive handler.
     *
     * @param newState the new state
     */
    protected final void setState(S newState) {
        runtime().setState(Objects.requireNonNull(newState, "newState"));
    }

    /** {@return this service's name in its host} */
    protected final String name() {
        return runtime().name();
    }

    /**
     * Looks up a partner of this service by name.
     *
     * @param partnerName a partner named in the manifest (or added with
     *     {@link ServiceHost#create(String, Service, java.util.Map, java.nio.file.Path)})
     * @return the partner, in this host or another
     * @throws IllegalArgumentException if there is no such partner
     */
    protected final ServiceRef partner(String partnerName) {
        return runtime().partner(partnerName);
    }

    /** {@return the shared, configured Jackson mapper (thread-safe)} */
    protected static ObjectMapper json() {
        return Json.MAPPER;
    }

    /**
     * The state as JSON, for Get, the browser view and the durable file. Override for speed
     * when the state is simple.
     *
     * @param value a state
     * @return its tree (not modified afterwards by the runtime)
     */
    protected JsonNode toJson(S value) {
        return Json.MAPPER.valueToTree(value);
    }

    /**
     * Reads a state from JSON (Replace, Update, manifests, durable files).
     *
     * @param node the tree
     * @return the state
     * @throws Fault {@link FaultCode#BAD_REQUEST} if the tree is not a valid state
     */
    protected S fromJson(JsonNode node) throws Fault {
        try {
            S value = Json.MAPPER.treeToValue(node, stateType);
            if (value == null) {
                throw new Fault(FaultCode.BAD_REQUEST, "the state must be a JSON object, not null");
            }
            return value;
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            // the contract, unless it is the default (the class's name: the host never shows Java names)
            String of = contract().equals(getClass().getName()) ? "" : " of " + contract();
            throw new Fault(FaultCode.BAD_REQUEST, "not a valid state" + of + ": " + Json.firstLine(e));
        }
    }

    private ServiceRuntime<S> runtime() {
        ServiceRuntime<S> rt = runtime;
        if (rt == null) {
            throw new IllegalStateException("service " + getClass().getName() + " is not running in a host");
        }
        return rt;
    }
}
