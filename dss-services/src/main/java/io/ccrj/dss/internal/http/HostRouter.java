package io.ccrj.dss.internal.http;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Notification;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Response;
import io.ccrj.dss.ResponsePort;
import io.ccrj.dss.ServiceSpec;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.http.server.Answer;
import io.ccrj.dss.internal.http.server.HttpExchange;
import io.ccrj.dss.internal.http.server.HttpRouter;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.json.JsonLimits;
import io.ccrj.dss.internal.http.server.SseStream;
import io.ccrj.dss.internal.http.server.Utf8;
import io.ccrj.dss.internal.host.BearerToken;
import io.ccrj.dss.internal.host.HostCore;
import io.ccrj.dss.internal.openapi.OpenApi;
import io.ccrj.dss.internal.runtime.Committed;
import io.ccrj.dss.internal.runtime.ServiceRuntime;
import io.ccrj.dss.internal.rest.RestTable;
import io.ccrj.dss.internal.rest.HostResources;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.AsciiString;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The host's REST mapping (the table in docs/dss-services/writing-services.md): parses the path, checks the token
 * and the body, builds the {@link Operation}, posts it on the service's main port, and answers
 * from the operation's response port on whatever thread answers (the exchange hops to the event
 * loop and keeps pipelined responses in order).
 *
 * <h2>Threading</h2>
 * {@link #route} runs on a connection's event loop; it never blocks.
 */
@Internal
public final class HostRouter implements HttpRouter, HostResources.Actions {
    private static final System.Logger LOG = System.getLogger(HostRouter.class.getName());
    private static final String HTML = "text/html; charset=utf-8";
    private static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";

    private final HostCore host;
    private final BearerToken token;
    private final boolean protectReads;
    private final long timeoutMillis;
    private final OpenApi openApi;
    /** The {@code Link} header (RFC 8288): where OPTIONS points at the OpenAPI documents. */
    private static final AsciiString LINK = AsciiString.cached("link");
    /** {@code OPTIONS /}'s {@code Link}: the host's OpenAPI document. */
    private static final String HOST_LINK = "<" + HostResources.OPENAPI_PATH + ">; rel=\"service-desc\"";

    /** @param host the host core whose services this router serves */
    public HostRouter(HostCore host) {
        this.host = host;
        this.token = host.token();
        this.protectReads = host.config().security().protectReads();
        this.timeoutMillis = host.config().scheduling().requestTimeout().toMillis();
        this.openApi = new OpenApi(token != null, protectReads, host::contractStateTypes);
    }

    @Override
    public boolean isClosing() {
        return host.isClosing();
    }

    @Override
    public void opened() {
        host.metrics().opened();
    }

    @Override
    public void record(int status, long nanos) {
        host.metrics().record(status, nanos);
    }

    /**
     * Decides the request's answer ({@link #dispatch}) and has the exchange write it; a request
     * answered later (an operation posted to its service, an event stream) or refused by the
     * exchange's own body checks has no answer here.
     */
    @Override
    public void route(HttpExchange ex) {
        Answer a;
        try {
            a = dispatch(ex);
        } catch (Fault f) {
            a = fault(f);
        } catch (MethodNotAllowed e) {
            a = new Answer.Error(405, FaultCode.UNSUPPORTED.error(), e.getMessage(), h -> h.set(HttpHeaderNames.ALLOW, e.allow));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "the host failed on " + ex.method() + " " + ex.path(), e);
            a = new Answer.Error(500, "internal", "the host failed on this request; its log has the details", null);
        }
        if (a != null) {
            ex.respond(a);
        }
    }

    /**
     * The same checks as {@link #route}, in the same order: {@link #dispatch} makes the body's
     * checks ({@link HttpExchange#refuseBody}) before it acts on anything, and they refuse this
     * request.
     */
    @Override
    public void routeTooLarge(HttpExchange ex) {
        route(ex);
    }

    /** A method the resource does not have: 405 with the {@code Allow} header listing those it has. */
    private static final class MethodNotAllowed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String allow;

        MethodNotAllowed(HttpMethod m, String allow) {
            this("method " + m + " is not allowed here; allowed: " + (allow.isEmpty() ? "none" : allow), allow);
        }

        MethodNotAllowed(String message, String allow) {
            super(message, null, false, false);
            this.allow = allow;
        }
    }

    /**
     * Routes in the host's refusal order (the connection has checked the request and the site):
     * credentials (401, 403), then the route and the method (404, 405), then the body (413, 417,
     * 415, then the route's own 415 and 400), then the action. Every branch calls
     * {@link HttpExchange#refuseBody} before it acts, so that a request whose body was not read
     * ({@link #routeTooLarge}) never acts.
     *
     * @return the answer, or {@code null} where there is none yet (an operation posted, a stream
     *     started) or the exchange refused the body itself
     */
    private Answer dispatch(HttpExchange ex) throws Fault {
        String raw = ex.path();
        List<String> seg = segments(raw);
        // the host's own resources, a service's document among them: one table for the route,
        // the token, the body and the answer
        HostResources.Match match = HostResources.match(seg);
        if (match == null && !seg.isEmpty() && seg.get(0).equals(SERVICES)) {
            authorize(ex, needsTokenAsModification(ex, seg), false);
            return service(ex, seg, raw);
        }
        List<HostResources.Row> rows = match == null ? null : match.rows();
        HostResources.Row row = rows == null ? null : HostResources.row(rows, ex.method());
        // the token before the route: a row's own rule, else the method's (401 comes before 404 and 405)
        HostResources.Access access = row != null ? row.access()
                : ex.isModifyingMethod() ? HostResources.Access.MODIFY : HostResources.Access.READ;
        authorize(ex, access == HostResources.Access.MODIFY, access == HostResources.Access.OPEN);
        if (rows == null) {
            throw new Fault(FaultCode.NOT_FOUND, "no resource at " + raw + "; try " + String.join(", ",
                    HostResources.paths()) + " or " + RestTable.SERVICE);
        }
        if (row == null) {
            if (rows.get(0).perService()) {
                runtime(match.values().get(0)); // no such service: 404 before 405, as below /services/{name}
            }
            throw methodNotAllowed(ex.method(), HostResources.allow(rows));
        }
        if (ex.refuseBody(access == HostResources.Access.MODIFY)) {
            return null;
        }
        return row.handler().handle(this, ex, match.values());
    }

    /** The path's first word below which every service is ({@code services}). */
    private static final String SERVICES = RestTable.segments(RestTable.SERVICES).get(0);

    /**
     * @param name a service's name
     * @return the running service
     * @throws Fault 404 if there is none of that name
     */
    private ServiceRuntime<?> runtime(String name) throws Fault {
        ServiceRuntime<?> rt = host.runtime(name);
        if (rt == null) {
            throw new Fault(FaultCode.NOT_FOUND, "no service '" + name + "' in this host; see " + HostResources.DIRECTORY);
        }
        return rt;
    }

    // ---- the host's own resources (HostResources' rows) ----

    @Override
    public Answer index(HttpExchange ex) {
        List<HtmlPages.Entry> entries = new ArrayList<>();
        host.runtimes().forEach((n, rt) -> entries.add(new HtmlPages.Entry(n, rt.contract(), RestTable.servicePath(n))));
        return new Answer.Text(200, HTML, HtmlPages.directory(entries));
    }

    @Override
    public Answer links(HttpExchange ex) {
        String allow = HostResources.allow(HostResources.at(HostResources.INDEX));
        return new Answer.Json(200, HostResources.linksBody(), h -> h.set(HttpHeaderNames.ALLOW, allow).set(LINK, HOST_LINK));
    }

    @Override
    public Answer directory(HttpExchange ex) {
        return new Answer.Json(200, directoryJson(), null);
    }

    @Override
    public Answer create(HttpExchange ex) throws Fault {
        return createService(ex);
    }

    @Override
    public Answer health(HttpExchange ex) {
        ObjectNode o = Json.object();
        o.put("status", host.isClosing() ? "closing" : "up");
        o.put("services", host.runtimes().size());
        o.put("uptimeMillis", host.uptimeMillis());
        return new Answer.Json(200, o, null);
    }

    @Override
    public Answer metrics(HttpExchange ex) {
        return new Answer.Text(200, PROMETHEUS, host.metricsText());
    }

    @Override
    public Answer openapi(HttpExchange ex) {
        return new Answer.Json(200, openApi.hostDocument(host.runtimes()), null);
    }

    @Override
    public Answer serviceDocument(HttpExchange ex, String service) throws Fault {
        return new Answer.Json(200, openApi.serviceDocument(runtime(service)), null);
    }

    /**
     * A GET whose path is a service's notifications resource (by the table's row for Subscribe)
     * may be answered with an event stream.
     */
    @Override
    public boolean mayOpenEventStream(HttpMethod method, String uri) {
        if (!method.equals(HttpMethod.GET)) {
            return false;
        }
        List<String> seg = RestTable.pathSegments(uri);
        if (seg.size() < 2 || !seg.get(0).equals(SERVICES)) {
            return false;
        }
        String path = RestTable.template(seg.subList(2, seg.size()));
        RestTable.Route route = path == null ? null : RestTable.decode(method, path);
        return route != null && route.verb() == Verb.SUBSCRIBE;
    }

    /**
     * Whether a request needs the token as a modification does (reads need it only with
     * protected reads), decided before the route is resolved, so that 401 comes before 404 and
     * 405: a service route's table row says (Query by POST is a read), {@code POST /directory}
     * is a modification, and any other resource or method is judged by the method (POST, PUT,
     * PATCH and DELETE modify).
     */
    private static boolean needsTokenAsModification(HttpExchange ex, List<String> seg) {
        if (seg.size() >= 2 && seg.get(0).equals(SERVICES)) {
            String path = RestTable.template(seg.subList(2, seg.size()));
            RestTable.Route route = path == null ? null : RestTable.decode(ex.method(), path);
            if (route != null) {
                return route.modifying();
            }
        }
        return ex.isModifyingMethod();
    }

    /** A request below {@code /services}: its answer, or {@code null} as {@link #dispatch}'s. */
    private Answer service(HttpExchange ex, List<String> seg, String raw) throws Fault {
        if (seg.size() < 2) {
            throw new Fault(FaultCode.NOT_FOUND, "name a service: " + RestTable.SERVICE + "; see " + HostResources.DIRECTORY);
        }
        ServiceRuntime<?> rt = runtime(seg.get(1));
        List<String> below = seg.subList(2, seg.size());
        String path = RestTable.template(below);
        if (path == null) {
            throw new Fault(FaultCode.NOT_FOUND, "no resource at " + raw
                    + (below.isEmpty() || !RestTable.words().contains(below.get(0))
                    ? "; a service has " + String.join(", ", RestTable.TEMPLATES.subList(1, RestTable.TEMPLATES.size()))
                    : ""));
        }
        // one table for every service route: method, authorization, body, success status
        RestTable.Route route = RestTable.decode(ex.method(), path);
        if (route == null) {
            throw methodNotAllowed(ex.method(), allowed(rt, seg));
        }
        // an operation the service does not support is 405 here, before its body is looked at
        String unsupported = rt.unsupported(route.verb(), route.verb() == Verb.SUBMIT ? below.get(1) : null);
        if (unsupported != null) {
            throw new MethodNotAllowed(unsupported, allowed(rt, seg));
        }
        if (ex.refuseBody(route.modifying())) {
            return null;
        }
        switch (route.verb()) {
            case GET -> {
                if (wantsHtml(ex)) {
                    return servicePage(rt);
                }
                Committed c = rt.inlineGet();
                if (c != null) {
                    // the standard Get of a committed snapshot, answered here on the event loop: no
                    // operation, no hop to the service's queue and back, no 504 deadline to arm
                    return state(rt, c.snapshot(), c.version());
                }
            }
            case SUBSCRIBE -> {
                if (ex.method().equals(HttpMethod.HEAD)) {
                    return new Answer.Head(200, "text/event-stream; charset=utf-8"); // the head a stream would have
                }
                subscribe(ex, rt);
                return null;
            }
            default -> {
            }
        }
        Operation.Builder b = Operation.builder(route.verb());
        if (route.hasKey()) {
            b.key(below.get(1));
        }
        if (route.queryParams()) {
            b.query(singleValues(ex.query()));
        }
        if (route.body() != RestTable.Body.NONE) {
            b.body(jsonBody(ex, route.body() == RestTable.Body.REQUIRED, route.verb() == Verb.UPDATE ? rt.updateBody() : null));
        }
        if (route.ifMatch()) {
            b.ifMatch(ifMatch(ex));
        }
        post(ex, rt, b, route.okStatus());
        return null;
    }

    // ---- operations ----

    private void post(HttpExchange ex, ServiceRuntime<?> rt, Operation.Builder b, int okStatus) {
        ResponsePort port = ResponsePort.of((r, f) -> {
            try {
                ex.respond(answer(ex, rt, okStatus, r, f));
            } catch (RuntimeException | OutOfMemoryError e) {
                // the answer could not be made (no memory for its header values): the port is
                // answered already, so no 504 will come; the connection closes instead
                ex.abandon(e);
            }
        });
        Operation op = b.build(port);
        ex.scheduleTimeout(timeoutMillis, () -> port.fault(new Fault(FaultCode.TIMEOUT, "service '" + rt.name()
                + "' did not answer " + op + " within " + timeoutMillis + " ms")));
        rt.post(op);
    }

    /** The answer of an operation's response or fault (on the answering thread). */
    private static Answer answer(HttpExchange ex, ServiceRuntime<?> rt, int okStatus, Response r, Fault f) {
        if (f != null && f.code() == FaultCode.UNSUPPORTED) {
            String allow = allowedFor(rt, ex.path());
            return new Answer.Error(405, f.code().error(), f.getMessage(), h -> h.set(HttpHeaderNames.ALLOW, allow));
        }
        if (f != null) {
            return fault(f);
        }
        if (ex.method().equals(HttpMethod.OPTIONS)) { // Lookup: also where the service's document is
            CharSequence etag = rt.etag(r.version());
            String link = "<" + RestTable.fill(HostResources.SERVICE_DOCUMENT, rt.name()) + ">; rel=\"service-desc\"";
            return new Answer.Json(okStatus, r.body(), h -> h.set(HttpHeaderNames.ETAG, etag).set(LINK, link));
        }
        if (okStatus == 200) {
            return state(rt, r.body(), r.version());
        }
        CharSequence etag = rt.etag(r.version());
        return new Answer.Json(okStatus, r.body(), okStatus == 201
                ? h -> h.set(HttpHeaderNames.ETAG, etag).set(HttpHeaderNames.LOCATION, insertedLocation(rt, r))
                : h -> h.set(HttpHeaderNames.ETAG, etag));
    }

    /**
     * A 200 answer with its ETag: a snapshot of the state is written from its bytes, serialized
     * once per version and shared by every answer of that version; any other body is serialized.
     */
    private static Answer state(ServiceRuntime<?> rt, JsonNode body, long version) {
        return new Answer.Tagged(200, body, rt.snapshotBytes(body), HttpHeaderNames.ETAG, rt.etag(version));
    }

    private static String insertedLocation(ServiceRuntime<?> rt, Response r) {
        JsonNode key = r.body().get("key");
        return key != null && key.isTextual() ? RestTable.fill(RestTable.SERVICE + RestTable.ITEM, rt.name(), key.asText())
                : RestTable.servicePath(rt.name());
    }

    private void subscribe(HttpExchange ex, ServiceRuntime<?> rt) throws Fault {
        long last = -1;
        String header = ex.headers().get("Last-Event-ID");
        List<String> param = ex.query().get("lastEventId");
        // both are checked as the document declares them, the header wins
        if (param != null) {
            for (String p : param) {
                last = eventId("lastEventId", p);
            }
        }
        if (header != null) {
            last = eventId("Last-Event-ID", header);
        }
        if (!rt.lookupSupports(Verb.SUBSCRIBE)) {
            throw new MethodNotAllowed("service '" + rt.name() + "' does not support SUBSCRIBE", "");
        }
        SseStream stream = ex.startStream();
        NotificationListener listener = new NotificationListener() {
            @Override
            public void onNotification(Notification n) {
                try {
                    stream.event(n.sequence(), n.action(), Json.toString(n.body()));
                } catch (OutOfMemoryError e) {
                    // no memory for this subscriber's copy of the event: it is dropped (overflow),
                    // the write that notifies goes on
                    stream.overflow();
                }
            }

            @Override
            public void onClose(String reason) {
                stream.event(-1, "close", Json.toString(Json.object().put("reason", reason)));
                stream.close();
            }
        };
        stream.onClose(() -> rt.unsubscribe(listener));
        rt.post(Operation.builder(Verb.SUBSCRIBE).subscriber(listener).lastSequence(last).build(ResponsePort.of((r, f) -> {
            if (f != null) {
                stream.event(-1, "error", Json.toString(errorBody(f)));
                stream.close();
            } else {
                stream.comment("subscribed at sequence " + r.body().path("sequence").asLong());
            }
        })));
    }

    /** An event id as the document declares it: 1 to 18 digits (a notification's sequence). */
    private static long eventId(String name, String given) throws Fault {
        boolean digits = !given.isEmpty() && given.length() <= 18;
        for (int i = 0; digits && i < given.length(); i++) {
            char c = given.charAt(i);
            digits = c >= '0' && c <= '9';
        }
        if (!digits) {
            throw new Fault(FaultCode.BAD_REQUEST, name + " must be the id of an event (a sequence number of 1 to 18"
                    + " digits), was '" + (given.length() > 40 ? given.substring(0, 40) + "..." : given) + "'");
        }
        return Long.parseLong(given);
    }

    private Answer createService(HttpExchange ex) throws Fault {
        JsonNode body = jsonBody(ex, true, null);
        if (!body.path("name").isTextual() || !body.path("contract").isTextual()) {
            throw new Fault(FaultCode.BAD_REQUEST, "Create needs {\"name\": \"...\", \"contract\": \"...\", \"state\": {...}}");
        }
        if (body.has("stateFile")) {
            throw new Fault(FaultCode.BAD_REQUEST, "a state file can only be named in the host's manifest, not over HTTP");
        }
        String name = body.get("name").asText();
        if (!ServiceSpec.isValidName(name)) {
            throw new Fault(FaultCode.BAD_REQUEST, "a service name is 1-64 letters, digits, '.', '_' or '-': '" + name + "'");
        }
        int max = host.config().serviceLimits().maxServices();
        if (host.runtimes().size() >= max && host.runtime(name) == null) {
            throw new Fault(FaultCode.CONFLICT, "this host runs " + host.runtimes().size() + " services, its limit ("
                    + "--max-services " + max + "); drop one before creating another");
        }
        JsonNode state = body.get("state");
        Class<?> stateType = host.contractStateTypes().get(body.get("contract").asText());
        if (state != null && !state.isNull() && stateType != null) {
            // the state the document declares for this contract (a named class is Jackson's to judge)
            String problem = io.ccrj.dss.internal.json.SchemaCheck.problem(state, openApi.stateSchema(stateType));
            if (problem != null) {
                throw new Fault(FaultCode.BAD_REQUEST, "field 'state' is not a state of contract "
                        + body.get("contract").asText() + ": " + problem);
            }
        }
        Map<String, String> partners = new HashMap<>();
        JsonNode ps = body.path("partners");
        if (!ps.isMissingNode() && !ps.isNull() && !ps.isObject()) {
            throw new Fault(FaultCode.BAD_REQUEST, "field 'partners' must be an object of partner name to service name or URL");
        }
        for (var it = ps.fields(); it.hasNext(); ) {
            var e = it.next();
            String field = "partners." + e.getKey();
            if (!e.getValue().isTextual()) {
                throw new Fault(FaultCode.BAD_REQUEST, "field '" + field + "' must be a string: a local service name or an"
                        + " http:// service URL");
            }
            String target = e.getValue().asText();
            String problem = HostCore.partnerProblem(target);
            if (problem != null) {
                throw new Fault(FaultCode.BAD_REQUEST, "field '" + field + "': " + problem);
            }
            partners.put(e.getKey(), target);
        }
        host.createOverHttp(new ServiceSpec(name, body.get("contract").asText(), state == null || state.isNull() ? null : state,
                partners, null));
        ServiceRuntime<?> rt = host.runtime(name);
        String location = RestTable.servicePath(name);
        return new Answer.Json(201, entry(name, rt == null ? body.get("contract").asText() : rt.contract(),
                rt == null ? 0 : rt.version()), h -> h.set(HttpHeaderNames.LOCATION, location));
    }

    // ---- pages ----

    private JsonNode directoryJson() {
        ObjectNode root = Json.object();
        ArrayNode arr = root.putArray("services");
        host.runtimes().forEach((n, rt) -> arr.add(entry(n, rt.contract(), rt.version())));
        return root;
    }

    private static ObjectNode entry(String name, String contract, long version) {
        ObjectNode o = Json.object();
        o.put("name", name);
        o.put("contract", contract);
        o.put("url", RestTable.servicePath(name));
        o.put("version", version);
        return o;
    }

    private Answer servicePage(ServiceRuntime<?> rt) {
        String pretty;
        try {
            pretty = Json.PRETTY.writeValueAsString(rt.snapshot());
        } catch (IOException e) {
            pretty = String.valueOf(rt.snapshot());
        }
        List<String> events = new ArrayList<>(List.of("replace", "update", "insert", "upsert", "delete", "gap", "overflow"));
        events.addAll(rt.actionNames());
        java.util.Set<Verb> verbs = java.util.EnumSet.noneOf(Verb.class);
        for (Verb v : List.of(Verb.QUERY, Verb.INSERT, Verb.UPSERT, Verb.REPLACE, Verb.UPDATE, Verb.DELETE)) {
            if (rt.lookupSupports(v)) {
                verbs.add(v);
            }
        }
        Map<String, String> examples = new HashMap<>();
        openApi.part(rt).examples().forEach((form, example) -> {
            try {
                examples.put(form, Json.PRETTY.writeValueAsString(example));
            } catch (IOException e) {
                // no example for this form: it starts empty
            }
        });
        return new Answer.Text(200, HTML, HtmlPages.service(rt.name(), rt.contract(), pretty, rt.version(), events, token != null,
                new HtmlPages.Forms(verbs, rt.updateBody(), rt.actionNames(), examples)));
    }

    // ---- checks ----

    private void authorize(HttpExchange ex, boolean modifying, boolean exempt) throws Fault {
        if (token == null || exempt || (!modifying && !protectReads)) {
            return;
        }
        String h = ex.headers().get(HttpHeaderNames.AUTHORIZATION);
        if (h == null || h.length() < 7 || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new Fault(FaultCode.UNAUTHORIZED, (modifying ? "modifications" : "requests") + " on this host need "
                    + "'Authorization: Bearer <token>'");
        }
        if (!token.matches(h.substring(7).trim())) {
            throw new Fault(FaultCode.FORBIDDEN, "the bearer token is not valid for this host");
        }
    }

    /**
     * @param expected the one media type the body must have, or {@code null} (or
     *     {@code application/json}) for any JSON type; {@code null} also refuses a merge patch,
     *     which only an Update takes
     */
    private static JsonNode jsonBody(HttpExchange ex, boolean required, String expected) throws Fault {
        if (!ex.hasBody()) {
            if (required) {
                throw new Fault(FaultCode.BAD_REQUEST, ex.method() + " " + ex.path() + " needs a JSON body");
            }
            return null;
        }
        String ct = ex.headers().get(HttpHeaderNames.CONTENT_TYPE);
        String mime = ct == null ? "" : HttpExchange.mediaType(ct);
        boolean anyJson = mime.equals("application/json") || mime.startsWith("application/") && mime.endsWith("+json");
        boolean ok = expected == null ? anyJson && !mime.equals(ServiceRuntime.MERGE_PATCH)
                : expected.equals("application/json") ? anyJson
                : mime.equals(expected);
        if (!ok) {
            throw new Fault(FaultCode.UNSUPPORTED_MEDIA_TYPE, "expected Content-Type "
                    + (expected == null ? "application/json" : expected) + ", got "
                    + (ct == null ? "none" : "'" + ct + "'"));
        }
        try {
            return ex.readJson();
        } catch (JsonLimits.Violation e) {
            throw new Fault(FaultCode.BAD_REQUEST, e.getMessage());
        } catch (IOException e) {
            throw new Fault(FaultCode.BAD_REQUEST, Json.malformed("body", e));
        }
    }

    /** The {@code If-Match} value, checked against the form the document declares (400 otherwise). */
    private static String ifMatch(HttpExchange ex) throws Fault {
        String v = ex.headers().get(HttpHeaderNames.IF_MATCH);
        if (v != null && io.ccrj.dss.internal.runtime.IfMatch.tags(v) == null) {
            throw new Fault(FaultCode.BAD_REQUEST, "malformed If-Match: '" + (v.length() > 60 ? v.substring(0, 60) + "..." : v)
                    + "' (expected *, or entity tags in double quotes such as \"3\", separated by commas)");
        }
        return v;
    }


    private static boolean wantsHtml(HttpExchange ex) throws Fault {
        List<String> format = ex.query().get("format");
        if (format != null) {
            for (String f : format) {
                if (!f.equals(OpenApi.FORMAT_JSON)) {
                    throw new Fault(FaultCode.BAD_REQUEST, "format=" + f + " is not a format of this host; format=json"
                            + " asks for the state as JSON (leave it out to follow the Accept header)");
                }
            }
            return false;
        }
        String accept = ex.headers().get(HttpHeaderNames.ACCEPT);
        return accept != null && accept.contains("text/html");
    }

    private static Map<String, String> singleValues(Map<String, List<String>> query) {
        if (query.isEmpty()) {
            return Map.of();
        }
        Map<String, String> m = new HashMap<>();
        query.forEach((k, v) -> m.put(k, v.isEmpty() ? "" : v.get(0)));
        return m;
    }

    private static MethodNotAllowed methodNotAllowed(HttpMethod m, String allowed) {
        return new MethodNotAllowed(m, allowed);
    }

    /** @return the {@code Allow} value of a service resource given by its raw path */
    private static String allowedFor(ServiceRuntime<?> rt, String rawPath) {
        try {
            return allowed(rt, segments(rawPath));
        } catch (Fault f) {
            return "";
        }
    }

    /**
     * The methods a service resource has, from the operations the service supports: what the
     * {@code Allow} header of its 405 lists.
     */
    private static String allowed(ServiceRuntime<?> rt, List<String> seg) {
        List<String> below = seg.subList(Math.min(2, seg.size()), seg.size());
        String path = RestTable.template(below);
        List<String> out = new ArrayList<>(7);
        if (path == null) {
            return "";
        }
        for (RestTable.Route r : RestTable.at(path)) {
            boolean supported = switch (r.verb()) {
                case LOOKUP, DROP -> true; // the runtime answers Lookup; Drop always works
                case SUBMIT -> rt.supportsAction(below.get(1));
                default -> rt.lookupSupports(r.verb());
            };
            if (supported) {
                out.add(r.method().name());
                if (r.method().equals(HttpMethod.GET)) {
                    out.add("HEAD");
                }
            }
        }
        return String.join(", ", out);
    }

    private static List<String> segments(String raw) throws Fault {
        List<String> out = new ArrayList<>(4);
        int i = 0;
        int n = raw.length();
        while (i < n) {
            int j = raw.indexOf('/', i);
            if (j < 0) {
                j = n;
            }
            if (j > i) {
                String keyword = keyword(raw, i, j);
                if (keyword != null) {
                    out.add(keyword);
                    i = j + 1;
                    continue;
                }
                try {
                    out.add(Utf8.percentDecode(raw.substring(i, j), false));
                } catch (IllegalArgumentException e) {
                    throw new Fault(FaultCode.BAD_REQUEST, "malformed path " + raw + ": " + e.getMessage());
                }
            }
            i = j + 1;
        }
        return out;
    }

    /** The path's fixed words, taken as they are instead of copied out of every request's path. */
    private static final String[] KEYWORDS = keywords();

    private static String[] keywords() {
        List<String> k = new ArrayList<>(RestTable.words());
        for (String w : HostResources.words()) {
            if (!k.contains(w)) {
                k.add(w);
            }
        }
        return k.toArray(new String[0]);
    }

    /** @return the fixed word that {@code raw[from, to)} spells, or {@code null} */
    private static String keyword(String raw, int from, int to) {
        for (String k : KEYWORDS) {
            if (k.length() == to - from && raw.regionMatches(from, k, 0, k.length())) {
                return k;
            }
        }
        return null;
    }

    static ObjectNode errorBody(Fault f) {
        return Json.object().put("error", f.code().error()).put("message", f.getMessage());
    }

    static Answer fault(Fault f) {
        FaultCode c = f.code();
        Consumer<HttpHeaders> extra = switch (c) {
            case UNAVAILABLE -> h -> h.set(HttpHeaderNames.RETRY_AFTER, "1");
            case UNAUTHORIZED -> h -> h.set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"ccrj\"");
            case UNSUPPORTED -> h -> h.set(HttpHeaderNames.ALLOW, ""); // every 405 says what is allowed, here nothing known
            default -> null;
        };
        return new Answer.Error(c.httpStatus(), c.error(), f.getMessage(), extra);
    }
}
