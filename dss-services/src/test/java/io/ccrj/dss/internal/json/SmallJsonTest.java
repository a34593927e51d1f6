package io.ccrj.dss.internal.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A partner's answer read by the fast path is the tree Jackson reads, node for node; the rest is Jackson's. */
class SmallJsonTest {

    /** Texts the fast path takes. */
    private static final List<String> FAST = List.of(
            "{\"count\":7}", "{}", "[]", " { } ", "\t[\r\n]\n", "0", "-1", "7", "10", "11",
            "2147483647", "-2147483648", "2147483648", "-2147483649", "999999999999999999",
            "-999999999999999999", "true", "false", "null", "\"\"", "\"a b~\u007f\"",
            "{\"a\":{\"b\":[1,2,{\"c\":null}]},\"d\":\"x\",\"e\":true,\"f\":false}",
            "[ 1 , \"two\" , [ ] , { } , null ]", "{\"k\" : \"v\" , \"n\" : -3 }",
            "{\"z\":1,\"a\":2,\"m\":3}", "[[[[[[[[1]]]]]]]]",
            "{\"items\":{\"key-1\":{\"x\":1},\"key/2\":[true,false]}}");

    /** Texts the fast path leaves to Jackson: valid ones it does not take, and invalid ones. */
    private static final List<String> LEFT = List.of(
            "1.5", "1e3", "-0", "-0.0", "1E400", "1234567890123456789", "-9223372036854775809",
            "123456789012345678901234567890", "\"caf\u00e9\"", "\"tab\\tstop\"", "\"quote\\\"\"", "\"\\u0041\"",
            "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":2,\"a\":3}", "[" .repeat(40) + "]".repeat(40),
            // invalid JSON: Jackson names the problem
            "", "   ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "01", "-", "+1", "tru", "truex", "nul",
            "{\"a\":1}}", "{} {}", "1 2", "\"open", "\"ctl\u0001\"", "[1 2]", "{\"a\":1 \"b\":2}",
            "NaN", "'x'", "{\"a\":[}", "12abc", "1}", "[1]x");

