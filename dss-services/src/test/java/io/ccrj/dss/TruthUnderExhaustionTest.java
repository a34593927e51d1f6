package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.ccrj.dss.internal.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An answer tells the truth when resources run out: a write answered 4xx or 5xx changed nothing
 * anyone can observe (Get and its ETag, Lookup, Query, notifications, the state file), and a write
 * answered 2xx is visible and durable. Each test exhausts one resource (direct memory in a capped
 * child host, the serializer, the state file's disk, the subscribers' reading) and checks every
 * answered write against what the host shows afterwards.
 */
class TruthUnderExhaustionTest {
    private static final String JSON = "application/json";

    /** What the writes answered: key to value for 2xx, keys refused, keys whose answer was lost. */
    private static final class Ledger {
        final Map<String, JsonNode> accepted = new LinkedHashMap<>();
        final List<String> refused = new ArrayList<>();
        final List<String> lost = new ArrayList<>();
        int notifiedWrites;
    }

    /**
     * Checks what the host shows against the ledger: every 2xx write is in Get, Query and the
     * state file, no refused write is anywhere, and the version (Get's ETag, Lookup, the file)
     * counts exactly the writes that took effect.
     */
    private static void assertTruth(int port, String service, Path stateFile, Ledger ledger, long firstVersion)
            throws IOException {
        RawHttp.Res get = RawHttp.once(port, "GET", "/services/" + service, null, null);
        assertThat(get.status()).isEqualTo(200);
        JsonNode items = get.json().get("items");
        long version = Long.parseLong(get.header("ETag").replace("\"", ""));
        RawHttp.Res lookup = RawHttp.once(port, "OPTIONS", "/services/" + service, null, null);
        assertThat(lookup.json().get("version").asLong()).as("Lookup's version is Get's ETag").isEqualTo(version);
        JsonNode queried = RawHttp.once(port, "GET", "/services/" + service + "/query", null, null).json().get("items");
        assertThat(queried).as("Query shows what Get shows").isEqualTo(items);
        int present = 0;
        for (Map.Entry<String, JsonNode> e : ledger.accepted.entrySet()) {
            assertThat(items.get(e.getKey())).as("write of %s was answered 2xx", e.getKey()).isEqualTo(e.getValue());
        }
        for (String k : ledger.refused) {
            assertThat(items.has(k)).as("write of %s was refused, yet it is visible", k).isFalse();
        }
        for (String k : ledger.lost) {
            present += items.has(k) ? 1 : 0;
        }
        assertThat(version).as("one version per write that took effect")
                .isEqualTo(firstVersion + ledger.accepted.size() + present);
        assertThat(items.size()).isEqualTo(ledger.accepted.size() + present);
        if (stateFile != null) {
            JsonNode file = Json.TREE_READER.readTree(Files.readAllBytes(stateFile));
            assertThat(file.get("version").asLong()).as("the state file's version").isEqualTo(version);
            assertThat(file.at("/state/items")).as("the state file's state").isEqualTo(items);
        }
    }

    // ---- direct memory, in a child host whose direct memory is capped ----

