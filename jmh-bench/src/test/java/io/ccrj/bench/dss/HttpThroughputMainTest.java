package io.ccrj.bench.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(60)
class HttpThroughputMainTest {

    @Test
    void durationsTakeMillisecondsSecondsMinutesOrPlainSeconds() {
        assertThat(HttpThroughputMain.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(HttpThroughputMain.duration("10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(HttpThroughputMain.duration("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(HttpThroughputMain.duration("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(HttpThroughputMain.duration("3")).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void withoutAUrlItLoadsTheInProcessBaselineAndPrintsOneLinePerRun() throws Exception {
        String out = captureOut(() -> HttpThroughputMain.main(new String[] {
                "--connections", "4", "--warmup", "100ms", "--duration", "200ms", "--runs", "2"}));
        assertThat(out).contains("raw Netty baseline").contains("4 connections x depth 1")
                .containsPattern("run 1: [0-9,]+ req/s").containsPattern("run 2: [0-9,]+ req/s").contains("errors 0");
    }

    @Test
    void unknownOptionsAreRejectedByName() {
        assertThatThrownBy(() -> HttpThroughputMain.main(new String[] {"--conections", "4"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--conections");
    }

    private interface Body {
        void run() throws Exception;
    }

    private static String captureOut(Body body) throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setOut(old);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
