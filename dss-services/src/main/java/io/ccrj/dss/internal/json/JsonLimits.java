package io.ccrj.dss.internal.json;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;

/**
 * Checks a JSON tree against the limits that reading it back will apply ({@link Json#READ_LIMITS}):
 * nesting depth, field-name and string lengths, and values JSON text cannot carry (a number that
 * does not fit a double, an unpaired UTF-16 surrogate). The host checks every request body and
 * every new state and notification with it <em>before</em> applying them, so that what it accepts
 * it can always answer with, save, and load again.
 *
 * <p>The depth check takes a margin: a request body ends up nested inside the state (an item of
 * {@code kv} sits two levels down), inside a notification and inside the state file's envelope,
 * each of which adds levels that the body itself does not show.
 *
 * <p>Iterative (an explicit stack), so a tree deeper than the thread's stack is refused, not a
 * {@link StackOverflowError}. Stateless and thread-safe.
 */
@Internal
public final class JsonLimits {
    /**
     * Levels a body or state leaves free for the envelopes around it: the state file's
     * {@code {"version", "state"}}, a notification's {@code {"key", "value"}}, a service's answer
     * around its state. A state is checked with the same margin as a body, so that whatever state
     * the host holds can be PUT back as a Replace body.
     */
    public static final int MARGIN = 16;

    /** A tree that breaks a limit; the message names the limit in the client's terms. */
    public static final class Violation extends IOException {
        private static final long serialVersionUID = 1L;

        /**
         * @param message what is wrong, in the client's terms (the HTTP layer also reports
         *     malformed UTF-8 this way)
         */
        public Violation(String message) {
            super(message);
        }
    }

    private JsonLimits() {
    }

    /** @return the deepest nesting a body or state may have */
    public static int maxBodyDepth() {
        return Json.READ_LIMITS.getMaxNestingDepth() - MARGIN;
    }

    /**
     * @param node the tree (may be {@code null})
     * @param what what it is, for the message ("the body", "the new state")
     * @param margin levels to keep free for envelopes around it
     * @throws Violation if a limit is broken
     */
    public static void check(JsonNode node, String what, int margin) throws Violation {
        checkAndMeasure(node, what, margin);
    }

