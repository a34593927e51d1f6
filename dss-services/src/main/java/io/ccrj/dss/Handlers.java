package io.ccrj.dss;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.internal.runtime.Binding;
import io.ccrj.dss.internal.runtime.Declared;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The binding table a service fills in {@link Service#bind}: which operations it supports, with
 * which handler and {@link HandlerKind}. Unbound operations answer {@link FaultCode#UNSUPPORTED}.
 * Lookup is always supported and Drop always works (the host's teardown); {@link #standard}
 * binds the generic Get, Replace, Update and Subscribe that work for any Jackson state type.
 *
 * <p>Not thread-safe: used once, while the service starts.
 */
public final class Handlers {
    private final Map<Verb, Binding> verbs = new EnumMap<>(Verb.class);
    private final Map<String, Binding> actions = new LinkedHashMap<>();
    private final Set<Verb> standard = EnumSet.noneOf(Verb.class);
    /** The declared Update body type, or {@code null} for the default (see {@link #updateBody}). */
    private String updateBody;
    private final Map<Verb, Declared.Types> verbTypes = new EnumMap<>(Verb.class);
    private final Map<String, Declared.Types> actionTypes = new LinkedHashMap<>();

    Handlers() {
    }

    /** {@return what was declared, for the runtime (read once the service's bind has returned)} */
    Declared declared() {
        return new Declared(Collections.unmodifiableMap(new EnumMap<>(verbs)),
                Collections.unmodifiableMap(new LinkedHashMap<>(actions)),
                Collections.unmodifiableSet(standard.isEmpty() ? EnumSet.noneOf(Verb.class) : EnumSet.copyOf(standard)),
                updateBody, Collections.unmodifiableMap(new EnumMap<>(verbTypes)),
                Collections.unmodifiableMap(new LinkedHashMap<>(actionTypes)));
    }

    /**
     * Binds a handler with the verb's {@linkplain Verb#defaultKind() default kind}.
     *
     * @param verb the operation
     * @param handler its code
     * @return this
     */
    public Handlers on(Verb verb, OperationHandler handler) {
        return on(verb, verb.defaultKind(), handler);
    }

    /**
     * Binds a handler with a chosen kind.
     *
     * @param verb the operation (a Submit handler bound here receives every action not bound by
     *     {@link #action})
     * @param kind its arbitration; only Drop may be {@link HandlerKind#TEARDOWN}
     * @param handler its code
     * @return this
     * @throws IllegalArgumentException for Lookup (the runtime answers it), a teardown kind for
     *     a verb other than Drop, or Drop with another kind
     */
    public Handlers on(Verb verb, HandlerKind kind, OperationHandler handler) {
        Objects.requireNonNull(verb, "verb");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(handler, "handler");
        if (verb == Verb.LOOKUP) {
            throw new IllegalArgumentException("Lookup is answered by the service runtime and cannot be bound");
        }
        if ((kind == HandlerKind.TEARDOWN) != (verb == Verb.DROP)) {
            throw new IllegalArgumentException("only Drop is, and must be, a teardown handler; got " + verb + " as " + kind);
        }
        verbs.put(verb, new Binding(handler, kind, false));
        standard.remove(verb);
        return this;
    }

    /**
     * Binds a Submit action as an exclusive handler (a modification: it notifies subscribers).
     *
     * @param action the action name ({@code POST /services/{name}/actions/{action}})
     * @param handler its code
     * @return this
     */
    public Handlers action(String action, OperationHandler handler) {
        return action(action, HandlerKind.EXCLUSIVE, handler);
    }

    /**
     * Binds a Submit action. Only an exclusive action counts as a modification (version, save,
     * notification); a concurrent or independent action must not change the state.
     *
     * @param action the action name
     * @param kind concurrent, exclusive or independent
     * @param handler its code
     * @return this
     */
    public Handlers action(String action, HandlerKind kind, OperationHandler handler) {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(handler, "handler");
        if (kind == HandlerKind.TEARDOWN) {
            throw new IllegalArgumentException("a Submit action cannot be a teardown handler: " + action);
        }
        if (action.isEmpty() || action.indexOf('/') >= 0) {
            throw new IllegalArgumentException("an action name must be non-empty and contain no '/': '" + action + "'");
        }
        actions.put(action, new Binding(handler, kind, false));
        return this;
    }

    /**
     * Binds the generic implementations: Get (the state as JSON, concurrent), Replace (the body
     * read as the state type), Update (a JSON Merge Patch of the state), Subscribe.
     *
     * @param verbs some of GET, REPLACE, UPDATE, SUBSCRIBE
     * @return this
     * @throws IllegalArgumentException for another verb
     */
    public Handlers standard(Verb... verbs) {
        for (Verb v : verbs) {
            if (v != Verb.GET && v != Verb.REPLACE && v != Verb.UPDATE && v != Verb.SUBSCRIBE) {
                throw new IllegalArgumentException("no standard handler for " + v + "; bind one with on(...)");
            }
            standard.add(v);
            this.verbs.remove(v);
        }
        return this;
    }

    /**
     * Declares the media type of the Update body ({@code PATCH /services/{name}}). By default the
     * standard Update takes {@code application/merge-patch+json} only (it is a merge patch of the
     * state), and an Update bound with {@link #on} takes any JSON type, merge patches included.
     * A declared type is the only one accepted, except that {@code application/json} still takes
     * any JSON type; another gets 415 naming the declared type.
     *
     * @param mediaType {@code application/json} or {@code application/*+json}
     * @return this
     * @throws IllegalArgumentException if the type is not a JSON media type
     */
    public Handlers updateBody(String mediaType) {
        Objects.requireNonNull(mediaType, "mediaType");
        String m = mediaType.trim().toLowerCase(java.util.Locale.ROOT);
        if (!m.equals("application/json") && !(m.startsWith("application/") && m.endsWith("+json") && m.indexOf(';') < 0)) {
            throw new IllegalArgumentException("an Update body type is application/json or application/*+json, was '"
                    + mediaType + "'");
        }
        updateBody = m;
        return this;
    }

    /**
     * Declares the Java types an operation's request body and answer have, so that the host's
     * OpenAPI documents give their JSON Schemas and the browser view an example body. A request
     * body is checked against its type's schema before the handler runs: one that does not fit
     * (a wrong JSON kind, {@code null} where the type takes none, a missing required property, a
     * number out of its Java type's range) is answered {@link FaultCode#BAD_REQUEST} naming the
     * place in the body, and the handler never sees it; a property the type does not have is
     * ignored, as the host's Jackson mapper ignores it. The schema is Jackson's
     * view of the type (records and beans: their properties; maps, collections, arrays, enums,
     * strings, numbers, booleans; {@code JsonNode} or {@code Object}: any JSON); a property marked
     * {@code @JsonProperty(required = true)} is required.
     *
     * <p>Undeclared, a standard handler's types are the state's (Get, Replace and Update answer
     * the state; Replace takes a state; Update a merge patch of it), and any other body or answer
     * is any JSON.
     *
     * @param verb Query, Insert, Update, Upsert, Replace, Delete or Get (Delete and Get take no
     *     body: pass {@code null}); Submit actions use {@link #actionTypes}
     * @param body the request body's type, or {@code null} for any JSON (or none)
     * @param answer the successful answer's type, or {@code null} for any JSON
     * @return this
     * @throws IllegalArgumentException for another verb, or a body type for Get or Delete
     */
    public Handlers types(Verb verb, Class<?> body, Class<?> answer) {
        Objects.requireNonNull(verb, "verb");
        switch (verb) {
            case QUERY, INSERT, UPDATE, UPSERT, REPLACE -> {
            }
            case GET, DELETE -> {
                if (body != null) {
                    throw new IllegalArgumentException(verb + " takes no request body; declare only its answer");
                }
            }
            default -> throw new IllegalArgumentException("no declared types for " + verb
                    + (verb == Verb.SUBMIT ? "; use actionTypes(action, body, answer)" : ""));
        }
        verbTypes.put(verb, new Declared.Types(body, answer));
        return this;
    }

    /**
     * {@link #types} with a constraint the body type cannot express added to its schema: for the
     * built-in services only.
     */
    Handlers types(Verb verb, Class<?> body, Class<?> answer, java.util.function.UnaryOperator<ObjectNode> refine) {
        types(verb, body, answer);
        verbTypes.put(verb, new Declared.Types(body, answer, refine));
        return this;
    }

    /**
     * Declares the Java types of a Submit action's request body and answer (see {@link #types}).
     *
     * @param action the action's name
     * @param body the request body's type, or {@code null} for any JSON (or none)
     * @param answer the successful answer's type, or {@code null} for any JSON
     * @return this
     */
    public Handlers actionTypes(String action, Class<?> body, Class<?> answer) {
        Objects.requireNonNull(action, "action");
        actionTypes.put(action, new Declared.Types(body, answer));
        return this;
    }
}
