package io.ccrj.examples.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the README's quick start, and checks that each surefire execution put this project where
 * it says: in its named module (module path) or in the unnamed module (class path).
 */
class ConsumerTest {
    @Test
    @Timeout(30)
    void quickStartPrintsTheGreeting() throws Exception {
        PrintStream out = System.out;
        var buffer = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            QuickStart.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        assertThat(buffer.toString(StandardCharsets.UTF_8)).isEqualToIgnoringNewLines("hello, world");
    }

    @Test
    void runsInTheModuleItsExecutionNames() {
        boolean expectNamed = Boolean.parseBoolean(System.getProperty("consumer.expectNamedModule"));
        Module own = QuickStart.class.getModule();
        Module core = io.ccrj.core.Port.class.getModule();
        Module mpi = io.ccrj.mpi.SpmdWorld.class.getModule();
        if (expectNamed) {
            assertThat(own.getName()).isEqualTo("io.ccrj.examples.consumer");
            assertThat(core.getName()).isEqualTo("io.ccrj.core");
            assertThat(mpi.getName()).isEqualTo("io.ccrj.mpi");
            // Only the API packages are exported: internals stay hidden from a module user.
            assertThat(core.isExported("io.ccrj.core.internal", own)).isFalse();
        } else {
            assertThat(own.isNamed()).isFalse();
            assertThat(core.isNamed()).isFalse();
            assertThat(mpi.isNamed()).isFalse();
        }
    }
}
