package io.ccrj.core.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The idle loop's lost-core rule, driven with a synthetic clock. */
class LostCoreDetectorTest {
    private static final long START = 1_000_000_000L;

    @Test
    void keepsSpinningWhilePollsTakeTheirUsualTime() {
        LostCoreDetector d = new LostCoreDetector();
        long now = START;
        for (int i = 0; i < 1000; i++) {
            assertThat(d.maySpin(now)).isTrue();
            now += 3_000; // 64 polls on a core of one's own
        }
        assertThat(d.lostCores()).isZero();
    }

    @Test
    void aLongGapStopsSpinningForTheBackOffThenSpinningResumes() {
        LostCoreDetector d = new LostCoreDetector();
        assertThat(d.maySpin(START)).isTrue();
        long descheduled = START + LostCoreDetector.PREEMPTED_NANOS + 1;
        assertThat(d.maySpin(descheduled)).as("the gap shows a lost core").isFalse();
        assertThat(d.lostCores()).isEqualTo(1);
        d.reset(); // the worker parked
        long soon = descheduled + LostCoreDetector.BACK_OFF_NANOS / 2;
        assertThat(d.maySpin(soon)).as("still backing off").isFalse();
        assertThat(d.maySpin(soon + 1_000)).as("still backing off").isFalse();
        long later = descheduled + LostCoreDetector.BACK_OFF_NANOS;
        d.reset();
        assertThat(d.maySpin(later)).as("the back-off is over").isTrue();
        assertThat(d.maySpin(later + 3_000)).isTrue();
        assertThat(d.lostCores()).isEqualTo(1);
    }

    @Test
    void aGapAcrossWorkOrAParkIsNotALostCore() {
        LostCoreDetector d = new LostCoreDetector();
        assertThat(d.maySpin(START)).isTrue();
        d.reset(); // found work, or parked: the next idle period starts afresh
        assertThat(d.maySpin(START + 10 * LostCoreDetector.PREEMPTED_NANOS)).isTrue();
        assertThat(d.lostCores()).isZero();
    }
}
