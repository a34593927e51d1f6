package io.ccrj.dss.internal;

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

        Violation(String message) {
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
        if (node == null) {
            return;
        }
        int maxDepth = Json.READ_LIMITS.getMaxNestingDepth() - margin;
        int maxName = Json.READ_LIMITS.getMaxNameLength();
        int maxString = Json.READ_LIMITS.getMaxStringLength();
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
                if (n.isObject()) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        String name = e.getKey();
                        if (name.length() > maxName) {
                            throw new Violation(what + " has a field name (or item key) of " + name.length()
                                    + " characters; the limit is " + maxName);
                        }
                        requireWellFormed(name, what, "a field name");
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
            } else if (n.isFloatingPointNumber() && !n.isBigDecimal() && !Double.isFinite(n.doubleValue())) {
                throw new Violation(what + " has a number that does not fit a double (IEEE 754 binary64);"
                        + " send it as a string to keep it exactly");
            }
        }
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
