package io.ccrj.dss.internal.openapi;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.json.JsonSchemas;
import io.ccrj.dss.internal.runtime.Declared;
import io.ccrj.dss.internal.rest.HostResources;
import io.ccrj.dss.internal.rest.RestTable;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.WeakHashMap;

/**
 * Builds the host's OpenAPI 3.1 documents: {@code GET /openapi.json} (the host's own resources and
 * every running service) and {@code GET /services/{name}/openapi.json} (one service). A service's
 * operations are the REST table's rows it supports, one path per Submit action; its schemas are
 * named after its contract ({@code kv.state}, {@code kv.insert.body}, ...) and derived from the
 * types it declared ({@link JsonSchemas}). Every operation lists every status the host can answer
 * it with, the errors with the one JSON error body. See the package comment for the threading.
 */
@Internal
public final class OpenApi {
    /** The version of OpenAPI the documents are written in. */
    public static final String OPENAPI = "3.1.0";

    /** The one value of a Get's {@code format} parameter. */
    public static final String FORMAT_JSON = "json";
    /** What a {@code Last-Event-ID} header may be: the id of an event (at most 18 digits fit a long). */
    public static final String LAST_EVENT_ID_PATTERN = "^[0-9]{1,18}$";
    /** The largest {@code lastEventId} (18 digits, as the header). */
    public static final long MAX_EVENT_ID = 999_999_999_999_999_999L;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String JSON = "application/json";
    private static final String REF = "$ref";
    /** The error answers, by status: the {@code components.responses} names. */
    private static final Map<Integer, String[]> ERRORS = errors();
    /**
     * The statuses of the faults a service's own handler answers about its state and its input
     * (bad_request, not_found, conflict, precondition_failed, internal, unavailable); the others
     * are the host's, listed where the host gives them.
     */
    private static final List<Integer> HANDLER_FAULTS = List.of(FaultCode.BAD_REQUEST.httpStatus(),
            FaultCode.NOT_FOUND.httpStatus(), FaultCode.CONFLICT.httpStatus(), FaultCode.PRECONDITION_FAILED.httpStatus(),
            FaultCode.INTERNAL.httpStatus(), FaultCode.UNAVAILABLE.httpStatus());
    /** The shared schemas only the host's own resources use. */
    private static final List<String> HOST_ONLY = List.of("Directory", "DirectoryEntry", "CreateRequest", "Health");

    private final boolean token;
    private final boolean protectReads;
    /** Per running service, its part of the documents (built once; see the package comment). */
    private final Map<ServiceRuntime<?>, Part> parts = new WeakHashMap<>();

    /** The contracts a Create may name, to their state types (the host's; read per document). */
    private final java.util.function.Supplier<Map<String, Class<?>>> contracts;
    /** The state schemas of {@link #contracts}, made once per type. */
    private final Map<Class<?>, ObjectNode> stateSchemas = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param token whether the host has a bearer token
     * @param protectReads whether reads need it too
     * @param contracts the contracts a Create may name, to their state types
     */
    public OpenApi(boolean token, boolean protectReads, java.util.function.Supplier<Map<String, Class<?>>> contracts) {
        this.token = token;
        this.protectReads = protectReads;
        this.contracts = contracts;
    }

    /**
     * The schema a Create's initial state must fit for a contract.
     *
     * @param stateType the contract's state type
     * @return its schema (shared: do not modify)
     */
    public ObjectNode stateSchema(Class<?> stateType) {
        return stateSchemas.computeIfAbsent(stateType, JsonSchemas::of);
    }

    /**
     * What Create takes: the contract one of the known ones, and the state, if given, one of
     * that contract's states (or null for the service's own).
     */
    private void createRequest(ObjectNode create) {
        Map<String, Class<?>> known = contracts.get();
        if (known.isEmpty()) {
            return;
        }
        ArrayNode ids = props(create).withObjectProperty("contract").putArray("enum");
        known.keySet().forEach(ids::add);
        ArrayNode forms = create.putArray("oneOf");
        known.forEach((id, type) -> {
            ObjectNode form = forms.addObject();
            form.putArray("required").add("contract");
            ObjectNode p = form.putObject("properties");
            p.putObject("contract").put("const", id);
            ArrayNode state = p.putObject("state").putArray("anyOf");
            state.add(stateSchema(type).deepCopy());
            state.addObject().put("type", "null");
        });
    }

