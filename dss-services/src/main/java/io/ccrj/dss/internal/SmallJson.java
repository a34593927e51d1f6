package io.ccrj.dss.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.util.concurrent.FastThreadLocal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads a remote partner's answer into a tree, the same tree {@link Json#TREE_READER} reads, with
 * a fast path for small, plain answers (most answers are a small state such as
 * {@code {"count":7}}): Jackson makes a parser, its I/O context, a symbol table and a binding
 * context for every value it reads, which costs more than the tree of such an answer itself.
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
 * <h2>Threading</h2>
 * Each thread has its own reader (its scratch copy of the answer and its cache of field names),
 * so {@link #read} may be called from any thread without locking; nothing it keeps is reachable
 * from the trees it returns except the immutable field-name strings.
 */
public final class SmallJson {
    /** Answers longer than this go to Jackson. */
    static final int MAX_FAST_BYTES = 2048;
    /** Answers nested deeper than this go to Jackson. */
    static final int MAX_FAST_DEPTH = 32;
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
        if (length <= MAX_FAST_BYTES) {
            SmallJson r = READERS.get();
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