    /**
     * A standalone host with 24 MiB of direct memory, per-subscriber limits far above it (so only
     * the host-wide budget and the allocation failures stand between the subscribers and the
     * writes), 20 subscribers that never read, and 10 KB writes: every write is answered 2xx and
     * is visible and durable, the state file agrees with Get and Lookup, and every subscriber is
     * dropped with an {@code overflow} event.
     */
    @Test
    @Timeout(120)
    void writesTellTheTruthWhenNonReadingSubscribersExhaustDirectMemory(@TempDir Path dir) throws Exception {
        Path stateDir = Files.createDirectory(dir.resolve("state"));
        Path manifest = Files.writeString(dir.resolve("m.json"),
                "{\"services\": [{\"name\": \"kv\", \"contract\": \"kv\", \"stateFile\": \"state/kv.json\"}]}");
        StandaloneHostTest.Child host = StandaloneHostTest.start(List.of("-XX:MaxDirectMemorySize=24m", "-Xmx256m"),
                "--port", "0", "--manifest", manifest.toString(), "--sse-max-bytes", String.valueOf(256 << 20),
                "--sse-max-events", "1000000");
        Process p = host.process();
        List<String> output = host.output();
        List<RawHttp> subscribers = new ArrayList<>();
        try {
            int port = host.port();
            for (int i = 0; i < 20; i++) {
                RawHttp s = new RawHttp(port, 30_000, 4096); // a small receive buffer, and it never reads
                s.send("GET", "/services/kv/notifications", null, null);
                subscribers.add(s);
            }
            HostHttpTest.waitFor(() -> metrics(port).contains("ccrj_service_subscribers{service=\"kv\"} 20"));
            Ledger ledger = new Ledger();
            String filler = "x".repeat(10_000);
            RawHttp c = new RawHttp(port, 10_000);
            for (int i = 0; i < MAX_WRITES && !(i > 0 && allDropped(port, i, 20)); i++) {
                String key = "k" + i;
                JsonNode value = TextNode.valueOf(i + filler);
                RawHttp.Res r;
                try {
                    r = c.exchange("PUT", "/services/kv/items/" + key, JSON, value.toString());
                } catch (IOException e) {
                    // the answer was lost with the connection: either outcome is the truth, but the
                    // host has the heap to answer here, so only a few may be lost
                    ledger.lost.add(key);
                    assertThat(ledger.lost).as("answers lost: %s", output).hasSizeLessThan(3);
                    c.close();
                    c = new RawHttp(port, 10_000);
                    continue;
                }
                if (r.status() / 100 == 2) {
                    ledger.accepted.put(key, value);
                } else {
                    Hostile.assertErrorBody(r);
                    ledger.refused.add(key);
                }
            }
            c.close();
            assertThat(ledger.refused).as("writes refused while subscribers hold memory: %s", output).isEmpty();
            assertTruth(port, "kv", stateDir.resolve("kv.json"), ledger, 0);
            assertThat(overflows(port)).isEqualTo(20);
            for (RawHttp s : subscribers) {
                assertThat(readUntilEnd(s)).as("a subscriber that never read is dropped with an overflow event")
                        .contains("event: overflow");
            }
        } finally {
            for (RawHttp s : subscribers) {
                s.close();
            }
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(String.join("\n", output)).doesNotContain("OutOfMemoryError").doesNotContain("handler for UPSERT");
    }

    /** The most writes a test makes while it waits for its idle subscribers to be dropped. */
    private static final int MAX_WRITES = 3000;

    /**
     * Whether every subscriber that does not read has been dropped: checked every 50 writes, so
     * that the writes go on until what the kernel takes for such a subscriber (its send buffer)
     * is full and the events wait in the host, which must drop it.
     */
    private static boolean allDropped(int port, int written, int idle) {
        return written % 50 == 0 && overflows(port) >= idle;
    }

    /** {@return the host's count of subscribers dropped with an overflow event} */
    private static long overflows(int port) {
        Matcher m = Pattern.compile("(?m)^ccrj_sse_overflows_total (\\d+)$").matcher(metrics(port));
        assertThat(m.find()).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static String metrics(int port) {
        try {
            return RawHttp.once(port, "GET", "/metrics", null, null).body();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Reads a stream's bytes until the host ends it (the overflow closes the connection). Called
     * once the host counts the subscriber dropped: its overflow event is on its way, the last
     * thing on the connection, which closes once the event is read, so a stream still open after
     * the read timeout is a subscriber that was never dropped (the read fails the test).
     */
    private static String readUntilEnd(RawHttp s) throws IOException {
        s.setReadTimeout(10_000);
        StringBuilder tail = new StringBuilder();
        for (String line; (line = s.line()) != null; ) {
            tail.append(line).append('\n');
            if (tail.length() > 64 * 1024) {
                tail.delete(0, tail.length() - 32 * 1024); // only the end matters: the last event and the overflow
            }
        }
        return tail.toString();
    }

    /**
     * A dropped subscriber whose client pauses (a collection, a loaded machine) longer than it
     * takes the host to drop it, then reads: it reads its backlog, then its {@code overflow}
     * event, then the stream's end. The host cuts only a client that takes nothing for an idle
     * period (here far longer than the pause), not one that is slow to come back.
     */
    @Test
    @Timeout(60)
    void aDroppedSubscriberThatPausesBeforeReadingStillGetsItsOverflowEvent() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).sseMaxBytes(64 * 1024).idleTimeout(Duration.ofSeconds(30))
                .build().start()) {
            int port = h.port();
            h.create("kv", new KeyValueService());
            try (RawHttp s = new RawHttp(port, 30_000, 4096)) {
                s.send("GET", "/services/kv/notifications", null, null);
                HostHttpTest.waitFor(() -> metrics(port).contains("ccrj_service_subscribers{service=\"kv\"} 1"));
                String filler = "z".repeat(10_000);
                try (RawHttp c = new RawHttp(port, 30_000)) {
                    for (int i = 0; i < MAX_WRITES && overflows(port) == 0; i++) {
                        RawHttp.Res r = c.exchange("PUT", "/services/kv/items/k" + i, JSON,
                                TextNode.valueOf(i + filler).toString());
                        assertThat(r.status()).as(r.body()).isEqualTo(200);
                    }
                }
                assertThat(overflows(port)).isEqualTo(1);
                Thread.sleep(6_000); // longer than the fixed grace after which the host used to cut it
                assertThat(readUntilEnd(s)).contains("event: overflow");
            }
        }
    }

    // ---- the serializer, the handler, the timer ----

    /** A store whose state cannot be written as JSON when it holds certain values. */
    static final class Fragile extends Service<Fragile.State> {
        /**
         * @param items key to value
         */
        record State(Map<String, String> items) {
            State {
                items = items == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(items));
            }
        }

        final CountDownLatch timedOut = new CountDownLatch(1);

        Fragile() {
            super(State.class, new State(null));
        }

        private State with(String key, String value) {
            Map<String, String> copy = new LinkedHashMap<>(state().items());
            copy.put(key, value);
            return new State(copy);
        }

        @Override
        protected void bind(Handlers h) {
            h.standard(Verb.GET, Verb.SUBSCRIBE)
                    .on(Verb.QUERY, op -> {
                        ObjectNode o = Json.object();
                        ObjectNode items = o.putObject("items");
                        state().items().forEach(items::put);
                        op.respond(o);
                    })
                    .on(Verb.UPSERT, op -> {
                        setState(with(op.key(), op.body().asText()));
                        op.respond(op.body());
                    })
                    .action("setThenFault", op -> {
                        setState(with("faulted", "x"));
                        op.fault(FaultCode.CONFLICT, "refused after setState");
                    })
                    .action("respondThenThrow", op -> {
                        setState(with("answered", "x"));
                        op.respondState();
                        throw new IllegalStateException("thrown after the answer");
                    })
                    .action("late", op -> {
                        setState(with("late", "x"));
                        timedOut.await(30, TimeUnit.SECONDS); // until the client has its 504
                        op.respondState();
                    });
        }

        @Override
        protected JsonNode toJson(State value) {
            if (value.items().containsValue("explode")) {
                throw new IllegalStateException("this value cannot be written");
            }
            if (value.items().containsValue("no-memory")) {
                throw new OutOfMemoryError("Java heap space"); // what heap pressure throws
            }
            ObjectNode root = Json.object();
            ObjectNode items = root.putObject("items");
            value.items().forEach(items::put);
            return root;
        }
    }

