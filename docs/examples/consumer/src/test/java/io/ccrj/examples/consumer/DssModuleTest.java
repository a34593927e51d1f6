package io.ccrj.examples.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Manifest;
import io.ccrj.dss.ServiceHost;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.ServiceSpec;
import io.ccrj.examples.consumer.closed.ClosedService;
import io.ccrj.examples.consumer.notes.NotesService;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A user's services in a named module: a state package opened to Jackson works; one left closed
 * is refused at create with a Fault naming the exact line to add (on the class path both work).
 */
@Timeout(60)
class DssModuleTest {
    @Test
    void aServiceWhosePackageIsOpenRuns() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            ServiceRef notes = host.create("notes", new NotesService());
            notes.submit("add", JsonBodies.parse("\"buy milk\"")).get(10, TimeUnit.SECONDS);
            assertThat(JsonBodies.toText(notes.get().get(10, TimeUnit.SECONDS).body()))
                    .isEqualTo("{\"notes\":[\"buy milk\"]}");
        }
    }

    @Test
    void aManifestNamesTheServiceByContract() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            // a provider in the module path run, a class found by name on the class path
            host.start(new Manifest(List.of(new ServiceSpec("n", NotesService.class.getName(), null, Map.of(), null))));
            assertThat(host.service("n").get().get(10, TimeUnit.SECONDS).body().get("notes").size()).isZero();
        }
    }

    @Test
    void aClosedStatePackageIsAFaultNamingTheOpensLine() throws Exception {
        boolean named = Boolean.parseBoolean(System.getProperty("consumer.expectNamedModule"));
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            if (named) {
                assertThatThrownBy(() -> host.create("closed", new ClosedService()))
                        .isInstanceOfSatisfying(Fault.class, f -> assertThat(f.code()).isEqualTo(FaultCode.BAD_REQUEST))
                        .hasMessageContaining("add the line 'opens io.ccrj.examples.consumer.closed to"
                                + " com.fasterxml.jackson.databind;' to module io.ccrj.examples.consumer's module-info.java");
            } else {
                ServiceRef closed = host.create("closed", new ClosedService());
                assertThat(closed.get().get(10, TimeUnit.SECONDS).body().get("count").asLong()).isZero();
            }
        }
    }
}
