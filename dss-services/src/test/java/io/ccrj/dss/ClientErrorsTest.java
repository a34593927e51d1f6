package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.examples.TaskBoard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The client's errors are the client's: a body that does not fit the type a service reads it
 * as is answered 400 with the place in the body and no Java name, whichever API read it (the
 * declared type, checked by the host before the handler; {@link JsonBodies#fromTree} in the
 * handler; {@link Operation#bodyAs}); malformed JSON is named by its line and column; unknown
 * properties are ignored by all three; a custom Insert says the key it gave.
 */
@Timeout(60)
class ClientErrorsTest {
    private static final String JSON = "application/json";
    /** A Java name in a message: a package-qualified class, an inner-class {@code $}, an exception's name. */
    private static final Pattern JAVA_NAME = Pattern.compile("\\b[a-z]+\\.[a-z]+\\.[A-Za-z]|\\$|Exception|TaskBoard|NewTask");

    /** Reads the Insert body as {@code TaskBoard.NewTask} in the handler, with no declared type. */
    static final class Reader extends Service<TaskBoard.State> {
        private final boolean bodyAs;

        Reader(boolean bodyAs) {
            super(TaskBoard.State.class, new TaskBoard.State(java.util.Map.of(), 1));
            this.bodyAs = bodyAs;
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET).on(Verb.INSERT, op -> {
                TaskBoard.NewTask t = bodyAs ? op.bodyAs(TaskBoard.NewTask.class)
                        : JsonBodies.fromTree(op.body(), TaskBoard.NewTask.class);
                op.respondInserted("t", JsonBodies.toTree(t));
            });
        }
    }

    private ServiceHost host;
    private int port;

    @BeforeEach
    void start() throws Fault {
        host = ServiceHost.builder().port(0).build().start();
        host.start(Manifest.builtIn());
        host.create("declared", new TaskBoard());
        host.create("fromTree", new Reader(false));
        host.create("bodyAs", new Reader(true));
        port = host.port();
    }

    @AfterEach
    void stop() {
        host.close(Duration.ofSeconds(2));
    }

    private RawHttp.Res call(String method, String path, String type, String body, String... headers) throws Exception {
        return RawHttp.once(port, method, path, type, body, headers);
    }

    /** A body that does not fit {@code NewTask}, and the place its message must name. */
    private record Bad(String body, String names) {
    }

    @Test
    void aBodyThatDoesNotFitIsA400NamingThePlaceThroughEveryBodyApi() throws Exception {
        List<Bad> corpus = List.of(
                new Bad("{\"title\": \"a\", \"priority\": \"URGENT\"}", "priority"),
                new Bad("{\"title\": \"a\", \"priority\": 3}", "priority"),
                new Bad("{\"title\": \"a\", \"priority\": {}}", "priority"),
                new Bad("{\"title\": [1, 2]}", "title"),
                new Bad("{\"title\": {\"nested\": true}}", "title"),
                new Bad("[1, 2]", "expected an object"),
                new Bad("\"text\"", "expected an object"),
                new Bad("42", "expected an object"),
                new Bad("{\"priority\": \"LOW\"}", "title"));
        List<String> problems = new ArrayList<>();
        for (String service : List.of("declared", "fromTree", "bodyAs")) {
            for (Bad bad : corpus) {
                String where = service + " " + bad.body();
                RawHttp.Res r = call("POST", "/services/" + service, JSON, bad.body());
                String message = r.status() == 400 ? r.json().path("message").asText() : r.body();
                if (r.status() != 400 || !r.json().path("error").asText().equals("bad_request")) {
                    problems.add(where + " -> " + r.status() + " " + r.body());
                } else if (!message.contains(bad.names())) {
                    problems.add(where + " -> does not name " + bad.names() + ": " + message);
                } else if (JAVA_NAME.matcher(message).find()) {
                    problems.add(where + " -> names Java: " + message);
                }
            }
            assertThat(call("GET", "/services/" + service, null, null).json().path("tasks").size())
                    .as(service + ": a refused Insert changes nothing").isZero();
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " answers are not the client's 400:\n" + String.join("\n", problems));
        }
    }

    @Test
    void theEnumProblemReadsTheSameWhicheverApiReadTheBody() throws Exception {
        String body = "{\"title\": \"a\", \"priority\": \"URGENT\"}";
        assertThat(call("POST", "/services/declared", JSON, body).json().get("message").asText())
                .isEqualTo("the body of insert does not fit: priority: \"URGENT\" is not one of LOW, NORMAL, HIGH (or null)");
        assertThat(call("POST", "/services/fromTree", JSON, body).json().get("message").asText())
                .isEqualTo("the body of INSERT does not fit: priority: \"URGENT\" is not one of LOW, NORMAL, HIGH");
        assertThat(call("POST", "/services/bodyAs", JSON, body).json().get("message").asText())
                .isEqualTo("the body of INSERT does not fit: priority: \"URGENT\" is not one of LOW, NORMAL, HIGH");
    }

    @Test
    void unknownPropertiesAreIgnoredByEveryBodyApi() throws Exception {
        for (String service : List.of("declared", "fromTree", "bodyAs")) {
            RawHttp.Res r = call("POST", "/services/" + service, JSON, "{\"title\": \"a\", \"colour\": \"red\", \"n\": [1]}");
            assertThat(r.status()).as(service + ": " + r.body()).isEqualTo(201);
            assertThat(r.json().path("value").path("title").asText()).isEqualTo("a");
        }
    }

    @Test
    void malformedJsonIsNamedByItsLineAndColumn() throws Exception {
        record Malformed(String body, String at) {
        }
        for (Malformed m : List.of(
                new Malformed("{\n  \"title\": \"a\",\n}", "at line 3, column 1"),
                new Malformed("{\"title\": tru}", "at line 1, column 15"),
                new Malformed("{\"title\": \"a\"\n\n   \"priority\": \"LOW\"}", "at line 3, column 4"),
                new Malformed("[1, 2", "at line 1, column 6"),
                new Malformed("{\"title\": \"a\"} {}", "at line 1, column 16"))) {
            for (String service : List.of("declared", "kv")) {
                RawHttp.Res r = call("POST", "/services/" + service, JSON, m.body());
                assertThat(r.status()).as(m.body()).isEqualTo(400);
                String message = r.json().get("message").asText();
                assertThat(message).as(m.body()).startsWith("malformed JSON body " + m.at() + ": ");
                assertThat(JAVA_NAME.matcher(message).find()).as(message).isFalse();
            }
        }
        assertThat(call("PUT", "/services/kv", JSON, "{\"items\": {}} []").json().get("message").asText())
                .isEqualTo("malformed JSON body at line 1, column 15: more JSON after the value (a body is one JSON value)");
    }

    @Test
    void aCustomInsertSaysTheKeyItGaveInTheAnswerTheLocationAndTheNotification() throws Exception {
        List<Notification> seen = new CopyOnWriteArrayList<>();
        java.util.concurrent.CountDownLatch two = new java.util.concurrent.CountDownLatch(2);
        host.service("declared").subscribe(n -> {
            seen.add(n);
            two.countDown();
        }, -1).get(10, TimeUnit.SECONDS);

        RawHttp.Res r = call("POST", "/services/declared", JSON, "{\"title\": \"write\", \"priority\": \"HIGH\"}");
        assertThat(r.status()).isEqualTo(201);
        assertThat(r.header("Location")).isEqualTo("/services/declared/items/t1");
        assertThat(r.body()).isEqualTo("{\"key\":\"t1\",\"value\":{\"title\":\"write\",\"priority\":\"HIGH\",\"done\":false}}");

        // any Insert body, through a remote ServiceRef and a local one alike
        ServiceRef remote = ServiceRef.remote(URI.create(host.baseUri() + "/services/declared"), null);
        Response second = remote.insert(JsonBodies.parse("{\"title\": \"test\"}")).get(10, TimeUnit.SECONDS);
        assertThat(second.body().get("key").asText()).isEqualTo("t2");
        assertThat(second.body().path("value").path("priority").asText()).isEqualTo("NORMAL");

        assertThat(two.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(seen).extracting(Notification::action).containsExactly("insert", "insert");
        assertThat(seen).extracting(n -> n.body().get("key").asText()).containsExactly("t1", "t2");
        assertThat(seen.get(0).body().path("value").path("title").asText()).isEqualTo("write");

        Response local = host.service("declared").insert(JsonBodies.parse("{\"title\": \"ship\"}")).get(10, TimeUnit.SECONDS);
        assertThat(local.body().get("key").asText()).isEqualTo("t3");
        JsonNode byPriority = host.service("declared").query(java.util.Map.of("priority", "HIGH")).get(10, TimeUnit.SECONDS).body();
        assertThat(byPriority.path("tasks").fieldNames()).toIterable().containsExactly("t1");
    }

    @Test
    void aQueryParameterIsCheckedAgainstItsDeclaredSchema() throws Exception {
        call("POST", "/services/declared", JSON, "{\"title\": \"a\", \"priority\": \"LOW\"}");
        assertThat(call("GET", "/services/declared/query?priority=LOW", null, null).json().path("tasks").size()).isEqualTo(1);
        assertThat(call("GET", "/services/declared/query?priority=HIGH", null, null).json().path("tasks").size()).isZero();
        RawHttp.Res bad = call("GET", "/services/declared/query?priority=URGENT", null, null);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("message").asText())
                .isEqualTo("the query parameter priority does not fit: \"URGENT\" is not one of LOW, NORMAL, HIGH");
        // a bodiless POST Query is a read: it needs no Content-Type
        assertThat(call("POST", "/services/declared/query", null, null).status()).isEqualTo(200);
    }

    @Test
    void aBodilessDeleteNeedsNoContentTypeButABodyAndABodilessPostStillDo() throws Exception {
        call("PUT", "/services/kv/items/a", JSON, "1");
        assertThat(call("DELETE", "/services/kv/items/a", null, null).status()).isEqualTo(200);
        call("PUT", "/services/kv/items/b", JSON, "1");
        RawHttp.Res withBody = call("DELETE", "/services/kv/items/b", "text/plain", "x");
        assertThat(withBody.status()).isEqualTo(415);
        assertThat(call("GET", "/services/kv", null, null).body()).isEqualTo("{\"items\":{\"b\":1}}");
        RawHttp.Res post = call("POST", "/services/kv/actions/clear", null, null);
        assertThat(post.status()).isEqualTo(415);
        assertThat(post.json().get("message").asText()).contains("with or without a body");
        assertThat(call("POST", "/services/kv/actions/clear", JSON, null).status()).isEqualTo(200);
        assertThat(call("DELETE", "/services/ping", null, null).status()).isEqualTo(200);
    }

    @Test
    void everyDeclaredParameterIsEnforced() throws Exception {
        assertThat(call("GET", "/services/kv?format=json", null, null, "Accept: text/html").status()).isEqualTo(200);
        RawHttp.Res format = call("GET", "/services/kv?format=AAA", null, null);
        assertThat(format.status()).isEqualTo(400);
        assertThat(format.json().get("message").asText()).contains("format=AAA");
        for (String id : List.of("9223372036854775808", "1000000000000000000", "-1", "1.0", "+1", "")) {
            assertThat(call("GET", "/services/kv/notifications?lastEventId=" + id, null, null).status()).as(id).isEqualTo(400);
        }
        assertThat(call("GET", "/services/kv/notifications", null, null, "Last-Event-ID: x1").status()).isEqualTo(400);
        for (String bad : List.of("0", "\"1", "W/1", "\"a\" \"b\"", "\"a\",", "\"é\"")) {
            RawHttp.Res r = call("PUT", "/services/ping", JSON, "{\"count\": 1}", "If-Match: " + bad);
            assertThat(r.status()).as(bad).isEqualTo(400);
        }
        for (String mismatch : List.of("\"7\"", "W/\"0\"", "\"a,b\", \"c\"")) {
            assertThat(call("PUT", "/services/ping", JSON, "{\"count\": 1}", "If-Match: " + mismatch).status())
                    .as(mismatch).isEqualTo(412);
        }
        assertThat(call("PUT", "/services/ping", JSON, "{\"count\": 1}", "If-Match: \"x\", \"0\"").status()).isEqualTo(200);
    }

    @Test
    void aStandardReplaceAndUpdateAreCheckedAgainstTheStateSchema() throws Exception {
        RawHttp.Res nullCount = call("PUT", "/services/ping", JSON, "{\"count\": null}", "If-Match: *");
        assertThat(nullCount.status()).isEqualTo(400);
        assertThat(nullCount.json().get("message").asText())
                .isEqualTo("not a valid state of ping: count: expected a whole number, found null");
        RawHttp.Res tooBig = call("PUT", "/services/ping", JSON, "{\"count\": 9223372036854775808}");
        assertThat(tooBig.json().get("message").asText()).contains("count: 9223372036854775808 is out of range");
        RawHttp.Res patch = call("PATCH", "/services/ping", "application/merge-patch+json", "{\"count\": \"many\"}");
        assertThat(patch.status()).isEqualTo(400);
        assertThat(patch.json().get("message").asText()).contains("count: expected a whole number or null, found \"many\"");
        assertThat(call("PATCH", "/services/ping", "application/merge-patch+json", "{\"count\": null}").status()).isEqualTo(200);
        RawHttp.Res prefix = call("POST", "/services/kv/query", JSON, "{\"prefix\": {}}");
        assertThat(prefix.status()).isEqualTo(400);
        assertThat(prefix.json().get("message").asText()).contains("prefix: expected a string or null, found an object");
    }
}
