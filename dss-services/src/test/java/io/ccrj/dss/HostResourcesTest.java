package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.rest.HostResources;
import io.ccrj.dss.internal.rest.RestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The host's own resources are one table: the host document's paths outside {@code /services}
 * are exactly its rows, each row answers its documented success, and a method a path lacks is
 * 405 with the table's {@code Allow}.
 */
@Timeout(60)
class HostResourcesTest {
    private static RawHttp.Res send(int port, String method, String path, String body) throws Exception {
        return RawHttp.once(port, method, path, body == null ? null : "application/json", body);
    }

    @Test
    void theDocumentTheRouterAndTheTableAgreeOnEveryHostResource() throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(0).build().start()) {
            int port = host.port();
            JsonNode doc = JsonBodies.parse(send(port, "GET", "/openapi.json", null).body());
            TreeSet<String> documented = new TreeSet<>();
            doc.get("paths").fields().forEachRemaining(p -> {
                if (!p.getKey().startsWith("/services/")) {
                    p.getValue().fieldNames().forEachRemaining(m -> documented.add(m.toUpperCase(Locale.ROOT) + " " + p.getKey()));
                }
            });
            TreeSet<String> table = new TreeSet<>();
            for (HostResources.Row r : HostResources.ROWS) {
                // a service's own resource, at the service the table's Create row made
                String path = r.perService() ? RestTable.fill(r.path(), "kv2") : r.path();
                if (r.perService()) {
                    doc = JsonBodies.parse(send(port, "GET", HostResources.OPENAPI_PATH, null).body());
                } else {
                    table.add(r.method().name() + " " + r.path());
                }
                String body = r.requestBody() == null ? null : JsonBodies.toText(r.requestExample());
                RawHttp.Res answer = send(port, r.method().name(), path, body);
                assertThat(answer.status()).as(r.method() + " " + path + ": " + answer.body()).isEqualTo(r.status());
                assertThat(doc.at("/paths/" + path.replace("/", "~1") + "/" + r.method().name().toLowerCase(Locale.ROOT)
                        + "/responses/" + r.status()).isMissingNode()).as(path).isFalse();
            }
            assertThat(documented).isEqualTo(table);
            for (String path : HostResources.paths()) {
                RawHttp.Res refused = send(port, "PATCH", path, "{}");
                assertThat(refused.status()).as(path).isEqualTo(405);
                assertThat(refused.header("Allow")).as(path).isEqualTo(HostResources.allow(HostResources.at(path)));
            }
            List<String> linked = new ArrayList<>();
            JsonBodies.parse(send(port, "OPTIONS", "/", null).body()).elements()
                    .forEachRemaining(v -> linked.add(v.asText()));
            assertThat(linked).containsExactlyElementsOf(HostResources.paths().subList(1, HostResources.paths().size()));
        }
    }
}