    /**
     * One service's part of the documents: immutable once built.
     *
     * @param prefix the schema names' prefix (the contract)
     * @param paths path to path item
     * @param schemas schema name to schema
     * @param examples a request body example per form: {@code query}, {@code insert},
     *     {@code upsert}, {@code replace}, {@code update}, {@code action:NAME}
     */
    public record Part(String prefix, ObjectNode paths, ObjectNode schemas, Map<String, JsonNode> examples) {
    }

    /**
     * @param rt a running service
     * @return its part of the documents, built on first use and cached
     */
    public Part part(ServiceRuntime<?> rt) {
        synchronized (parts) {
            Part p = parts.get(rt);
            if (p == null) {
                p = new ServiceParts(rt).build();
                parts.put(rt, p);
            }
            return p;
        }
    }

    /**
     * The host's document: its own resources and every running service's.
     *
     * @param services the running services, by name
     * @return a new document
     */
    public ObjectNode hostDocument(Map<String, ServiceRuntime<?>> services) {
        ObjectNode doc = skeleton("ccrj service host", "The host's resources and the DSSP operations of every "
                + "service it runs, as REST. HEAD works wherever GET does. Every error answer is the JSON error body (Error).");
        ObjectNode paths = doc.putObject("paths");
        hostPaths(paths);
        ObjectNode schemas = (ObjectNode) doc.get("components").get("schemas");
        createRequest((ObjectNode) schemas.get("CreateRequest"));
        services.forEach((name, rt) -> {
            Part p = part(rt);
            if (clashes(schemas, p)) {
                // another service has this contract's name with other types: this one's schemas
                // carry its service name too
                String old = "#/components/schemas/" + p.prefix() + ".";
                String now = "#/components/schemas/" + p.prefix() + "." + name + ".";
                paths.setAll((ObjectNode) renamed(p.paths(), old, now));
                p.schemas().fields().forEachRemaining(e -> schemas.set(p.prefix() + "." + name
                        + e.getKey().substring(p.prefix().length()), renamed(e.getValue(), old, now)));
            } else {
                paths.setAll(p.paths());
                schemas.setAll(p.schemas());
            }
        });
        return doc;
    }

    private static boolean clashes(ObjectNode schemas, Part p) {
        for (Iterator<Map.Entry<String, JsonNode>> it = p.schemas().fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode had = schemas.get(e.getKey());
            if (had != null && !had.equals(e.getValue())) {
                return true;
            }
        }
        return false;
    }

    /** {@return a copy of a tree whose {@code $ref} values starting with {@code from} start with {@code to}} */
    private static JsonNode renamed(JsonNode node, String from, String to) {
        if (node.isObject()) {
            ObjectNode o = F.objectNode();
            node.fields().forEachRemaining(e -> o.set(e.getKey(), e.getKey().equals(REF) && e.getValue().asText().startsWith(from)
                    ? F.textNode(to + e.getValue().asText().substring(from.length())) : renamed(e.getValue(), from, to)));
            return o;
        }
        if (node.isArray()) {
            ArrayNode a = F.arrayNode();
            node.forEach(n -> a.add(renamed(n, from, to)));
            return a;
        }
        return node;
    }

    /**
     * One service's document.
     *
     * @param rt the service
     * @return a new document
     */
    public ObjectNode serviceDocument(ServiceRuntime<?> rt) {
        ObjectNode doc = skeleton("service " + rt.name(), "The DSSP operations of service '" + rt.name()
                + "' as REST. HEAD works wherever GET does. Every error answer is the JSON error body (Error). "
                + "The host's own document: " + HostResources.OPENAPI_PATH + ".");
        Part p = part(rt);
        doc.putObject("paths").setAll(p.paths());
        ObjectNode schemas = (ObjectNode) doc.get("components").get("schemas");
        schemas.remove(HOST_ONLY); // the host's own resources are in the host's document
        schemas.setAll(p.schemas());
        return doc;
    }

    // ---- the skeleton: info, shared components ----

