package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.json.JsonSchemas;
import io.ccrj.dss.internal.json.SchemaCheck;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON Schemas a service's request bodies must fit, one per operation that has one: the
 * declared body type's ({@code Handlers.types}, {@code Handlers.actionTypes}), else for the
 * standard Replace the state type's and for the standard Update a merge patch of it. The OpenAPI
 * documents show these very schemas, and {@link ServiceRuntime#post} checks every body against
 * its schema before a handler runs, so that the document and the host agree on every body.
 * An operation without one takes any JSON. Immutable once built; any thread may read it.
 */
@Internal
public final class BodySchemas {
    private final String service;
    private final Map<Verb, ObjectNode> verbs;
    private final Map<String, ObjectNode> actions;
    /** Whether Replace is the standard one, whose body is a whole state. */
    private final boolean standardReplace;

    /** The URL parameters of a Query, from its declared body type's properties (see {@link #queryParameters}). */
    private final Map<String, ObjectNode> queryParameters;

    private BodySchemas(String service, Map<Verb, ObjectNode> verbs, Map<String, ObjectNode> actions,
                        boolean standardReplace) {
        this.service = service;
        this.standardReplace = standardReplace;
        this.verbs = verbs;
        this.actions = actions;
        this.queryParameters = queryParametersOf(verbs.get(Verb.QUERY));
    }

    /**
     * A declared Query body's properties as URL parameters: a text property keeps its schema
     * (an enum's constants, say) less {@code null}; any other is a plain string, which the
     * handler reads as it likes.
     */
    private static Map<String, ObjectNode> queryParametersOf(ObjectNode body) {
        if (body == null || !body.has("properties")) {
            return null;
        }
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        body.get("properties").fields().forEachRemaining(e -> {
            JsonNode type = e.getValue().get("type");
            boolean text = type != null && (type.asText().equals("string")
                    || type.isArray() && type.size() == 2 && type.get(0).asText().equals("string") && type.get(1).asText().equals("null"));
            ObjectNode p = text ? e.getValue().deepCopy() : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            p.put("type", "string");
            if (p.get("enum") instanceof com.fasterxml.jackson.databind.node.ArrayNode values) {
                for (int i = values.size() - 1; i >= 0; i--) {
                    if (values.get(i).isNull()) {
                        values.remove(i);
                    }
                }
            }
            out.put(e.getKey(), p);
        });
        return Collections.unmodifiableMap(out);
    }

    /**
     * The URL parameters a Query declares: its body type's properties, each with its schema.
     *
     * @return name to schema (do not modify), or {@code null} when any parameters are taken
     */
    public Map<String, ObjectNode> queryParameters() {
        return queryParameters;
    }

    /**
     * @param service the service's name (for the messages)
     * @param declared what the service declared
     * @param stateType its state's type
     * @return the schemas
     */
    static BodySchemas of(String service, Declared declared, Class<?> stateType) {
        Map<Verb, ObjectNode> v = new EnumMap<>(Verb.class);
        ObjectNode state = null;
        for (Verb verb : Verb.values()) {
            Declared.Types t = declared.verbTypes().get(verb);
            boolean standard = declared.standard().contains(verb);
            ObjectNode s = null;
            if (standard && (verb == Verb.REPLACE || verb == Verb.UPDATE)) {
                state = state == null ? JsonSchemas.of(stateType) : state;
                s = verb == Verb.REPLACE ? state.deepCopy() : JsonSchemas.mergePatch(state);
            } else if (t != null && t.body() != null) {
                s = t.bodySchema();
            }
            if (s != null) {
                v.put(verb, s);
            }
        }
        Map<String, ObjectNode> a = new LinkedHashMap<>();
        declared.actionTypes().forEach((name, t) -> {
            if (t.body() != null) {
                a.put(name, t.bodySchema());
            }
        });
        return new BodySchemas(service, Collections.unmodifiableMap(v), Collections.unmodifiableMap(a),
                declared.standard().contains(Verb.REPLACE));
    }

    /**
     * The schema of an operation's body.
     *
     * @param verb the operation
     * @param action the Submit's action, or {@code null}
     * @return the schema (do not modify it), or {@code null} for any JSON
     */
    public ObjectNode of(Verb verb, String action) {
        return verb == Verb.SUBMIT ? (action == null ? null : actions.get(action)) : verbs.get(verb);
    }

    /**
     * Checks an operation's body.
     *
     * @param op the operation
     * @throws Fault BAD_REQUEST naming the first place where the body does not fit its schema
     */
    void check(Operation op) throws Fault {
        if (op.verb() == Verb.QUERY && queryParameters != null) {
            for (Map.Entry<String, String> q : op.query().entrySet()) {
                ObjectNode s = queryParameters.get(q.getKey());
                String problem = s == null ? null
                        : SchemaCheck.problem(com.fasterxml.jackson.databind.node.TextNode.valueOf(q.getValue()), s);
                if (problem != null) {
                    throw new Fault(FaultCode.BAD_REQUEST, "the query parameter " + q.getKey() + " does not fit: " + problem);
                }
            }
        }
        JsonNode body = op.body();
        if (body == null) {
            return; // a missing body is the route's or the handler's to refuse
        }
        ObjectNode schema = of(op.verb(), op.action());
        if (schema == null) {
            return;
        }
        String problem = SchemaCheck.problem(body, schema);
        if (problem != null) {
            throw new Fault(FaultCode.BAD_REQUEST, op.verb() == Verb.REPLACE && standardReplace
                    ? "not a valid state of " + service + ": " + problem
                    : "the body of " + what(op) + " does not fit: " + problem);
        }
    }

    private static String what(Operation op) {
        return op.verb() == Verb.SUBMIT ? "action '" + op.action() + "'" : op.verb().action();
    }
}
