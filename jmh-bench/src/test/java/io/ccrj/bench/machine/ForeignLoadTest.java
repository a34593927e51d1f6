package io.ccrj.bench.machine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ForeignLoadTest {

    @Test
    void busyTicksAreEverythingButIdleAndIowait() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        assertThat(ForeignLoad.busyTicks("cpu  100 20 30 5000 70 1 2 3 0 0")).isEqualTo(100 + 20 + 30 + 1 + 2 + 3);
        assertThatThrownBy(() -> ForeignLoad.busyTicks("cpu0 1 2 3 4")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void foreignLoadIsMachineBusyMinusOwnCpuOverCapacity() {
        ForeignLoad.Sample before = new ForeignLoad.Sample(0, 0, 0);
        // 1 s on 2 cores; machine busy 1.5 core-seconds, of which this process 1.0.
        ForeignLoad.Sample after = new ForeignLoad.Sample(1_000_000_000L, 1.5e9, 1_000_000_000L);

        assertThat(ForeignLoad.between(before, after, 2)).isCloseTo(0.25, within(1e-12));
    }

    @Test
    void foreignLoadIsClampedAndUnknownWithoutReadings() {
        ForeignLoad.Sample before = new ForeignLoad.Sample(0, 0, 0);
        assertThat(ForeignLoad.between(before, new ForeignLoad.Sample(1_000, 0, 5_000), 2)).isZero();
        assertThat(ForeignLoad.between(null, before, 2)).isNaN();
    }
}
