package io.ccrj.dss.examples;

import com.fasterxml.jackson.databind.node.TextNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.ServiceRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The guide's examples do what docs/dss-services.md says. */
@Timeout(60)
class ExamplesTest {
    @Test
    void firstServiceGreetsInProcessAndOverHttp() throws Exception {
        assertThat(HostExamples.firstRun())
                .containsExactly("{\"greeting\":\"hello, Ada\"}", "{\"greeted\":[\"Ada\",\"Grace\"]}");
    }

    @Test
    void greeterRefusesABlankName() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            ServiceRef greeter = host.create("greeter", new Greeter());
            assertThatThrownBy(() -> greeter.submit("greet", TextNode.valueOf(" ")).get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(Fault.class)
                    .hasMessageContaining("greet takes a name")
                    .extracting(e -> ((Fault) e).code()).isEqualTo(FaultCode.BAD_REQUEST);
            assertThat(greeter.get().get(10, TimeUnit.SECONDS).version()).as("a refused greeting changes nothing").isZero();
        }
    }

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
