package io.ccrj.dss;

import com.fasterxml.jackson.databind.node.IntNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Manifests (good and bad) and the durable state file through the Java API. */
@Timeout(60)
class ManifestAndStateFileTest {
    @Test
    void manifestEntriesBecomeRunningServicesWithStateAndPartners(@TempDir Path dir) throws Exception {
        Path m = dir.resolve("m.json");
        Files.writeString(m, """
                {"services": [
                  {"name": "store", "contract": "kv", "state": {"items": {"a": 1}}, "stateFile": "s/store.json"},
                  {"name": "relay", "contract": "io.ccrj.dss.PartnersTest$Relay", "partners": {"near": "store"}}
                ]}""");
        Manifest manifest = Manifest.read(m);
        assertThat(manifest.services().get(0).stateFile()).isEqualTo(dir.resolve("s/store.json"));
        Files.createDirectory(dir.resolve("s")); // the host never creates a state directory: a missing one is an error
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start().start(manifest)) {
            assertThat(host.serviceNames()).containsExactly("relay", "store");
            assertThat(host.service("relay").submit("get", io.ccrj.dss.internal.json.Json.object().put("partner", "near"))
                    .get(10, TimeUnit.SECONDS).body().toString()).isEqualTo("{\"items\":{\"a\":1}}");
            host.service("store").upsert("b", IntNode.valueOf(2)).get(10, TimeUnit.SECONDS);
            assertThat(Files.readString(dir.resolve("s/store.json"))).isEqualTo("{\"version\":1,\"state\":{\"items\":{\"a\":1,\"b\":2}}}");
            assertThat(Files.exists(dir.resolve("s/store.json.tmp"))).isFalse();
        }
        try (ServiceHost again = ServiceHost.builder().port(-1).build().start().start(manifest)) { // the file wins over "state"
            Response r = again.service("store").get().get(10, TimeUnit.SECONDS);
            assertThat(r.body().toString()).isEqualTo("{\"items\":{\"a\":1,\"b\":2}}");
            assertThat(r.version()).isEqualTo(1);
        }
    }

    @Test
    void badManifestsSayWhatIsWrong(@TempDir Path dir) throws Exception {
        assertBad(dir, "{", "not valid JSON");
        assertBad(dir, "{\"services\": {}}", "a manifest is");
        assertBad(dir, "{\"services\": [{\"name\": \"x\"}]}", "services[0] needs string fields");
        assertBad(dir, "{\"services\": [{\"name\": \"a b\", \"contract\": \"kv\"}]}", "service name");
        assertBad(dir, "{\"services\": [{\"name\": \"x\", \"contract\": \"kv\", \"partners\": [1]}]}", "partners must be an object");
    }

    private static void assertBad(Path dir, String text, String message) throws IOException {
        Path m = Files.writeString(dir.resolve("bad.json"), text);
        assertThatThrownBy(() -> Manifest.read(m)).isInstanceOf(IOException.class).hasMessageContaining(message);
    }

    @Test
    void aFailedSaveRollsTheModificationBackAndAnswersInternal(@TempDir Path dir) throws Exception {
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            ServiceRef kv = host.create("kv", new KeyValueService(), Map.of(), dir.resolve("kv.json"));
            Files.createDirectory(dir.resolve("kv.json.tmp")); // the save's temporary file cannot be written
            Fault f = JavaApiTest.faultOf(kv.upsert("a", IntNode.valueOf(1)));
            assertThat(f.code()).isEqualTo(FaultCode.INTERNAL);
            assertThat(f.getMessage()).contains("could not be saved");
            Response r = kv.get().get(10, TimeUnit.SECONDS);
            assertThat(r.body().toString()).isEqualTo("{\"items\":{}}");
            assertThat(r.version()).isZero();
        }
    }

    @Test
    void anUnreadableStateFileStopsTheServiceFromStarting(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("kv.json"), "{\"nope\":1}");
        try (ServiceHost host = ServiceHost.builder().port(-1).build().start()) {
            assertThatThrownBy(() -> host.create("kv", new KeyValueService(), Map.of(), file))
                    .isInstanceOf(Fault.class).hasMessageContaining("not a ccrj state file");
            assertThat(host.serviceNames()).isEmpty();
        }
    }
}
