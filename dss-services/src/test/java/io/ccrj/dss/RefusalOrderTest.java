package io.ccrj.dss;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The refusal order, on a real host with a token: a request that fails several checks gets the
 * answer of the earliest one. Table-driven: every kind of failure alone, then every pair of kinds
 * applied to one request (a modifying request that would otherwise succeed), so that no two
 * checks can be out of order without a row failing.
 */
@Timeout(60)
class RefusalOrderTest {
    private static final String TOKEN = "order-token-5d1e";
    private static final int MAX_BODY = 1024;
    private static ServiceHost host;
    private static int port;

    /** One way a request fails, in the order the host must check them, with the answer it gets. */
    enum Kind {
        /** A request target with a malformed percent-escape. */
        BAD_LINE(400, "bad_request"),
        /** A {@code Host} that is not one of the host's names. */
        FOREIGN_HOST(421, "misdirected_request"),
        /** A modifying request from another web origin. */
        FOREIGN_ORIGIN(403, "forbidden"),
        /** No {@code Authorization}. */
        NO_CREDENTIALS(401, "unauthorized"),
        /** A service that does not exist. */
        NO_ROUTE(404, "not_found"),
        /** A method the resource does not have. */
        BAD_METHOD(405, "unsupported"),
        /** A body over the host's limit. */
        TOO_LARGE(413, "payload_too_large"),
        /** A content type that is not JSON. */
        NOT_JSON(415, "unsupported_media_type"),
        /** A body that is not JSON. */
        BAD_BODY(400, "bad_request");

        final int status;
        final String error;

        Kind(int status, String error) {
            this.status = status;
            this.error = error;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        host = ServiceHost.builder().port(0).token(TOKEN).maxRequestBytes(MAX_BODY).build().start();
        port = host.port();
        host.create("kv", new KeyValueService());
    }

    @AfterAll
    static void stop() {
        host.close();
    }

