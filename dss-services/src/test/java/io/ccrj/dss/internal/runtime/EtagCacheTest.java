package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.Response;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EtagCacheTest {

    @Test
    void tagsMatchTheResponsesAndAreFormattedOncePerVersion() {
        EtagCache cache = new EtagCache();
        for (long v : new long[] {0, 1, 1, 7, 123_456_789_012L, 7, 0}) {
            assertThat(cache.of(v).toString()).isEqualTo(Response.etagOf(v));
        }
        CharSequence first = cache.of(42);
        assertThat(cache.of(42)).isSameAs(first);
        assertThat(cache.of(43)).isNotSameAs(first).hasToString("\"43\"");
    }
}