    /**
     * The serializer throws (an exception, or the OutOfMemoryError of heap pressure), a handler
     * faults after setState, one throws after its answer, one answers after its 504: each refused
     * write changed nothing (ETag, Get, Lookup, Query, the state file, no notification), each
     * accepted one is there and stays there after later writes.
     */
    @Test
    @Timeout(60)
    void aWriteThatFailsBeforeItsCommitChangesNothingAndOneAfterItStays(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("fragile.json");
        Fragile fragile = new Fragile();
        try (ServiceHost h = ServiceHost.builder().port(0).requestTimeout(Duration.ofMillis(300)).build().start()) {
            int port = h.port();
            ServiceRef ref = h.create("fragile", fragile, Map.of(), file);
            List<Notification> notified = new CopyOnWriteArrayList<>();
            ref.subscribe(notified::add, -1).get(10, TimeUnit.SECONDS);
            Ledger ledger = new Ledger();
            List<String[]> writes = List.of(new String[] {"a", "fine"}, new String[] {"b", "explode"},
                    new String[] {"c", "fine too"}, new String[] {"d", "no-memory"}, new String[] {"e", "still fine"});
            for (String[] w : writes) {
                long before = Hostile.etag(port, "fragile");
                byte[] fileBefore = Files.exists(file) ? Files.readAllBytes(file) : null;
                RawHttp.Res r = RawHttp.once(port, "PUT", "/services/fragile/items/" + w[0], JSON, "\"" + w[1] + "\"");
                if (w[1].equals("explode") || w[1].equals("no-memory")) {
                    assertThat(r.status()).as(r.body()).isEqualTo(w[1].equals("explode") ? 500 : 503);
                    Hostile.assertErrorBody(r);
                    assertThat(r.json().get("message").asText()).contains("nothing was changed");
                    ledger.refused.add(w[0]);
                    assertThat(Hostile.etag(port, "fragile")).isEqualTo(before);
                    assertThat(fileBefore == null ? null : Files.readAllBytes(file)).isEqualTo(fileBefore);
                } else {
                    assertThat(r.status()).as(r.body()).isEqualTo(200);
                    ledger.accepted.put(w[0], TextNode.valueOf(w[1]));
                    assertThat(r.header("ETag")).isEqualTo("\"" + (before + 1) + "\"");
                }
                assertTruth(port, "fragile", file, ledger, 0);
            }
            HostHttpTest.assertError(RawHttp.once(port, "POST", "/services/fragile/actions/setThenFault", JSON, null),
                    409, "conflict", "refused");
            ledger.refused.add("faulted");
            assertTruth(port, "fragile", file, ledger, 0);

            RawHttp.Res answered = RawHttp.once(port, "POST", "/services/fragile/actions/respondThenThrow", JSON, null);
            assertThat(answered.status()).as(answered.body()).isEqualTo(200);
            ledger.accepted.put("answered", TextNode.valueOf("x"));
            assertTruth(port, "fragile", file, ledger, 0);

            RawHttp.Res late = RawHttp.once(port, "POST", "/services/fragile/actions/late", JSON, null);
            HostHttpTest.assertError(late, 504, "timeout", "did not answer");
            fragile.timedOut.countDown();
            ledger.refused.add("late");
            // the handler's own answer, after the 504, committed nothing: a later write shows it
            RawHttp.Res after = RawHttp.once(port, "PUT", "/services/fragile/items/f", JSON, "\"after\"");
            assertThat(after.status()).isEqualTo(200);
            ledger.accepted.put("f", TextNode.valueOf("after"));
            assertTruth(port, "fragile", file, ledger, 0);

            List<String> keys = new ArrayList<>();
            for (Notification n : notified) {
                keys.add(n.action().equals("upsert") ? n.body().get("key").asText() : n.action());
            }
            assertThat(keys).as("one notification per accepted write, none for a refused one")
                    .containsExactly("a", "c", "e", "respondThenThrow", "f");
        }
    }

