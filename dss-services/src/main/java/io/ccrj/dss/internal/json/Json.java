package io.ccrj.dss.internal.json;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The one Jackson configuration of the module: mapper, reader and writer are built once and
 * shared (they are thread-safe), so no request pays for Jackson's per-type introspection twice.
 */
@Internal
public final class Json {
    /**
     * The limits every read of JSON in the host applies: request bodies, the state file, the
     * notification replay, a remote partner's answers. Written out (they are Jackson's defaults)
     * because {@link JsonLimits} validates what the host accepts against the very same numbers,
     * so that whatever it accepts it can also give back and read again.
     */
    public static final StreamReadConstraints READ_LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(1000)
            .maxNameLength(50_000)
            .maxStringLength(20_000_000)
            .maxNumberLength(1000)
            .build();
    /** The write-side twin of {@link #READ_LIMITS}. */
    public static final StreamWriteConstraints WRITE_LIMITS = StreamWriteConstraints.builder()
            .maxNestingDepth(READ_LIMITS.getMaxNestingDepth())
            .build();

    /** The shared mapper. */
    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(READ_LIMITS)
            .streamWriteConstraints(WRITE_LIMITS)
            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** Reads a tree. */
    public static final ObjectReader TREE_READER = MAPPER.readerFor(JsonNode.class);
    /** Writes compactly. */
    public static final ObjectWriter WRITER = MAPPER.writer();
    /** Writes indented (browser view). */
    public static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();

    private Json() {
    }

    /** @return a new empty object node */
    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /**
     * A Jackson failure in the terms of the JSON a client sent: where in the document (a field
     * path such as {@code inner.depth} or {@code tags[2]}), what was expected there as a JSON
     * kind ("a whole number", "one of RED, GREEN", "an array") and what was found. Never a Java
     * type, a Jackson class or feature, or the source excerpt Jackson appends.
     *
     * @param e a Jackson failure (any other exception gives its message, cleaned the same way)
     * @return one line in the user's terms
     */
    public static String firstLine(Exception e) {
        if (e instanceof JsonMappingException jme) {
            String t = mappingProblem(jme);
            if (t != null) {
                return t;
            }
        }
        if (e instanceof InputCoercionException ice) {
            return coercionProblem(ice);
        }
        String m = e instanceof JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
        if (m == null) {
            return "unreadable JSON";
        }
        String path = e instanceof JsonMappingException jme ? path(jme.getPath()) : "";
        return (path.isEmpty() ? "" : path + ": ") + clean(m);
    }

    /**
     * Why a text is not JSON, with the place: {@code "malformed JSON body at line 3, column 1:
     * Unexpected character ('}'): expected a value"}.
     *
     * @param what what the text is ({@code "body"})
     * @param e the parser's failure
     * @return one line in the user's terms
     */
    public static String malformed(String what, Exception e) {
        com.fasterxml.jackson.core.JsonLocation at = e instanceof JsonProcessingException jpe ? jpe.getLocation() : null;
        String where = at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        String original = e instanceof JsonProcessingException jpe ? String.valueOf(jpe.getOriginalMessage()) : "";
        String why = original.startsWith("Trailing token") ? "more JSON after the value (a body is one JSON value)"
                : firstLine(e);
        return "malformed JSON " + what + where + ": " + why;
    }

    /** Jackson's words with its Java names, features and source excerpts taken out. */
    private static String clean(String message) {
        int nl = message.indexOf('\n');
        String line = nl < 0 ? message : message.substring(0, nl);
        // "(for Array starting at [Source: ...; line: 1, column: 14])": the place, not the source
        line = line.replaceAll("\\s*\\((?:for \\w+ starting at|start marker at) \\[Source: .*?; line: (\\d+), column: (\\d+)\\]\\)",
                " (opened at line $1, column $2)");
        line = line.replaceAll("\\s*\\[Source: .*?; line: \\d+, column: \\d+\\]", "");
        line = line.replaceAll("^Trailing token .*", "more JSON after the value (a body is one JSON value)");
        line = line.replaceAll("^Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
                "a number of $1 digits, longer than the host's limit of $2");
        line = line.replaceAll("^Unexpected end-of-input", "the JSON ends early");
        line = line.replaceAll(": was expecting (.*?)(\\s+at \\[Source.*)?$", ": expected $1");
        // Jackson names its own Java API in constraint messages; a client needs only the limit
        line = line.replaceAll(",? ?(from|use) `[A-Za-z.]+\\(\\)`", "")
                .replaceAll("`[A-Za-z.]*(StreamReadConstraints|StreamWriteConstraints|JsonFactory)[A-Za-z.()]*`", "the host's limit")
                .replaceAll("\\s*\\(although at least one Creator exists\\)", "")
                // a client knows the JSON it sent, not the Java types it is read as
                .replaceAll("`[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+(<[^`]*>)?(\\[])*`", "the expected type")
                .replaceAll("`(int|long|short|byte|double|float|boolean|char)`", "$1")
                .replaceAll("\\((?:token|JsonToken)[^)]*\\)", "")
                .replaceAll("\\b(?:START|END)_OBJECT\\b", "an object")
                .replaceAll("\\b(?:START|END)_ARRAY\\b", "an array")
                .replaceAll("\\bVALUE_\\w+\\b", "a value")
                .replaceAll("\\bFIELD_NAME\\b", "a field name")
                .replaceAll("\\b(?:java|javax|com\\.fasterxml|io\\.netty|io\\.ccrj)\\.[\\w.$]+", "the expected type")
                .replaceAll("\\b\\w*Exception\\b:?\\s*", "")
                .replaceAll("\\s+", " ").strip();
        return line.isEmpty() ? "unreadable JSON" : line;
    }

