package io.ccrj.bench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The side-by-side table: the ratio, its range, the target and the oversubscribed mark. */
class ComparisonTest {
    private static Comparison.Row row(int cores, double ours, double oursErr, double spark, double sparkErr) {
        return new Comparison.Row(8000, cores, new Comparison.Side(ours, oursErr), new Comparison.Side(spark, sparkErr), "us/op");
    }

    @Test
    void theRatioIsSparksTimeOverOursWithTheRangeBothIntervalsAllow() {
        Comparison.Row r = row(1, 100, 10, 1000, 100);
        assertThat(r.ratio()).isEqualTo(10.0);
        // cautious end 900 / 110, far end 1100 / 90
        assertThat(Comparison.ratio(r)).isEqualTo("10.00x (8.18-12.22x)");
        assertThat(Comparison.target(r)).isEqualTo("met");
    }

    @Test
    void theTargetIsJudgedByTheRange() {
        assertThat(Comparison.target(row(1, 100, 1, 400, 10))).isEqualTo("not met");
        assertThat(Comparison.target(row(1, 100, 20, 500, 100))).isEqualTo("not resolved");
        assertThat(Comparison.target(row(1, 100, Double.NaN, 600, 1))).isEqualTo("met (no range)");
        assertThat(Comparison.ratio(row(1, 100, Double.NaN, 600, 1))).startsWith("6.00x (no range");
    }

    @Test
    void rowsAboveTheMachinesCoresAreMarkedOversubscribed() {
        String table = Comparison.table(List.of(row(2, 100, 1, 1000, 1), row(4, 60, 1, 900, 1)), 2);
        assertThat(table).contains("      2 ").contains("4*").contains("oversubscribed: more ranks or task threads than this machine's 2 cores");
        assertThat(Comparison.table(List.of(), 2)).contains("no pairing");
    }
}