    private ObjectNode skeleton(String title, String description) {
        ObjectNode doc = F.objectNode();
        doc.put("openapi", OPENAPI);
        doc.put("jsonSchemaDialect", "https://spec.openapis.org/oas/3.1/dialect/base");
        doc.putObject("info").put("title", title).put("version", "1").put("description", description);
        ObjectNode components = doc.putObject("components");
        ObjectNode schemas = components.putObject("schemas");
        sharedSchemas(schemas);
        ObjectNode responses = components.putObject("responses");
        ERRORS.forEach((status, nameAndText) -> {
            ObjectNode r = responses.putObject(nameAndText[0]);
            r.put("description", nameAndText[1]);
            r.putObject("content").putObject(JSON).putObject("schema").put(REF, "#/components/schemas/Error");
            switch (status) {
                case 401 -> r.putObject("headers").set("WWW-Authenticate", header("Bearer realm=\"ccrj\"", "the scheme to use"));
                case 405 -> r.putObject("headers").set("Allow", header("GET, HEAD", "the methods the resource has"));
                case 503 -> r.putObject("headers").set("Retry-After", header("1", "seconds to wait (overload, too many connections)"));
                default -> {
                }
            }
        });
        ObjectNode params = components.putObject("parameters");
        params.putObject("IfMatch").put("name", "If-Match").put("in", "header").put("required", false)
                .put("description", "Apply only at this version: an ETag (\"<version>\"), a list of them, or *. "
                        + "412 if it does not match; 400 if it is not of this form.")
                .put("example", "*")
                // a plain string: an If-Match is a list of entity tags or *, as the description says
                // and RFC 9110 defines (generators of test data know the header by its name)
                .putObject("schema").put("type", "string");
        params.putObject("ItemKey").put("name", "key").put("in", "path").put("required", true)
                .put("description", "The item's key (percent-encoded; %2F for /).")
                .putObject("schema").put("type", "string").putArray("examples").add("key");
        if (token) {
            components.putObject("securitySchemes").putObject("bearer").put("type", "http").put("scheme", "bearer")
                    .put("description", "The host's token: 'Authorization: Bearer <token>'.");
        }
        return doc;
    }

    private static ObjectNode header(String example, String description) {
        ObjectNode h = F.objectNode().put("description", description);
        h.putObject("schema").put("type", "string").putArray("examples").add(example);
        return h;
    }

    private static void sharedSchemas(ObjectNode schemas) {
        ObjectNode error = object(schemas.putObject("Error"), "error", "message");
        error.put("description", "Every error answer's body.");
        ArrayNode codes = props(error).putObject("error").put("type", "string").putArray("enum");
        new TreeSet<>(errorCodes()).forEach(codes::add);
        props(error).putObject("message").put("type", "string").put("description", "What was wrong, in a sentence.");

        ObjectNode entry = object(schemas.putObject("DirectoryEntry"), "name", "contract", "url", "version");
        props(entry).putObject("name").put("type", "string");
        props(entry).putObject("contract").put("type", "string");
        props(entry).putObject("url").put("type", "string");
        props(entry).putObject("version").put("type", "integer").put("format", "int64");
        ObjectNode dir = object(schemas.putObject("Directory"), "services");
        props(dir).putObject("services").put("type", "array").putObject("items").put(REF, "#/components/schemas/DirectoryEntry");

        ObjectNode create = object(schemas.putObject("CreateRequest"), "name", "contract");
        props(create).putObject("name").put("type", "string").put("pattern", "^[A-Za-z0-9._-]{1,64}$")
                .putArray("examples").add("kv2");
        props(create).putObject("contract").put("type", "string")
                .put("description", "A registered contract (kv, ping, ...)").putArray("examples").add("kv");
        props(create).putObject("state").put("description", "The initial state, or null for the service's own")
                .putArray("examples").addNull();
        props(create).putObject("stateFile").put("description", "Not taken over HTTP: a state file is named in the"
                + " host's manifest only (400).").putObject("not");
        ObjectNode partners = props(create).putObject("partners").put("type", "object")
                .put("description", "Partner name to a local service name or an http:// service URL");
        ArrayNode targets = partners.putObject("additionalProperties").put("type", "string").putArray("anyOf");
        targets.addObject().put("pattern", io.ccrj.dss.internal.host.HostCore.SERVICE_NAME_PATTERN);
        targets.addObject().put("pattern", io.ccrj.dss.internal.host.HostCore.PARTNER_URL_PATTERN);
        partners.putArray("examples").addObject();

        ObjectNode health = object(schemas.putObject("Health"), "status", "services", "uptimeMillis");
        props(health).putObject("status").put("type", "string").putArray("enum").add("up").add("closing");
        props(health).putObject("services").put("type", "integer");
        props(health).putObject("uptimeMillis").put("type", "integer").put("format", "int64");

        ObjectNode lookup = object(schemas.putObject("Lookup"), "name", "contract", "operations", "actions", "partners", "version");
        props(lookup).putObject("name").put("type", "string");
        props(lookup).putObject("contract").put("type", "string");
        ArrayNode verbs = props(lookup).putObject("operations").put("type", "array").putObject("items").put("type", "string")
                .putArray("enum");
        for (Verb v : Verb.values()) {
            verbs.add(v.name());
        }
        props(lookup).putObject("actions").put("type", "array").putObject("items").put("type", "string");
        props(lookup).putObject("partners").put("type", "object").putObject("additionalProperties").put("type", "string");
        props(lookup).putObject("version").put("type", "integer").put("format", "int64");

        ObjectNode dropped = object(schemas.putObject("Dropped"), "dropped");
        props(dropped).putObject("dropped").put("type", "string");
    }

