package io.ccrj.dss.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** The guide's examples do what docs/dss-services.md says. */
@Timeout(60)
class ExamplesTest {
    @Test
    void inProcessHostCountsFive() throws Exception {
        assertThat(HostExamples.inProcess()).isEqualTo(5);
    }

    @Test
    void httpHostWithTokenServesKv() throws Exception {
        assertThat(HostExamples.overHttp()).isEqualTo(1);
    }

    @Test
    void localAndRemotePartnersShareOneApi() throws Exception {
        assertThat(HostExamples.partners().toString()).isEqualTo("{\"items\":{\"greeting\":{\"text\":\"hello\"}}}");
    }

    @Test
    void subscriberSeesAddThenReplace() throws Exception {
        assertThat(HostExamples.subscribe()).containsExactly("1 add", "2 replace");
    }

    @Test
    void negativeAddIsABadRequest() throws Exception {
        assertThat(HostExamples.fault()).isEqualTo("BAD_REQUEST");
    }
}
