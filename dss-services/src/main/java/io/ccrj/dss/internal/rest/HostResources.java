package io.ccrj.dss.internal.rest;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.internal.http.server.Answer;
import io.ccrj.dss.internal.http.server.HttpExchange;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's own resources, once: the directory, Create, health, metrics, the host's OpenAPI
 * document, the browser view's directory page and each service's OpenAPI document, each a row of
 * path template, method, token rule, body, answer and handler. {@code HostRouter} routes with it
 * (path, method, {@code Allow}, the token, the body's checks, the handler) and {@code OpenApi}
 * writes the documents' host resources from it, so the documents say what the router does; the
 * services' operations are {@link RestTable}'s, whose templates are the only other place a path
 * the host answers is written. Adding a host resource means a row here and its {@link Actions}
 * method. Immutable.
 */
@Internal
public final class HostResources {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** Who may use a row's resource when the host has a token. */
    public enum Access {
        /** Anyone, always ({@code /health}). */
        OPEN,
        /** Anyone, unless reads are protected. */
        READ,
        /** Only with the token: it modifies. */
        MODIFY
    }

    /**
     * What the rows' handlers do: the router's side of the table, each returning the request's
     * answer (a fault is thrown). Called on the event loop.
     */
    public interface Actions {
        /**
         * @param ex {@code GET /}: the directory page
         * @return the answer
         */
        Answer index(HttpExchange ex);

        /**
         * @param ex {@code OPTIONS /}: where the host's resources are
         * @return the answer
         */
        Answer links(HttpExchange ex);

        /**
         * @param ex {@code GET /directory}
         * @return the answer
         */
        Answer directory(HttpExchange ex);

        /**
         * @param ex {@code POST /directory}: Create
         * @return the answer: 201 and the new entry
         * @throws Fault why the service was not created
         */
        Answer create(HttpExchange ex) throws Fault;

        /**
         * @param ex {@code GET /health}
         * @return the answer
         */
        Answer health(HttpExchange ex);

        /**
         * @param ex {@code GET /metrics}
         * @return the answer
         */
        Answer metrics(HttpExchange ex);

        /**
         * @param ex {@code GET /openapi.json}
         * @return the answer
         */
        Answer openapi(HttpExchange ex);

        /**
         * @param ex {@code GET /services/{name}/openapi.json}
         * @param service the service's name (decoded)
         * @return the answer: the document
         * @throws Fault 404 if the host runs no such service
         */
        Answer serviceDocument(HttpExchange ex, String service) throws Fault;
    }

    /** A row's handler: one of {@link Actions}' methods. */
    @FunctionalInterface
    public interface Handler {
        /**
         * @param actions the router
         * @param ex the request
         * @param values the path template's variables, decoded, in order ({@link Match#values})
         * @return the answer, which the router has the exchange write
         * @throws Fault the answer, when it is a fault
         */
        Answer handle(Actions actions, HttpExchange ex, List<String> values) throws Fault;
    }

    /**
     * A response header a row's success carries.
     *
     * @param name the header's name
     * @param example an example value
     * @param description what it says
     */
    public record Header(String name, String example, String description) {
    }

    /**
     * One resource and method.
     *
     * @param path the path template ({@code /directory}, {@code /services/{name}/openapi.json})
     * @param method the method (HEAD is served wherever GET is)
     * @param operationId the document's operation id
     * @param summary the document's summary
     * @param access the token rule
     * @param requestBody the request body's schema (a JSON body is then required), or {@code null} for none
     * @param requestExample an example request body, or {@code null}
     * @param status the success's status
     * @param description the success's description
     * @param mediaType the success's media type
     * @param answer the success body's schema
     * @param headers the success's headers
     * @param errors the statuses the row can answer besides those of every request
     * @param handler what answers it
     */
    public record Row(String path, HttpMethod method, String operationId, String summary, Access access,
                      JsonNode requestBody, JsonNode requestExample, int status, String description,
                      String mediaType, JsonNode answer, List<Header> headers, List<Integer> errors,
                      Handler handler) {
        /** {@return whether the row is a resource of each service (its path is below {@code /services/{name}})} */
        public boolean perService() {
            return path.startsWith(RestTable.SERVICE + "/");
        }
    }

    /**
     * A request path's resource: its template, the template's rows and its variables' values.
     *
     * @param path the template
     * @param rows its rows, in table order
     * @param values the variables' values, decoded, in order
     */
    public record Match(String path, List<Row> rows, List<String> values) {
    }

    /** The browser view's directory page, and {@code OPTIONS}' list of the host's resources. */
    public static final String INDEX = "/";
    /** The directory of running services (Create is a POST to it). */
    public static final String DIRECTORY = "/directory";
    /** Liveness. */
    public static final String HEALTH = "/health";
    /** Prometheus metrics. */
    public static final String METRICS = "/metrics";
    /** The host document's path. */
    public static final String OPENAPI_PATH = "/openapi.json";
    /** A service's document: {@code /services/{name}/openapi.json}. */
    public static final String SERVICE_DOCUMENT = RestTable.SERVICE + RestTable.DOCUMENT;
    private static final String JSON = "application/json";
    private static final String HTML = "text/html";

    /** Every row, in the document's order. */
    public static final List<Row> ROWS = List.of(
            new Row(INDEX, HttpMethod.GET, "host.index", "The browser view: the directory as HTML.", Access.READ,
                    null, null, 200, "The directory page.", HTML, type("string"), List.of(), List.of(),
                    (a, ex, v) -> a.index(ex)),
            new Row(INDEX, HttpMethod.OPTIONS, "host.options", "What the host offers: its methods and its OpenAPI"
                    + " document (Link: <" + OPENAPI_PATH + ">; rel=\"service-desc\").", Access.READ, null, null, 200,
                    "Where the host's resources are.", JSON, links(), List.of(
                            new Header("Allow", "GET, HEAD, OPTIONS", "the methods of " + INDEX),
                            new Header("Link", "<" + OPENAPI_PATH + ">; rel=\"service-desc\"", "this document")),
                    List.of(), (a, ex, v) -> a.links(ex)),
            new Row(DIRECTORY, HttpMethod.GET, "host.directory", "The running services.", Access.READ, null, null,
                    200, "The directory.", JSON, ref("Directory"), List.of(), List.of(), (a, ex, v) -> a.directory(ex)),
            new Row(DIRECTORY, HttpMethod.POST, "host.create", "Create: start a service of a registered contract.",
                    Access.MODIFY, ref("CreateRequest"), F.objectNode().put("name", "kv2").put("contract", "kv"), 201,
                    "Created.", JSON, ref("DirectoryEntry"),
                    List.of(new Header("Location", RestTable.servicePath("kv2"), "the new service")),
                    List.of(403, 409, 413, 415, 417), (a, ex, v) -> a.create(ex)),
            new Row(HEALTH, HttpMethod.GET, "host.health", "Liveness: never needs the token.", Access.OPEN, null,
                    null, 200, "Up or closing.", JSON, ref("Health"), List.of(), List.of(), (a, ex, v) -> a.health(ex)),
            new Row(METRICS, HttpMethod.GET, "host.metrics", "Prometheus metrics.", Access.READ, null, null, 200,
                    "The metrics, Prometheus text format 0.0.4.", "text/plain", type("string"), List.of(), List.of(),
                    (a, ex, v) -> a.metrics(ex)),
            new Row(OPENAPI_PATH, HttpMethod.GET, "host.openapi", "This document: the host's resources and every"
                    + " running service.", Access.READ, null, null, 200, "An OpenAPI 3.1 document.", JSON,
                    type("object"), List.of(), List.of(), (a, ex, v) -> a.openapi(ex)),
            new Row(SERVICE_DOCUMENT, HttpMethod.GET, "openapi", "This service's OpenAPI document.", Access.READ,
                    null, null, 200, "An OpenAPI 3.1 document.", JSON, type("object"), List.of(), List.of(404),
                    (a, ex, v) -> a.serviceDocument(ex, v.get(0))));

    /** The rows by path, each path's in table order. */
    private static final Map<String, List<Row>> BY_PATH = byPath();

    /** A path template with its segments split once: {@link #match} runs on every request. */
    private record Resource(String path, List<String> segments, List<Row> rows) {
    }

    /** {@link #BY_PATH} in table order, as a list. */
    private static final List<Resource> RESOURCES = BY_PATH.entrySet().stream()
            .map(e -> new Resource(e.getKey(), List.copyOf(RestTable.segments(e.getKey())), e.getValue())).toList();

    private HostResources() {
    }

    /**
     * The resource a request path names.
     *
     * @param segments the request path's segments, decoded ({@code []} for {@code /})
     * @return its template, rows and variables, or {@code null} if no row's template matches
     */
    public static Match match(List<String> segments) {
        for (Resource r : RESOURCES) {
            if (RestTable.matches(r.path(), segments)) {
                List<String> values = new ArrayList<>(1);
                for (int i = 0; i < r.segments().size(); i++) {
                    if (RestTable.isVariable(r.segments().get(i))) {
                        values.add(segments.get(i));
                    }
                }
                return new Match(r.path(), r.rows(), List.copyOf(values));
            }
        }
        return null;
    }

    /**
     * The rows of a path template.
     *
     * @param path a row's path template ({@code "/"}, {@code "/directory"})
     * @return its rows, or {@code null} if the table has no such template
     */
    public static List<Row> at(String path) {
        return BY_PATH.get(path);
    }

    /**
     * The row a request takes.
     *
     * @param rows a path's rows
     * @param method the request's method (HEAD is looked up as GET)
     * @return the row, or {@code null} if the resource has no such method
     */
    public static Row row(List<Row> rows, HttpMethod method) {
        HttpMethod m = method.equals(HttpMethod.HEAD) ? HttpMethod.GET : method;
        for (Row r : rows) {
            if (r.method().equals(m)) {
                return r;
            }
        }
        return null;
    }

    /**
     * @param rows a path's rows
     * @return the {@code Allow} value: their methods, HEAD beside GET
     */
    public static String allow(List<Row> rows) {
        List<String> out = new ArrayList<>(4);
        for (Row r : rows) {
            out.add(r.method().name());
            if (r.method().equals(HttpMethod.GET)) {
                out.add("HEAD");
            }
        }
        return String.join(", ", out);
    }

    /** {@return the host's own paths (not those of each service), in table order} */
    public static List<String> paths() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<Row>> e : BY_PATH.entrySet()) {
            if (!e.getValue().get(0).perService()) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /**
     * {@return every literal segment of the rows' templates: with {@link RestTable#words()}, the
     * words a request path is matched against without being copied}
     */
    public static List<String> words() {
        List<String> out = new ArrayList<>();
        for (String p : BY_PATH.keySet()) {
            for (String w : RestTable.segments(p)) {
                if (!RestTable.isVariable(w) && !out.contains(w)) {
                    out.add(w);
                }
            }
        }
        return out;
    }

    private static Map<String, List<Row>> byPath() {
        Map<String, List<Row>> m = new LinkedHashMap<>();
        for (Row r : ROWS) {
            m.computeIfAbsent(r.path(), k -> new ArrayList<>()).add(r);
        }
        m.replaceAll((k, v) -> List.copyOf(v));
        return java.util.Collections.unmodifiableMap(m);
    }

    /** {@return {@code OPTIONS /}'s body: each of the host's own resources' name to its path} */
    public static ObjectNode linksBody() {
        ObjectNode o = F.objectNode();
        for (String p : paths()) {
            if (!p.equals(INDEX)) {
                o.put(name(p), p);
            }
        }
        return o;
    }

    /** {@code /openapi.json}: {@code openapi}; {@code /directory}: {@code directory}. */
    private static String name(String path) {
        String n = path.substring(1);
        int dot = n.indexOf('.');
        return dot < 0 ? n : n.substring(0, dot);
    }

    /** {@link #linksBody}'s schema: resource name to path. */
    private static JsonNode links() {
        ObjectNode s = F.objectNode().put("type", "object");
        s.putObject("additionalProperties").put("type", "string");
        return s;
    }

    private static ObjectNode type(String t) {
        return F.objectNode().put("type", t);
    }

    private static ObjectNode ref(String schema) {
        return F.objectNode().put("$ref", "#/components/schemas/" + schema);
    }
}
