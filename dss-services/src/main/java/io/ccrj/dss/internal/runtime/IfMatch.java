package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import java.util.List;

/**
 * The {@code If-Match} header's form (RFC 9110 13.1.1): read once by the router, which refuses a
 * malformed one with 400 before any operation is made, and again by the runtime, which compares
 * the tags with the current version. Stateless.
 */
@Internal
public final class IfMatch {
    private IfMatch() {
    }

    /**
     * Reads an {@code If-Match} value as RFC 9110 writes it: {@code *}, or a comma-separated list
     * of entity tags, each {@code "..."} or weak {@code W/"..."} with visible ASCII but the double
     * quote inside (a comma included), optional spaces and tabs around the commas.
     *
     * @param value the header's value
     * @return {@code ["*"]}, or the tags as written (quotes and {@code W/} included), or
     *     {@code null} if the value is not of that form
     */
    public static List<String> tags(String value) {
        String v = value.strip();
        if (v.equals("*")) {
            return List.of("*");
        }
        if (v.isEmpty()) {
            return null;
        }
        List<String> out = new java.util.ArrayList<>(2);
        int i = 0;
        int n = v.length();
        while (true) {
            if (v.charAt(i) == '*') { // "*" belongs alone, but in a list it still means any version
                out.add("*");
                i++;
            } else {
                i = tag(v, i, out);
                if (i < 0) {
                    return null;
                }
            }
            while (i < n && (v.charAt(i) == ' ' || v.charAt(i) == '\t')) {
                i++;
            }
            if (i == n) {
                return out;
            }
            if (v.charAt(i) != ',') {
                return null;
            }
            i++;
            while (i < n && (v.charAt(i) == ' ' || v.charAt(i) == '\t')) {
                i++;
            }
            if (i == n) {
                return null;
            }
        }
    }

    /** Reads one entity tag at {@code i} into {@code out}; {@return the index after it, or -1} */
    private static int tag(String v, int i, List<String> out) {
        int n = v.length();
        int start = i;
        if (v.startsWith("W/", i)) {
            i += 2;
        }
        if (i >= n || v.charAt(i) != '"') {
            return -1;
        }
        int close = i + 1;
        while (close < n && v.charAt(close) != '"') {
            char c = v.charAt(close);
            if (c < 0x21 || c > 0x7E) {
                return -1; // etagc is visible ASCII (obs-text is not taken)
            }
            close++;
        }
        if (close >= n) {
            return -1;
        }
        out.add(v.substring(start, close + 1));
        return close + 1;
    }
}
