package io.ccrj.dss.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * SmallJson against Jackson on random input: random trees (objects, arrays, strings with escapes
 * and non-ASCII text, ints, longs, big integers, doubles, booleans, nulls, deep and shallow) are
 * written by both and must give the same bytes, and their texts, valid and then damaged (cut,
 * with a byte changed, inserted or removed), are read by both and must give the same tree, node
 * class for node class, or the same refusal with the same message. The random source is fixed per
 * test so that a failure reproduces; the text that failed is in the assertion's description.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SmallJsonDifferentialTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int TREES = 3_000;
    /** Bytes a damaged text may hold: JSON's structural bytes, digits, letters and some others. */
    private static final byte[] DAMAGE = "{}[]:,\"\\ 0123456789-+.eEtrufalsn\t\n\u0001~"
            .getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void randomTreesAreWrittenToTheSameBytesByBoth() throws IOException {
        SplittableRandom random = new SplittableRandom(20261127L);
        for (int i = 0; i < TREES; i++) {
            JsonNode tree = tree(random, 0);
            byte[] jackson = Json.WRITER.writeValueAsBytes(tree);
            String what = new String(jackson, StandardCharsets.UTF_8);
            assertThat(SmallJson.bytes(tree)).as(what).isEqualTo(jackson);
            ByteBuf out = Unpooled.buffer();
            if (SmallJson.tryWrite(tree, out)) {
                assertThat(Arrays.copyOf(out.array(), out.writerIndex())).as(what).isEqualTo(jackson);
            } else {
                assertThat(out.writerIndex()).as("a declined write leaves the buffer: %s", what).isZero();
            }
        }
    }

    @Test
    void randomTextsValidOrDamagedAreReadToTheSameTreeOrRefusedAlike() {
        SplittableRandom random = new SplittableRandom(11272026L);
        for (int i = 0; i < TREES; i++) {
            byte[] text;
            try {
                text = Json.WRITER.writeValueAsBytes(tree(random, 0));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            sameReading(text);
            sameReading(spaced(text, random));
            sameReading(damaged(text, random));
        }
    }

    /** Both readers give the same tree for {@code text}, or both refuse it with the same message. */
    private static void sameReading(byte[] text) {
        String what = new String(text, StandardCharsets.UTF_8);
        JsonNode expected;
        try {
            expected = Json.TREE_READER.readValue(text);
        } catch (IOException e) {
            try {
                JsonNode got = SmallJson.read(Unpooled.wrappedBuffer(text));
                throw new AssertionError("Jackson refused " + what + " (" + e.getMessage() + ") but SmallJson read "
                        + got);
            } catch (IOException refused) {
                assertThat(refused.getMessage()).as(what).isEqualTo(e.getMessage());
            }
            JsonNode fast = SmallJson.fastOnly(text);
            assertThat(fast).as("the fast path takes nothing Jackson refuses: %s", what).isNull();
            return;
        }
        try {
            assertSameTree(SmallJson.read(Unpooled.wrappedBuffer(text)), expected, what);
        } catch (IOException e) {
            throw new AssertionError("Jackson read " + what + " but SmallJson refused it: " + e.getMessage(), e);
        }
        JsonNode fast = SmallJson.fastOnly(text);
        if (fast != null) {
            assertSameTree(fast, expected, what);
        }
    }

    /** A random tree, mostly of the small plain kind the host serves, sometimes anything JSON has. */
    private static JsonNode tree(SplittableRandom r, int depth) {
        int kind = depth > 6 ? 4 + r.nextInt(8) : r.nextInt(12);
        switch (kind) {
            case 0, 1 -> {
                ObjectNode o = NODES.objectNode();
                int n = r.nextInt(6);
                for (int i = 0; i < n; i++) {
                    o.set(string(r, true), tree(r, depth + 1));
                }
                return o;
            }
            case 2, 3 -> {
                ArrayNode a = NODES.arrayNode();
                int n = r.nextInt(6);
                for (int i = 0; i < n; i++) {
                    a.add(tree(r, depth + 1));
                }
                return a;
            }
            case 4, 5 -> {
                return NODES.textNode(string(r, false));
            }
            case 6 -> {
                return NODES.numberNode(r.nextInt(-1_000, 1_000));
            }
            case 7 -> {
                long v = r.nextLong();
                return r.nextBoolean() ? NODES.numberNode(v) : NODES.numberNode((int) v);
            }
            case 8 -> {
                return r.nextInt(4) == 0 ? NODES.numberNode(new BigInteger(90, new java.util.Random(r.nextLong())))
                        : NODES.numberNode(r.nextDouble() * 1e6 - 5e5);
            }
            case 9 -> {
                return NODES.booleanNode(r.nextBoolean());
            }
            case 10 -> {
                return NODES.nullNode();
            }
            default -> {
                return NODES.numberNode(r.nextLong(-1L << 60, 1L << 60));
            }
        }
    }

    /** A string: mostly plain ASCII words; sometimes quotes, backslashes, controls and non-ASCII. */
    private static String string(SplittableRandom r, boolean name) {
        int n = r.nextInt(name ? 1 : 0, 12);
        StringBuilder sb = new StringBuilder(n);
        boolean plain = r.nextInt(4) != 0;
        for (int i = 0; i < n; i++) {
            if (plain) {
                sb.append((char) ('a' + r.nextInt(26)));
            } else {
                int c = r.nextInt(8);
                sb.append(switch (c) {
                    case 0 -> '"';
                    case 1 -> '\\';
                    case 2 -> (char) r.nextInt(0, 32);
                    case 3 -> 'é';
                    case 4 -> '\u20ac';
                    case 5 -> '/';
                    case 6 -> (char) r.nextInt(32, 127);
                    default -> '\u007f';
                });
            }
        }
        return sb.toString();
    }

    /** The text with whitespace between some tokens (outside strings). */
    private static byte[] spaced(byte[] text, SplittableRandom r) {
        StringBuilder sb = new StringBuilder();
        boolean inString = false;
        String s = new String(text, StandardCharsets.UTF_8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' && (i == 0 || s.charAt(i - 1) != '\\')) {
                inString = !inString;
            }
            sb.append(c);
            if (!inString && (c == ',' || c == ':' || c == '{' || c == '[') && r.nextInt(3) == 0) {
                sb.append(" \t\n\r".charAt(r.nextInt(4)));
            }
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The text cut short, or with one byte changed, inserted or removed. */
    private static byte[] damaged(byte[] text, SplittableRandom r) {
        if (text.length == 0) {
            return new byte[] {DAMAGE[r.nextInt(DAMAGE.length)]};
        }
        int at = r.nextInt(text.length);
        byte b = DAMAGE[r.nextInt(DAMAGE.length)];
        return switch (r.nextInt(4)) {
            case 0 -> Arrays.copyOf(text, at);
            case 1 -> {
                byte[] t = text.clone();
                t[at] = b;
                yield t;
            }
            case 2 -> {
                byte[] t = new byte[text.length + 1];
                System.arraycopy(text, 0, t, 0, at);
                t[at] = b;
                System.arraycopy(text, at, t, at + 1, text.length - at);
                yield t;
            }
            default -> {
                byte[] t = new byte[text.length - 1];
                System.arraycopy(text, 0, t, 0, at);
                System.arraycopy(text, at + 1, t, at, text.length - at - 1);
                yield t;
            }
        };
    }

    private static void assertSameTree(JsonNode actual, JsonNode expected, String text) {
        SmallJsonTest.assertSameTree(actual, expected, text);
    }
}
