package io.ccrj.bench.runner;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ProgressTest {

    @Test
    void etaScalesTheRemainingPredictionByHowTheDoneRunsCompared() {
        // Done runs predicted 10 s took 20 s: the 30 s left will take 60 s.
        assertThat(Progress.etaSeconds(20, 10, 30)).isCloseTo(60, within(1e-9));
        assertThat(Progress.etaSeconds(0, 0, 30)).isEqualTo(30);
        assertThat(Progress.etaSeconds(5, 10, -1)).isZero();
    }

    @Test
    void clockTime() {
        assertThat(Progress.clockTime(0)).isEqualTo("0:00");
        assertThat(Progress.clockTime(65.4)).isEqualTo("1:05");
        assertThat(Progress.clockTime(3723)).isEqualTo("1:02:03");
    }

    @Test
    void eachFinishedRunPrintsWhatDoneOverTotalAndEta() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 12, 120, now::get);

        now.set(20_000_000_000L);
        p.done("Shift 4-way match(4) T(S) rep 1/3", 10, 19_000_000_000L);

        String line = bytes.toString(StandardCharsets.UTF_8);
        assertThat(line).contains("[ 1/12]").contains("Shift 4-way match(4) T(S) rep 1/3").contains("19.000 s")
                .contains("elapsed 0:20").contains("ETA 3:40");
    }
}