    @Test
    void whatTheFastPathTakesIsTheTreeJacksonReadsNodeForNode() throws IOException {
        for (String text : FAST) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            JsonNode fast = SmallJson.fastOnly(bytes);
            assertThat(fast).as(text).isNotNull();
            JsonNode jackson = Json.TREE_READER.readValue(bytes);
            assertSameTree(fast, jackson, text);
            assertThat(Json.toString(fast)).as(text).isEqualTo(Json.toString(jackson)); // field order too
        }
    }

    @Test
    void whatItDoesNotTakeGoesToJacksonWithJacksonsTreeOrError() {
        for (String text : LEFT) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            assertThat(SmallJson.fastOnly(bytes)).as(text).isNull();
            JsonNode expected;
            try {
                expected = Json.TREE_READER.readValue(bytes);
            } catch (IOException e) {
                assertThatThrownBy(() -> SmallJson.read(Unpooled.wrappedBuffer(bytes))).as(text)
                        .isInstanceOf(IOException.class).hasMessage(e.getMessage());
                continue;
            }
            try {
                assertSameTree(SmallJson.read(Unpooled.wrappedBuffer(bytes)), expected, text);
            } catch (IOException e) {
                throw new AssertionError(text + ": " + e, e);
            }
        }
    }

    @Test
    void readsFromDirectCompositeAndOffsetBuffersWithoutConsumingThem() throws IOException {
        String text = "{\"count\":42,\"name\":\"ping\"}";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteBuf direct = UnpooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(bytes);
        CompositeByteBuf composite = Unpooled.compositeBuffer()
                .addComponent(true, Unpooled.wrappedBuffer(bytes, 0, 10))
                .addComponent(true, Unpooled.wrappedBuffer(bytes, 10, bytes.length - 10));
        ByteBuf offset = Unpooled.wrappedBuffer(("xx" + text).getBytes(StandardCharsets.UTF_8)).skipBytes(2);
        JsonNode expected = Json.TREE_READER.readValue(bytes);
        for (ByteBuf b : List.of(direct, composite, offset)) {
            int before = b.readerIndex();
            assertSameTree(SmallJson.read(b), expected, text);
            assertThat(b.readerIndex()).isEqualTo(before);
            b.release();
        }
    }

    @Test
    void anAnswerBeyondTheFastSizeIsJacksonsAndRepeatedNamesShareOneString() throws IOException {
        String big = "{\"s\":\"" + "y".repeat(SmallJson.MAX_FAST_BYTES) + "\"}";
        byte[] bytes = big.getBytes(StandardCharsets.UTF_8);
        assertThat(SmallJson.fastOnly(bytes)).isNull();
        assertSameTree(SmallJson.read(Unpooled.wrappedBuffer(bytes)), Json.TREE_READER.readValue(bytes), "big");

        // the name cache gives back the same text for the same bytes, and never another name's
        JsonNode a = SmallJson.fastOnly("{\"count\":1,\"total\":2}".getBytes(StandardCharsets.UTF_8));
        JsonNode b = SmallJson.fastOnly("{\"count\":3,\"totals\":4}".getBytes(StandardCharsets.UTF_8));
        assertThat(names(a)).containsExactly("count", "total");
        assertThat(names(b)).containsExactly("count", "totals");
        assertThat(names(a).get(0)).isSameAs(names(b).get(0));
    }

    @Test
    void whatTheWriterTakesIsWrittenAsJacksonWritesItAndTheRestIsJacksons() throws IOException {
        List<JsonNode> taken = new java.util.ArrayList<>();
        for (String text : FAST) {
            taken.add(Json.TREE_READER.readValue(text));
        }
        com.fasterxml.jackson.databind.node.ObjectNode built = Json.object();
        built.put("min", Long.MIN_VALUE).put("max", Long.MAX_VALUE).put("int", Integer.MIN_VALUE)
                .put("zero", 0).put("neg", -120).put("slash/", "a/b").put("del", "\u007f").putNull("nil")
                .put("plain", "p".repeat(300)); // beyond the test buffer's first capacity
        built.putArray("list").add(1).add("two").addNull().add(true).addObject().put("k", 3L);
        taken.add(built);
        List<JsonNode> left = new java.util.ArrayList<>(List.of(
                Json.object().put("d", 1.5), Json.object().put("f", 1.5f), Json.object().put("s", (short) 3),
                Json.object().put("big", new java.math.BigInteger("123456789012345678901234567890")),
                Json.object().put("dec", new java.math.BigDecimal("1.10")), Json.object().put("esc", "a\"b"),
                Json.object().put("bs", "a\\b"), Json.object().put("nl", "a\nb"), Json.object().put("u", "caf\u00e9"),
                Json.object().put("emoji", "\ud83d\ude00"), Json.object().put("caf\u00e9", 1),
                Json.object().put("bin", new byte[] {1, 2}), Json.object().putPOJO("pojo", List.of(1)),
                Json.object().put("long", "x".repeat(SmallJson.MAX_FAST_WRITE))));
        JsonNode deep = Json.object();
        for (int i = 0; i < 40; i++) {
            deep = Json.object().set("d", deep);
        }
        left.add(deep);
        for (JsonNode n : taken) {
            assertWrittenAsJackson(n, true);
        }
        for (JsonNode n : left) {
            assertWrittenAsJackson(n, false);
        }
        // a tree that fills the fast path's buffer to its limit and beyond, at every length near it
        for (int pad = SmallJson.MAX_FAST_WRITE - 80; pad <= SmallJson.MAX_FAST_WRITE + 8; pad++) {
            JsonNode edge = Json.TREE_READER.readValue("[[[{\"a\":[\"" + "y".repeat(pad - 40) + "\",1,[true]]}]]]");
            assertThat(SmallJson.bytes(edge)).isEqualTo(Json.WRITER.writeValueAsBytes(edge));
        }
    }

    @Test
    void aStringThatNeedsEscapingStopsTheWriterWhereverItIsAndLeavesNoTrace() throws IOException {
        for (boolean direct : new boolean[] {false, true}) {
            for (String bad : new String[] {"\"", "\\", "\n", "\u00e9"}) {
                for (int at : new int[] {0, 1, 199}) {
                    String s = "q".repeat(at) + bad + "q".repeat(200 - at);
                    JsonNode n = Json.object().put("ok", "fine").put("s", s).put("after", 1);
                    ByteBuf out = direct ? Unpooled.directBuffer(8) : Unpooled.buffer(8);
                    out.writeByte('x');
                    assertThat(SmallJson.tryWrite(n, out)).as(s).isFalse();
                    assertThat(out.writerIndex()).isEqualTo(1);
                    assertThat(SmallJson.bytes(n)).isEqualTo(Json.WRITER.writeValueAsBytes(n));
                    out.release();
                }
            }
            JsonNode plain = Json.object().put("s", "p".repeat(500));
            ByteBuf out = direct ? Unpooled.directBuffer(8) : Unpooled.buffer(8);
            assertThat(SmallJson.tryWrite(plain, out)).isTrue();
            assertThat(io.netty.buffer.ByteBufUtil.getBytes(out)).isEqualTo(Json.WRITER.writeValueAsBytes(plain));
            out.release();
        }
    }

    @Test
    void aVirtualThreadKeepsNoReaderAndGetsJacksonsResults() throws Exception {
        byte[] bytes = "{\"count\":7}".getBytes(StandardCharsets.UTF_8);
        JsonNode expected = Json.TREE_READER.readValue(bytes);
        Object[] seen = new Object[3];
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                seen[0] = SmallJson.tryRead(Unpooled.wrappedBuffer(bytes));
                seen[1] = SmallJson.read(Unpooled.wrappedBuffer(bytes));
                seen[2] = SmallJson.bytes(expected);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        t.join();
        assertThat(seen[0]).as("left to the caller's Jackson").isNull();
        assertSameTree((JsonNode) seen[1], expected, "virtual");
        assertThat((byte[]) seen[2]).isEqualTo(bytes);
    }

    private static void assertWrittenAsJackson(JsonNode n, boolean fast) throws IOException {
        byte[] jackson = Json.WRITER.writeValueAsBytes(n);
        ByteBuf out = Unpooled.buffer(8).writeBytes(new byte[] {'x'});
        assertThat(SmallJson.tryWrite(n, out)).as(n.toString()).isEqualTo(fast);
        if (fast) {
            assertThat(io.netty.buffer.ByteBufUtil.getBytes(out, 1, out.writerIndex() - 1)).as(n.toString())
                    .isEqualTo(jackson);
        } else {
            assertThat(out.writerIndex()).as("left as it was: " + n).isEqualTo(1);
        }
        assertThat(SmallJson.bytes(n)).as(n.toString()).isEqualTo(jackson);
    }

    private static List<String> names(JsonNode n) {
        List<String> out = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** Equal, and every node of the same class (an IntNode is not a LongNode), in the same order. */
    static void assertSameTree(JsonNode actual, JsonNode expected, String text) {
        assertThat(actual).as(text).isEqualTo(expected);
        assertThat(actual.getClass()).as(text).isEqualTo(expected.getClass());
        if (expected.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> e = expected.fields();
            Iterator<Map.Entry<String, JsonNode>> a = actual.fields();
            while (e.hasNext()) {
                Map.Entry<String, JsonNode> x = e.next();
                Map.Entry<String, JsonNode> y = a.next();
                assertThat(y.getKey()).as(text).isEqualTo(x.getKey());
                assertSameTree(y.getValue(), x.getValue(), text);
            }
        } else if (expected.isArray()) {
            for (int i = 0; i < expected.size(); i++) {
                assertSameTree(actual.get(i), expected.get(i), text);
            }
        }
    }
}
