package io.ccrj.dss.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Manifest;
import io.ccrj.dss.ServiceHost;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The host's browser view in a real headless Chromium: the directory at {@code GET /} links every
 * service and the OpenAPI document; a service page shows its state, offers a form per operation
 * the service supports (its body hint the OpenAPI document's example), and an operation submitted
 * through a form comes back as its answer, a live notification (EventSource) and a refreshed state.
 */
@Timeout(120)
class BrowserViewTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private ServiceHost host;

    @BeforeEach
    void startHost() throws Exception {
        host = ServiceHost.builder().port(0).token("page-token").build().start();
        host.start(Manifest.builtIn());
    }

    @AfterEach
    void stopHost() {
        host.close();
    }

    @Test
    void anUpdateSubmittedInThePageShowsUpAsALiveNotification() throws Exception {
        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver page = chromium.driver();
            page.get(host.baseUri() + "/");
            assertThat(page.findElement(By.id("services")).getText()).contains("ping").contains("kv");

            page.findElement(By.id("service-ping")).click();
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textToBe(By.id("stream-status"), "live"));
            assertThat(page.findElement(By.id("name")).getText()).isEqualTo("ping");
            assertThat(page.findElement(By.id("state")).getText()).contains("\"count\" : 0");

            // A change made elsewhere (the Java API) reaches the open page too.
            host.service("ping").submit("ping", null).get(10, TimeUnit.SECONDS);
            chromium.waitUpTo(WAIT).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#notifications li"), 1));

            page.findElement(By.id("token")).sendKeys("page-token");
            WebElement patch = page.findElement(By.id("update-body"));
            patch.clear();
            patch.sendKeys("{\"count\": 42}");
            page.findElement(By.id("update-submit")).click();

            chromium.waitUpTo(WAIT).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#notifications li"), 2));
            WebElement latest = page.findElements(By.cssSelector("#notifications li")).get(1);
            assertThat(latest.getAttribute("data-action")).isEqualTo("update");
            assertThat(latest.getAttribute("data-sequence")).isEqualTo("2");
            assertThat(latest.getText()).startsWith("#2 update").contains("42");
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textMatches(By.id("result"), java.util.regex.Pattern.compile("^200 .*")));
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textMatches(By.id("state"), java.util.regex.Pattern.compile("(?s).*\"count\" ?: ?42.*")));
            assertThat(host.service("ping").get().get(10, TimeUnit.SECONDS).body().get("count").asLong()).isEqualTo(42);

            // The page has a form per action: Submit "ping" from it.
            WebElement action = page.findElement(By.id("action-ping-body"));
            action.clear();
            action.sendKeys("{\"hello\": 7}");
            page.findElement(By.id("action-ping-submit")).click();
            chromium.waitUpTo(WAIT).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#notifications li"), 3));
            assertThat(page.findElements(By.cssSelector("#notifications li")).get(2).getAttribute("data-action")).isEqualTo("ping");
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textMatches(By.id("result"),
                    java.util.regex.Pattern.compile("^200 \\{\"hello\":7\\}$")));
            assertThat(host.service("ping").get().get(10, TimeUnit.SECONDS).body().get("count").asLong()).isEqualTo(43);
        }
    }

    @Test
    void aReplaceWithoutTheTokenIsRefusedInThePageAndChangesNothing() throws Exception {
        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver page = chromium.driver();
            page.get(host.baseUri() + "/services/kv");
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textToBe(By.id("stream-status"), "live"));
            WebElement body = page.findElement(By.id("replace-body"));
            body.clear();
            body.sendKeys("{\"items\": {\"a\": 1}}");
            page.findElement(By.id("replace-submit")).click();

            chromium.waitUpTo(WAIT).until(ExpectedConditions.textMatches(By.id("result"), java.util.regex.Pattern.compile("^401 .*")));
            assertThat(page.findElement(By.id("result")).getText()).contains("\"error\":\"unauthorized\"");
            assertThat(page.findElements(By.cssSelector("#notifications li"))).isEmpty();

            page.findElement(By.id("token")).sendKeys("page-token");
            page.findElement(By.id("replace-submit")).click();
            chromium.waitUpTo(WAIT).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#notifications li"), 1));
            assertThat(page.findElement(By.cssSelector("#notifications li")).getAttribute("data-action")).isEqualTo("replace");
            assertThat(host.service("kv").get().get(10, TimeUnit.SECONDS).body().path("items").path("a").asInt()).isEqualTo(1);
        }
    }

    /** The text of a URL of the host (the JVM's own client: the page under test is not involved). */
    private String fetch(String path) throws Exception {
        try (InputStream in = URI.create(host.baseUri() + path).toURL().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void type(WebDriver page, String id, String text) {
        WebElement e = page.findElement(By.id(id));
        e.clear();
        e.sendKeys(text);
    }

    /** Clicks a form's button and waits for its answer and, for a change, the refreshed state. */
    private static void submit(HeadlessChromium chromium, String form, String answer, String state) {
        WebDriver page = chromium.driver();
        ((org.openqa.selenium.JavascriptExecutor) page).executeScript("document.getElementById('result').textContent=''");
        page.findElement(By.id(form + "-submit")).click();
        chromium.waitUpTo(WAIT).until(ExpectedConditions.textMatches(By.id("result"), Pattern.compile(answer)));
        if (state != null) {
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textMatches(By.id("state"), Pattern.compile(state)));
        }
    }

    private JsonNode kvItems() throws Exception {
        return host.service("kv").get().get(10, TimeUnit.SECONDS).body().get("items");
    }

    @Test
    void everyFormOfTheKeyValueStoreSendsItsOperation() throws Exception {
        JsonNode doc = JsonBodies.parse(fetch("/services/kv/openapi.json"));
        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver page = chromium.driver();
            page.get(host.baseUri() + "/");
            assertThat(page.findElement(By.id("openapi")).getAttribute("href")).endsWith("/openapi.json");
            page.findElement(By.id("service-kv")).click();
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textToBe(By.id("stream-status"), "live"));
            assertThat(page.findElement(By.id("openapi")).getAttribute("href")).endsWith("/services/kv/openapi.json");

            // every form is there, its body hint the document's example for that request
            JsonNode paths = doc.get("paths");
            assertThat(JsonBodies.parse(page.findElement(By.id("insert-body")).getAttribute("value")))
                    .isEqualTo(paths.at("/~1services~1kv/post/requestBody/content/application~1json/example"));
            assertThat(JsonBodies.parse(page.findElement(By.id("query-body")).getAttribute("value")))
                    .isEqualTo(paths.at("/~1services~1kv~1query/post/requestBody/content/application~1json/example"));
            assertThat(JsonBodies.parse(page.findElement(By.id("update-body")).getAttribute("value")))
                    .isEqualTo(paths.at("/~1services~1kv/patch/requestBody/content/application~1merge-patch+json/example"));
            assertThat(JsonBodies.parse(page.findElement(By.id("upsert-body")).getAttribute("value")))
                    .isEqualTo(paths.at("/~1services~1kv~1items~1{key}/put/requestBody/content/application~1json/example"));
            assertThat(page.findElement(By.id("insert-body")).getAttribute("value")).contains("\"key\"").contains("\"value\"");
            for (String id : java.util.List.of("replace-body", "delete-key", "upsert-key", "action-clear-body")) {
                assertThat(page.findElements(By.id(id))).as(id).hasSize(1);
            }
            page.findElement(By.id("token")).sendKeys("page-token");

            type(page, "insert-body", "{\"key\": \"apple\", \"value\": 1}");
            submit(chromium, "insert", "^201 \\{\"key\":\"apple\",\"value\":1\\}$", "(?s).*\"apple\" ?: ?1.*");
            assertThat(kvItems().get("apple").asInt()).isEqualTo(1);
            submit(chromium, "insert", "^409 .*\"error\":\"conflict\".*", null); // the same again: a conflict, shown

            type(page, "upsert-key", "pear/green");
            type(page, "upsert-body", "{\"ripe\": true}");
            submit(chromium, "upsert", "^200 .*\"key\":\"pear/green\".*\"created\":true.*", "(?s).*\"pear/green\".*");
            assertThat(kvItems().get("pear/green").get("ripe").asBoolean()).isTrue();

            type(page, "query-body", "{\"prefix\": \"app\"}");
            submit(chromium, "query", "^200 \\{\"items\":\\{\"apple\":1\\}\\}$", null);

            type(page, "update-body", "{\"items\": {\"apple\": null, \"cherry\": 3}}");
            submit(chromium, "update", "^200 .*", "(?s)^(?!.*apple).*\"cherry\" ?: ?3.*");
            assertThat(kvItems().has("apple")).isFalse();
            assertThat(kvItems().get("cherry").asInt()).isEqualTo(3);

            type(page, "delete-key", "pear/green");
            submit(chromium, "delete", "^200 \\{\"key\":\"pear/green\",\"value\":\\{\"ripe\":true\\}\\}$",
                    "(?s)^(?!.*pear).*cherry.*");
            assertThat(kvItems().has("pear/green")).isFalse();
            submit(chromium, "delete", "^404 .*\"error\":\"not_found\".*", null); // gone already

            type(page, "replace-body", "{\"items\": {\"plum\": [1, 2]}}");
            submit(chromium, "replace", "^200 .*", "(?s)^(?!.*cherry).*\"plum\".*");
            assertThat(kvItems().get("plum").size()).isEqualTo(2);

            submit(chromium, "action-clear", "^200 \\{\"items\":\\{\\}\\}$", "(?s)^(?!.*plum).*\"items\".*");
            assertThat(kvItems().isEmpty()).isTrue();

            // each change came as a live notification, in order
            chromium.waitUpTo(WAIT).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#notifications li"), 6));
            assertThat(page.findElements(By.cssSelector("#notifications li")).stream().map(li -> li.getAttribute("data-action")))
                    .containsExactly("insert", "upsert", "update", "delete", "replace", "clear");
        }
    }
}