    /**
     * Checks a tree as {@link #check} does and, in the same walk, counts the bytes of its compact
     * JSON text as {@link Json#WRITER} writes it (UTF-8, Jackson's default escapes): what writing
     * the tree out would tell, without writing it.
     *
     * @param node the tree (may be {@code null}: 0 bytes)
     * @param what what it is, for the message
     * @param margin levels to keep free for envelopes around it
     * @return the length of its JSON text in bytes
     * @throws Violation if a limit is broken
     */
    public static long checkAndMeasure(JsonNode node, String what, int margin) throws Violation {
        if (node == null) {
            return 0;
        }
        int maxDepth = Json.READ_LIMITS.getMaxNestingDepth() - margin;
        int maxName = Json.READ_LIMITS.getMaxNameLength();
        int maxString = Json.READ_LIMITS.getMaxStringLength();
        // most trees (a small state, a body) are shallow and within every limit: one recursive
        // walk without a stack or a frame per node; anything else, and any violation (so that the
        // message names the same one), goes to the full walk below
        long shallow = measureShallow(node, 0, Math.min(maxDepth, SHALLOW_DEPTH), maxName, maxString);
        if (shallow >= 0) {
            return shallow;
        }
        long bytes = 0;
        record Frame(JsonNode node, int depth) {
        }
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(node, 0));
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            JsonNode n = f.node();
            if (n.isContainerNode()) {
                int depth = f.depth() + 1;
                if (depth > maxDepth) {
                    throw new Violation(what + " nests deeper than " + maxDepth + " levels of arrays and objects,"
                            + " the most this host accepts (it must read it back within its nesting limit of "
                            + Json.READ_LIMITS.getMaxNestingDepth() + ")");
                }
                // brackets, and a separator between two members
                bytes += 2 + Math.max(0, n.size() - 1);
                if (n.isObject()) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        String name = e.getKey();
                        if (name.length() > maxName) {
                            throw new Violation(what + " has a field name (or item key) of " + name.length()
                                    + " characters; the limit is " + maxName);
                        }
                        requireWellFormed(name, what, "a field name");
                        bytes += quotedLength(name) + 1; // and the colon
                        stack.push(new Frame(e.getValue(), depth));
                    }
                } else {
                    for (JsonNode child : n) {
                        stack.push(new Frame(child, depth));
                    }
                }
            } else if (n.isTextual()) {
                String s = n.textValue();
                if (s.length() > maxString) {
                    throw new Violation(what + " has a string of " + s.length() + " characters; the limit is " + maxString);
                }
                requireWellFormed(s, what, "a string");
                bytes += quotedLength(s);
            } else if (n.isFloatingPointNumber() && !n.isBigDecimal() && !Double.isFinite(n.doubleValue())) {
                throw new Violation(what + " has a number that does not fit a double (IEEE 754 binary64);"
                        + " send it as a string to keep it exactly");
            } else {
                bytes += scalarLength(n);
            }
        }
        return bytes;
    }

    /** Deepest nesting the recursive walk takes (its stack stays small). */
    private static final int SHALLOW_DEPTH = 32;

    /**
     * The bytes {@link #checkAndMeasure} counts, walking recursively, for a tree nested at most
     * {@code maxDepth} levels and within every limit.
     *
     * @return the bytes, or -1 when the tree is deeper or breaks a limit (the full walk decides)
     */
    private static long measureShallow(JsonNode n, int depth, int maxDepth, int maxName, int maxString) {
        if (n.isContainerNode()) {
            if (depth + 1 > maxDepth) {
                return -1;
            }
            long bytes = 2 + Math.max(0, n.size() - 1);
            if (n.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    String name = e.getKey();
                    if (name.length() > maxName || !wellFormed(name)) {
                        return -1;
                    }
                    long child = measureShallow(e.getValue(), depth + 1, maxDepth, maxName, maxString);
                    if (child < 0) {
                        return -1;
                    }
                    bytes += quotedLength(name) + 1 + child;
                }
            } else {
                for (int i = 0, size = n.size(); i < size; i++) {
                    long child = measureShallow(n.get(i), depth + 1, maxDepth, maxName, maxString);
                    if (child < 0) {
                        return -1;
                    }
                    bytes += child;
                }
            }
            return bytes;
        }
        if (n.isTextual()) {
            String s = n.textValue();
            return s.length() > maxString || !wellFormed(s) ? -1 : quotedLength(s);
        }
        if (n.isFloatingPointNumber() && !n.isBigDecimal() && !Double.isFinite(n.doubleValue())) {
            return -1;
        }
        return scalarLength(n);
    }

    /** @return whether every surrogate of the text is one of a pair */
    private static boolean wellFormed(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** @return the bytes of a scalar that is not a string, as Jackson writes it */
    private static long scalarLength(JsonNode n) {
        if (n.isInt() || n.isLong() || n.isShort()) {
            return decimalDigits(n.longValue());
        }
        if (n.isBoolean()) {
            return n.booleanValue() ? 4 : 5;
        }
        if (n.isNull() || n.isMissingNode()) {
            return 4;
        }
        if (n.isNumber()) {
            return n.asText().length(); // doubles, floats, big numbers: their text is ASCII
        }
        try {
            return Json.WRITER.writeValueAsBytes(n).length; // binary or POJO nodes: rare, measured by writing
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static int decimalDigits(long v) {
        if (v == Long.MIN_VALUE) {
            return 20;
        }
        int sign = v < 0 ? 1 : 0;
        long a = Math.abs(v);
        int digits = 1;
        while (a >= 10) {
            a /= 10;
            digits++;
        }
        return sign + digits;
    }

    /**
     * @return the bytes of a string in double quotes as Jackson writes it: UTF-8, with the quote
     *     and the backslash escaped by a backslash, control characters as two-character short
     *     escapes (newline, tab, ...) or six-character Unicode escapes, a surrogate pair as two such
     *     escapes (the string is well-formed: surrogates come in pairs)
     */
    private static long quotedLength(String s) {
        long bytes = 2;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20) {
                bytes += c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f' ? 2 : 6;
            } else if (c == '"' || c == '\\') {
                bytes += 2;
            } else if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                // Jackson 2.x writes a character beyond the BMP as two escapes, by default
                // (COMBINE_UNICODE_SURROGATES_IN_UTF8 off): twelve bytes, not its four UTF-8 ones
                bytes += 12;
                i++; // its low surrogate
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    private static void requireWellFormed(String s, String what, String kind) throws Violation {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new Violation(what + " has " + kind + " with an unpaired UTF-16 surrogate (\\u"
                        + Integer.toHexString(c) + "), which UTF-8 cannot encode");
            }
        }
    }
}
