package io.ccrj.dss.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.dss.Manifest;
import io.ccrj.dss.ServiceHost;
import com.fasterxml.jackson.databind.node.TextNode;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The service page draws every string of the state that is an SVG document as an image, and
 * redraws it live as the state changes (what the clustering example's live picture relies on).
 */
@Timeout(120)
class BrowserPicturesTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private ServiceHost host;

    @BeforeEach
    void startHost() throws Exception {
        host = ServiceHost.builder().port(0).build().start();
        host.start(Manifest.builtIn());
    }

    @AfterEach
    void stopHost() {
        host.close();
    }

    private static String svg(String fill) {
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\" fill=\""
                + fill + "\"/></svg>";
    }

    @Test
    void anSvgInTheStateIsDrawnAndRedrawnAsItChanges() throws Exception {
        host.service("kv").upsert("pic", TextNode.valueOf(svg("red"))).get(10, TimeUnit.SECONDS);
        host.service("kv").upsert("text", TextNode.valueOf("not a picture")).get(10, TimeUnit.SECONDS);
        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver page = chromium.driver();
            page.get(host.baseUri() + "/services/kv");
            chromium.waitUpTo(WAIT).until(ExpectedConditions.textToBe(By.id("stream-status"), "live"));
            By picture = By.id("picture-items.pic");
            chromium.waitUpTo(WAIT).until(ExpectedConditions.presenceOfElementLocated(picture));
            assertThat(page.findElements(By.cssSelector("#pictures img"))).hasSize(1);
            chromium.waitUpTo(WAIT).until(d -> ((Number) ((JavascriptExecutor) d).executeScript(
                    "return document.getElementById('picture-items.pic').naturalWidth")).intValue() == 40);
            String first = page.findElement(picture).getAttribute("src");
            assertThat(first).startsWith("data:image/svg+xml").contains("red");

            // a change made elsewhere redraws the open page's picture
            host.service("kv").upsert("pic", TextNode.valueOf(svg("blue"))).get(10, TimeUnit.SECONDS);
            chromium.waitUpTo(WAIT).until(ExpectedConditions.attributeContains(picture, "src", "blue"));
            host.service("kv").delete("pic").get(10, TimeUnit.SECONDS);
            chromium.waitUpTo(WAIT).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#pictures img"), 0));
        }
    }
}
