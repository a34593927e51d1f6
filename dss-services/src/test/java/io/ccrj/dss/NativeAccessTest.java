package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A program embedding the host on the class path runs without a warning whether or not it
 * enables native access: without it the host uses Netty's NIO transport instead of loading the
 * epoll library (which JDK 24+ warns about); with it, epoll where the platform has it.
 */
@Timeout(90)
class NativeAccessTest {
    private static String run(boolean nativeAccess) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        if (nativeAccess) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        if (Runtime.version().feature() >= 23) {
            // ccr-core's queues use sun.misc.Unsafe: a warning of its own, not the one under test
            cmd.add("--sun-misc-unsafe-memory-access=allow");
        }
        cmd.add(EmbeddedHostMain.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void withoutNativeAccessTheHostUsesNioAndPrintsNoWarning() throws Exception {
        String out = run(false);
        assertThat(out).contains("items=1");
        assertThat(out.lines().filter(l -> l.contains("WARNING")).toList()).as(out).isEmpty();
        if (Runtime.version().feature() >= 22) {
            assertThat(out).contains("epoll=false");
        }
    }

    @Test
    void withNativeAccessTheHostUsesEpollWhereThePlatformHasIt() throws Exception {
        String out = run(true);
        assertThat(out).contains("items=1");
        assertThat(out.lines().filter(l -> l.contains("WARNING")).toList()).as(out).isEmpty();
        assertThat(out).contains("epoll=" + io.netty.channel.epoll.Epoll.isAvailable());
    }
}
