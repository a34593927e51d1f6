package io.ccrj.dss;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.ccrj.dss.internal.rest.RestTable;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The host's OpenAPI 3.1 documents: a real OpenAPI parser reads them without a message, they name
 * no Java type, and every operation they document, called on a running host with the example
 * request the document gives, answers a status the document lists with a body its schema accepts.
 */
@Timeout(60)
class OpenApiDocumentTest {
    private static final String TOKEN = "open-api-token";

    /** A service with declared types: nested records, an enum, a list, a map, a type inside itself. */
    public static final class Shop extends Service<Shop.State> {
        /** Its state. */
        public record State(List<Order> orders, Map<String, Integer> stock) {
        }

        /** An order. */
        public record Order(@JsonProperty(required = true) String id, Size size, long quantity, Order replaces) {
        }

        /** Sizes. */
        public enum Size { SMALL, LARGE }

        /** What "restock" takes. */
        public record Restock(@JsonProperty(required = true) String item, int count) {
        }

        Shop() {
            super(State.class, new State(List.of(), Map.of()));
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET, Verb.REPLACE, Verb.UPDATE, Verb.SUBSCRIBE)
                    .action("restock", op -> {
                        JsonNode b = op.bodyOrEmpty();
                        var stock = new java.util.TreeMap<>(state().stock());
                        stock.merge(b.path("item").asText(), b.path("count").asInt(), Integer::sum);
                        setState(new State(state().orders(), stock));
                        op.respondState();
                    })
                    .actionTypes("restock", Restock.class, State.class);
        }
    }

    private ServiceHost host;

    @BeforeEach
    void start() throws Exception {
        host = ServiceHost.builder().port(0).token(TOKEN).build().start();
        host.start(Manifest.builtIn());
        host.create("shop", new Shop());
    }

    @AfterEach
    void stop() {
        host.close();
    }

    private RawHttp.Res get(String path) throws Exception {
        return RawHttp.once(host.port(), "GET", path, null, null);
    }

    private static SwaggerParseResult parse(String text) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        return new OpenAPIV3Parser().readContents(text, null, options);
    }

    @Test
    void everyDocumentIsValidOpenApi31AndNamesNoJavaType() throws Exception {
        for (String path : List.of("/openapi.json", "/services/kv/openapi.json", "/services/ping/openapi.json",
                "/services/shop/openapi.json")) {
            RawHttp.Res r = get(path);
            assertThat(r.status()).as(path).isEqualTo(200);
            assertThat(r.header("Content-Type")).isEqualTo("application/json");
            SwaggerParseResult parsed = parse(r.body());
            assertThat(parsed.getMessages()).as(path).isEmpty();
            assertThat(parsed.getOpenAPI()).as(path).isNotNull();
            assertThat(parsed.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");
            assertThat(parsed.getOpenAPI().getComponents().getSecuritySchemes()).containsKey("bearer");
            assertThat(r.body()).as(path).doesNotContain("io.ccrj", "java.", "com.fasterxml", "Shop", "KeyValueService",
                    "$State", "Order\"");
        }
        JsonNode doc = JsonBodies.parse(get("/openapi.json").body());
        // kv supports every verb: each row of the REST table is there, one path per action
        JsonNode paths = doc.get("paths");
        for (RestTable.Route route : RestTable.ROUTES) {
            String p = "/services/kv" + route.path().replace("{action}", "clear");
            assertThat(paths.path(p).has(route.method().name().toLowerCase(java.util.Locale.ROOT)))
                    .as(route.method() + " " + p).isTrue();
        }
        for (String p : List.of("/", "/directory", "/health", "/metrics", "/openapi.json", "/services/kv/openapi.json")) {
            assertThat(paths.has(p)).as(p).isTrue();
        }
        // schema names come from contracts (shop's is its class name: its service name stands in)
        JsonNode schemas = doc.get("components").get("schemas");
        assertThat(schemas.has("kv.state")).isTrue();
        assertThat(schemas.has("kv.insert.body")).isTrue();
        assertThat(schemas.has("ping.state")).isTrue();
        assertThat(schemas.has("shop.action.restock.body")).isTrue();
        JsonNode order = schemas.get("shop.state").get("properties").get("orders").get("items");
        assertThat(order.get("required").toString()).isEqualTo("[\"id\"]");
        assertThat(order.get("properties").get("size").get("enum").toString()).isEqualTo("[\"SMALL\",\"LARGE\",null]");
        assertThat(order.get("properties").get("quantity").get("type").asText()).isEqualTo("integer");
        assertThat(order.get("properties").get("replaces").toString()) // itself: cut short
                .isEqualTo("{\"type\":[\"object\",\"null\"],\"examples\":[null]}");
        assertThat(schemas.get("shop.state").get("properties").get("stock").get("additionalProperties").get("type").asText())
                .isEqualTo("integer");
        // modifications need the token, reads do not; the Insert lists its conflict
        JsonNode insert = paths.get("/services/kv").get("post");
        assertThat(insert.get("security").toString()).isEqualTo("[{\"bearer\":[]}]");
        assertThat(insert.get("responses").has("201")).isTrue();
        assertThat(insert.get("responses").has("409")).isTrue();
        assertThat(insert.get("responses").has("401")).isTrue();
        assertThat(paths.get("/services/kv").get("get").has("security")).isFalse();
        assertThat(paths.get("/services/kv/notifications").get("get").get("responses").get("200").get("content")
                .has("text/event-stream")).isTrue();
    }

    @Test
    void theDocumentsAreAdvertisedByOptions() throws Exception {
        RawHttp.Res root = RawHttp.once(host.port(), "OPTIONS", "/", null, null);
        assertThat(root.status()).isEqualTo(200);
        assertThat(root.header("Link")).isEqualTo("</openapi.json>; rel=\"service-desc\"");
        assertThat(root.json().get("openapi").asText()).isEqualTo("/openapi.json");
        RawHttp.Res kv = RawHttp.once(host.port(), "OPTIONS", "/services/kv", null, null);
        assertThat(kv.status()).isEqualTo(200);
        assertThat(kv.header("Link")).isEqualTo("</services/kv/openapi.json>; rel=\"service-desc\"");
        assertThat(kv.json().get("name").asText()).isEqualTo("kv");
        assertThat(get(kv.header("Link").replaceAll("^<(.*)>.*$", "$1")).status()).isEqualTo(200);
        // the documents take GET and HEAD only, and a missing service has none
        RawHttp.Res post = RawHttp.once(host.port(), "POST", "/services/kv/openapi.json", "application/json", "{}",
                "Authorization: Bearer " + TOKEN);
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.header("Allow")).isEqualTo("GET, HEAD");
        assertThat(post.json().get("error").asText()).isEqualTo("unsupported");
        for (String doc : List.of("/openapi.json", "/services/kv/openapi.json")) {
            try (RawHttp c = new RawHttp(host.port())) {
                c.send("HEAD", doc, null, null);
                RawHttp.Res head = c.readHead();
                assertThat(head.status()).as("HEAD " + doc).isEqualTo(200);
                assertThat(head.header("Content-Type")).isEqualTo("application/json");
            }
        }
        RawHttp.Res none = get("/services/nope/openapi.json");
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("error").asText()).isEqualTo("not_found");
    }

    @Test
    void badInputIsADocumentedErrorNamingNoJavaType() throws Exception {
        JsonNode doc = JsonBodies.parse(get("/services/shop/openapi.json").body());
        JsonNode replace = doc.get("paths").get("/services/shop").get("put");
        for (String bad : List.of("{\"orders\": [{\"id\": \"a\", \"size\": \"HUGE\"}]}", "{\"orders\": 5}",
                "{\"orders\": [[1]]}", "{\"stock\": {\"a\": \"many\"}}")) {
            RawHttp.Res r = RawHttp.once(host.port(), "PUT", "/services/shop", "application/json", bad,
                    "Authorization: Bearer " + TOKEN);
            assertThat(r.status()).as(bad).isEqualTo(400);
            assertThat(replace.get("responses").has("400")).isTrue();
            assertThat(r.json().get("error").asText()).isEqualTo("bad_request");
            assertThat(r.body()).as(bad).doesNotContain("io.ccrj", "java.", "com.fasterxml", "Shop", "$");
        }
    }

    @Test
    void securityFollowsTheHostsToken() throws Exception {
        try (ServiceHost open = ServiceHost.builder().port(0).build().start();
             ServiceHost guarded = ServiceHost.builder().port(0).token(TOKEN).protectReads(true).build().start()) {
            open.start(Manifest.builtIn());
            guarded.start(Manifest.builtIn());
            String plain = RawHttp.once(open.port(), "GET", "/openapi.json", null, null).body();
            assertThat(parse(plain).getMessages()).isEmpty();
            assertThat(plain).doesNotContain("security", "\"401\"");
            RawHttp.Res refused = RawHttp.once(guarded.port(), "GET", "/openapi.json", null, null);
            assertThat(refused.status()).isEqualTo(401); // protected reads: the documents too
            RawHttp.Res r = RawHttp.once(guarded.port(), "GET", "/openapi.json", null, null, "Authorization: Bearer " + TOKEN);
            assertThat(parse(r.body()).getMessages()).isEmpty();
            JsonNode paths = r.json().get("paths");
            for (String read : List.of("/services/kv", "/services/kv/query", "/directory", "/metrics", "/openapi.json")) {
                assertThat(paths.get(read).get("get").has("security")).as(read).isTrue();
                assertThat(paths.get(read).get("get").get("responses").has("401")).as(read).isTrue();
            }
            assertThat(paths.get("/health").get("get").has("security")).isFalse(); // never needs the token
        }
    }

    @Test
    void typesGoOnlyWhereTheOperationHasThem() {
        Handlers h = new Handlers();
        h.types(Verb.INSERT, Shop.Order.class, Shop.Order.class).types(Verb.GET, null, Shop.State.class)
                .actionTypes("restock", Shop.Restock.class, null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> h.types(Verb.GET, Shop.Order.class, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no request body");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> h.types(Verb.SUBMIT, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("actionTypes");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> h.types(Verb.SUBSCRIBE, null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** One documented operation. */
    private record Call(String path, String method, JsonNode op) {
        /** Reads first, then Create, the modifications (actions after Delete: kv's clear empties it), the Drops last. */
        int rank() {
            if (method.equals("delete") && path.matches("/services/[^/]+")) {
                return 9;
            }
            return switch (method) {
                case "get", "options", "head" -> 0;
                case "post" -> path.equals("/directory") ? 1 : path.contains("/actions/") ? 7 : path.endsWith("/query") ? 0 : 2;
                case "put" -> path.contains("/items/") ? 3 : 4;
                case "patch" -> 5;
                default -> 6;
            };
        }
    }

    @Test
    void everyDocumentedOperationAnswersAsDocumented() throws Exception {
        JsonNode doc = JsonBodies.parse(get("/openapi.json").body());
        ObjectNode defs = (ObjectNode) refsToDefs(doc.get("components").get("schemas"));
        List<Call> calls = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> p = doc.get("paths").fields(); p.hasNext(); ) {
            Map.Entry<String, JsonNode> path = p.next();
            path.getValue().fields().forEachRemaining(m -> calls.add(new Call(path.getKey(), m.getKey(), m.getValue())));
        }
        calls.sort(Comparator.comparingInt(Call::rank));
        assertThat(calls).hasSizeGreaterThan(30);
        SchemaRegistry schemas = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        // the validator does refuse: a state that is not ping's, an error body without its message
        ObjectNode ping = (ObjectNode) JsonBodies.parse("{\"$ref\": \"#/$defs/ping.state\"}");
        ping.set("$defs", defs);
        assertThat(schemas.getSchema(ping).validate(JsonBodies.parse("{\"count\": \"many\"}"))).isNotEmpty();
        assertThat(schemas.getSchema(ping).validate(JsonBodies.parse("{\"count\": 3}"))).isEmpty();
        ObjectNode error = (ObjectNode) JsonBodies.parse("{\"$ref\": \"#/$defs/Error\"}");
        error.set("$defs", defs);
        assertThat(schemas.getSchema(error).validate(JsonBodies.parse("{\"error\": \"not_found\"}"))).isNotEmpty();
        int checked = 0;
        for (Call c : calls) {
            JsonNode op = c.op();
            String what = c.method().toUpperCase(java.util.Locale.ROOT) + " " + c.path();
            String target = c.path();
            StringBuilder query = new StringBuilder();
            List<String> headers = new ArrayList<>();
            for (JsonNode param : op.path("parameters")) {
                JsonNode p = param.has("$ref") ? resolve(doc, param.get("$ref").asText()) : param;
                String example = p.path("example").asText(p.path("schema").path("examples").path(0).asText(
                        p.path("schema").path("enum").path(0).asText("text")));
                switch (p.get("in").asText()) {
                    case "path" -> target = target.replace("{" + p.get("name").asText() + "}", example);
                    case "header" -> {
                        if (p.get("name").asText().equals("If-Match")) {
                            headers.add("If-Match: " + example);
                        }
                    }
                    case "query" -> {
                        if (p.path("schema").path("type").asText().equals("string")) {
                            query.append(query.isEmpty() ? "?" : "&").append(p.get("name").asText()).append('=')
                                    .append(URLEncoder.encode(example.equals("text") ? "k" : example, StandardCharsets.UTF_8));
                        }
                    }
                    default -> throw new AssertionError(what + ": parameter in " + p.get("in"));
                }
            }
            String method = c.method().toUpperCase(java.util.Locale.ROOT);
            String url = target + query;
            boolean modifying = !Set.of("get", "options", "head").contains(c.method());
            String contentType = modifying ? "application/json" : null; // every modifying request says a JSON type
            String body = null;
            JsonNode content = op.path("requestBody").path("content");
            if (!content.isMissingNode()) {
                contentType = content.fieldNames().next();
                body = JsonBodies.toText(content.get(contentType).get("example"));
            }
            boolean secured = op.has("security");
            List<String> withToken = new ArrayList<>(headers);
            if (secured) {
                withToken.add("Authorization: Bearer " + TOKEN);
            }
            JsonNode responses = op.get("responses");
            if (responses.has("200") && responses.get("200").path("content").has("text/event-stream")) {
                try (RawHttp stream = new RawHttp(host.port())) {
                    stream.send(method, url, contentType, body, withToken.toArray(String[]::new));
                    RawHttp.Res head = stream.readHead();
                    assertThat(head.status()).as(what).isEqualTo(200);
                    assertThat(head.header("Content-Type")).startsWith("text/event-stream");
                }
                checked++;
                continue;
            }
            RawHttp.Res answer = RawHttp.once(host.port(), method, url, contentType, body, withToken.toArray(String[]::new));
            String status = Integer.toString(answer.status());
            assertThat(responses.has(status)).as(what + " answered " + status + " " + answer.body()
                    + "; documented: " + responses.properties().stream().map(Map.Entry::getKey).toList()).isTrue();
            assertThat(answer.status()).as(what + " with the document's example: " + answer.body()).isBetween(200, 299);
            assertMatches(what, doc, defs, schemas, responses.get(status), answer);
            checked++;

            if (secured) { // the same without the token: a documented 401 with the documented error body
                RawHttp.Res refused = RawHttp.once(host.port(), method, url, contentType, body, headers.toArray(String[]::new));
                assertThat(refused.status()).as(what + " without the token").isEqualTo(401);
                assertThat(responses.has("401")).as(what + " documents 401").isTrue();
                assertMatches(what + " 401", doc, defs, schemas, responses.get("401"), refused);
            }
        }
        assertThat(checked).isEqualTo(calls.size());
        // each Drop was called, last; the service the document's Create example made is in the new document
        assertThat(host.serviceNames()).containsExactly("kv2");
        RawHttp.Res after = get("/openapi.json");
        assertThat(parse(after.body()).getMessages()).isEmpty();
        JsonNode now = after.json();
        assertThat(now.get("paths").has("/services/kv2/items/{key}")).isTrue();
        assertThat(now.get("paths").has("/services/kv/items/{key}")).isFalse();
        assertThat(now.get("paths").get("/services/kv2").get("post").get("requestBody").get("content").get("application/json")
                .get("schema").get("$ref").asText()).isEqualTo("#/components/schemas/kv.insert.body");
    }

    private static void assertMatches(String what, JsonNode doc, ObjectNode defs, SchemaRegistry registry, JsonNode response,
                                      RawHttp.Res answer) {
        JsonNode r = response.has("$ref") ? resolve(doc, response.get("$ref").asText()) : response;
        String type = answer.header("Content-Type") == null ? "" : answer.header("Content-Type");
        JsonNode content = r.path("content");
        String media = type.replaceAll(";.*", "").trim();
        assertThat(content.has(media)).as(what + ": documented media type " + media + " in " + content).isTrue();
        for (Iterator<Map.Entry<String, JsonNode>> h = r.path("headers").fields(); h.hasNext(); ) {
            String name = h.next().getKey();
            assertThat(answer.header(name)).as(what + ": documented header " + name).isNotNull();
        }
        if (!media.equals("application/json")) {
            return;
        }
        ObjectNode schema = (ObjectNode) refsToDefs(content.get(media).get("schema")).deepCopy();
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.set("$defs", defs);
        var errors = registry.getSchema(schema).validate(JsonBodies.parse(answer.body()));
        assertThat(errors).as(what + ": " + answer.body() + " against " + content.get(media).get("schema")).isEmpty();
    }

    private static JsonNode resolve(JsonNode doc, String ref) {
        return doc.at(ref.substring(1));
    }

    /** The tree with {@code #/components/schemas/X} references made {@code #/$defs/X}. */
    private static JsonNode refsToDefs(JsonNode node) {
        if (node.isObject()) {
            ObjectNode o = JsonBodies.object();
            node.fields().forEachRemaining(e -> o.set(e.getKey(), e.getKey().equals("$ref")
                    ? JsonBodies.toTree(e.getValue().asText().replace("#/components/schemas/", "#/$defs/"))
                    : refsToDefs(e.getValue())));
            return o;
        }
        if (node.isArray()) {
            var a = JsonBodies.array();
            node.forEach(n -> a.add(refsToDefs(n)));
            return a;
        }
        return node;
    }
}
