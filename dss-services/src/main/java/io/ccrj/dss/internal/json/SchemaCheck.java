package io.ccrj.dss.internal.json;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a JSON value against a schema of the subset {@link JsonSchemas} writes (and the host's
 * own documents use): {@code type} (one or a list, {@code "integer"} as JSON Schema means it: a
 * number without a fraction), {@code enum}, {@code const}, {@code properties}, {@code required},
 * {@code additionalProperties} (a schema, or {@code false}), {@code items}, {@code uniqueItems},
 * {@code minimum}, {@code maximum}, {@code minLength}, {@code maxLength}, {@code pattern} and
 * {@code oneOf}; any other keyword is not checked, and a schema without keywords takes any value.
 * It is what keeps a request body and the OpenAPI document that describes it in agreement: the
 * host checks the body against the very schema the document shows, before a handler runs.
 *
 * <p>The answer is the first violation in the body's terms: the place as a field path
 * ({@code items.key}, {@code tags[2]}, as {@link Json#firstLine} writes Jackson's), what the
 * schema expects there and what was found. No Java type is ever named.
 *
 * <p>Stateless; a compiled schema's patterns are cached in a shared concurrent map.
 */
@Internal
public final class SchemaCheck {
    private static final Map<String, Pattern> PATTERNS = new java.util.concurrent.ConcurrentHashMap<>();

    private SchemaCheck() {
    }

    /**
     * Checks a value.
     *
     * @param value a JSON value (not {@code null}: a JSON null is a {@code NullNode})
     * @param schema the schema
     * @return {@code null} if the value fits, else the first violation in words
     */
    public static String problem(JsonNode value, JsonNode schema) {
        return check(value, schema, "");
    }

    private static String check(JsonNode v, JsonNode s, String path) {
        if (s == null || !s.isObject() || s.isEmpty()) {
            return null;
        }
        JsonNode type = s.get("type");
        if (type != null && !typeFits(v, type)) {
            return at(path) + "expected " + kinds(type) + ", found " + found(v);
        }
        JsonNode constant = s.get("const");
        if (constant != null && !sameValue(constant, v)) {
            return at(path) + "expected " + found(constant) + ", found " + found(v);
        }
        JsonNode values = s.get("enum");
        if (values != null && values.isArray()) {
            boolean in = false;
            for (JsonNode e : values) {
                in |= sameValue(e, v);
            }
            if (!in) {
                return at(path) + found(v) + " is not one of " + list(values);
            }
        }
        JsonNode oneOf = s.get("oneOf");
        if (oneOf != null && oneOf.isArray()) {
            String first = null;
            int fits = 0;
            for (JsonNode alt : oneOf) {
                String p = check(v, alt, path);
                if (p == null) {
                    fits++;
                } else if (first == null) {
                    first = p;
                }
            }
            if (fits != 1) {
                return fits == 0 ? first : at(path) + "fits more than one of the forms it may take";
            }
        }
        if (v.isNumber()) {
            String p = bounds(v, s, path);
            if (p != null) {
                return p;
            }
        } else if (v.isTextual()) {
            String p = text(v.asText(), s, path);
            if (p != null) {
                return p;
            }
        } else if (v.isObject()) {
            return object(v, s, path);
        } else if (v.isArray()) {
            JsonNode items = s.get("items");
            Set<JsonNode> seen = s.path("uniqueItems").asBoolean(false) ? new HashSet<>() : null;
            for (int i = 0; i < v.size(); i++) {
                String p = check(v.get(i), items, path + "[" + i + "]");
                if (p != null) {
                    return p;
                }
                if (seen != null && !seen.add(v.get(i))) {
                    return at(path + "[" + i + "]") + "repeats an earlier item; the items must differ";
                }
            }
        }
        return null;
    }

    private static String object(JsonNode v, JsonNode s, String path) {
        for (JsonNode r : s.path("required")) {
            if (!v.has(r.asText())) {
                return at(path) + "needs the field \"" + r.asText() + "\"";
            }
        }
        JsonNode props = s.get("properties");
        JsonNode extra = s.get("additionalProperties");
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
            JsonNode ps = props == null ? null : props.get(e.getKey());
            if (ps != null) {
                String problem = check(e.getValue(), ps, p);
                if (problem != null) {
                    return problem;
                }
            } else if (extra != null && extra.isBoolean() && !extra.asBoolean()) {
                return at(path) + "has no field \"" + e.getKey() + "\"";
            } else if (extra != null && extra.isObject()) {
                String problem = check(e.getValue(), extra, p);
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    private static String bounds(JsonNode v, JsonNode s, String path) {
        JsonNode min = s.get("minimum");
        JsonNode max = s.get("maximum");
        if (min == null && max == null) {
            return null;
        }
        BigDecimal x = v.decimalValue();
        boolean below = min != null && min.isNumber() && x.compareTo(min.decimalValue()) < 0;
        boolean above = max != null && max.isNumber() && x.compareTo(max.decimalValue()) > 0;
        if (below || above) {
            String kind = s.path("type").asText().equals("integer") ? "a whole number" : "a number";
            return at(path) + shorten(v.asText()) + " is out of range (expected " + kind
                    + (min != null && max != null ? " from " + min.asText() + " to " + max.asText()
                    : min != null ? " of at least " + min.asText() : " of at most " + max.asText()) + ")";
        }
        return null;
    }

    private static String text(String t, JsonNode s, String path) {
        int length = t.codePointCount(0, t.length());
        JsonNode min = s.get("minLength");
        if (min != null && length < min.asInt()) {
            return at(path) + (min.asInt() == 1 ? "must not be empty" : "must be at least " + min.asInt() + " characters long");
        }
        JsonNode max = s.get("maxLength");
        if (max != null && length > max.asInt()) {
            return at(path) + "must be at most " + max.asInt() + " characters long";
        }
        JsonNode pattern = s.get("pattern");
        if (pattern != null && pattern.isTextual()
                && !PATTERNS.computeIfAbsent(pattern.asText(), Pattern::compile).matcher(t).find()) {
            return at(path) + found(com.fasterxml.jackson.databind.node.TextNode.valueOf(t)) + " does not have the form "
                    + pattern.asText();
        }
        return null;
    }

    private static boolean typeFits(JsonNode v, JsonNode type) {
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (fits(v, t.asText())) {
                    return true;
                }
            }
            return false;
        }
        return fits(v, type.asText());
    }

    private static boolean fits(JsonNode v, String type) {
        return switch (type) {
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "string" -> v.isTextual();
            case "boolean" -> v.isBoolean();
            case "null" -> v.isNull();
            case "number" -> v.isNumber();
            case "integer" -> v.isIntegralNumber() || v.isNumber() && isWhole(v.decimalValue());
            default -> true;
        };
    }

    private static boolean isWhole(BigDecimal d) {
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    /** Equality as JSON means it: numbers by value ({@code 1} and {@code 1.0} are one number). */
    private static boolean sameValue(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    private static String kinds(JsonNode type) {
        if (!type.isArray()) {
            return kind(type.asText());
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < type.size(); i++) {
            sb.append(i == 0 ? "" : i == type.size() - 1 ? " or " : ", ").append(kind(type.get(i).asText()));
        }
        return sb.toString();
    }

    private static String kind(String type) {
        return switch (type) {
            case "object" -> "an object";
            case "array" -> "an array";
            case "string" -> "a string";
            case "boolean" -> "true or false";
            case "null" -> "null";
            case "integer" -> "a whole number";
            case "number" -> "a number";
            default -> type;
        };
    }

    /** {@return what a value is, in words: its text for a short scalar, its kind otherwise} */
    static String found(JsonNode v) {
        if (v.isTextual()) {
            return "\"" + shorten(v.asText()) + "\"";
        }
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) {
            return "an array";
        }
        if (v.isBigInteger()) {
            BigInteger b = v.bigIntegerValue();
            return shorten(b.toString());
        }
        return shorten(v.asText());
    }

    /** {@return an enum's values as Jackson names them, {@code null} last: "RED, GREEN (or null)"} */
    private static String list(JsonNode values) {
        StringBuilder sb = new StringBuilder();
        boolean withNull = false;
        for (JsonNode e : values) {
            if (e.isNull()) {
                withNull = true;
                continue;
            }
            sb.append(sb.isEmpty() ? "" : ", ").append(e.isTextual() ? e.asText() : found(e));
        }
        return withNull ? sb + " (or null)" : sb.toString();
    }

    private static String at(String path) {
        return path.isEmpty() ? "" : path + ": ";
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