    // ---- the state file's disk ----

    /**
     * The state file's disk refuses a save (its temporary file cannot be written): the write is
     * answered 500 and changed nothing, not even for the next write, which must not carry it;
     * once the disk takes saves again, writes are visible and durable.
     */
    @Test
    @Timeout(60)
    void aSaveThatFailsChangesNothingNowOrLater(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("kv.json");
        Path temp = dir.resolve("kv.json.tmp");
        try (ServiceHost h = ServiceHost.builder().port(0).build().start()) {
            int port = h.port();
            ServiceRef ref = h.create("kv", new KeyValueService(), Map.of(), file);
            List<Notification> notified = new CopyOnWriteArrayList<>();
            ref.subscribe(notified::add, -1).get(10, TimeUnit.SECONDS);
            Ledger ledger = new Ledger();
            assertThat(RawHttp.once(port, "PUT", "/services/kv/items/a", JSON, "1").status()).isEqualTo(200);
            ledger.accepted.put("a", Json.TREE_READER.readTree("1"));
            for (int round = 0; round < 3; round++) {
                Files.createDirectory(temp); // a save cannot open its temporary file: the disk refuses
                byte[] fileBefore = Files.readAllBytes(file);
                long before = Hostile.etag(port, "kv");
                String key = "failed" + round;
                RawHttp.Res r = RawHttp.once(port, "PUT", "/services/kv/items/" + key, JSON, "\"lost\"");
                HostHttpTest.assertError(r, 500, "internal", "nothing was changed");
                ledger.refused.add(key);
                assertThat(Hostile.etag(port, "kv")).isEqualTo(before);
                assertThat(Files.readAllBytes(file)).isEqualTo(fileBefore);
                assertTruth(port, "kv", file, ledger, 0);
                Files.delete(temp);
                String next = "next" + round;
                assertThat(RawHttp.once(port, "PUT", "/services/kv/items/" + next, JSON, "2").status()).isEqualTo(200);
                ledger.accepted.put(next, Json.TREE_READER.readTree("2"));
                assertTruth(port, "kv", file, ledger, 0); // the failed value did not come back with it
            }
            List<String> keys = new ArrayList<>();
            notified.forEach(n -> keys.add(n.body().get("key").asText()));
            assertThat(keys).containsExactly("a", "next0", "next1", "next2");
        }
    }

