package io.ccrj.dss;

import com.fasterxml.jackson.databind.node.IntNode;
import io.ccrj.dss.internal.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Partners through one API: in the same host (direct post) and in another host (HTTP). */
@Timeout(60)
class PartnersTest {
    /** Relays Upsert and Get to a named partner; touches no state of its own, so it is concurrent. */
    public static final class Relay extends Service<PingService.State> {
        public Relay() {
            super(PingService.State.class, new PingService.State(0));
        }

        @Override
        protected void bind(Handlers h) {
            h.action("put", HandlerKind.CONCURRENT, op -> {
                String target = op.body().get("partner").asText();
                partner(target).upsert(op.body().get("key").asText(), op.body().get("value"))
                        .whenComplete((r, f) -> answer(op, r, f));
            }).action("get", HandlerKind.CONCURRENT, op ->
                    partner(op.body().get("partner").asText()).get().whenComplete((r, f) -> answer(op, r, f)));
        }

        private static void answer(Operation op, Response r, Throwable f) {
            if (f == null) {
                op.respond(r.body());
            } else {
                Throwable cause = f instanceof java.util.concurrent.CompletionException ? f.getCause() : f;
                op.fault(cause instanceof Fault fault ? fault : new Fault(FaultCode.INTERNAL, cause.toString()));
            }
        }
    }

    @Test
    void twoHostsOnLoopbackCallEachOtherAsPartners() throws Exception {
        try (ServiceHost a = ServiceHost.builder().port(0).build().start();
             ServiceHost b = ServiceHost.builder().port(0).build().start()) {
            a.create("kv", new KeyValueService());
            b.create("kv", new KeyValueService());
            a.create("relay", new Relay(), Map.of("near", "kv", "far", b.baseUri() + "/services/kv"), null);
            b.create("relay", new Relay(), Map.of("near", "kv", "far", a.baseUri() + "/services/kv"), null);

            // a's relay writes into b's store over HTTP; b's relay writes into a's store.
            RawHttp.Res viaA = RawHttp.once(a.port(), "POST", "/services/relay/actions/put", "application/json",
                    "{\"partner\":\"far\",\"key\":\"from-a\",\"value\":1}");
            assertThat(viaA.status()).as(viaA.body()).isEqualTo(200);
            assertThat(viaA.json().get("created").asBoolean()).isTrue();
            RawHttp.Res viaB = RawHttp.once(b.port(), "POST", "/services/relay/actions/put", "application/json",
                    "{\"partner\":\"far\",\"key\":\"from-b\",\"value\":2}");
            assertThat(viaB.status()).isEqualTo(200);
            assertThat(b.service("kv").get().get(10, TimeUnit.SECONDS).body().at("/items/from-a").asInt()).isEqualTo(1);
            assertThat(a.service("kv").get().get(10, TimeUnit.SECONDS).body().at("/items/from-b").asInt()).isEqualTo(2);

            // the same API reaches the local partner without HTTP
            ServiceRef relayA = a.service("relay");
            Response near = relayA.submit("put", Json.object().put("partner", "near").put("key", "local").put("value", 3))
                    .get(10, TimeUnit.SECONDS);
            assertThat(near.body().get("key").asText()).isEqualTo("local");
            assertThat(relayA.submit("get", Json.object().put("partner", "near")).get(10, TimeUnit.SECONDS)
                    .body().at("/items/local").asInt()).isEqualTo(3);
            assertThat(relayA.submit("get", Json.object().put("partner", "far")).get(10, TimeUnit.SECONDS)
                    .body().at("/items/from-a").asInt()).isEqualTo(1);

            // faults cross hosts with their code
            ServiceRef remoteKv = ServiceRef.remote(java.net.URI.create(b.baseUri() + "/services/kv"), null);
            Fault conflict = JavaApiTest.faultOf(remoteKv.insert("from-a", IntNode.valueOf(9)));
            assertThat(conflict.code()).isEqualTo(FaultCode.CONFLICT);
            assertThat(conflict.getMessage()).contains("exists already");
            assertThat(JavaApiTest.faultOf(ServiceRef.remote(java.net.URI.create(b.baseUri() + "/services/nope"), null).get())
                    .code()).isEqualTo(FaultCode.NOT_FOUND);
            for (int i = 0; i < 50; i++) { // pooled keep-alive connections are reused
                assertThat(remoteKv.get().get(10, TimeUnit.SECONDS).version()).isEqualTo(1);
            }
            b.close(Duration.ofSeconds(2));
            Fault down = JavaApiTest.faultOf(relayA.submit("get", Json.object().put("partner", "far")));
            assertThat(down.code()).isEqualTo(FaultCode.UNAVAILABLE);
        }
    }

    @Test
    void everyOperationThroughARemoteServiceRef() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).build().start()) {
            h.start(Manifest.builtIn());
            ServiceRef kv = ServiceRef.remote(java.net.URI.create(h.baseUri() + "/services/kv"), null);
            assertThat(JavaApiTest.await(kv.insert("a", IntNode.valueOf(1))).version()).isEqualTo(1);
            JavaApiTest.await(kv.upsert("b/c", IntNode.valueOf(2)));
            assertThat(JavaApiTest.await(kv.query(Map.of("prefix", "b"))).body().toString()).isEqualTo("{\"items\":{\"b/c\":2}}");
            JavaApiTest.await(kv.update(Json.TREE_READER.readValue("{\"items\":{\"a\":null}}")));
            assertThat(JavaApiTest.await(kv.delete("b/c")).body().get("value").asInt()).isEqualTo(2);
            JavaApiTest.await(kv.replace(Json.TREE_READER.readValue("{\"items\":{\"z\":0}}")));
            assertThat(JavaApiTest.await(kv.get()).body().toString()).isEqualTo("{\"items\":{\"z\":0}}");
            assertThat(JavaApiTest.await(kv.lookup()).body().get("contract").asText()).isEqualTo("kv");
            JavaApiTest.await(kv.submit("clear", null));
            Fault stale = JavaApiTest.faultOf(kv.send(Operation.builder(Verb.REPLACE)
                    .body(Json.TREE_READER.readValue("{\"items\":{}}")).ifMatch("\"1\"")));
            assertThat(stale.code()).isEqualTo(FaultCode.PRECONDITION_FAILED);
            assertThat(JavaApiTest.await(kv.drop()).body().get("dropped").asText()).isEqualTo("kv");
            assertThat(h.serviceNames()).containsExactly("ping");
        }
    }
}