    /** The request with the given failures: by default an Upsert that succeeds. */
    private static String request(Set<Kind> kinds) {
        String method = kinds.contains(Kind.BAD_METHOD) ? "PATCH" : "PUT"; // PATCH is not a method of an item
        String service = kinds.contains(Kind.NO_ROUTE) ? "nope" : "kv";
        String target = "/services/" + service + "/items/k" + (kinds.contains(Kind.BAD_LINE) ? "%zz" : "");
        String body = kinds.contains(Kind.TOO_LARGE) ? "\"" + "x".repeat(MAX_BODY + 10) + "\""
                : kinds.contains(Kind.BAD_BODY) ? "{\"unclosed\": " : "\"value\"";
        List<String> headers = new ArrayList<>();
        headers.add("Host: " + (kinds.contains(Kind.FOREIGN_HOST) ? "rebound.example" : "127.0.0.1"));
        if (!kinds.contains(Kind.NO_CREDENTIALS)) {
            headers.add("Authorization: Bearer " + TOKEN);
        }
        if (kinds.contains(Kind.FOREIGN_ORIGIN)) {
            headers.add("Origin: http://evil.example");
        }
        headers.add("Content-Type: " + (kinds.contains(Kind.NOT_JSON) ? "text/plain" : "application/json"));
        headers.add("Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length);
        return method + " " + target + " HTTP/1.1\r\n" + String.join("\r\n", headers) + "\r\n\r\n" + body;
    }

    private static RawHttp.Res send(String raw) throws IOException {
        try (RawHttp c = new RawHttp(port)) {
            c.writeRaw(raw);
            return c.read();
        }
    }

    @Test
    void aRequestFailingTwoChecksGetsTheEarlierOnesAnswer() throws Exception {
        long before = Hostile.etag(port, "kv");
        Map<String, String> wrong = new LinkedHashMap<>();
        List<Kind> kinds = List.of(Kind.values());
        for (Kind k : kinds) {
            check(wrong, EnumSet.of(k), k);
        }
        for (int i = 0; i < kinds.size(); i++) {
            for (int j = i + 1; j < kinds.size(); j++) {
                check(wrong, EnumSet.of(kinds.get(i), kinds.get(j)), kinds.get(i));
            }
        }
        assertThat(wrong).as("requests answered out of order (expected status: got)").isEmpty();
        assertThat(Hostile.etag(port, "kv")).as("no refused request changed anything").isEqualTo(before);
        // and the request without a failure works: the table's refusals come from its kinds
        assertThat(send(request(EnumSet.noneOf(Kind.class))).status()).isEqualTo(200);
        assertThat(Hostile.etag(port, "kv")).isEqualTo(before + 1);
    }

    private static void check(Map<String, String> wrong, Set<Kind> kinds, Kind expected) throws IOException {
        RawHttp.Res r = send(request(kinds));
        Hostile.assertErrorBody(r);
        String error = r.json().path("error").asText();
        if (r.status() != expected.status || !error.equals(expected.error)) {
            wrong.put(kinds.toString(), expected.status + " " + expected.error + ": " + r.status() + " " + r.body());
        }
    }

    /** The bodiless cases: credentials and the method come before the content type. */
    @Test
    void bodilessModificationsAreRefusedForCredentialsAndMethodBeforeTheirType() throws Exception {
        HostHttpTest.assertError(RawHttp.once(port, "DELETE", "/services/kv/items/k", null, null), 401, "unauthorized", "Bearer");
        HostHttpTest.assertError(RawHttp.once(port, "POST", "/services/kv/actions/clear", null, null), 401, "unauthorized",
                "Bearer");
        String auth = "Authorization: Bearer " + TOKEN;
        RawHttp.Res r = RawHttp.once(port, "DELETE", "/directory", null, null, auth);
        HostHttpTest.assertError(r, 405, "unsupported", "DELETE");
        assertThat(r.header("Allow")).isEqualTo("GET, HEAD, POST");
        HostHttpTest.assertError(RawHttp.once(port, "DELETE", "/services/kv/query", null, null, auth), 405, "unsupported",
                "DELETE");
        HostHttpTest.assertError(RawHttp.once(port, "DELETE", "/no/such/thing", null, null, auth), 404, "not_found", "/no");
        // a read needs no token (reads are not protected): route first, then the body's checks
        HostHttpTest.assertError(RawHttp.once(port, "GET", "/services/nope/query", null, null), 404, "not_found", "nope");
        // Query by POST is a read: no token needed, and its type is checked
        HostHttpTest.assertError(RawHttp.once(port, "POST", "/services/kv/query", "text/plain", "{}"), 415,
                "unsupported_media_type", "application/json");
        // with the token, a bodiless Delete of a missing item reaches the service, with a type or without
        HostHttpTest.assertError(RawHttp.once(port, "DELETE", "/services/kv/items/absent", "application/json", null, auth),
                404, "not_found", "absent");
        HostHttpTest.assertError(RawHttp.once(port, "DELETE", "/services/kv/items/absent", null, null, auth),
                404, "not_found", "absent");
        // a bodiless modifying POST still needs its type, after the token
        HostHttpTest.assertError(RawHttp.once(port, "POST", "/services/kv/actions/clear", null, null, auth), 415,
                "unsupported_media_type", "with or without a body");
    }

    /** An unsupported operation is 405 before its body is read; an oversized one after its route. */
    @Test
    void anUnsupportedOperationIs405WhateverItsBody() throws Exception {
        host.create("ping", new PingService());
        String auth = "Authorization: Bearer " + TOKEN;
        // ping has no Upsert: 405, even though the body is malformed or too large
        HostHttpTest.assertError(RawHttp.once(port, "PUT", "/services/ping/items/k", "application/json", "{", auth), 405,
                "unsupported", "UPSERT");
        HostHttpTest.assertError(RawHttp.once(port, "PUT", "/services/ping/items/k", "application/json",
                "\"" + "y".repeat(MAX_BODY * 2) + "\"", auth), 405, "unsupported", "UPSERT");
        HostHttpTest.assertError(RawHttp.once(port, "POST", "/services/ping/actions/nope", "text/plain", "{", auth), 405,
                "unsupported", "nope");
        // an oversized body to a route that exists, with an Expect: 100-continue, is 413 (and closes)
        try (RawHttp c = new RawHttp(port)) {
            c.writeRaw("PUT /services/kv/items/big HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "\r\nContent-Type: application/json"
                    + "\r\nExpect: 100-continue\r\nContent-Length: " + (MAX_BODY * 4) + "\r\n\r\n");
            RawHttp.Res r = c.read();
            HostHttpTest.assertError(r, 413, "payload_too_large", "larger");
            assertThat(r.header("Connection")).isEqualTo("close");
        }
        // without credentials the same oversized request is 401 (credentials come before the body)
        try (RawHttp c = new RawHttp(port)) {
            c.writeRaw("PUT /services/kv/items/big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                    + "\r\nExpect: 100-continue\r\nContent-Length: " + (MAX_BODY * 4) + "\r\n\r\n");
            HostHttpTest.assertError(c.read(), 401, "unauthorized", "Bearer");
        }
        host.drop("ping").get(10, java.util.concurrent.TimeUnit.SECONDS);
    }
}
