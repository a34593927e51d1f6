package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.ccrj.core.Arbiter;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.core.SuccessFailurePort;
import io.ccrj.dss.internal.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every DSSP operation through the Java API, on an in-process host (no HTTP). */
@Timeout(30)
class JavaApiTest {
    private ServiceHost host;
    private ServiceRef kv;

    @BeforeEach
    void start() throws Fault {
        host = ServiceHost.builder().port(-1).build().start();
        kv = host.create("kv", new KeyValueService());
    }

    @AfterEach
    void stop() {
        host.close();
    }

    static Response await(CompletableFuture<Response> f) throws Exception {
        return f.get(10, TimeUnit.SECONDS);
    }

    static Fault faultOf(CompletableFuture<Response> f) {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(Fault.class);
            return (Fault) e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("expected a fault");
    }

    @Test
    void keyValueStoreSupportsEveryOperation() throws Exception {
        assertThat(await(kv.get()).body().toString()).isEqualTo("{\"items\":{}}");
        Response ins = await(kv.insert("a", IntNode.valueOf(1)));
        assertThat(ins.version()).isEqualTo(1);
        assertThat(faultOf(kv.insert("a", IntNode.valueOf(2))).code()).isEqualTo(FaultCode.CONFLICT);
        await(kv.upsert("ab", TextNode.valueOf("x")));
        await(kv.upsert("b", IntNode.valueOf(3)));
        assertThat(await(kv.query(Map.of("prefix", "a"))).body().toString())
                .isEqualTo("{\"items\":{\"a\":1,\"ab\":\"x\"}}");
        assertThat(await(kv.delete("b")).body().get("value").asInt()).isEqualTo(3);
        assertThat(faultOf(kv.delete("b")).code()).isEqualTo(FaultCode.NOT_FOUND);
        ObjectNode patch = Json.object();
        patch.putObject("items").put("c", 4).putNull("a");
        assertThat(await(kv.update(patch)).body().toString()).isEqualTo("{\"items\":{\"ab\":\"x\",\"c\":4}}");
        JsonNode replaced = Json.TREE_READER.readValue("{\"items\":{\"z\":true}}");
        Response r = await(kv.replace(replaced));
        assertThat(r.body()).isEqualTo(replaced);
        assertThat(await(kv.get()).version()).isEqualTo(r.version());
        await(kv.submit("clear", null));
        assertThat(await(kv.get()).body().path("items").size()).isZero();
        JsonNode lookup = await(kv.lookup()).body();
        assertThat(lookup.get("contract").asText()).isEqualTo("kv");
        assertThat(lookup.get("operations").toString()).contains("GET", "QUERY", "INSERT", "UPDATE", "UPSERT",
                "REPLACE", "DELETE", "SUBSCRIBE", "DROP", "LOOKUP");
        assertThat(await(kv.drop()).body().get("dropped").asText()).isEqualTo("kv");
        assertThat(faultOf(kv.get()).code()).isEqualTo(FaultCode.NOT_FOUND);
        assertThat(host.serviceNames()).doesNotContain("kv");
    }

    @Test
    void pingCountsAndEchoes() throws Exception {
        ServiceRef ping = host.create("ping", new PingService());
        JsonNode body = Json.object().put("n", 7);
        assertThat(await(ping.submit("ping", body)).body()).isEqualTo(body);
        await(ping.submit("ping", null));
        assertThat(await(ping.get()).body().toString()).isEqualTo("{\"count\":2}");
        Fault f = faultOf(ping.submit("pong", null));
        assertThat(f.code()).isEqualTo(FaultCode.UNSUPPORTED);
        assertThat(f.getMessage()).contains("no action 'pong'", "ping");
        assertThat(faultOf(ping.insert("k", IntNode.valueOf(1))).code()).isEqualTo(FaultCode.UNSUPPORTED);
    }

    @Test
    void responsesAndRequestsAreCopiesInProcess() throws Exception {
        ObjectNode value = Json.object().put("x", 1);
        await(kv.upsert("k", value));
        value.put("x", 2); // the sender changes its tree after posting
        JsonNode got = await(kv.get()).body();
        assertThat(got.at("/items/k/x").asInt()).isEqualTo(1);
        ((ObjectNode) got.get("items")).put("k", 99); // the receiver changes its answer
        assertThat(await(kv.get()).body().at("/items/k/x").asInt()).isEqualTo(1);
    }

    @Test
    void ifMatchIsHonouredByModifications() throws Exception {
        long v = await(kv.get()).version();
        Response ok = await(kv.send(Operation.builder(Verb.UPSERT).key("a").body(IntNode.valueOf(1))
                .ifMatch(Response.etagOf(v))));
        assertThat(ok.version()).isEqualTo(v + 1);
        Fault stale = faultOf(kv.send(Operation.builder(Verb.UPSERT).key("a").body(IntNode.valueOf(2))
                .ifMatch(Response.etagOf(v))));
        assertThat(stale.code()).isEqualTo(FaultCode.PRECONDITION_FAILED);
        assertThat(faultOf(kv.send(Operation.builder(Verb.UPSERT).key("a").body(IntNode.valueOf(2)).ifMatch("12")))
                .code()).isEqualTo(FaultCode.BAD_REQUEST);
        assertThat(await(kv.send(Operation.builder(Verb.UPSERT).key("a").body(IntNode.valueOf(3)).ifMatch("*")))
                .version()).isEqualTo(v + 2);
    }