    private static ObjectNode object(ObjectNode s, String... required) {
        s.put("type", "object");
        s.putObject("properties");
        ArrayNode r = s.putArray("required");
        for (String n : required) {
            r.add(n);
        }
        return s;
    }

    private static ObjectNode props(ObjectNode s) {
        return (ObjectNode) s.get("properties");
    }

    private static List<String> errorCodes() {
        List<String> out = new ArrayList<>();
        for (FaultCode c : FaultCode.values()) {
            out.add(c.error());
        }
        out.addAll(List.of("request_timeout", "uri_too_long", "expectation_failed", "misdirected_request",
                "request_header_fields_too_large", "http_version_not_supported"));
        return out;
    }

    private static Map<Integer, String[]> errors() {
        Map<Integer, String[]> m = new LinkedHashMap<>();
        m.put(400, new String[] {"BadRequest", "Malformed request, JSON, If-Match, percent-encoding or UTF-8; a missing"
                + " body or field; a value beyond the JSON limits."});
        m.put(401, new String[] {"Unauthorized", "The token is required and none was given."});
        m.put(403, new String[] {"Forbidden", "A wrong token, or a modifying request from a foreign Origin."});
        m.put(404, new String[] {"NotFound", "No such service, resource or item."});
        m.put(405, new String[] {"MethodNotAllowed", "The service does not support the operation or action."});
        m.put(408, new String[] {"RequestTimeout", "The request head did not arrive in time (the connection closes)."});
        m.put(409, new String[] {"Conflict", "The item or name exists already, or the host runs its most services."});
        m.put(412, new String[] {"PreconditionFailed", "If-Match does not match the current ETag."});
        m.put(413, new String[] {"PayloadTooLarge", "The body is over the host's limit (the connection closes)."});
        m.put(414, new String[] {"UriTooLong", "The request line is too long (the connection closes)."});
        m.put(415, new String[] {"UnsupportedMediaType", "No JSON Content-Type on a modifying request, or one the operation"
                + " does not take."});
        m.put(417, new String[] {"ExpectationFailed", "An Expect other than 100-continue."});
        m.put(421, new String[] {"MisdirectedRequest", "A Host that is not one of the host's names."});
        m.put(431, new String[] {"HeadersTooLarge", "The request headers are too large (the connection closes)."});
        m.put(500, new String[] {"Internal", "The handler failed, or the new state could not be written or saved"
                + " (nothing was changed)."});
        m.put(503, new String[] {"Unavailable", "Overloaded, shutting down or out of memory (nothing was changed):"
                + " retry later."});
        m.put(504, new String[] {"Timeout", "The service did not answer in time."});
        m.put(505, new String[] {"VersionNotSupported", "An HTTP version other than 1.1 and 1.0."});
        return m;
    }

    // ---- the host's own resources ----

    /**
     * The host's own resources, written from the router's table ({@link HostResources}); those
     * of each service are in the service's part ({@link #hostRow}).
     */
    private void hostPaths(ObjectNode paths) {
        for (HostResources.Row r : HostResources.ROWS) {
            if (!r.perService()) {
                hostRow(paths, r, r.path(), r.operationId(), "host");
            }
        }
    }

