package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Notification;
import io.ccrj.dss.Subscription;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The DSS workflow over REST: data sets loaded and generated, jobs submitted, watched (as
 * notifications) and fetched, cancelled, and bad input answered as the host answers everything:
 * a 4xx status with the JSON error body.
 */
@Timeout(180)
class ClusteringServicesTest {
    static ClusteringServer server;
    static HttpClient http;

    @BeforeAll
    static void start() {
        server = ClusteringServer.start(0, 2);
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    record Answer(int status, JsonNode body) {
    }

    static Answer post(String path, String json) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(server.baseUri() + path))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), JsonBodies.parse(r.body()));
    }

    static Answer get(String path) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(server.baseUri() + path)).header("Accept", "application/json")
                .timeout(Duration.ofSeconds(30)).GET().build();
        HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), JsonBodies.parse(r.body()));
    }

    static String csv(String text) {
        return JsonBodies.toText(JsonBodies.object().put("name", "bad").put("csv", text));
    }

    static void assertError(Answer a, int status, String code, String messagePart) {
        assertThat(a.status()).as(a.body().toString()).isEqualTo(status);
        assertThat(a.body().path("error").asText()).isEqualTo(code);
        assertThat(a.body().path("message").asText()).contains(messagePart);
    }

    static JsonNode waitForEnd(String job) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            Answer a = get("/services/clustering/query?job=" + job);
            assertThat(a.status()).isEqualTo(200);
            String status = a.body().path("status").asText();
            if (status.equals("done") || status.equals("failed") || status.equals("cancelled")) {
                return a.body();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("job " + job + " did not end");
    }

    @Test
    void badCsvIsA400NamingTheLine() throws Exception {
        assertError(post("/services/data/actions/load", csv("1,2\n3,4\n5,oops\n")), 400, "bad_request",
                "csv line 3, value 2: 'oops' is not a number");
        assertError(post("/services/data/actions/load", csv("1,2\nNaN,3\n")), 400, "bad_request",
                "line 2, value 1: 'NaN' is not a finite number");
        assertError(post("/services/data/actions/load", csv("")), 400, "bad_request", "no points (the file is empty)");
        assertError(post("/services/data/actions/load", csv("1,2\n3\n")), 400, "bad_request", "line 2: 1 values, but line 1 has 2");
        assertError(post("/services/data/actions/load", "{\"name\": \"x\"}"), 400, "bad_request", "\"csv\" must be a string");
        assertError(post("/services/data/actions/load", "{\"name\": \"x\", \"csv\": 5"), 400, "bad_request", "");
        assertThat(get("/services/data").body().path("datasets").has("bad")).isFalse();
    }

    @Test
    void badJobsAreRefusedBeforeTheyStart() throws Exception {
        assertThat(post("/services/data/actions/load", JsonBodies.toText(JsonBodies.object().put("name", "three")
                .put("csv", "1,1\n2,2\n3,3\n"))).status()).isEqualTo(200);
        assertError(post("/services/clustering/actions/submit", "{\"dataset\": \"three\", \"clusters\": 4}"), 400,
                "bad_request", "4 clusters for 3 points: there can be no more clusters than points");
        assertError(post("/services/clustering/actions/submit", "{\"dataset\": \"three\", \"ranks\": 4}"), 400,
                "bad_request", "4 ranks for 3 points");
        assertError(post("/services/clustering/actions/submit", "{\"dataset\": \"nowhere\"}"), 404, "not_found",
                "no data set 'nowhere'");
        assertError(post("/services/clustering/actions/submit", "{\"dataset\": \"three\", \"clusters\": -1}"), 400,
                "bad_request", "\"clusters\"");
        // refused by the host's schema check (the message names the JSON path) before the service runs
        assertError(post("/services/clustering/actions/submit", "{\"dataset\": 7}"), 400, "bad_request", "dataset");
        assertError(post("/services/clustering/actions/submit", "{\"dataset\": \"three\", \"quick\": \"yes\"}"), 400,
                "bad_request", "quick");
        assertError(post("/services/data/actions/generate",
                "{\"name\": \"g\", \"points\": 10, \"dims\": 2, \"clusters\": 11}"), 400, "bad_request",
                "no more clusters than points");
        assertError(get("/services/clustering/query?job=999"), 404, "not_found", "no job '999'");
        assertError(post("/services/clustering/actions/cancel", "{\"job\": \"999\"}"), 404, "not_found", "no job '999'");
        assertError(post("/services/clustering/actions/job-update", "{\"job\": \"1\", \"update\": \"guess\"}"), 403,
                "forbidden", "own job threads only");
    }

    @Test
    void aJobIsSubmittedWatchedAndFetched() throws Exception {
        assertThat(post("/services/data/actions/generate",
                "{\"name\": \"mix\", \"points\": 3000, \"dims\": 2, \"clusters\": 4, \"seed\": 8}").status()).isEqualTo(200);
        assertThat(get("/services/data").body().at("/datasets/mix/labelled").asBoolean()).isTrue();
        List<Notification> seen = new CopyOnWriteArrayList<>();
        Subscription sub = server.host().service("clustering").subscribe(seen::add, -1).get(10, TimeUnit.SECONDS);
        try {
            Answer submitted = post("/services/clustering/actions/submit", "{\"dataset\": \"mix\", \"clusters\": 4, \"ranks\": 2}");
            assertThat(submitted.status()).as(submitted.body().toString()).isEqualTo(200);
            String job = submitted.body().path("job").asText();
            assertThat(submitted.body().path("status").asText()).isEqualTo("running");
            JsonNode end = waitForEnd(job);
            assertThat(end.path("status").asText()).isEqualTo("done");
            assertThat(end.at("/result/clusters").asInt()).isEqualTo(4);
            assertThat(end.at("/result/adjustedRand").asDouble()).isGreaterThanOrEqualTo(0.95);
            assertThat(end.at("/result/counts").size()).isEqualTo(4);
            assertThat(end.path("picture").asText()).startsWith("<svg").contains("<circle");

            Answer assignments = get("/services/clustering/query?job=" + job + "&part=assignments");
            assertThat(assignments.status()).isEqualTo(200);
            assertThat(assignments.body().path("clusters").size()).isEqualTo(3000);

            // progress as notifications: the temperature falls, clusters grow, stages advance, then done
            List<JsonNode> progress = seen.stream().filter(n -> n.action().equals("job-update"))
                    .map(Notification::body).filter(b -> b.path("job").asText().equals(job)).toList();
            assertThat(progress).extracting(b -> b.path("stage").asText()).contains("anneal", "assign", "done");
            assertThat(progress).anySatisfy(b -> assertThat(b.path("temperature").asDouble()).isPositive());
            assertThat(progress).allSatisfy(b -> assertThat(b.has("freeEnergy") && b.has("iterationMillis")).isTrue());
            assertThat(progress.get(progress.size() - 1).path("status").asText()).isEqualTo("done");
            int most = 0;
            for (JsonNode b : progress) {
                assertThat(b.path("clusters").asInt()).isGreaterThanOrEqualTo(most);
                most = b.path("clusters").asInt();
            }
            assertError(post("/services/clustering/actions/cancel", "{\"job\": \"" + job + "\"}"), 409, "conflict",
                    "has already ended: it is done");
        } finally {
            sub.close();
        }
    }

    @Test
    void aCancelledJobEndsCancelledAndHasNoResult() throws Exception {
        assertThat(post("/services/data/actions/generate",
                "{\"name\": \"big\", \"points\": 200000, \"dims\": 4, \"clusters\": 8, \"seed\": 2}").status()).isEqualTo(200);
        Answer submitted = post("/services/clustering/actions/submit", "{\"dataset\": \"big\", \"quick\": false}");
        assertThat(submitted.status()).isEqualTo(200);
        String job = submitted.body().path("job").asText();
        Answer cancelled = post("/services/clustering/actions/cancel", "{\"job\": \"" + job + "\"}");
        assertThat(cancelled.status()).isEqualTo(200);
        assertThat(cancelled.body().at("/jobs/" + job + "/status").asText()).isIn("cancelling", "cancelled");
        JsonNode end = waitForEnd(job);
        assertThat(end.path("status").asText()).isEqualTo("cancelled");
        assertError(get("/services/clustering/query?job=" + job + "&part=assignments"), 409, "conflict",
                "job " + job + " is cancelled: it has no assignments");
    }

    @Test
    void theServicesAreInTheHostsOpenApiDocument() throws Exception {
        JsonNode doc = get("/openapi.json").body();
        assertThat(doc.path("paths").has("/services/clustering/actions/submit")).isTrue();
        assertThat(doc.path("paths").has("/services/clustering/actions/cancel")).isTrue();
        assertThat(doc.path("paths").has("/services/data/actions/load")).isTrue();
        assertThat(doc.path("paths").has("/services/data/actions/generate")).isTrue();
        assertThat(get("/directory").body().toString()).contains("\"clustering\"").contains("\"data\"");
    }
}