    /** A value of the wrong JSON kind, or a value its type refuses, named by its place. */
    private static String mappingProblem(JsonMappingException e) {
        String path = path(e.getPath());
        String where = path.isEmpty() ? "" : path + ": ";
        Class<?> target = e instanceof MismatchedInputException mie ? mie.getTargetType() : null;
        if (e instanceof InvalidDefinitionException) {
            // the service's own type is unreadable: nothing the client can fix
            return where + "the service's state type cannot be read from JSON";
        }
        if (target == null) {
            if (e.getCause() instanceof InputCoercionException ice) {
                String c = coercionProblem(ice); // names the field itself when the parser knows it
                return where.isEmpty() || c.startsWith(where) ? c : where + c;
            }
            return null;
        }
        String expected = jsonKind(target);
        String found = null;
        if (e instanceof InvalidFormatException ife && ife.getValue() != null) {
            Object v = ife.getValue();
            String text = v instanceof String str ? "\"" + shorten(str) + "\"" : shorten(String.valueOf(v));
            if (target.isEnum()) {
                return where + text + " is not " + expected;
            }
            found = text;
        }
        String m = String.valueOf(e.getOriginalMessage());
        if (found == null) {
            java.util.regex.Matcher k = java.util.regex.Pattern.compile("from (Object|Array|String|Boolean|Integer|Floating-point|Null|Embedded Object)"
                    + " value(?: \\('(.*)'\\))?").matcher(m);
            if (k.find()) {
                found = switch (k.group(1)) {
                    case "Object" -> "an object";
                    case "Array" -> "an array";
                    case "String" -> k.group(2) == null ? "a string" : "\"" + shorten(k.group(2)) + "\"";
                    case "Boolean" -> "a boolean";
                    case "Integer" -> "a whole number";
                    case "Floating-point" -> "a number with a fraction";
                    case "Null" -> "null";
                    default -> "a value";
                };
            } else if (m.contains("null") && target.isPrimitive()) {
                found = "null";
            }
        }
        return (path.isEmpty() ? "expected " : path + ": expected ") + expected + (found == null ? "" : ", found " + found);
    }

    private static String coercionProblem(InputCoercionException e) {
        String path = "";
        if (e.getProcessor() instanceof JsonParser p) {
            path = path(p.getParsingContext());
        }
        java.util.regex.Matcher v = java.util.regex.Pattern.compile("value \\(([^)]*)\\)").matcher(String.valueOf(e.getOriginalMessage()));
        String value = v.find() ? shorten(v.group(1)) : "the number";
        Class<?> t = e.getTargetType();
        String range;
        if (t == Integer.TYPE || t == Integer.class) {
            range = "from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        } else if (t == Long.TYPE || t == Long.class) {
            range = "from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        } else if (t == Short.TYPE || t == Short.class) {
            range = "from " + Short.MIN_VALUE + " to " + Short.MAX_VALUE;
        } else if (t == Byte.TYPE || t == Byte.class) {
            range = "from " + Byte.MIN_VALUE + " to " + Byte.MAX_VALUE;
        } else {
            range = "that fits";
        }
        return (path.isEmpty() ? "" : path + ": ") + value + " is out of range (expected a whole number " + range + ")";
    }

    /** A JSON kind for a Java type: what a client must send. */
    private static String jsonKind(Class<?> c) {
        if (c == Integer.TYPE || c == Long.TYPE || c == Short.TYPE || c == Byte.TYPE || c == Integer.class || c == Long.class
                || c == Short.class || c == Byte.class || c == java.math.BigInteger.class) {
            return "a whole number";
        }
        if (c == Double.TYPE || c == Float.TYPE || Number.class.isAssignableFrom(c)) {
            return "a number";
        }
        if (c == Boolean.TYPE || c == Boolean.class) {
            return "true or false";
        }
        if (CharSequence.class.isAssignableFrom(c) || c == Character.TYPE || c == Character.class) {
            return "a string";
        }
        if (c.isEnum()) {
            StringBuilder sb = new StringBuilder("one of ");
            Object[] values = c.getEnumConstants();
            for (int i = 0; i < values.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(values[i]);
            }
            return sb.toString();
        }
        if (c.isArray() || java.util.Collection.class.isAssignableFrom(c)
                || com.fasterxml.jackson.databind.node.ArrayNode.class.isAssignableFrom(c)) {
            return "an array";
        }
        if (c == JsonNode.class) {
            return "a JSON value";
        }
        return "an object";
    }

    /** A field path from Jackson's reference chain: {@code inner.depth}, {@code tags[2]}. */
    private static String path(java.util.List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    /** A field path from a parser's place. */
    private static String path(com.fasterxml.jackson.core.JsonStreamContext ctx) {
        java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
        for (var c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                parts.addFirst((parts.isEmpty() || parts.peekFirst().startsWith("[") ? "" : ".") + c.getCurrentName());
            } else if (c.inArray()) {
                parts.addFirst("[" + Math.max(0, c.getCurrentIndex()) + "]");
            }
        }
        String p = String.join("", parts);
        return p.startsWith(".") ? p.substring(1) : p;
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    /**
     * @param node a tree
     * @return its compact JSON text
     */
    public static String toString(JsonNode node) {
        try {
            return WRITER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }
}