    /**
     * One row of {@link HostResources}, at a path.
     *
     * @param paths the document's paths
     * @param r the row
     * @param path its path, variables filled
     * @param id the operation's id
     * @param tag the operation's tag
     */
    private void hostRow(ObjectNode paths, HostResources.Row r, String path, String id, String tag) {
        ObjectNode item = paths.has(path) ? (ObjectNode) paths.get(path) : paths.putObject(path);
        ObjectNode o = op(item, r.method().name().toLowerCase(Locale.ROOT), id, tag, r.summary());
        if (r.requestBody() != null) {
            ObjectNode media = o.putObject("requestBody").put("required", true).putObject("content").putObject(JSON);
            media.set("schema", r.requestBody().deepCopy());
            if (r.requestExample() != null) {
                media.set("example", r.requestExample().deepCopy());
            }
        }
        ObjectNode ok = o.putObject("responses").putObject(Integer.toString(r.status())).put("description", r.description());
        ok.putObject("content").putObject(r.mediaType()).set("schema", r.answer().deepCopy());
        if (!r.headers().isEmpty()) {
            ObjectNode hs = ok.putObject("headers");
            r.headers().forEach(h -> hs.set(h.name(), header(h.example(), h.description())));
        }
        List<Integer> statuses = hostBase();
        statuses.addAll(r.errors());
        boolean guarded = switch (r.access()) {
            case OPEN -> false;
            case READ -> token && protectReads;
            case MODIFY -> token;
        };
        errors(o, guarded, statuses);
    }

    /** The statuses any request to the host may get before it is routed, and a failing host's 500. */
    private static List<Integer> hostBase() {
        return new ArrayList<>(List.of(400, 408, 414, 421, 431, 500, 503, 505));
    }

    private static ObjectNode op(ObjectNode pathItem, String method, String id, String tag, String summary) {
        ObjectNode o = pathItem.putObject(method);
        o.put("operationId", id);
        o.putArray("tags").add(tag);
        o.put("summary", summary);
        return o;
    }

    private static ObjectNode ref(String schema) {
        return F.objectNode().put(REF, "#/components/schemas/" + schema);
    }

    /** Adds a JSON success answer (and its ETag header when {@code etag}); returns the response. */
    private static ObjectNode jsonAnswer(ObjectNode op, String status, String description, JsonNode schema,
                                         JsonNode example, boolean etag) {
        ObjectNode responses = op.has("responses") ? (ObjectNode) op.get("responses") : op.putObject("responses");
        ObjectNode r = responses.putObject(status).put("description", description);
        ObjectNode media = r.putObject("content").putObject(JSON);
        media.set("schema", schema);
        if (example != null) {
            media.set("example", example);
        }
        if (etag) {
            r.putObject("headers").set("ETag", header("\"1\"", "the state's version after the operation"));
        }
        return r;
    }

    /** Adds the error answers and, where the token applies, the security requirement. */
    private void errors(ObjectNode op, boolean guarded, List<Integer> statuses) {
        TreeSet<Integer> all = new TreeSet<>(statuses);
        if (guarded && token) {
            all.add(401);
            all.add(403);
            op.putArray("security").addObject().putArray("bearer");
        }
        ObjectNode responses = op.has("responses") ? (ObjectNode) op.get("responses") : op.putObject("responses");
        for (int s : all) {
            responses.putObject(Integer.toString(s)).put(REF, "#/components/responses/" + ERRORS.get(s)[0]);
        }
    }

    // ---- one service ----

    /** Builds one service's {@link Part}. */
    private final class ServiceParts {
        private final ServiceRuntime<?> rt;
        private final Declared declared;
        private final String base;
        private final String prefix;
        private final ObjectNode paths = F.objectNode();
        private final ObjectNode schemas = F.objectNode();
        private final Map<String, JsonNode> examples = new LinkedHashMap<>();
        private final ObjectNode stateSchema;

        ServiceParts(ServiceRuntime<?> rt) {
            this.rt = rt;
            this.declared = rt.declared();
            this.base = RestTable.servicePath(rt.name());
            this.prefix = schemaPrefix(rt);
            this.stateSchema = JsonSchemas.of(rt.service().stateType());
        }

        Part build() {
            schemas.set(prefix + ".state", stateSchema);
            for (RestTable.Route r : RestTable.ROUTES) {
                if (r.verb() == Verb.SUBMIT) {
                    for (String action : rt.actionNames()) {
                        operation(r, action);
                    }
                    if (declared.verbs().containsKey(Verb.SUBMIT)) {
                        operation(r, null); // a Submit handler takes every other action
                    }
                } else if (r.verb() == Verb.LOOKUP || r.verb() == Verb.DROP || rt.lookupSupports(r.verb())) {
                    operation(r, null);
                }
            }
            for (HostResources.Row r : HostResources.ROWS) {
                if (r.perService()) { // the service's own resources that the host answers: its document
                    hostRow(paths, r, RestTable.fill(r.path(), rt.name()), rt.name() + "." + r.operationId(), rt.name());
                }
            }
            return new Part(prefix, paths, schemas, Map.copyOf(examples));
        }

