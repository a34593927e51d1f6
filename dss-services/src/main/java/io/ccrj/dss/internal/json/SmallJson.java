package io.ccrj.dss.internal.json;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.FastThreadLocal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads small, plain JSON texts into trees and writes such trees out without a Jackson parser or
 * generator of their own: the same tree {@link Json#TREE_READER} reads, the same bytes
 * {@link Json#WRITER} writes. Most bodies and answers are a small state such as
 * {@code {"count":7}}, and Jackson makes a parser or generator, its I/O context, a symbol table
 * and a binding context for every value, which costs more than the tree of such a text itself.
 *
 * <p>The fast path takes a strict subset of JSON: an answer of at most {@link #MAX_FAST_BYTES}
 * bytes, nested at most {@link #MAX_FAST_DEPTH} levels, whose strings are printable ASCII without
 * escapes, whose numbers are integers of at most 18 digits without a leading zero, sign-only
 * {@code -0}, fraction or exponent, whose objects have no repeated field name, and which has
 * nothing but whitespace after its one value. It builds exactly the nodes Jackson builds for
 * them ({@code IntNode} where the value fits an int, else {@code LongNode}; insertion-ordered
 * objects). Anything else, valid or not, goes to Jackson unchanged, so every limit
 * ({@link Json#READ_LIMITS}) and every error message is Jackson's.
 *
 * <p>The writer takes the same subset, as trees: objects and arrays nested at most
 * {@link #MAX_FAST_DEPTH} levels, text of printable ASCII that needs no escape, int and long
 * numbers, booleans and nulls, at most {@link #MAX_FAST_WRITE} bytes in all; it writes them
 * compactly as Jackson does. Any other node (a double, a big number, a binary or POJO node, a
 * string Jackson escapes or writes as multi-byte UTF-8) leaves the whole tree to Jackson.
 *
 * <h2>Threading</h2>
 * Each thread has its own reader (its scratch copy of the text, its cache of field names and its
 * buffer for {@link #bytes}), so every method may be called from any thread without locking;
 * nothing it keeps is reachable from what it returns except the immutable field-name strings
 * ({@link #bytes} returns a copy). No method calls out while it uses them, so a thread never
 * re-enters its own reader.
 */
@Internal
public final class SmallJson {
    /** Answers longer than this go to Jackson. */
    static final int MAX_FAST_BYTES = 2048;
    /** Answers nested deeper than this go to Jackson. */
    static final int MAX_FAST_DEPTH = 32;
    /** Trees written longer than this go to Jackson. */
    static final int MAX_FAST_WRITE = 4096;
    /**
     * Bytes a write may go past its limit before a check stops it: the closing brackets of the
     * open levels and one separator (every other token is checked before it is written).
     */
    private static final int WRITE_SLACK = 2 * MAX_FAST_DEPTH + 16;
    /** Integers with more digits than this go to Jackson (18 digits always fit a long). */
    private static final int MAX_FAST_DIGITS = 18;
    /** Field names longer than this are not cached. */
    private static final int MAX_CACHED_NAME = 32;
    private static final int NAME_CACHE_SIZE = 64;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final FastThreadLocal<SmallJson> READERS = new FastThreadLocal<>() {
        @Override
        protected SmallJson initialValue() {
            return new SmallJson();
        }
    };

    /** The answer's bytes, copied here so that any buffer (direct, composite) is read alike. */
    private final byte[] scratch = new byte[MAX_FAST_BYTES];
    /** Field names seen before, by a hash of their bytes: a repeated answer makes no name strings. */
    private final String[] names = new String[NAME_CACHE_SIZE];
    /** Where {@link #bytes} writes a tree before copying it out. */
    private final ByteBuf written = Unpooled.wrappedBuffer(new byte[MAX_FAST_WRITE + WRITE_SLACK]);
    /** Where the fast path is in {@link #scratch}. */
    private int pos;
    private int end;

    private SmallJson() {
    }

    /**
     * Reads a JSON text into a tree.
     *
     * @param content the text, UTF-8, from its reader index to its writer index (not consumed)
     * @return the tree, as {@link Json#TREE_READER} would read it
     * @throws IOException as {@link Json#TREE_READER} throws it, for text that is not one JSON value
     *     within the read limits
     */
    public static JsonNode read(ByteBuf content) throws IOException {
        int length = content.readableBytes();
        SmallJson r = length <= MAX_FAST_BYTES ? reader() : null;
        if (r != null) {
            content.getBytes(content.readerIndex(), r.scratch, 0, length);
            JsonNode fast = r.parse(length);
            return fast != null ? fast : Json.TREE_READER.readValue(r.scratch, 0, length);
        }
        // parsed from an array (the buffer's own, or one copy): Jackson's array parser needs no
        // input stream and no read buffer of its own
        return content.hasArray()
                ? Json.TREE_READER.readValue(content.array(), content.arrayOffset() + content.readerIndex(), length)
                : Json.TREE_READER.readValue(ByteBufUtil.getBytes(content), 0, length);
    }

    /**
     * Reads a JSON text into a tree if the fast path takes it, for a caller that reads the rest
     * with Jackson its own way (the host reads a large request body as a stream, without a copy).
     *
     * @param content the text, UTF-8, from its reader index to its writer index (not consumed)
     * @return the tree, as {@link Json#TREE_READER} would read it, or {@code null} when the text
     *     is left to Jackson (valid or not)
     */
    public static JsonNode tryRead(ByteBuf content) {
        int length = content.readableBytes();
        SmallJson r = length <= MAX_FAST_BYTES ? reader() : null;
        if (r == null) {
            return null;
        }
        content.getBytes(content.readerIndex(), r.scratch, 0, length);
        return r.parse(length);
    }

    /**
     * Reads a JSON text into a tree (for tests: the same path as {@link #read(ByteBuf)}).
     *
     * @param text the UTF-8 bytes
     * @return the tree, or {@code null} when the fast path does not take this text
     */
    static JsonNode fastOnly(byte[] text) {
        if (text.length > MAX_FAST_BYTES) {
            return null;
        }
        SmallJson r = READERS.get();
        System.arraycopy(text, 0, r.scratch, 0, text.length);
        return r.parse(text.length);
    }

    /**
     * Writes a tree as {@link Json#WRITER} writes it, if the fast path takes it.
     *
     * @param node the tree
     * @param out where its JSON goes, at its writer index
     * @return {@code true} if written; {@code false} if the tree is left to Jackson (then
     *     {@code out} is as it was)
     */
    public static boolean tryWrite(JsonNode node, ByteBuf out) {
        int start = out.writerIndex();
        if (node != null && write(node, out, 0, start + MAX_FAST_WRITE)) {
            return true;
        }
        out.writerIndex(start);
        return false;
    }

    /**
     * The bytes {@link Json#WRITER} writes for a tree ({@code writeValueAsBytes}).
     *
     * @param node the tree
     * @return its compact JSON text, UTF-8
     * @throws IOException as Jackson throws it, for a tree it cannot write
     */
    public static byte[] bytes(JsonNode node) throws IOException {
        SmallJson r = reader();
        if (r != null) {
            ByteBuf b = r.written;
            b.clear();
            if (tryWrite(node, b)) {
                return ByteBufUtil.getBytes(b, 0, b.writerIndex());
            }
        }
        return Json.WRITER.writeValueAsBytes(node);
    }

    /**
     * @return this thread's reader, or {@code null} on a virtual thread: those come and go by the
     *     request, and a reader of their own (its buffers) would cost more than Jackson's parser
     */
    private static SmallJson reader() {
        return Thread.currentThread().isVirtual() ? null : READERS.get();
    }

    /** @return {@code false} when the fast path does not take the node (out is then left as it is) */
    private static boolean write(JsonNode n, ByteBuf out, int depth, int limit) {
        Class<?> type = n.getClass();
        if (type == ObjectNode.class) {
            if (depth >= MAX_FAST_DEPTH || out.writerIndex() >= limit) {
                return false;
            }
            out.writeByte('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!first) {
                    out.writeByte(',');
                }
                first = false;
                if (!writePlain(e.getKey(), out, limit)) {
                    return false;
                }
                out.writeByte(':');
                if (!write(e.getValue(), out, depth + 1, limit)) {
                    return false;
                }
            }
            out.writeByte('}');
            return true;
        }
        if (type == ArrayNode.class) {
            if (depth >= MAX_FAST_DEPTH || out.writerIndex() >= limit) {
                return false;
            }
            out.writeByte('[');
            for (int i = 0, size = n.size(); i < size; i++) {
                if (i > 0) {
                    out.writeByte(',');
                }
                if (!write(n.get(i), out, depth + 1, limit)) {
                    return false;
                }
            }
            out.writeByte(']');
            return true;
        }
        if (type == TextNode.class) {
            return writePlain(n.textValue(), out, limit);
        }
        if (type == IntNode.class || type == LongNode.class) {
            if (out.writerIndex() + 20 > limit) {
                return false;
            }
            writeLong(n.longValue(), out);
            return true;
        }
        if (type == BooleanNode.class || type == NullNode.class) {
            if (out.writerIndex() + 5 > limit) {
                return false;
            }
            out.writeCharSequence(type == NullNode.class ? "null" : n.booleanValue() ? "true" : "false",
                    StandardCharsets.US_ASCII);
            return true;
        }
        return false; // doubles, big numbers, binary, POJO and missing nodes: Jackson's
    }

    /**
     * Writes a string in quotes if it is printable ASCII that Jackson writes as it is: one pass
     * that copies each character as it checks it and gives up at the first one Jackson would
     * escape or encode as multi-byte UTF-8 (the caller then resets {@code out} and the tree goes
     * to Jackson), rather than a check of the whole string followed by a second pass to copy it.
     * The bytes are set past the writer index, which moves only once the string is whole.
     */
    private static boolean writePlain(String s, ByteBuf out, int limit) {
        int n = s.length();
        int at = out.writerIndex();
        if (at + n + 2 > limit) {
            return false;
        }
        out.ensureWritable(n + 2);
        if (out.hasArray()) {
            byte[] a = out.array();
            int o = out.arrayOffset() + at;
            a[o] = '"';
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
                    return false;
                }
                a[o + 1 + i] = (byte) c;
            }
            a[o + 1 + n] = '"';
        } else {
            out.setByte(at, '"');
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
                    return false;
                }
                out.setByte(at + 1 + i, c);
            }
            out.setByte(at + 1 + n, '"');
        }
        out.writerIndex(at + n + 2);
        return true;
    }

    private static void writeLong(long v, ByteBuf out) {
        if (v == Long.MIN_VALUE) {
            out.writeCharSequence("-9223372036854775808", StandardCharsets.US_ASCII);
            return;
        }
        if (v < 0) {
            out.writeByte('-');
            v = -v;
        }
        int digits = 1;
        for (long rest = v / 10; rest != 0; rest /= 10) {
            digits++;
        }
        out.ensureWritable(digits);
        int at = out.writerIndex();
        for (int i = at + digits - 1; i >= at; i--) {
            out.setByte(i, (int) ('0' + v % 10));
            v /= 10;
        }
        out.writerIndex(at + digits);
    }

    /** @return the tree of {@code scratch[0, length)}, or {@code null} when the fast path does not take it */
    private JsonNode parse(int length) {
        pos = 0;
        end = length;
        skipWhitespace();
        JsonNode root = value(0);
        if (root == null) {
            return null;
        }
        skipWhitespace();
        return pos == end ? root : null; // anything after the value: Jackson names it
    }

    private void skipWhitespace() {
        byte[] b = scratch;
        int p = pos;
        while (p < end) {
            byte c = b[p];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                break;
            }
            p++;
        }
        pos = p;
    }

    /** @return the value at {@link #pos}, or {@code null} to give the text to Jackson */
    private JsonNode value(int depth) {
        if (pos >= end) {
            return null;
        }
        byte c = scratch[pos];
        return switch (c) {
            case '{' -> depth < MAX_FAST_DEPTH ? object(depth + 1) : null;
            case '[' -> depth < MAX_FAST_DEPTH ? array(depth + 1) : null;
            case '"' -> {
                String s = string();
                yield s == null ? null : NODES.textNode(s);
            }
            case 't' -> literal("true") ? NODES.booleanNode(true) : null;
            case 'f' -> literal("false") ? NODES.booleanNode(false) : null;
            case 'n' -> literal("null") ? NODES.nullNode() : null;
            default -> c == '-' || c >= '0' && c <= '9' ? integer() : null;
        };
    }

    private ObjectNode object(int depth) {
        ObjectNode o = NODES.objectNode();
        pos++; // '{'
        skipWhitespace();
        if (pos < end && scratch[pos] == '}') {
            pos++;
            return o;
        }
        while (true) {
            if (pos >= end || scratch[pos] != '"') {
                return null;
            }
            String name = name();
            if (name == null) {
                return null;
            }
            skipWhitespace();
            if (pos >= end || scratch[pos] != ':') {
                return null;
            }
            pos++;
            skipWhitespace();
            JsonNode v = value(depth);
            if (v == null || o.replace(name, v) != null) {
                return null; // a repeated name: left to Jackson's rules for it
            }
            skipWhitespace();
            if (pos >= end) {
                return null;
            }
            byte c = scratch[pos++];
            if (c == '}') {
                return o;
            }
            if (c != ',') {
                return null;
            }
            skipWhitespace();
        }
    }

    private ArrayNode array(int depth) {
        ArrayNode a = NODES.arrayNode();
        pos++; // '['
        skipWhitespace();
        if (pos < end && scratch[pos] == ']') {
            pos++;
            return a;
        }
        while (true) {
            JsonNode v = value(depth);
            if (v == null) {
                return null;
            }
            a.add(v);
            skipWhitespace();
            if (pos >= end) {
                return null;
            }
            byte c = scratch[pos++];
            if (c == ']') {
                return a;
            }
            if (c != ',') {
                return null;
            }
            skipWhitespace();
        }
    }

    /**
     * @return the length of the plain string starting after the quote at {@link #pos} (printable
     *     ASCII, no escape), or -1 when it is not one
     */
    private int plainStringLength() {
        byte[] b = scratch;
        for (int p = pos + 1; p < end; p++) {
            byte c = b[p];
            if (c == '"') {
                return p - pos - 1;
            }
            if (c < 0x20 || c == '\\') { // negative too: a byte of a multi-byte UTF-8 character
                return -1;
            }
        }
        return -1;
    }

    private String string() {
        int n = plainStringLength();
        if (n < 0) {
            return null;
        }
        String s = new String(scratch, pos + 1, n, StandardCharsets.ISO_8859_1); // ASCII: the same text
        pos += n + 2;
        return s;
    }

    /** A field name: as {@link #string()}, taken from the cache when it was seen before. */
    private String name() {
        int n = plainStringLength();
        if (n < 0) {
            return null;
        }
        int from = pos + 1;
        pos += n + 2;
        if (n > MAX_CACHED_NAME) {
            return new String(scratch, from, n, StandardCharsets.ISO_8859_1);
        }
        int h = n;
        for (int i = from; i < from + n; i++) {
            h = 31 * h + scratch[i];
        }
        int slot = (h ^ h >>> 16) & (NAME_CACHE_SIZE - 1);
        String cached = names[slot];
        if (cached != null && sameAscii(cached, from, n)) {
            return cached;
        }
        String s = new String(scratch, from, n, StandardCharsets.ISO_8859_1);
        names[slot] = s;
        return s;
    }

    private boolean sameAscii(String s, int from, int n) {
        if (s.length() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) != scratch[from + i]) {
                return false;
            }
        }
        return true;
    }

    private boolean literal(String word) {
        int n = word.length();
        if (end - pos < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (scratch[pos + i] != word.charAt(i)) {
                return false;
            }
        }
        if (pos + n < end && !delimiter(scratch[pos + n])) {
            return false; // "truex": Jackson names the token
        }
        pos += n;
        return true;
    }

    /** Integers only: {@code -?[1-9][0-9]{0,17}} or {@code 0}, followed by a delimiter or the end. */
    private JsonNode integer() {
        byte[] b = scratch;
        int p = pos;
        boolean negative = b[p] == '-';
        if (negative) {
            p++;
        }
        int first = p;
        long v = 0;
        while (p < end && b[p] >= '0' && b[p] <= '9') {
            v = v * 10 + (b[p] - '0');
            p++;
            if (p - first > MAX_FAST_DIGITS) {
                return null;
            }
        }
        int digits = p - first;
        if (digits == 0 || b[first] == '0' && (digits > 1 || negative)) {
            return null; // "-", "01", "-0": Jackson's rules
        }
        if (p < end && !delimiter(b[p])) {
            return null; // a fraction, an exponent or garbage
        }
        pos = p;
        if (negative) {
            v = -v;
        }
        return v == (int) v ? NODES.numberNode((int) v) : NODES.numberNode(v);
    }

    private static boolean delimiter(byte c) {
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }
}