    // ---- subscribers that never read, in-process ----

    /**
     * Subscribers that never read, with small per-subscriber limits: every write is answered 2xx,
     * is visible, and is notified in sequence to a subscriber that takes its notifications; the
     * ones that do not read are dropped with an {@code overflow} event naming the last event they
     * were sent.
     */
    @Test
    @Timeout(60)
    void subscribersThatNeverReadNeverFailAWrite() throws Exception {
        try (ServiceHost h = ServiceHost.builder().port(0).sseMaxBytes(64 * 1024).build().start()) {
            int port = h.port();
            ServiceRef ref = h.create("kv", new KeyValueService());
            List<Notification> notified = new CopyOnWriteArrayList<>();
            ref.subscribe(notified::add, -1).get(10, TimeUnit.SECONDS);
            List<RawHttp> idle = new ArrayList<>();
            try {
                for (int i = 0; i < 5; i++) {
                    RawHttp s = new RawHttp(port, 30_000, 4096);
                    s.send("GET", "/services/kv/notifications", null, null);
                    idle.add(s);
                }
                HostHttpTest.waitFor(() -> metrics(port).contains("ccrj_service_subscribers{service=\"kv\"} 6"));
                Ledger ledger = new Ledger();
                String filler = "y".repeat(10_000);
                try (RawHttp c = new RawHttp(port, 30_000)) {
                    for (int i = 0; i < MAX_WRITES && !(i > 0 && allDropped(port, i, idle.size())); i++) {
                        JsonNode value = TextNode.valueOf(i + filler);
                        RawHttp.Res r = c.exchange("PUT", "/services/kv/items/k" + i, JSON, value.toString());
                        assertThat(r.status()).as(r.body()).isEqualTo(200);
                        ledger.accepted.put("k" + i, value);
                    }
                }
                assertTruth(port, "kv", null, ledger, 0);
                assertThat(overflows(port)).isEqualTo(idle.size());
                List<String> keys = new ArrayList<>();
                for (int i = 0; i < notified.size(); i++) {
                    assertThat(notified.get(i).sequence()).isEqualTo(i + 1);
                    keys.add(notified.get(i).body().get("key").asText());
                }
                assertThat(keys).containsExactlyElementsOf(ledger.accepted.keySet());
                for (RawHttp s : idle) {
                    String tail = readUntilEnd(s);
                    Matcher m = Pattern.compile("event: overflow\ndata: (.*)\n").matcher(tail);
                    assertThat(m.find()).as(tail.length() > 500 ? tail.substring(tail.length() - 500) : tail).isTrue();
                    long last = Json.TREE_READER.readTree(m.group(1)).get("lastEventId").asLong();
                    assertThat(last).isBetween(0L, (long) ledger.accepted.size());
                    if (last > 0) {
                        assertThat(tail).contains("id: " + last + "\n"); // the last event it was sent comes before
                    }
                }
            } finally {
                for (RawHttp s : idle) {
                    s.close();
                }
            }
        }
    }
}
