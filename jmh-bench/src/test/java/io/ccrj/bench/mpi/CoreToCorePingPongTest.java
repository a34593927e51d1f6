package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CoreToCorePingPongTest {

    @Test
    @Timeout(60)
    void everyRoundTripMovesTheCounterTwiceAndRoundsFollowOneAnother() {
        CoreToCorePingPong p = new CoreToCorePingPong();
        p.round(1);
        assertThat(p.moves()).isEqualTo(2);
        p.round(10_000);
        p.round(16);
        // A lost or doubled move would leave a side spinning (the timeout) or the count off.
        assertThat(p.moves()).isEqualTo(2 * (1 + 10_000 + 16));
    }
}
