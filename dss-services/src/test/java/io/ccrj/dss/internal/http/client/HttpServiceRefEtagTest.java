package io.ccrj.dss.internal.http.client;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A partner's answer's version comes from its entity tag, parsed in place. */
class HttpServiceRefEtagTest {

    @Test
    void strongAndWeakTagsGiveTheirVersionAndAnythingElseGivesZero() {
        assertThat(HttpServiceRef.parseEtag("\"7\"")).isEqualTo(7);
        assertThat(HttpServiceRef.parseEtag("W/\"123456789012\"")).isEqualTo(123_456_789_012L);
        assertThat(HttpServiceRef.parseEtag("42")).isEqualTo(42); // unquoted, as a lenient server sends it
        assertThat(HttpServiceRef.parseEtag(null)).isZero();
        assertThat(HttpServiceRef.parseEtag("")).isZero();
        assertThat(HttpServiceRef.parseEtag("\"\"")).isZero();
        assertThat(HttpServiceRef.parseEtag("W/")).isZero();
        assertThat(HttpServiceRef.parseEtag("\"abc\"")).isZero();
        assertThat(HttpServiceRef.parseEtag("\"")).isZero();
    }
}