        private void operation(RestTable.Route r, String action) {
            Verb v = r.verb();
            String path = base + (r.path().equals(RestTable.ACTION) && action != null
                    ? RestTable.fill(RestTable.ACTION, action) : r.path());
            ObjectNode item = paths.has(path) ? (ObjectNode) paths.get(path) : paths.putObject(path);
            String method = r.method().name().toLowerCase(Locale.ROOT);
            String id = rt.name() + "." + (v == Verb.SUBMIT ? (action == null ? "submit" : "action." + action)
                    : v == Verb.QUERY && r.body() != RestTable.Body.NONE ? "queryByPost" : v.action());
            ObjectNode o = op(item, method, id, rt.name(), summary(v, action));
            if (r.modifying() && r.body() == RestTable.Body.NONE) {
                o.put("description", "A modification without a body: it needs no Content-Type (a body, if one is sent,"
                        + " must be JSON, or 415).");
            }
            boolean standard = declared.standard().contains(v) || v == Verb.LOOKUP || v == Verb.DROP;
            Declared.Types types = v == Verb.SUBMIT ? (action == null ? null : declared.actionTypes().get(action))
                    : declared.verbTypes().get(v);
            String formKey = v == Verb.SUBMIT ? (action == null ? null : "action:" + action) : v.action();

            ArrayNode params = F.arrayNode();
            if (r.path().equals(RestTable.ITEM)) {
                params.addObject().put(REF, "#/components/parameters/ItemKey");
            }
            if (v == Verb.SUBMIT && action == null) {
                params.addObject().put("name", "action").put("in", "path").put("required", true)
                        .put("description", "The action's name.").putObject("schema").put("type", "string");
            }
            if (r.ifMatch()) {
                params.addObject().put(REF, "#/components/parameters/IfMatch");
            }
            if (r.queryParams()) {
                queryParameters(params, types);
            }
            if (v == Verb.GET) {
                params.addObject().put("name", "format").put("in", "query").put("required", false)
                        .put("description", "json: the state as JSON even for a browser's Accept: text/html; any other"
                                + " value is 400.")
                        .putObject("schema").put("type", "string").putArray("enum").add(FORMAT_JSON);
            }
            if (v == Verb.SUBSCRIBE) {
                params.addObject().put("name", "Last-Event-ID").put("in", "header").put("required", false)
                        .put("description", "Replay the retained notifications after this sequence (an event's id);"
                                + " anything but 1 to 18 digits is 400.")
                        .putObject("schema").put("type", "string").put("pattern", LAST_EVENT_ID_PATTERN);
                params.addObject().put("name", "lastEventId").put("in", "query").put("required", false)
                        .put("description", "The same as Last-Event-ID, which wins when both are given.")
                        .putObject("schema").put("type", "integer").put("minimum", 0).put("maximum", MAX_EVENT_ID);
            }
            if (!params.isEmpty()) {
                o.set("parameters", params);
            }

            if (r.body() != RestTable.Body.NONE) {
                requestBody(o, r, v, standard, types, formKey);
            }

            List<Integer> statuses = withNotFound(hostBase());
            switch (v) {
                case GET -> {
                    ObjectNode ok = jsonAnswer(o, "200", "The state.", answerSchema(v, action, standard, types), null, true);
                    ((ObjectNode) ok.get("content")).putObject("text/html").putObject("schema").put("type", "string");
                }
                case LOOKUP -> {
                    ObjectNode ok = jsonAnswer(o, "200", "The service's contract, operations, actions and partners.",
                            ref("Lookup"), null, false);
                    ok.putObject("headers").set("Link", header("<" + RestTable.fill(HostResources.SERVICE_DOCUMENT,
                                    rt.name()) + ">; rel=\"service-desc\"",
                            "this service's OpenAPI document"));
                }
                case SUBSCRIBE -> {
                    o.putObject("responses").putObject("200").put("description", "A Server-Sent Events stream: per "
                                    + "notification 'event: <action>', 'id: <sequence>', 'data: <JSON body>'; also the events "
                                    + "gap, overflow, close and error. The schema describes one event as a parser of the "
                                    + "stream reads it (data is JSON text; contentSchema says what it holds).")
                            .putObject("content").putObject("text/event-stream").set("schema", eventSchema());
                    statuses.add(405);
                }
                case INSERT -> {
                    ObjectNode ok = jsonAnswer(o, "201", "Inserted.", answerSchema(v, action, standard, types), null, true);
                    ((ObjectNode) ok.get("headers")).set("Location", header(base + RestTable.fill(RestTable.ITEM, "key"), "the new item"));
                }
                case DROP -> jsonAnswer(o, "200", "Dropped: the service left the directory.", ref("Dropped"), null, false);
                default -> jsonAnswer(o, "200", "The answer.", answerSchema(v, action, standard, types), null, true);
            }
            if (v != Verb.SUBSCRIBE && v != Verb.LOOKUP) {
                statuses.add(504); // posted to the service, answered by it in time or not
            }
            if (r.modifying()) {
                statuses.add(403); // a foreign Origin, token or none
                statuses.add(415); // every modifying request says a JSON Content-Type
            }
            if (r.body() != RestTable.Body.NONE) {
                statuses.addAll(List.of(413, 415, 417));
            }
            if (r.ifMatch()) {
                statuses.add(412);
            }
            if (v == Verb.INSERT) {
                statuses.add(409);
            }
            if (v == Verb.SUBMIT && action == null) {
                statuses.add(405);
            }
            if (!standard) {
                statuses.addAll(HANDLER_FAULTS);
            }
            errors(o, r.modifying() || protectReads, statuses);
        }

