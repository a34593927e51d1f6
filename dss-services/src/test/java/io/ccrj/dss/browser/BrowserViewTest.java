package io.ccrj.dss.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.dss.Manifest;
import io.ccrj.dss.ServiceHost;
import java.time.Duration;
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
 * service; a service page shows its state, and an Update or Replace submitted through the page's
 * forms comes back as a live notification (EventSource) and a refreshed state.
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
}
