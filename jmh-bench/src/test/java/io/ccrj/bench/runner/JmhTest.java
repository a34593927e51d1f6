package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The harness's settings and names, without running a benchmark. */
class JmhTest {

    @Test
    void settingsDescribeThemselvesAndRejectWhatJmhCannotRun() {
        assertThat(new Jmh.Settings(5, 3, 5, 1_000).describe()).isEqualTo("5 forks x (3 warm-up + 5 measured iterations of 1000 ms)");
        assertThat(new Jmh.Settings(1, 0, 1, 50).describe()).isEqualTo("1 fork x (0 warm-up + 1 measured iterations of 50 ms)");
        assertThat(Jmh.SMOKE.describe()).startsWith("no fork (in this JVM: a wiring check, not a measurement)");
        // A fork's predicted time, for the ETA: its start, then its iterations.
        assertThat(new Jmh.Settings(1, 2, 3, 200).forkSeconds()).isEqualTo(Jmh.Settings.FORK_START_SECONDS + 1.0);
        assertThatThrownBy(() -> new Jmh.Settings(-1, 0, 1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Jmh.Settings(1, 0, 0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Jmh.Settings(1, 0, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPartRunsOneBenchmarkPerCombinationOfItsParameters() {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("target", List.of("A", "B", "C"));
        params.put("ranks", List.of("2", "4"));
        assertThat(new Jmh.Part("x.Y.m", params, null).benchmarks()).isEqualTo(6);
        assertThat(new Jmh.Part("x.Y.m", Map.of(), null).benchmarks()).isEqualTo(1);
        assertThat(new Jmh.Part("x.Y.m", params, null).combinations()).extracting(c -> c.get("target") + c.get("ranks"))
                .containsExactly("A2", "A4", "B2", "B4", "C2", "C4");
        assertThat(new Jmh.Part("x.Y.m", Map.of(), null).combinations()).containsExactly(Map.of());
    }

    @Test
    void progressNamesABenchmarkByItsClassMethodAndParameters() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("impl", "jox");
        assertThat(Jmh.shortName("io.ccrj.bench.core.PeerComparisonBenchmark.OneWay.oneWay", params)).isEqualTo("OneWay.oneWay impl=jox");
        assertThat(Jmh.shortName("io.ccrj.bench.dss.DssServiceToServiceBenchmark.group", Map.of()))
                .isEqualTo("DssServiceToServiceBenchmark.group");
    }

    @Test
    void theMixinsOptionsDefaultToQuickOrFullAndShowBoth() {
        Jmh.Settings quick = new Jmh.Settings(1, 2, 3, 200);
        Jmh.Settings full = new Jmh.Settings(5, 3, 5, 1_000);
        assertThat(new Jmh.SettingsMixin(quick, full).settings(false)).isEqualTo(quick);
        assertThat(new Jmh.SettingsMixin(quick, full).settings(true)).isEqualTo(full);
        Jmh.SettingsMixin m = new Jmh.SettingsMixin(quick, full);
        m.forks = 3;
        m.warmup = 0;
        assertThat(m.settings(true)).isEqualTo(new Jmh.Settings(3, 0, 5, 1_000));
        assertThat(m.settings(false)).isEqualTo(new Jmh.Settings(3, 0, 3, 200));
        assertThat(m.shownDefault("--iteration-ms")).isEqualTo("200; --full: 1000");
        assertThat(m.shownDefault("--out")).isNull();
    }
}
