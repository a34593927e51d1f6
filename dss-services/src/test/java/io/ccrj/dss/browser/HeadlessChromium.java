package io.ccrj.dss.browser;

import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A headless Chromium driven through WebDriver, for the dss-services browser tests: the Debian
 * packages {@code chromium} and {@code chromium-driver} ({@code .ci/run} and, as root,
 * {@code bin/ccrj test} install them).
 *
 * <p>Finds the browser and the driver at the system property {@code ccrj.chromium} /
 * {@code ccrj.chromedriver}, else the environment variable {@value #CHROMIUM_ENV} /
 * {@value #CHROMEDRIVER_ENV}, else the Debian paths ({@code /usr/bin/chromium},
 * {@code /usr/bin/chromedriver}) and a few usual others. Both paths are given to Selenium
 * explicitly, so Selenium Manager never looks for, or downloads, a browser or a driver.
 *
 * <p>A missing browser or driver is an error naming what is missing, where it looked and how to
 * install it, never a skipped test: CI installs both.
 *
 * <pre>{@code
 * try (HeadlessChromium chromium = HeadlessChromium.start()) {
 *     WebDriver page = chromium.driver();
 *     page.get(hostUrl + "/");
 *     chromium.waitUpTo(Duration.ofSeconds(10)).until(d -> ...);
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one test thread drives one browser.
 */
public final class HeadlessChromium implements AutoCloseable {
    /** Environment variable naming the Chromium binary. */
    public static final String CHROMIUM_ENV = "CCRJ_CHROMIUM";
    /** Environment variable naming the chromedriver binary. */
    public static final String CHROMEDRIVER_ENV = "CCRJ_CHROMEDRIVER";

    private static final List<String> CHROMIUM_PATHS =
            List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");
    private static final List<String> CHROMEDRIVER_PATHS =
            List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
    private static final String INSTALL_HINT = "install the Debian packages: sudo apt-get install chromium chromium-driver"
            + " (.ci/run and bin/ccrj test, run as root, do it), or name the binaries with " + CHROMIUM_ENV + " and "
            + CHROMEDRIVER_ENV + " (or -Dccrj.chromium / -Dccrj.chromedriver)";

    private final ChromeDriverService service;
    private final ChromeDriver driver;

    private HeadlessChromium(ChromeDriverService service, ChromeDriver driver) {
        this.service = service;
        this.driver = driver;
    }

    /**
     * Starts a headless Chromium ({@code --headless=new --no-sandbox --disable-dev-shm-usage}, a
     * 1280x900 window) with its own chromedriver on a free port.
     *
     * @throws IllegalStateException naming the missing binary and how to install it
     */
    public static HeadlessChromium start() {
        Path chromium = locate("Chromium", "ccrj.chromium", CHROMIUM_ENV, CHROMIUM_PATHS);
        Path chromedriver = locate("chromedriver", "ccrj.chromedriver", CHROMEDRIVER_ENV, CHROMEDRIVER_PATHS);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900", "--no-first-run", "--no-default-browser-check");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort()
                .build();
        try {
            return new HeadlessChromium(service, new ChromeDriver(service, options));
        } catch (RuntimeException e) {
            service.stop();
            throw new IllegalStateException("could not start headless Chromium " + chromium + " with " + chromedriver
                    + ": " + e.getMessage(), e);
        }
    }

    /** @return the browser's WebDriver */
    public WebDriver driver() {
        return driver;
    }

    /** @return a wait on this browser that gives up after {@code timeout} */
    public WebDriverWait waitUpTo(Duration timeout) {
        return new WebDriverWait(driver, timeout);
    }

    /** Closes the browser and stops its chromedriver; idempotent. */
    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
        }
    }

    /**
     * The first executable among the system property, the environment variable and
     * {@code candidates}; a property or variable that is set must name an executable.
     */
    static Path locate(String what, String property, String env, List<String> candidates) {
        List<String> looked = new ArrayList<>();
        for (String[] named : new String[][] {{"-D" + property, System.getProperty(property)}, {env, System.getenv(env)}}) {
            if (named[1] != null && !named[1].isBlank()) {
                Path p = Path.of(named[1]);
                if (Files.isExecutable(p)) {
                    return p;
                }
                throw new IllegalStateException("the browser tests need " + what + ", but " + named[0] + "=" + named[1]
                        + " is not an executable file; " + INSTALL_HINT);
            }
            looked.add(named[0] + " (unset)");
        }
        for (String c : candidates) {
            Path p = Path.of(c);
            if (Files.isExecutable(p)) {
                return p;
            }
            looked.add(c);
        }
        throw new IllegalStateException("the browser tests need " + what + ", which is not installed (looked at "
                + String.join(", ", looked) + "); " + INSTALL_HINT);
    }
}
