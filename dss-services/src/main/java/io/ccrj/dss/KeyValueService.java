package io.ccrj.dss;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The built-in key-value store (contract {@code kv}): supports every DSSP operation.
 *
 * <ul>
 *   <li>State: {@code {"items": {"<key>": <any JSON value>}}}.</li>
 *   <li>Get: the state. Query: {@code prefix} (URL parameter or body field) gives
 *   {@code {"items": {...}}} with the matching keys.</li>
 *   <li>Insert: {@code {"key": "...", "value": <JSON>}}, a CONFLICT fault if the key exists.
 *   Upsert: the item's value is the body. Delete: removes the key, NOT_FOUND if absent.</li>
 *   <li>Replace: a whole state. Update: a JSON Merge Patch of the state.</li>
 *   <li>Submit: action {@code clear} removes every item.</li>
 * </ul>
 *
 * <p>The state is immutable: a modification copies the map (copy-on-write), so concurrent readers
 * (Query) never see it change and a failed modification or save restores the old state.
 */
public final class KeyValueService extends Service<KeyValueService.State> {
    /** The contract name used by manifests and Create. */
    public static final String CONTRACT = "kv";

    /**
     * The store's state: immutable (each modification makes a new one, so a failed save rolls
     * back by restoring the old reference).
     *
     * @param items key to value, in insertion order; unmodifiable
     */
    public record State(Map<String, JsonNode> items) {
        /** Wraps the map (taken over, not copied) as unmodifiable; {@code null} is empty. */
        public State {
            items = items == null ? Map.of() : Collections.unmodifiableMap(items);
        }
    }

    // The bodies and answers, declared for the OpenAPI documents and the browser view's examples
    // (the handlers read the trees themselves).
    private record Item(@JsonProperty(required = true) String key, @JsonProperty(required = true) JsonNode value) {
    }

    private record Upserted(@JsonProperty(required = true) String key, @JsonProperty(required = true) JsonNode value,
                            @JsonProperty(required = true) boolean created) {
    }

    private record Removed(@JsonProperty(required = true) String key, @JsonProperty(required = true) JsonNode value) {
    }

    private record Prefix(String prefix) {
    }

    /** An empty store. */
    public KeyValueService() {
        super(State.class, new State(null));
    }

    private void put(String key, JsonNode value) {
        Map<String, JsonNode> copy = new LinkedHashMap<>(state().items());
        copy.put(key, value);
        setState(new State(copy));
    }

    /** Its handlers only read and replace the in-memory state: they never block. */
    @Override
    public boolean handlersNeverBlock() {
        return true;
    }

    @Override
    public String contract() {
        return CONTRACT;
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.REPLACE, Verb.UPDATE, Verb.SUBSCRIBE)
                .on(Verb.QUERY, this::query)
                .on(Verb.INSERT, this::insert)
                .on(Verb.UPSERT, this::upsert)
                .on(Verb.DELETE, this::delete)
                .action("clear", op -> {
                    setState(new State(null));
                    op.respondState();
                })
                .types(Verb.QUERY, Prefix.class, State.class)
                // an empty key names no item a path can reach (/items/{key}): the schema says so
                .types(Verb.INSERT, Item.class, Item.class, schema -> {
                    schema.withObjectProperty("properties").withObjectProperty("key").put("minLength", 1);
                    return schema;
                })
                .types(Verb.UPSERT, null, Upserted.class)
                .types(Verb.DELETE, null, Removed.class)
                .actionTypes("clear", null, State.class);
    }

    @Override
    protected JsonNode toJson(State value) {
        ObjectNode root = Json.object();
        ObjectNode items = root.putObject("items");
        value.items().forEach(items::set); // values are never modified once stored
        return root;
    }

    private void query(Operation op) {
        String prefix = op.query().get("prefix");
        if (prefix == null && op.body() != null && op.body().has("prefix")) {
            prefix = op.body().get("prefix").asText();
        }
        ObjectNode root = Json.object();
        ObjectNode items = root.putObject("items");
        for (Map.Entry<String, JsonNode> e : state().items().entrySet()) {
            if (prefix == null || e.getKey().startsWith(prefix)) {
                items.set(e.getKey(), e.getValue());
            }
        }
        op.respond(root);
    }

    private void insert(Operation op) throws Fault {
        JsonNode body = ServiceRuntime.requireBody(op);
        JsonNode key = body.get("key");
        if (key == null || !key.isTextual() || key.asText().isEmpty()) {
            throw new Fault(FaultCode.BAD_REQUEST, "Insert needs {\"key\": \"<non-empty string>\", \"value\": <JSON>}");
        }
        if (!body.has("value")) {
            throw new Fault(FaultCode.BAD_REQUEST, "Insert needs a \"value\" (any JSON, null included)");
        }
        String k = key.asText();
        if (state().items().containsKey(k)) {
            throw new Fault(FaultCode.CONFLICT, "item '" + k + "' exists already; use Upsert (PUT ..."
                    + io.ccrj.dss.internal.rest.RestTable.fill(io.ccrj.dss.internal.rest.RestTable.ITEM, k) + ") to replace it");
        }
        put(k, body.get("value"));
        op.respondInserted(k, body.get("value"));
    }

    private void upsert(Operation op) throws Fault {
        String k = requireKey(op);
        JsonNode value = ServiceRuntime.requireBody(op);
        boolean created = !state().items().containsKey(k);
        put(k, value);
        ObjectNode o = Json.object();
        o.put("key", k);
        o.set("value", value);
        o.put("created", created);
        op.respond(o);
    }

    private void delete(Operation op) throws Fault {
        String k = requireKey(op);
        JsonNode old = state().items().get(k);
        if (old == null && !state().items().containsKey(k)) {
            throw new Fault(FaultCode.NOT_FOUND, "no item '" + k + "'");
        }
        Map<String, JsonNode> copy = new LinkedHashMap<>(state().items());
        copy.remove(k);
        setState(new State(copy));
        ObjectNode o = Json.object();
        o.put("key", k);
        o.set("value", old);
        op.respond(o);
    }

    private static String requireKey(Operation op) throws Fault {
        if (op.key() == null || op.key().isEmpty()) {
            throw new Fault(FaultCode.BAD_REQUEST, op.verb() + " needs an item key");
        }
        return op.key();
    }
}