        private void requestBody(ObjectNode o, RestTable.Route r, Verb v, boolean standard, Declared.Types types,
                                 String formKey) {
            // a POST that modifies always carries a JSON type, so its body is required: a bodiless
            // POST is what a page of another site can send without asking (see RequestGuard)
            boolean post = r.method().name().equals("POST") && r.modifying();
            ObjectNode rb = o.putObject("requestBody").put("required", r.body() == RestTable.Body.REQUIRED || post);
            String media = v == Verb.UPDATE ? rt.updateBody() : JSON;
            String action = v == Verb.SUBMIT && formKey != null ? formKey.substring("action:".length()) : null;
            ObjectNode checked = rt.bodySchemas().of(v, action); // the schema the host checks bodies against
            ObjectNode schema;
            JsonNode example;
            if (v == Verb.REPLACE && standard) {
                schema = ref(prefix + ".state");
                example = JsonSchemas.example(stateSchema);
                rb.put("description", "A whole state.");
            } else if (checked != null) {
                String name = prefix + "." + (v == Verb.SUBMIT ? "action." + formKey.substring("action:".length())
                        : v.action()) + ".body";
                schemas.set(name, checked.deepCopy());
                schema = ref(name);
                example = v == Verb.UPDATE && standard ? JsonSchemas.example(stateSchema) : JsonSchemas.example(checked);
                if (v == Verb.UPDATE && standard) {
                    rb.put("description", "A JSON Merge Patch (RFC 7396) of the state: null removes a field.");
                }
            } else {
                schema = F.objectNode();
                example = post && v == Verb.SUBMIT ? F.nullNode() : F.objectNode();
                rb.put("description", post ? "Any JSON; null when the action takes no argument (a POST needs"
                        + " Content-Type: application/json, with or without a body)." : "Any JSON.");
            }
            ObjectNode m = rb.putObject("content").putObject(media);
            m.set("schema", schema);
            m.set("example", example);
            if (formKey != null && !(v == Verb.QUERY && examples.containsKey(formKey))) {
                examples.put(formKey, example);
            }
        }

