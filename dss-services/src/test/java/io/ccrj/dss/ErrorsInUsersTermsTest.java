package io.ccrj.dss;

import io.ccrj.dss.internal.host.cli.HostCli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every error a user reads is in their terms: a corpus of malformed request bodies, states,
 * manifests and command-line options, each answered with a message that names the problem (the
 * field, the option, the place) and none of the Java, Jackson or Netty internals behind it.
 */
@Timeout(60)
class ErrorsInUsersTermsTest {
    /** What a user must never read: class and package names, Jackson's and the JDK's own words. */
    static final List<String> INTERNALS = List.of("java.", "javax.", "com.fasterxml", "tools.jackson", "io.netty", "io.ccrj.",
            "Exception", "LinkedHashMap", "HashMap", "ArrayList", "Integer value", "Long value", "StreamReadFeature",
            "StreamReadConstraints", "JsonNode", "JsonToken", "START_OBJECT", "START_ARRAY", "VALUE_", "Cannot deserialize",
            "Cannot construct", "reference chain", "[Source", "`", "Creator", "PropertyNamingStrategy", "MapperFeature",
            "DeserializationFeature", "JsonParser", "$");

    /** A service whose state has typed fields, to send states of the wrong shape to. */
    static final class Typed extends Service<Typed.State> {
        /** The one enum field's values. */
        enum Color { RED, GREEN }

        /** A nested record. */
        record Inner(int depth) {
        }

        /** The state: an int, an enum, a list, a nested record, a byte. */
        record State(int count, Color color, List<String> tags, Inner inner, byte small) {
        }

        Typed() {
            super(State.class, new State(0, Color.RED, List.of(), new Inner(0), (byte) 0));
        }

