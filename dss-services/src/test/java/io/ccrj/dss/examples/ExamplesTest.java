package io.ccrj.dss.examples;

import com.fasterxml.jackson.databind.node.TextNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Response;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.ServiceRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The guide's examples do what its chapters (docs/dss-services/) say. */
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
    void taskBoardAssignsKeysAndQueriesByPriority() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            host.create("tasks", new TaskBoard());
            ServiceRef tasks = ServiceRef.remote(java.net.URI.create(host.baseUri() + "/services/tasks"), null);
            Response first = tasks.insert(JsonBodies.parse("{\"title\": \"write\", \"priority\": \"HIGH\"}"))
                    .get(10, TimeUnit.SECONDS);
            assertThat(first.body().toString())
                    .isEqualTo("{\"key\":\"t1\",\"value\":{\"title\":\"write\",\"priority\":\"HIGH\",\"done\":false}}");
            tasks.insert(JsonBodies.parse("{\"title\": \"test\"}")).get(10, TimeUnit.SECONDS);
            assertThat(tasks.query(java.util.Map.of("priority", "HIGH")).get(10, TimeUnit.SECONDS).body()
                    .path("tasks").fieldNames()).toIterable().containsExactly("t1");
            assertThatThrownBy(() -> tasks.insert(JsonBodies.parse("{\"priority\": \"URGENT\"}")).get(10, TimeUnit.SECONDS))
                    .cause().isInstanceOf(Fault.class)
                    .hasMessage("the body of insert does not fit: needs the field \"title\"")
                    .extracting(e -> ((Fault) e).code()).isEqualTo(FaultCode.BAD_REQUEST);
        }
    }

    @Test
    void addBelowZeroIsAConflict() throws Exception {
        assertThat(HostExamples.fault()).isEqualTo("CONFLICT");
    }
}
