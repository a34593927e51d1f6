package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The head deadline keeps one timer per connection across requests: the timer armed for an
 * earlier request, still pending when a later head starts, gives that head its own full time
 * (never a 408 before it) and still answers 408 when the head trickles past it.
 */
@Timeout(60)
class HeadDeadlineReuseTest {
    @Test
    void aLaterHeadOnAKeepAliveConnectionGetsItsOwnFullDeadline() throws Exception {
        long deadlineMillis = 400;
        try (ServiceHost h = ServiceHost.builder().port(0).headerTimeout(Duration.ofMillis(deadlineMillis))
                .idleTimeout(Duration.ofSeconds(30)).build().start();
             RawHttp c = new RawHttp(h.port(), 5000)) {
            assertThat(c.exchange("GET", "/health", null, null).status()).isEqualTo(200); // arms the timer
            Thread.sleep(deadlineMillis * 5 / 8); // the first head's timer is still pending
            String head = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + "a".repeat(4000);
            long start = System.nanoTime();
            RawHttp.Res r = null;
            for (int i = 0; i < head.length() && r == null; i++) {
                try {
                    c.writeRaw(head.substring(i, i + 1));
                } catch (IOException closed) {
                    break; // answered and closed: read the answer below
                }
                Thread.sleep(20);
                c.setReadTimeout(5);
                try {
                    r = c.read();
                } catch (SocketTimeoutException notYet) {
                    // keep trickling
                }
            }
            if (r == null) {
                c.setReadTimeout(5000);
                r = c.read();
            }
            long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
            assertThat(r).as("answered while still trickling").isNotNull();
            assertThat(r.status()).isEqualTo(408);
            // timers never fire early: an answer before the head's own deadline came from the first head's timer
            assertThat(elapsedMillis).as("ms from the head's first byte to the 408").isGreaterThanOrEqualTo(deadlineMillis - 20);
        }
    }
}