        @Override
        public String contract() {
            return "typed";
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET, Verb.REPLACE, Verb.UPDATE);
        }
    }

    private static ServiceHost host;

    @BeforeAll
    static void startHost() throws Fault {
        host = ServiceHost.builder().port(0).contract("typed", Typed::new).build().start();
        host.start(Manifest.builtIn());
        host.create("typed", new Typed());
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    /** One request of the corpus: what is sent, and what its error must name. */
    record Case(String method, String path, String contentType, byte[] body, String names) {
        static Case of(String method, String path, String body, String names) {
            return new Case(method, path, "application/json", body.getBytes(StandardCharsets.UTF_8), names);
        }
    }

    static void assertInUsersTerms(String where, String message, String names) {
        assertThat(message).as(where).isNotBlank();
        for (String internal : INTERNALS) {
            assertThat(message).as(where + ": names no internal '" + internal + "'").doesNotContain(internal);
        }
        assertThat(message).as(where + ": names the problem").contains(names);
    }

    @Test
    void malformedRequestBodiesAndStatesAreAnsweredInTheUsersTerms() throws IOException {
        String deep = "[".repeat(1500) + "]".repeat(1500);
        List<Case> corpus = new ArrayList<>(List.of(
                // states of the wrong shape (Replace, Update, Create)
                Case.of("PUT", "/services/typed", "{\"count\": \"many\"}", "count"),
                Case.of("PUT", "/services/typed", "{\"count\": {\"a\": 1}}", "count"),
                Case.of("PUT", "/services/typed", "{\"count\": [1]}", "count"),
                Case.of("PUT", "/services/typed", "{\"count\": 1.5e400}", "number"),
                Case.of("PUT", "/services/typed", "{\"count\": 99999999999}", "count"),
                Case.of("PUT", "/services/typed", "{\"count\": 12345678901234567890123}", "count"),
                Case.of("PUT", "/services/typed", "{\"small\": 300}", "small"),
                Case.of("PUT", "/services/typed", "{\"color\": \"PURPLE\"}", "color"),
                Case.of("PUT", "/services/typed", "{\"color\": 7.5}", "color"),
                Case.of("PUT", "/services/typed", "{\"tags\": {\"a\": 1}}", "tags"),
                Case.of("PUT", "/services/typed", "{\"tags\": \"one\"}", "tags"),
                Case.of("PUT", "/services/typed", "{\"tags\": [[1]]}", "tags"),
                Case.of("PUT", "/services/typed", "{\"inner\": [1, 2]}", "inner"),
                Case.of("PUT", "/services/typed", "{\"inner\": {\"depth\": \"deep\"}}", "depth"),
                Case.of("PUT", "/services/typed", "[1, 2]", "state"),
                Case.of("PUT", "/services/typed", "\"text\"", "state"),
                Case.of("PUT", "/services/kv", "{\"items\": [1, 2]}", "items"),
                Case.of("PUT", "/services/kv", "{\"items\": 3}", "items"),
                Case.of("PUT", "/services/ping", "{\"count\": true}", "count"),
                new Case("PATCH", "/services/typed", "application/merge-patch+json",
                        "{\"count\": \"x\"}".getBytes(StandardCharsets.UTF_8), "count"),
                new Case("PATCH", "/services/typed", "application/merge-patch+json",
                        "{\"tags\": {\"x\": 1}}".getBytes(StandardCharsets.UTF_8), "tags"),
                Case.of("POST", "/directory", "{\"name\": \"t2\", \"contract\": \"typed\", \"state\": {\"count\": \"x\"}}", "count"),
                Case.of("POST", "/directory", "{\"name\": 5, \"contract\": \"typed\"}", "name"),
                Case.of("POST", "/directory", "{\"name\": \"t3\", \"contract\": [\"typed\"]}", "contract"),
                Case.of("POST", "/directory", "{\"name\": \"t4\", \"contract\": \"no.such.Contract\"}", "no.such.Contract"),
                Case.of("POST", "/directory", "{\"name\": \"t5\", \"contract\": \"kv\", \"partners\": [1]}", "partners"),
                Case.of("POST", "/directory", "[]", "name"),
                // not JSON at all
                Case.of("PUT", "/services/kv/items/a", "{\"a\": ", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "{\"a\": 1,}", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "{\"a\": 1} {}", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "{'a': 1}", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "[1, 2", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "tru", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "01", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "NaN", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "\"\\x\"", "JSON"),
                Case.of("PUT", "/services/kv/items/a", "1" + "0".repeat(1200), "number"),
                Case.of("PUT", "/services/kv/items/a", deep, "nest"),
                Case.of("PUT", "/services/typed", deep, "nest"),
                Case.of("PUT", "/services/kv/items/a", "{\"a\": \"\u0001\"}", "JSON"),
                new Case("PUT", "/services/kv/items/a", "application/json", new byte[] {'"', (byte) 0xC3, (byte) 0x28, '"'}, "UTF-8"),
                new Case("PUT", "/services/kv/items/a", "application/json", new byte[] {'"', (byte) 0xFF, '"'}, "UTF-8"),
                new Case("PUT", "/services/typed", "application/json",
                        "{\"tags\": [\"\u00e9".getBytes(StandardCharsets.ISO_8859_1), "UTF-8")));
        List<String> problems = new ArrayList<>();
        for (Case c : corpus) {
            RawHttp.Res r = send(c);
            String where = c.method() + " " + c.path() + " " + new String(c.body(), StandardCharsets.UTF_8)
                    .substring(0, Math.min(60, c.body().length)) + " -> " + r.status() + " " + r.body();
            try {
                assertThat(r.status()).as(where).isBetween(400, 499);
                assertThat(r.json().get("error").asText()).as(where).isNotBlank();
                r.json().fields().forEachRemaining(f -> assertInUsersTerms(where + " [" + f.getKey() + "]",
                        f.getValue().isTextual() ? f.getValue().asText() : f.getValue().toString(), ""));
                assertInUsersTerms(where, r.json().get("message").asText(), c.names());
            } catch (AssertionError e) {
                problems.add(e.getMessage().lines().filter(l -> !l.isBlank()).findFirst().orElse(where) + "  <- " + where);
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " of " + corpus.size() + " answers are not in the user's terms:\n"
                    + String.join("\n", problems));
        }
    }

    @Test
    void aStateOfTheWrongShapeIsNamedByItsFieldAndItsJsonKind() throws IOException {
        assertThat(send(Case.of("PUT", "/services/typed", "{\"inner\": {\"depth\": \"deep\"}}", "")).json().get("message").asText())
                .isEqualTo("not a valid state of typed: inner.depth: expected a whole number, found \"deep\"");
        assertThat(send(Case.of("PUT", "/services/typed", "{\"color\": \"PURPLE\"}", "")).json().get("message").asText())
                .isEqualTo("not a valid state of typed: color: \"PURPLE\" is not one of RED, GREEN (or null)");
        assertThat(send(Case.of("PUT", "/services/typed", "{\"count\": 99999999999}", "")).json().get("message").asText())
                .isEqualTo("not a valid state of typed: count: 99999999999 is out of range"
                        + " (expected a whole number from -2147483648 to 2147483647)");
        assertThat(send(Case.of("PUT", "/services/kv", "{\"items\": [1]}", "")).json().get("message").asText())
                .isEqualTo("not a valid state of kv: items: expected an object or null, found an array");
    }

    private static RawHttp.Res send(Case c) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        raw.writeBytes((c.method() + " " + c.path() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + c.contentType()
                + "\r\nContent-Length: " + c.body().length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        raw.writeBytes(c.body());
        try (RawHttp conn = new RawHttp(host.port())) {
            conn.writeRaw(raw.toByteArray());
            return conn.read();
        }
    }

    @Test
    void malformedManifestsAreRefusedInTheUsersTerms(@TempDir Path dir) throws IOException {
        Map<String, String> manifests = Map.ofEntries(
                Map.entry("{\"services\": [{\"name\": \"kv\"}]}", "contract"),
                Map.entry("{\"services\": [{\"contract\": \"kv\"}]}", "name"),
                Map.entry("{\"services\": [{\"name\": 1, \"contract\": \"kv\"}]}", "name"),
                Map.entry("{\"services\": {\"name\": \"kv\"}}", "services"),
                Map.entry("{\"services\": [{\"name\": \"kv\", \"contract\": \"kv\", \"stateFile\": 5}]}", "stateFile"),
                Map.entry("{\"services\": [{\"name\": \"kv\", \"contract\": \"kv\", \"partners\": [\"x\"]}]}", "partners"),
                Map.entry("[]", "services"),
                Map.entry("{\"services\": [", "JSON"),
                Map.entry("{\"services\": [}", "JSON"),
                Map.entry("", "JSON"));
        int i = 0;
        for (Map.Entry<String, String> m : manifests.entrySet()) {
            Path file = Files.writeString(dir.resolve("m" + i++ + ".json"), m.getKey());
            try {
                Manifest.read(file);
                fail("accepted " + m.getKey());
            } catch (IOException e) {
                assertInUsersTerms(m.getKey(), e.getMessage(), m.getValue());
            }
        }
        try {
            Manifest.read(dir.resolve("none.json"));
            fail("read a file that is not there");
        } catch (IOException e) {
            assertInUsersTerms("missing manifest", e.getMessage(), "no such file");
        }
        Path unknown = Files.writeString(dir.resolve("u.json"), "{\"services\": [{\"name\": \"n\", \"contract\": \"com.example.Nope\"}]}");
        try {
            new ContractResolver(ServiceHost.builder()).check(Manifest.read(unknown));
            fail("accepted an unknown contract");
        } catch (Fault f) {
            // the user's own class name is theirs to read; only the host's internals are refused
            assertInUsersTerms("unknown contract", f.getMessage().replace("com.example.Nope", "X"), "unknown contract");
        }
        Path notAService = Files.writeString(dir.resolve("c.json"), "{\"services\": [{\"name\": \"n\", \"contract\": \"java.lang.String\"}]}");
        try {
            new ContractResolver(ServiceHost.builder()).check(Manifest.read(notAService));
            fail("accepted a class that is not a service");
        } catch (Fault f) {
            assertInUsersTerms("not a service", f.getMessage().replace("java.lang.String", "X"), "X");
        }
    }

    @Test
    void malformedOptionsAreRefusedInTheUsersTerms(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("c.properties"), "port=x\n");
        Path notUtf8 = Files.write(dir.resolve("t"), new byte[] {(byte) 0xFF, (byte) 0xFE, 'a'});
        List<List<String>> corpus = List.of(
                List.of("--port", "99999"), List.of("--port=x"), List.of("--port", "1e3"), List.of("--port", "99999999999"),
                List.of("--bind", "999.1.1.1"), List.of("--bind", "1.2.3"), List.of("--bind", "::zz"), List.of("--bind", ""),
                List.of("--log-level", "loud"), List.of("--max-body", "-1"), List.of("--max-body", "0x10"),
                List.of("--threads", "2000"), List.of("--io-threads", "0"), List.of("--pipeline-window", "70000"),
                List.of("--allowed-hosts", ","), List.of("--manifest", dir.resolve("none").toString()),
                List.of("--manifest", "bad\u0000path"), List.of("--token-file", notUtf8.toString()),
                List.of("--token-file", dir.toString()), List.of("--services", config.toString()),
                List.of("--classpath", dir.resolve("none.jar").toString()), List.of("--config", config.toString()),
                List.of("--config", dir.resolve("none").toString()), List.of("--token", " "), List.of("--port"),
                List.of("--bogus"), List.of("stray"));
        for (List<String> args : corpus) {
            try {
                HostCli.parse(args.toArray(String[]::new));
                fail("accepted " + args);
            } catch (IllegalArgumentException e) {
                String names = args.get(0).startsWith("--") ? args.get(0).split("=")[0] : args.get(0);
                assertInUsersTerms(String.join(" ", args), e.getMessage().replace(dir.toString(), "DIR"),
                        names.equals("--config") ? "--config" : names);
            }
        }
        assertInUsersTerms("CCRJ_PORT", messageOf(() -> HostCli.parse(new String[0], Map.of("CCRJ_PORT", "port"))), "CCRJ_PORT");
    }

    private static String messageOf(Runnable r) {
        try {
            r.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return fail("accepted");
    }
}