        /**
         * One event of the notification stream, as an SSE parser reads it: its name, its id (the
         * notification's sequence, as text) and its data, JSON text whose content the
         * {@code contentSchema} describes. The names are the service's modifications and actions,
         * and the host's own: {@code gap}, {@code overflow}, {@code close}, {@code error}.
         */
        private ObjectNode eventSchema() {
            ObjectNode any = F.objectNode();
            ObjectNode keyed = F.objectNode().put("type", "object");
            keyed.putArray("required").add("key");
            keyed.putObject("properties").set("key", F.objectNode().put("type", "string"));
            ObjectNode keyValue = keyed.deepCopy();
            ((ArrayNode) keyValue.get("required")).add("value");
            ((ObjectNode) keyValue.get("properties")).set("value", F.objectNode());
            Map<String, JsonNode> events = new LinkedHashMap<>();
            for (Verb v : List.of(Verb.REPLACE, Verb.UPDATE, Verb.INSERT, Verb.UPSERT, Verb.DELETE)) {
                if (!rt.lookupSupports(v)) {
                    continue;
                }
                ObjectNode checked = rt.bodySchemas().of(v, null);
                events.put(v.action(), switch (v) {
                    case REPLACE, UPDATE -> checked == null ? any : ref(prefix + "." + (v == Verb.REPLACE
                            && declared.standard().contains(v) ? "state" : v.action() + ".body"));
                    case UPSERT -> keyValue;
                    case DELETE -> keyed;
                    default -> any; // Insert: the request body, or {"key","value"} of a keyed insert
                });
            }
            for (String action : rt.actionNames()) {
                events.putIfAbsent(action, any);
            }
            ObjectNode gap = F.objectNode().put("type", "object");
            gap.putArray("required").add("reason").add("version");
            gap.putObject("properties").set("reason", F.objectNode().put("type", "string"));
            ((ObjectNode) gap.get("properties")).set("version", F.objectNode().put("type", "integer"));
            events.put("gap", gap);
            ObjectNode reason = F.objectNode().put("type", "object");
            reason.putArray("required").add("reason");
            reason.putObject("properties").set("reason", F.objectNode().put("type", "string"));
            events.put("overflow", reason);
            events.put("close", reason);
            events.put("error", ref("Error"));
            ObjectNode schema = F.objectNode().put("description", "One event of the stream.");
            ArrayNode alternatives = schema.putArray("anyOf");
            events.forEach((name, data) -> {
                ObjectNode e = alternatives.addObject().put("type", "object");
                e.putArray("required").add("event").add("data");
                ObjectNode props = e.putObject("properties");
                props.putObject("event").put("const", name);
                props.putObject("data").put("type", "string").put("contentMediaType", JSON).set("contentSchema", data);
                props.putObject("id").put("type", "string").put("pattern", "^[0-9]+$");
                props.putObject("retry").put("type", "integer");
            });
            return schema;
        }

        private JsonNode answerSchema(Verb v, String action, boolean standard, Declared.Types types) {
            if (types != null && types.answer() != null) {
                String name = prefix + "." + (action == null ? v.action() : "action." + action) + ".answer";
                if (!schemas.has(name)) {
                    schemas.set(name, JsonSchemas.of(types.answer()));
                }
                return ref(name);
            }
            if (standard && (v == Verb.GET || v == Verb.REPLACE || v == Verb.UPDATE)) {
                return ref(prefix + ".state");
            }
            return F.objectNode();
        }

        private void queryParameters(ArrayNode params, Declared.Types types) {
            Map<String, ObjectNode> declaredParams = rt.bodySchemas().queryParameters(); // what the host checks
            if (declaredParams != null) {
                declaredParams.forEach((name, schema) -> params.addObject().put("name", name).put("in", "query")
                        .put("required", false).set("schema", schema.deepCopy()));
            } else {
                ObjectNode p = params.addObject().put("name", "query").put("in", "query").put("required", false)
                        .put("style", "form").put("explode", true)
                        .put("description", "The query's parameters: any names, one value each.");
                p.putObject("schema").put("type", "object").putObject("additionalProperties").put("type", "string");
            }
        }

        private String summary(Verb v, String action) {
            return switch (v) {
                case GET -> "Get: the state (text/html: the browser view).";
                case LOOKUP -> "Lookup: the contract, operations, actions and partners.";
                case QUERY -> "Query: part of the state.";
                case INSERT -> "Insert: add an item; 409 if it exists.";
                case UPDATE -> "Update the state.";
                case UPSERT -> "Upsert: insert or replace the item.";
                case REPLACE -> "Replace the whole state.";
                case DELETE -> "Delete the item; 404 if absent.";
                case SUBMIT -> action == null ? "Submit any action." : "Submit action '" + action + "'.";
                case SUBSCRIBE -> "Subscribe: the notifications, as Server-Sent Events.";
                case DROP -> "Drop: stop the service.";
            };
        }
    }

    private static List<Integer> withNotFound(List<Integer> statuses) {
        statuses.add(404);
        return statuses;
    }

    /**
     * The prefix of a service's schema names: its contract, or its name where the contract is the
     * default (the Java class's name, which the documents never show). Contracts that share a name
     * but not their types are told apart by the service's name.
     */
    private static String schemaPrefix(ServiceRuntime<?> rt) {
        String contract = rt.service().contract(); // as declared: the default is the class's name
        String p = contract.equals(rt.service().getClass().getName()) ? rt.name() : contract;
        StringBuilder sb = new StringBuilder(p.length());
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            sb.append(c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-') ? c : '_');
        }
        return sb.toString();
    }
}
