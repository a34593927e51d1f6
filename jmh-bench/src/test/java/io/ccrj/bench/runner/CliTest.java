package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What picocli would let through silently, checked for every runner: a value given to a flag,
 * an empty item of a list.
 */
class CliTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private String firstErrorLine(int expectedExit, String... args) {
        err.reset();
        int code = Main.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(String.join(" ", args)).isEqualTo(expectedExit);
        String line = err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
        assertThat(line).endsWith(" " + Main.hint(args[0]));
        return line.substring(0, line.length() - Main.hint(args[0]).length() - 1);
    }

    @Test
    void aFlagGivenAValueExitsTwoNamingIt() {
        assertThat(firstErrorLine(2, "overhead", "--full=yes"))
                .isEqualTo("ccrj overhead: option --full takes no value, got '--full=yes'");
        assertThat(firstErrorLine(2, "paper", "--smoke=no")).isEqualTo("ccrj paper: option --smoke takes no value, got '--smoke=no'");
        assertThat(firstErrorLine(2, "peers", "--full=")).contains("option --full takes no value");
        // picocli would read these as false and true.
        assertThat(firstErrorLine(2, "dss", "--full=false")).isEqualTo("ccrj dss: option --full takes no value, got '--full=false'");
        assertThat(firstErrorLine(2, "platform", "--quick=true")).isEqualTo("ccrj platform: option --quick takes no value, got '--quick=true'");
    }

    @Test
    void anEmptyListItemExitsTwoNamingIt() {
        assertThat(firstErrorLine(2, "mpi", "--sizes=1,,4")).isEqualTo("ccrj mpi: option --sizes: empty item in '1,,4'");
        assertThat(firstErrorLine(2, "mpi", "--ranks", "2,")).isEqualTo("ccrj mpi: option --ranks: empty item in '2,'");
        assertThat(firstErrorLine(2, "overhead", "--ways", ",2")).contains("option --ways: empty item in ',2'");
        assertThat(firstErrorLine(2, "overhead", "--patterns=")).contains("option --patterns: empty item in ''");
        assertThat(firstErrorLine(2, "paper", "--only", "dss,,peers")).contains("option --only: empty item");
        // picocli would drop a trailing empty item.
        assertThat(firstErrorLine(2, "paper", "--only", "dss,")).isEqualTo("ccrj paper: option --only: empty item in 'dss,'");
    }

    @Test
    void wellFormedListsAndValuesStillParse() {
        assertThat(new io.ccrj.bench.mpi.MpiRunner().parse("--sizes=1,4", "--ranks", "2", "--out", "a,b").sizes())
                .containsExactly(1, 4);
        assertThat(new io.ccrj.bench.overhead.OverheadRunner().parse("--full", "--ways=2").full()).isTrue();
        assertThat(new PaperRunner().parse("--only", "dss,peers", "--only=latency").only())
                .containsExactly(PaperRunner.Item.LATENCY, PaperRunner.Item.DSS, PaperRunner.Item.PEERS);
        assertThat(new PaperRunner().parse("--only=Two-Shifts").only()).containsExactly(PaperRunner.Item.TWOSHIFTS);
        // The value after an option is its value, even where it looks like a list with an empty item.
        assertThat(new PaperRunner().parse("--out", "a,,b").out()).hasToString("a,,b");
    }
}
