package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.internal.rest.RestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one REST table, walked both ways for every verb: the remote client encodes an operation,
 * the host's router decodes it, and the handler sees the same operation a local caller's
 * produces (verb, key or action, query, body, If-Match). Also: every row is in the guide's table,
 * and authorization follows the table's modifying column.
 */
@Timeout(60)
class RestTableTest {

    /** Answers every operation with what it received. */
    static final class Recorder extends Service<PingService.State> {
        Recorder() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            for (Verb v : List.of(Verb.GET, Verb.QUERY, Verb.INSERT, Verb.UPDATE, Verb.UPSERT, Verb.REPLACE, Verb.DELETE,
                    Verb.SUBMIT)) {
                h.on(v, HandlerKind.INDEPENDENT, op -> op.respond(describe(op)));
            }
            h.standard(Verb.SUBSCRIBE);
        }

        static JsonNode describe(Operation op) {
            ObjectNode o = JsonBodies.object();
            o.put("verb", op.verb().name());
            o.put("key", op.key());
            o.put("action", op.action());
            o.set("query", JsonBodies.toTree(new TreeMap<>(op.query())));
            o.set("body", op.body());
            o.put("ifMatch", op.ifMatch());
            return o;
        }
    }

    private static Operation.Builder sample(Verb v) {
        Operation.Builder b = Operation.builder(v);
        JsonNode body = JsonBodies.parse("{\"a\": [1, \"x y\"], \"b\": null}");
        return switch (v) {
            case GET, LOOKUP, DROP -> b;
            case QUERY -> b.query(Map.of("prefix", "gr eet", "n", "2"));
            case INSERT, UPDATE, REPLACE -> b.body(body).ifMatch("*, \"99\"");
            case UPSERT -> b.key("k/1 é").body(body).ifMatch("*");
            case DELETE -> b.key("k/1 é").ifMatch("*");
            case SUBMIT -> b.key("do it").body(body).ifMatch("*");
            case SUBSCRIBE -> throw new AssertionError("Subscribe has its own call");
        };
    }

    @Test
    void everyVerbMakesTheSameOperationLocallyAndOverHttp() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            ServiceRef local = host.create("rec", new Recorder());
            ServiceRef remote = ServiceRef.remote(URI.create(host.baseUri() + "/services/rec"), null);
            Set<Verb> walked = EnumSet.noneOf(Verb.class);
            for (RestTable.Route r : RestTable.ROUTES) {
                Verb v = r.verb();
                if (v == Verb.SUBSCRIBE || v == Verb.DROP || v == Verb.LOOKUP) {
                    continue; // below
                }
                Response mine = local.send(sample(v)).get(10, TimeUnit.SECONDS);
                Response theirs = remote.send(sample(v)).get(10, TimeUnit.SECONDS);
                assertThat(JsonBodies.toText(theirs.body())).as(v + " over " + r.method() + " " + r.path())
                        .isEqualTo(JsonBodies.toText(mine.body()));
                assertThat(theirs.body().get("verb").asText()).isEqualTo(v.name());
                walked.add(v);
            }
            // Query without a body is GET, with one POST: both decode to the same Query
            Response post = remote.send(sample(Verb.QUERY).body(JsonBodies.parse("{\"q\": 1}"))).get(10, TimeUnit.SECONDS);
            assertThat(post.body().get("body").get("q").asInt()).isEqualTo(1);
            assertThat(post.body().get("query").get("prefix").asText()).isEqualTo("gr eet");

            // compared as text: a parsed number is an int node where the runtime's is a long
            assertThat(JsonBodies.toText(remote.lookup().get(10, TimeUnit.SECONDS).body()))
                    .isEqualTo(JsonBodies.toText(local.lookup().get(10, TimeUnit.SECONDS).body()));
            walked.add(Verb.LOOKUP);
            List<Notification> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            remote.subscribe(seen::add, -1).get(10, TimeUnit.SECONDS).close();
            walked.add(Verb.SUBSCRIBE);
            remote.drop().get(10, TimeUnit.SECONDS);
            assertThat(host.serviceNames()).doesNotContain("rec");
            walked.add(Verb.DROP);
            assertThat(walked).containsExactlyInAnyOrder(Verb.values());
        }
    }

    @Test
    void everyVerbHasARowAndTheRowsAgreeWithTheVerbs() {
        for (Verb v : Verb.values()) {
            RestTable.Route r = RestTable.encode(v, false);
            assertThat(r.verb()).isEqualTo(v);
            assertThat(RestTable.decode(r.method(), r.path())).isEqualTo(r);
            // the token guards every state modification, and Drop
            assertThat(r.modifying()).as(v.name()).isEqualTo(v.isModifying() || v == Verb.DROP);
        }
        assertThat(RestTable.decode(io.netty.handler.codec.http.HttpMethod.HEAD, RestTable.NOTIFICATIONS).verb())
                .isEqualTo(Verb.SUBSCRIBE);
        assertThat(RestTable.decode(io.netty.handler.codec.http.HttpMethod.PATCH, RestTable.ITEM)).isNull();
    }

    @Test
    void theGuidesTableListsEveryRow() throws Exception {
        Path guide = Path.of(System.getProperty("user.dir")).resolve("../docs/dss-services/writing-services.md").normalize();
        String text = Files.readString(guide, StandardCharsets.UTF_8);
        Map<String, String> missing = new LinkedHashMap<>();
        for (RestTable.Route r : RestTable.ROUTES) {
            String cell = r.method().name() + " /services/{name}" + r.path();
            if (!text.contains("`" + cell) && !text.contains(" or " + cell) && !text.contains("`" + cell + "?")) {
                missing.put(r.verb().name(), cell);
            }
        }
        assertThat(missing).as("rows of RestTable missing from " + guide).isEmpty();
    }

    @Test
    void authorizationFollowsTheTable() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).token("t0k3n").build().start()) {
            host.create("rec", new Recorder());
            for (RestTable.Route r : RestTable.ROUTES) {
                if (r.verb() == Verb.DROP) {
                    continue; // would drop it; the table's DELETE row is the same check as Delete's
                }
                String path = "/services/rec" + r.path().replace("{key}", "k").replace("{action}", "a");
                String ct = r.method().name().equals("GET") || r.method().name().equals("OPTIONS") ? null : "application/json";
                String body = r.body() == RestTable.Body.REQUIRED ? "{}" : null;
                if (r.verb() == Verb.UPDATE) {
                    ct = "application/merge-patch+json";
                }
                if (r.verb() == Verb.SUBSCRIBE) {
                    continue; // a stream; Subscribe is a read, NotificationStreamTest covers it
                }
                int status = RawHttp.once(host.port(), r.method().name(), path, ct, body).status();
                assertThat(status).as(r.method() + " " + path).isEqualTo(r.modifying() ? 401 : r.okStatus());
            }
        }
    }
    @Test
    void aTemplateMatchesSegmentsOfItsLengthWithItsLiteralsInPlace() {
        assertThat(RestTable.matches("/items/{key}", List.of("items", "a b"))).isTrue();
        assertThat(RestTable.matches("/items/{key}", List.of("items"))).as("too few").isFalse();
        assertThat(RestTable.matches("/items/{key}", List.of("items", "a", "b"))).as("too many").isFalse();
        assertThat(RestTable.matches("/items/{key}", List.of("item", "a"))).as("a prefix of the literal").isFalse();
        assertThat(RestTable.matches("/items/{key}", List.of("itemsx", "a"))).as("the literal as a prefix").isFalse();
        assertThat(RestTable.matches("", List.of())).as("no segment").isTrue();
        assertThat(RestTable.matches("", List.of("x"))).isFalse();
        assertThat(RestTable.matches("/{", List.of("x"))).as("a lone brace is a literal").isFalse();
        assertThat(RestTable.matches("/{", List.of("{"))).isTrue();
        assertThat(RestTable.matches("//a//{b}/", List.of("a", "z"))).as("empty segments are not segments").isTrue();
    }

    @Test
    void aPathsSegmentsLeaveOutEmptyOnesAndTheQuery() {
        assertThat(RestTable.pathSegments("/services/kv/items/a%2Fb?x=1/2")).containsExactly("services", "kv", "items", "a%2Fb");
        assertThat(RestTable.pathSegments("//services//kv/")).containsExactly("services", "kv");
        assertThat(RestTable.pathSegments("/")).isEmpty();
        assertThat(RestTable.pathSegments("?a/b")).isEmpty();
        assertThat(RestTable.pathSegments("/a?")).containsExactly("a");
    }
}
