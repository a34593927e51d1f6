package io.ccrj.dss.internal.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link JsonLimits#checkAndMeasure} counts exactly the bytes {@link Json#WRITER} would write. */
class JsonLimitsMeasureTest {

    private static void assertMeasured(JsonNode node) throws Exception {
        assertThat(JsonLimits.checkAndMeasure(node, "the tree", 0))
                .as("%s", node).isEqualTo(Json.WRITER.writeValueAsBytes(node).length);
    }

    @Test
    void scalarsContainersAndEscapesMeasureAsWritten() throws Exception {
        ObjectNode o = Json.object();
        o.put("int", -123).put("long", Long.MIN_VALUE).put("max", Long.MAX_VALUE).put("zero", 0)
                .put("double", 3.25e-7).put("float", 1.5f).put("big", new BigDecimal("12345.678900"))
                .put("bigint", new BigInteger("-98765432109876543210")).put("t", true).put("f", false)
                .putNull("nothing").put("short", (short) -7);
        o.put("escapes", "quote \" backslash \\ newline \n tab \t cr \r bell \u0007 nul \u0000 del \u007f / end");
        o.put("utf8", "é ü ß € 中文 😀 \ud83d\ude80");
        o.put("é key \"quoted\"\n", "v");
        o.putObject("empty");
        o.putArray("emptyArray");
        ArrayNode a = o.putArray("array");
        a.add(1).add("two").addNull().add(false).addObject().put("x", 1.0);
        o.set("bytes", Json.MAPPER.getNodeFactory().binaryNode(new byte[] {1, 2, 3, 4, 5}));
        assertMeasured(o);
        assertMeasured(Json.MAPPER.getNodeFactory().textNode(""));
        assertMeasured(Json.MAPPER.getNodeFactory().numberNode(7));
        assertMeasured(Json.MAPPER.getNodeFactory().arrayNode());
        assertThat(JsonLimits.checkAndMeasure(null, "nothing", 0)).isZero();
    }

    @Test
    void randomTreesMeasureAsWritten() throws Exception {
        Random r = new Random(42);
        for (int i = 0; i < 200; i++) {
            assertMeasured(randomTree(r, 0));
        }
    }

    @Test
    void theWalkStillRefusesWhatCheckRefuses() {
        ObjectNode o = Json.object();
        o.put("lone", "a\ud800b");
        assertThatThrownBy(() -> JsonLimits.checkAndMeasure(o, "the body", 0))
                .isInstanceOf(JsonLimits.Violation.class).hasMessageContaining("unpaired UTF-16 surrogate");
    }

    @Test
    void treesDeeperThanTheRecursiveWalkTakesMeasureAndFailAlike() throws Exception {
        for (int levels : new int[] {31, 32, 33, 100}) {
            ObjectNode root = Json.object();
            ObjectNode at = root;
            for (int i = 1; i < levels; i++) {
                at = at.putObject("k" + i);
            }
            at.put("leaf", "x");
            assertMeasured(root);
            // a violation past the recursive walk's depth is found by the full walk
            at.put("lone", "\udc00");
            assertThatThrownBy(() -> JsonLimits.checkAndMeasure(root, "the body", 0))
                    .isInstanceOf(JsonLimits.Violation.class).hasMessageContaining("unpaired UTF-16 surrogate");
        }
        ObjectNode tooDeep = Json.object();
        ObjectNode at = tooDeep;
        for (int i = 1; i < JsonLimits.maxBodyDepth() + 1; i++) {
            at = at.putObject("k");
        }
        assertThatThrownBy(() -> JsonLimits.check(tooDeep, "the body", JsonLimits.MARGIN))
                .isInstanceOf(JsonLimits.Violation.class).hasMessageContaining("nests deeper than");
    }

    private static JsonNode randomTree(Random r, int depth) {
        int kind = depth > 4 ? r.nextInt(5) : r.nextInt(7);
        switch (kind) {
            case 0:
                return Json.MAPPER.getNodeFactory().numberNode(r.nextLong() >> r.nextInt(64));
            case 1:
                return Json.MAPPER.getNodeFactory().numberNode(r.nextDouble() * Math.pow(10, r.nextInt(40) - 20));
            case 2:
                return Json.MAPPER.getNodeFactory().textNode(randomString(r));
            case 3:
                return Json.MAPPER.getNodeFactory().booleanNode(r.nextBoolean());
            case 4:
                return Json.MAPPER.getNodeFactory().nullNode();
            case 5: {
                ArrayNode a = Json.MAPPER.createArrayNode();
                for (int i = r.nextInt(5); i > 0; i--) {
                    a.add(randomTree(r, depth + 1));
                }
                return a;
            }
            default: {
                ObjectNode o = Json.object();
                for (int i = r.nextInt(5); i > 0; i--) {
                    o.set(randomString(r), randomTree(r, depth + 1));
                }
                return o;
            }
        }
    }

    private static String randomString(Random r) {
        StringBuilder b = new StringBuilder();
        for (int i = r.nextInt(12); i > 0; i--) {
            int pick = r.nextInt(6);
            if (pick == 0) {
                b.append((char) r.nextInt(0x20)); // a control character
            } else if (pick == 1) {
                b.append(r.nextBoolean() ? '"' : '\\');
            } else if (pick == 2) {
                b.append((char) (0x80 + r.nextInt(0xD000))); // two or three UTF-8 bytes
            } else if (pick == 3) {
                b.appendCodePoint(0x10000 + r.nextInt(0x10000)); // a surrogate pair, four bytes
            } else {
                b.append((char) (0x20 + r.nextInt(0x5F)));
            }
        }
        return b.toString();
    }
}
