package io.ccrj.dss;

import io.ccrj.dss.internal.host.cli.HostCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The host's command line: both option spellings, help with defaults, environment and config
 * file fallbacks, and for every problem found before serving, exit status 2 with one line that
 * says exactly what is wrong, and no port bound. Also user services from a jar of their own.
 */
@Timeout(120)
class HostCliTest {

    /** A finished child host: its exit status and its whole output. */
    record Exit(int status, String output) {
        List<String> lines() {
            return output.lines().toList();
        }
    }

    static Exit run(String... args) throws Exception {
        Process p = StandaloneHostTest.launch(args);
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Exit(p.exitValue(), out);
    }

    private static void assertOneLineExit2(Exit e, String line) {
        assertThat(e.status()).as(e.output()).isEqualTo(2);
        assertThat(e.lines()).containsExactly(line);
    }

    @Test
    void bothOptionSpellingsAreAccepted() {
        assertThat(HostCli.parse(new String[] {"--port=50123"}).builder().port()).isEqualTo(50123);
        assertThat(HostCli.parse(new String[] {"--port", "0"}).builder().port()).isZero();
        assertThat(HostCli.parse(new String[] {"--port", "7", "--port=8"}).builder().port()).isEqualTo(8);
        assertThat(HostCli.parse(new String[] {"--max-queue=5", "--idle-timeout=100", "--protect-reads"})
                .builder().protectReads()).isTrue();
    }