    @Test
    void subscribersSeeNotificationsInOrderUntilEitherSideDrops() throws Exception {
        List<Notification> seen = new CopyOnWriteArrayList<>();
        CountDownLatch closed = new CountDownLatch(1);
        Subscription sub = kv.subscribe(new NotificationListener() {
            @Override
            public void onNotification(Notification n) {
                seen.add(n);
            }

            @Override
            public void onClose(String reason) {
                closed.countDown();
            }
        }, -1).get(10, TimeUnit.SECONDS);
        for (int i = 0; i < 50; i++) {
            await(kv.upsert("k" + i, IntNode.valueOf(i)));
        }
        await(kv.delete("k0"));
        assertThat(seen).hasSize(51);
        for (int i = 0; i < 50; i++) {
            assertThat(seen.get(i).sequence()).isEqualTo(i + 1);
            assertThat(seen.get(i).action()).isEqualTo("upsert");
            assertThat(seen.get(i).body().get("key").asText()).isEqualTo("k" + i);
        }
        assertThat(seen.get(50).action()).isEqualTo("delete");
        sub.close();
        assertThat(closed.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(sub.isClosed()).isTrue();
        await(kv.upsert("after", IntNode.valueOf(0)));
        assertThat(seen).hasSize(51);

        CountDownLatch droppedClose = new CountDownLatch(1);
        kv.subscribe(new NotificationListener() {
            @Override
            public void onNotification(Notification n) {
            }

            @Override
            public void onClose(String reason) {
                droppedClose.countDown();
            }
        }, -1).get(10, TimeUnit.SECONDS);
        await(kv.drop());
        assertThat(droppedClose.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void independentHandlersRunWhileAnExclusiveHoldsTheInterleave() throws Exception {
        TestServices.Misbehaving gate = new TestServices.Misbehaving();
        ServiceRef ref = host.create("gate", gate);
        CompletableFuture<Response> blocked = ref.submit("block", null);
        CompletableFuture<Response> read;
        try {
            assertThat(gate.entered.await(10, TimeUnit.SECONDS)).isTrue();
            read = ref.get(); // waits: a writer runs
            assertThat(await(ref.submit("status", null)).body().get("up").asBoolean()).isTrue();
            JsonNode lookup = await(ref.lookup()).body();
            assertThat(lookup.get("actions").toString()).endsWith("\"block\",\"status\"]");
            assertThat(lookup.get("operations").toString()).isEqualTo("[\"LOOKUP\",\"GET\",\"SUBMIT\",\"DROP\"]");
            assertThat(read).isNotDone();
        } finally {
            gate.release.countDown();
        }
        assertThat(await(blocked).version()).isEqualTo(1);
        assertThat(await(read).body().get("count").asLong()).isEqualTo(1); // the writer went first
    }

    @Test
    void handlerKindsAreCheckedWhenBound() {
        Handlers h = new Handlers();
        assertThatThrownBy(() -> h.on(Verb.GET, HandlerKind.TEARDOWN, op -> { })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.on(Verb.DROP, HandlerKind.EXCLUSIVE, op -> { })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.on(Verb.LOOKUP, op -> { })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.action("a/b", op -> { })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.standard(Verb.DELETE)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void responsePortCanBeACcrSuccessFailurePort() throws Exception {
        SuccessFailurePort<Response> sfp = new SuccessFailurePort<>();
        CompletableFuture<Object> outcome = new CompletableFuture<>();
        DispatcherQueue q = new DispatcherQueue("test", host.dispatcher());
        Arbiter.activate(q, Arbiter.choice(sfp, outcome::complete, outcome::complete));
        kv.post(Operation.of(Verb.GET, null, null, ResponsePort.to(sfp)));
        assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(Response.class);
    }

    @Test
    void unsupportedOperationsAndBadInputAnswerClearFaults() throws Exception {
        assertThat(faultOf(kv.send(Operation.builder(Verb.INSERT).body(Json.object().put("value", 1)))).getMessage())
                .contains("key");
        assertThat(faultOf(kv.replace(TextNode.valueOf("nope"))).code()).isEqualTo(FaultCode.BAD_REQUEST);
        assertThat(faultOf(kv.send(Operation.builder(Verb.UPSERT).key("a"))).code()).isEqualTo(FaultCode.BAD_REQUEST);
        assertThatThrownBy(() -> host.create("kv", new KeyValueService())).isInstanceOf(Fault.class)
                .hasMessageContaining("running already");
        assertThatThrownBy(() -> host.create("bad name", new KeyValueService())).isInstanceOf(Fault.class);
        assertThatThrownBy(() -> host.create(new ServiceSpec("x", "no.such.Contract", null, null, null)))
                .isInstanceOf(Fault.class).hasMessageContaining("unknown contract");
    }
}
