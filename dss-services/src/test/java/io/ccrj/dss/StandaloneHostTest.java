package io.ccrj.dss;

import io.ccrj.dss.internal.host.cli.HostCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The standalone host in a child JVM (same java, the test class path): durable state survives
 * {@code kill -9}, the token rules hold and the token never appears in the output, bad options
 * exit with status 2.
 */
@Timeout(120)
class StandaloneHostTest {
    private static final Pattern SERVING = Pattern.compile("at http://127\\.0\\.0\\.1:(\\d+)/");
    private static final String TOKEN = "tok-3f9a1c77e2";

    /** A child host and its output so far. */
    record Child(Process process, int port, List<String> output) {
    }

    static Process launch(String... args) throws IOException {
        return launch(List.of(), args);
    }

    /** The host in a child JVM with {@code jvmOptions} (memory caps, say) before the class path. */
    static Process launch(List<String> jvmOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        // what bin/ccrj gives every JVM it starts, so that the host's output is its own
        cmd.add("--enable-native-access=ALL-UNNAMED");
        if (Runtime.version().feature() >= 23) {
            cmd.add("--sun-misc-unsafe-memory-access=allow");
        }
        cmd.add(ServiceHostMain.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    static Child start(String... args) throws Exception {
        return start(List.of(), args);
    }

    /** The host in a child JVM with {@code jvmOptions}, once it serves: its port and its output so far. */
    static Child start(List<String> jvmOptions, String... args) throws Exception {
        Process p = launch(jvmOptions, args);
        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    output.add(line);
                    Matcher m = SERVING.matcher(line);
                    if (m.find()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                }
            } catch (IOException ignored) {
                // the child was killed
            }
            port.completeExceptionally(new IOException("host exited: " + output));
        });
        return new Child(p, port.get(60, TimeUnit.SECONDS), output);
    }

    @Test
    void acknowledgedStateSurvivesKillMinus9AndTokenRulesHold(@TempDir Path dir) throws Exception {
        Path manifest = dir.resolve("m.json");
        Files.writeString(manifest, """
                {"services": [
                  {"name": "kv", "contract": "kv", "stateFile": "state/kv.json"},
                  {"name": "ping", "contract": "ping"}
                ]}
                """);
        Files.createDirectory(dir.resolve("state"));
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, TOKEN + "\n");
        String[] args = {"--port", "0", "--manifest", manifest.toString(), "--token-file", tokenFile.toString()};

        Child first = start(args);
        String auth = "Authorization: Bearer " + TOKEN;
        try {
            RawHttp.Res none = RawHttp.once(first.port(), "PUT", "/services/kv/items/a", "application/json", "1");
            HostHttpTest.assertError(none, 401, "unauthorized", "Bearer");
            assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
            HostHttpTest.assertError(RawHttp.once(first.port(), "PUT", "/services/kv/items/a", "application/json", "1",
                    "Authorization: Bearer wrong"), 403, "forbidden", "not valid");
            HostHttpTest.assertError(RawHttp.once(first.port(), "PUT", "/services/kv/items/a", "application/json", "1",
                    "Authorization: Basic " + TOKEN), 401, "unauthorized", "Bearer");
            assertThat(RawHttp.once(first.port(), "GET", "/services/kv", null, null).status()).isEqualTo(200); // reads open
            for (int i = 0; i < 20; i++) {
                RawHttp.Res ok = RawHttp.once(first.port(), "PUT", "/services/kv/items/k" + i, "application/json",
                        "{\"n\":" + i + "}", auth);
                assertThat(ok.status()).isEqualTo(200); // acknowledged
            }
        } finally {
            first.process().destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertThat(first.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(String.join("\n", first.output())).doesNotContain(TOKEN);
        assertThat(Files.exists(dir.resolve("state/kv.json"))).isTrue();

        Child second = start(args);
        try {
            RawHttp.Res state = RawHttp.once(second.port(), "GET", "/services/kv", null, null);
            assertThat(state.json().get("items").size()).isEqualTo(20);
            assertThat(state.json().at("/items/k19/n").asInt()).isEqualTo(19);
            assertThat(state.header("ETag")).isEqualTo("\"20\"");
        } finally {
            second.process().destroy(); // SIGTERM: graceful shutdown
            assertThat(second.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(String.join("\n", second.output())).doesNotContain(TOKEN);
    }

    @Test
    void aStateFileThatCannotBeReadStopsTheHostNamingTheFile(@TempDir Path dir) throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("kv.json"), dir.resolve("unmounted/kv.json"));
        Path manifest = Files.writeString(dir.resolve("m.json"),
                "{\"services\": [{\"name\": \"kv\", \"contract\": \"kv\", \"stateFile\": \"kv.json\"}]}");
        Process p = launch("--port", "0", "--manifest", manifest.toString());
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(out).contains(link.toAbsolutePath().toString(), "symbolic link").doesNotContain("serving");
        assertThat(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isTrue(); // nothing saved over it
    }

    @Test
    void badOptionsPrintOneLineAndExitWith2() throws Exception {
        Process p = launch("--port", "nope");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(out).isEqualTo("ccrj host: --port nope: needs a whole number from 0 to 65535" + System.lineSeparator());
    }

    @Test
    void optionsAreParsedAndCheckedInProcess() {
        assertThat(HostCli.parse(new String[] {"--port", "1", "--protect-reads"}).help()).isFalse();
        assertThat(HostCli.parse(new String[] {"--help"}).help()).isTrue();
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--bogus"})).hasMessageContaining("unknown option");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--port"})).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--port", "70000"})).hasMessageContaining("between");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--manifest", "/no/such/file"}))
                .hasMessageContaining("not a readable file");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--token-file", "/no/such/file"}))
                .hasMessageContaining("cannot read");
    }

    @Test
    void everyHardeningLimitIsACliOptionListedInTheUsage() throws Exception {
        java.util.List<String> numeric = java.util.List.of("--header-timeout", "--pipeline-window",
                "--max-requests-per-connection", "--max-connections", "--max-connections-per-client", "--sse-max-events",
                "--sse-max-bytes", "--max-services", "--replay-bytes");
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("--port", "0", "--allowed-hosts", "example.test, ::1"));
        for (String o : numeric) {
            assertThat(HostCli.usage()).contains(o + "=");
            assertThatThrownBy(() -> HostCli.parse(new String[] {o, "0"})).hasMessageContaining("between");
            args.add(o);
            args.add("1000");
        }
        assertThat(HostCli.usage()).contains("--allowed-hosts");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--allowed-hosts", ","})).hasMessageContaining("at least one");
        try (ServiceHost h = HostCli.parse(args.toArray(String[]::new)).builder().build().start()) {
            h.start(Manifest.builtIn());
            HostHttpTest.assertError(RawHttp.once(h.port(), "GET", "/health", null, null), 421, "misdirected_request",
                    "example.test");
            try (RawHttp c = new RawHttp(h.port())) {
                c.writeRaw(RawHttp.format("GET", "/health", null, null).replace("Host: 127.0.0.1", "Host: Example.TEST:80"));
                assertThat(c.read().status()).isEqualTo(200);
            }
        }
    }

    @Test
    void protectedReadsNeedTheTokenButHealthDoesNot() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).token(TOKEN).protectReads(true).build().start()) {
            h.start(Manifest.builtIn());
            HostHttpTest.assertError(RawHttp.once(h.port(), "GET", "/services/kv", null, null), 401, "unauthorized", "requests");
            HostHttpTest.assertError(RawHttp.once(h.port(), "GET", "/metrics", null, null), 401, "unauthorized", "requests");
            assertThat(RawHttp.once(h.port(), "GET", "/services/kv", null, null, "Authorization: bearer " + TOKEN).status())
                    .isEqualTo(200);
            assertThat(RawHttp.once(h.port(), "GET", "/health", null, null).status()).isEqualTo(200);
            assertThat(RawHttp.once(h.port(), "GET", "/services/kv/notifications", null, null, "Authorization: Bearer x").status())
                    .isEqualTo(403);
        }
    }
}