    @Test
    void badOptionsSayExactlyWhatIsWrong(@TempDir Path dir) {
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--bogus"}))
                .hasMessage("unknown option '--bogus' (bin/ccrj host --help lists the options)");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--port"})).hasMessage("--port needs a value");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--port", "--protect-reads"}))
                .hasMessage("--port needs a value");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--port=x"})).hasMessage("--port x: needs a whole number from 0 to 65535");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--port=70000"}))
                .hasMessage("--port 70000: must be between 0 and 65535");
        Path missing = dir.resolve("token");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--token-file", missing.toString()}))
                .hasMessage("--token-file " + missing + ": cannot read the token file: no such file");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--manifest", missing.toString()}))
                .hasMessage("--manifest " + missing + ": not a readable file");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--services", missing.toString()}))
                .hasMessage("--services " + missing + ": not a folder");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--log-level=loud"}))
                .hasMessage("--log-level loud: must be one of error, warning, info, debug, trace, off");
        assertThat(HostCli.parse(new String[] {"--log-level", "DEBUG"}).logLevel()).isEqualTo("debug");
    }

    /** One bad value in each option group of {@code --help}: the message names the option, the value and the rule. */
    @Test
    void eachGroupsBadValuesAreNamedAsBefore(@TempDir Path dir) throws IOException {
        // network
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--idle-timeout=0"}))
                .hasMessage("--idle-timeout 0: must be between 1 and 2147483647");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--bind", "999.1.1.1"}))
                .hasMessage("--bind 999.1.1.1: not an IPv4 address (four numbers from 0 to 255, such as 127.0.0.1)");
        // limits
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--sse-max-bytes", "-1"}))
                .hasMessage("--sse-max-bytes -1: must be between 1 and 2147483647");
        // scheduling
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--threads=2000"}))
                .hasMessage("--threads 2000: must be between 0 and 1024");
        // security
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--allowed-hosts="}))
                .hasMessage("--allowed-hosts : needs at least one name");
        // logging, from a config file: the fallbacks reach the options inside the groups too
        Path config = Files.writeString(dir.resolve("c.properties"), "log-level=loud\n");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--config", config.toString()}))
                .hasMessage("--config " + config + ": log-level=loud: must be one of error, warning, info, debug, trace, off");
        Path good = Files.writeString(dir.resolve("g.properties"), "idle-timeout=1234\nthreads=3\nlog-level=info\n");
        HostCli.Options o = HostCli.parse(new String[] {"--config", good.toString()});
        assertThat(o.builder().config().httpLimits().idleTimeoutMillis()).isEqualTo(1234);
        assertThat(o.logLevel()).isEqualTo("info");
    }

    /** {@code --help} lists the options under their groups' headings, in the groups' order. */
    @Test
    void helpGroupsTheOptionsUnderHeadings() {
        String usage = HostCli.usage();
        String[][] groups = {
            {"Services and options:", "--manifest", "--classpath", "--services", "--config", "--help"},
            {"Network:", "--port", "--bind", "--io-threads", "--idle-timeout", "--header-timeout", "--pipeline-window",
                "--max-requests-per-connection"},
            {"Limits:", "--max-body", "--max-connections", "--max-connections-per-client", "--sse-max-events",
                "--sse-max-bytes", "--max-services", "--replay-bytes"},
            {"Scheduling:", "--request-timeout", "--threads", "--max-pending", "--max-queue", "--handlers-on-event-loop"},
            {"Security:", "--token", "--token-file", "--protect-reads", "--allowed-hosts"},
            {"Logging:", "--log-level"},
        };
        int previous = -1;
        for (int g = 0; g < groups.length; g++) {
            int heading = usage.indexOf("\n" + groups[g][0] + "\n");
            assertThat(heading).as(groups[g][0]).isGreaterThan(previous);
            int next = g + 1 < groups.length ? usage.indexOf("\n" + groups[g + 1][0] + "\n") : usage.indexOf("\nEnvironment:");
            assertThat(next).as("after " + groups[g][0]).isGreaterThan(heading);
            String section = usage.substring(heading, next);
            for (int i = 1; i < groups[g].length; i++) {
                assertThat(section).as(groups[g][0]).containsPattern("\\s" + groups[g][i] + "[= \\n]");
            }
            previous = heading;
        }
    }

    @Test
    void noOptionsGiveTheBuildersOwnDefaults() {
        // the command line takes its defaults from the builder's: the two cannot drift apart
        assertThat(HostCli.parse(new String[0]).builder().config()).isEqualTo(ServiceHost.builder().config());
    }

    @Test
    void aBadFallbackValueNamesWhereItCameFrom(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> HostCli.parse(new String[0], Map.of("CCRJ_PORT", "99999")))
                .hasMessage("CCRJ_PORT=99999: must be between 0 and 65535");
        Path config = Files.writeString(dir.resolve("c.properties"), "max-body=0\n");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--config", config.toString()}))
                .hasMessage("--config " + config + ": max-body=0: must be between 1 and 2147483647");
        Path flag = Files.writeString(dir.resolve("f.properties"), "protect-reads=yes\n");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--config", flag.toString()}))
                .hasMessage("--config " + flag + ": protect-reads=yes: must be true or false");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--config", dir.resolve("none").toString()}))
                .hasMessage("--config " + dir.resolve("none") + ": cannot read it: no such file");
    }

    @Test
    void theTokenComesFromTheLastTokenOptionThenTheEnvironmentThenTheConfigFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("t"), "from-file\n");
        Path config = Files.writeString(dir.resolve("c.properties"), "token=from-config\n");
        Map<String, String> env = Map.of("CCRJ_TOKEN", "from-env");
        assertThat(token(new String[] {"--token", "a", "--token-file", file.toString()}, env)).isEqualTo("from-file");
        assertThat(token(new String[] {"--token-file=" + file, "--token=a"}, env)).isEqualTo("a");
        assertThat(token(new String[] {"--config", config.toString()}, env)).isEqualTo("from-env");
        assertThat(token(new String[] {"--config", config.toString()}, Map.of())).isEqualTo("from-config");
        assertThat(token(new String[0], Map.of())).isNull();
    }

    private static String token(String[] args, Map<String, String> env) {
        return HostCli.parse(args, env).builder().config().security().token();
    }

    @Test
    void environmentAndConfigFileAreFallbacks(@TempDir Path dir) throws IOException {
        Map<String, String> env = Map.of("CCRJ_PORT", "50124", "CCRJ_TOKEN", "from-env");
        assertThat(HostCli.parse(new String[0], env).builder().port()).isEqualTo(50124);
        assertThat(HostCli.parse(new String[] {"--port", "9"}, env).builder().port()).isEqualTo(9);
        Path config = Files.writeString(dir.resolve("host.properties"), "port=50125\nprotect-reads=true\nmax-services=3\n");
        HostCli.Options o = HostCli.parse(new String[] {"--config", config.toString()}, Map.of());
        assertThat(o.builder().port()).isEqualTo(50125);
        assertThat(o.builder().protectReads()).isTrue();
        assertThat(o.builder().maxServices()).isEqualTo(3);
        assertThat(HostCli.parse(new String[] {"--config=" + config}, env).builder().port()).isEqualTo(50124);
        assertThat(HostCli.parse(new String[] {"--config=" + config, "--port=1"}, env).builder().port()).isEqualTo(1);
        Path bad = Files.writeString(dir.resolve("bad.properties"), "prot=1\n");
        assertThatThrownBy(() -> HostCli.parse(new String[] {"--config", bad.toString()}))
                .hasMessage("--config " + bad + ": unknown option 'prot'");
    }

    @Test
    void helpListsEveryOptionWithItsDefault() throws Exception {
        for (String o : List.of("--port", "--bind", "--manifest", "--classpath", "--services", "--token", "--token-file",
                "--protect-reads", "--request-timeout", "--max-body", "--idle-timeout", "--io-threads", "--threads",
                "--max-pending", "--max-queue", "--allowed-hosts", "--handlers-on-event-loop", "--log-level", "--config", "--help")) {
            assertThat(HostCli.usage()).contains(o);
        }
        assertThat(HostCli.usage()).contains("default 50000", "CCRJ_PORT", "CCRJ_TOKEN", "@FILE");
        Exit help = run("--help");
        assertThat(help.status()).isZero();
        assertThat(help.output()).isEqualTo(HostCli.usage());
    }

    @Test
    void problemsFoundBeforeServingExitWith2AndOneLine(@TempDir Path dir) throws Exception {
        assertOneLineExit2(run("--port=nope"), "ccrj host: --port nope: needs a whole number from 0 to 65535");
        assertOneLineExit2(run("--bind", "999.1.1.1"),
                "ccrj host: --bind 999.1.1.1: not an IPv4 address (four numbers from 0 to 255, such as 127.0.0.1)");
        assertOneLineExit2(run("--log-level", "loud"),
                "ccrj host: --log-level loud: must be one of error, warning, info, debug, trace, off");
        assertOneLineExit2(run("--bind", "192.0.2.1", "--port", "0"),
                "ccrj host: cannot listen on 192.0.2.1:0: --bind 192.0.2.1 is not an address of this machine");
        assertOneLineExit2(run("--bogus"), "ccrj host: unknown option '--bogus' (bin/ccrj host --help lists the options)");

        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"services\": [\n  {\"name\": \"kv\",, }\n]}\n");
        Exit e = run("--port", "0", "--manifest", broken.toString());
        assertThat(e.status()).isEqualTo(2);
        assertThat(e.lines()).hasSize(1);
        assertThat(e.lines().get(0)).startsWith("ccrj host: manifest " + broken + " is not valid JSON at line 2, column 17: Unexpected character (','");

        Path unknown = Files.writeString(dir.resolve("unknown.json"),
                "{\"services\": [{\"name\": \"kv\", \"contract\": \"kv\"}, {\"name\": \"n\", \"contract\": \"com.example.Nope\"}]}");
        e = run("--port", "0", "--manifest", unknown.toString());
        assertThat(e.status()).isEqualTo(2);
        assertThat(e.lines()).hasSize(1); // nothing logged as listening or started: checked before the bind
        assertThat(e.lines().get(0)).isEqualTo("ccrj host: manifest " + unknown + ", services[1] (\"n\"): unknown contract"
                + " 'com.example.Nope': not one of [kv, ping] nor a class on the class path");

        try (ServiceHost busy = ServiceHost.builder().port(0).build().start()) {
            assertOneLineExit2(run("--port", Integer.toString(busy.port())), "ccrj host: cannot listen on 127.0.0.1:" + busy.port()
                    + ": the address is in use (pick another --port, or --port 0 for a free one)");
        }
    }

    @Test
    void logLevelOffLeavesOnlyTheHostsOwnLines() throws Exception {
        StandaloneHostTest.Child c = StandaloneHostTest.start("--port=0", "--log-level=off");
        try {
            assertThat(c.output()).hasSize(1);
            assertThat(c.output().get(0)).startsWith("ccrj host: serving [kv, ping] at http://127.0.0.1:");
        } finally {
            c.process().destroy();
            assertThat(c.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void userServicesRunFromAJarInTheirOwnLoader(@TempDir Path dir) throws Exception {
        Path jar = buildServiceJar(dir);
        Path services = Files.createDirectories(dir.resolve("services"));
        Files.copy(jar, services.resolve("notes.jar"));
        assertThatThrownBy(() -> Class.forName("com.example.notes.NotesService")).isInstanceOf(ClassNotFoundException.class);
        // by contract id (ServiceLoader) and by class name, from --services DIR and from a services/ folder beside the manifest
        Path manifest = Files.writeString(dir.resolve("m.json"), """
                {"services": [
                  {"name": "notes", "contract": "notes"},
                  {"name": "notes2", "contract": "com.example.notes.NotesService"}
                ]}
                """);
        for (String[] args : List.of(new String[] {"--port", "0", "--manifest", manifest.toString()},
                new String[] {"--port", "0", "--manifest", manifest.toString(), "--classpath", jar.toString()})) {
            StandaloneHostTest.Child c = StandaloneHostTest.start(args);
            try {
                RawHttp.Res put = RawHttp.once(c.port(), "POST", "/services/notes/actions/add", "application/json",
                        "\"hello\"");
                assertThat(put.status()).as(put.toString()).isLessThan(300);
                RawHttp.Res get = RawHttp.once(c.port(), "GET", "/services/notes", null, null);
                assertThat(get.json().get("notes").get(0).asText()).isEqualTo("hello");
                assertThat(RawHttp.once(c.port(), "GET", "/services/notes2", null, null).json().get("notes").size()).isZero();
            } finally {
                c.process().destroy();
                assertThat(c.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
        }
    }

    /** Compiles a user service outside this class path and packs it with its ServiceLoader entry. */
    static Path buildServiceJar(Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/com/example/notes")).resolve("NotesService.java");
        Files.writeString(src, """
                package com.example.notes;

                import io.ccrj.dss.Handlers;
                import io.ccrj.dss.Service;
                import io.ccrj.dss.Verb;
                import java.util.ArrayList;
                import java.util.List;

                public final class NotesService extends Service<NotesService.State> {
                    public record State(List<String> notes) { }

                    public NotesService() {
                        super(State.class, new State(List.of()));
                    }

                    @Override
                    public String contract() {
                        return "notes";
                    }

                    @Override
                    protected void bind(Handlers h) {
                        h.standard(Verb.GET).action("add", op -> {
                            List<String> next = new ArrayList<>(state().notes());
                            next.add(op.bodyOrEmpty().asText());
                            setState(new State(List.copyOf(next)));
                            op.respond(op.bodyOrEmpty());
                        });
                    }
                }
                """);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        // javac in a child process: the test module does not read java.compiler
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        Process p = new ProcessBuilder(javac.toString(), "-proc:none", "-cp", System.getProperty("java.class.path"),
                "-d", classes.toString(), src.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        assertThat(p.exitValue()).as(log).isZero();
        Path jar = dir.resolve("notes.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            try (var files = Files.walk(classes)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                    j.write(Files.readAllBytes(f));
                    j.closeEntry();
                }
            }
            j.putNextEntry(new JarEntry("META-INF/services/io.ccrj.dss.Service"));
            j.write("com.example.notes.NotesService\n".getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
        return jar;
    }
}
