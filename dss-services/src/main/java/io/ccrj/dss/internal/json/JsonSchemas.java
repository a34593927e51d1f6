package io.ccrj.dss.internal.json;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * JSON Schemas (draft 2020-12, the dialect of OpenAPI 3.1) of Java types as the host's Jackson
 * mapper reads and writes them, and example values of those schemas.
 *
 * <p>A small generator over Jackson's own type introspection rather than a schema library: the
 * property names, types and {@code required} flags are exactly those the host's mapper uses (its
 * annotations and naming included), and dss-services gains no dependency. The schemas name no Java
 * type: nested types are inlined, a type that contains itself is cut to "an object or null" at the
 * second visit, and a JDK type Jackson has no plain JSON form for (outside strings, numbers, booleans,
 * collections and maps) is "any JSON".
 *
 * <p>What the schemas say is what the host enforces: {@link SchemaCheck} checks a request body
 * against the same schema before its handler runs. A property that is not described is allowed
 * (no {@code additionalProperties: false}): the host's mapper ignores unknown properties, and so
 * does the check.
 *
 * <p>Stateless and thread-safe (Jackson's introspection is).
 */
@Internal
public final class JsonSchemas {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private JsonSchemas() {
    }

    /**
     * The schema of a type.
     *
     * @param type a Java type, or {@code null} for any JSON
     * @return a new schema ({@code {}} for any JSON)
     */
    public static ObjectNode of(Type type) {
        if (type == null) {
            return F.objectNode();
        }
        return schema(Json.MAPPER.constructType(type), new HashSet<>());
    }

    private static ObjectNode schema(JavaType t, Set<Class<?>> visiting) {
        Class<?> c = t.getRawClass();
        ObjectNode s = F.objectNode();
        if (JsonNode.class.isAssignableFrom(c)) {
            return switch (c.getSimpleName()) {
                case "ObjectNode" -> s.put("type", "object");
                case "ArrayNode" -> s.put("type", "array");
                case "TextNode" -> s.put("type", "string");
                case "BooleanNode" -> s.put("type", "boolean");
                case "IntNode", "LongNode", "ShortNode", "BigIntegerNode" -> s.put("type", "integer");
                default -> s; // any JSON
            };
        }
        if (c == Object.class || c == Void.class || c == void.class) {
            return s;
        }
        if (c == String.class || c == char.class || c == Character.class || CharSequence.class.isAssignableFrom(c)) {
            return s.put("type", "string");
        }
        if (c == boolean.class || c == Boolean.class) {
            return s.put("type", "boolean");
        }
        // the bounds are written out, not left to the format: a generator of test data or a
        // client reads them, and the body check refuses what Jackson could not read
        if (c == int.class || c == Integer.class) {
            return s.put("type", "integer").put("format", "int32").put("minimum", Integer.MIN_VALUE)
                    .put("maximum", Integer.MAX_VALUE);
        }
        if (c == short.class || c == Short.class) {
            return s.put("type", "integer").put("format", "int32").put("minimum", Short.MIN_VALUE)
                    .put("maximum", Short.MAX_VALUE);
        }
        if (c == byte.class || c == Byte.class) {
            return s.put("type", "integer").put("format", "int32").put("minimum", Byte.MIN_VALUE)
                    .put("maximum", Byte.MAX_VALUE);
        }
        if (c == long.class || c == Long.class) {
            return s.put("type", "integer").put("format", "int64").put("minimum", Long.MIN_VALUE)
                    .put("maximum", Long.MAX_VALUE);
        }
        if (c == BigInteger.class) {
            return s.put("type", "integer");
        }
        if (c == float.class || c == Float.class) {
            return s.put("type", "number").put("format", "float");
        }
        if (c == double.class || c == Double.class) {
            return s.put("type", "number").put("format", "double");
        }
        if (c == BigDecimal.class || Number.class.isAssignableFrom(c)) {
            return s.put("type", "number");
        }
        if (c == UUID.class) {
            return s.put("type", "string").put("format", "uuid");
        }
        if (c == URI.class || c == URL.class) {
            return s.put("type", "string").put("format", "uri");
        }
        if (t.isEnumType()) {
            s.put("type", "string");
            ArrayNode values = s.putArray("enum");
            for (Object constant : c.getEnumConstants()) {
                values.add(Json.MAPPER.valueToTree(constant).asText());
            }
            return s;
        }
        if (c == byte[].class) {
            return s.put("type", "string").put("contentEncoding", "base64");
        }
        if (t.isArrayType() || t.isCollectionLikeType()) {
            s.put("type", "array");
            s.set("items", schema(t.getContentType(), visiting));
            if (Set.class.isAssignableFrom(c)) {
                s.put("uniqueItems", true);
            }
            return s;
        }
        if (t.isMapLikeType()) {
            s.put("type", "object");
            s.set("additionalProperties", schema(t.getContentType(), visiting));
            return s;
        }
        if (t.isReferenceType()) { // Optional, AtomicReference: their content, or null
            return nullable(schema(t.getContentType(), visiting));
        }
        if (c.isPrimitive() || isJdk(c) || c.isInterface()) {
            return s; // no plain JSON form known: any JSON
        }
        if (!visiting.add(c)) { // a type inside itself: an object (or null), not described again
            s.putArray("type").add("object").add("null");
            s.putArray("examples").addNull();
            return s;
        }
        try {
            s.put("type", "object");
            BeanDescription bean = Json.MAPPER.getSerializationConfig().introspect(t);
            ObjectNode props = F.objectNode();
            ArrayNode required = F.arrayNode();
            for (BeanPropertyDefinition p : bean.findProperties()) {
                if (!p.couldSerialize()) {
                    continue;
                }
                JavaType pt = p.getPrimaryType();
                ObjectNode ps = schema(pt, visiting);
                if (p.isRequired()) {
                    required.add(p.getName());
                } else if (!pt.isPrimitive()) {
                    ps = nullable(ps);
                }
                props.set(p.getName(), ps);
            }
            if (!props.isEmpty()) {
                s.set("properties", props);
            }
            if (!required.isEmpty()) {
                s.set("required", required);
            }
            return s;
        } finally {
            visiting.remove(c);
        }
    }

    private static boolean isJdk(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
    }

    /** {@return the schema also allowing {@code null}} */
    private static ObjectNode nullable(ObjectNode s) {
        JsonNode type = s.get("type");
        if (type != null && type.isTextual()) {
            s.putArray("type").add(type.asText()).add("null");
        }
        JsonNode values = s.get("enum");
        if (values instanceof ArrayNode a) {
            boolean hasNull = false;
            for (JsonNode v : a) {
                hasNull |= v.isNull();
            }
            if (!hasNull) {
                a.addNull();
            }
        }
        return s;
    }

    /**
     * The schema of a JSON Merge Patch (RFC 7396) of values of a schema: an object whose
     * properties are those of the schema, none required, each either a patch of that property's
     * value or (where the property is not required) {@code null}, which removes it; a map's
     * entries likewise. A value that is not an object is replaced whole, so its patch is its own
     * schema.
     *
     * @param schema a schema made by {@link #of}
     * @return a new schema
     */
    public static ObjectNode mergePatch(JsonNode schema) {
        ObjectNode out = F.objectNode();
        if (!"object".equals(firstType(schema.get("type"))) || schema.has("enum")) {
            return schema.deepCopy();
        }
        out.put("type", "object");
        JsonNode props = schema.get("properties");
        java.util.Set<String> required = new HashSet<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        if (props != null) {
            ObjectNode ps = out.putObject("properties");
            props.fields().forEachRemaining(e -> {
                ObjectNode p = patchOf(e.getValue());
                ps.set(e.getKey(), required.contains(e.getKey()) ? withoutNull(p) : nullable(p));
            });
        }
        JsonNode extra = schema.get("additionalProperties");
        if (extra != null && extra.isObject()) {
            out.set("additionalProperties", nullable(patchOf(extra)));
        }
        return out;
    }

    /** A property's patch: a merge patch of an object, else the value itself. */
    private static ObjectNode patchOf(JsonNode schema) {
        return "object".equals(firstType(schema.get("type"))) && schema.has("properties") ? mergePatch(schema)
                : schema.deepCopy();
    }

    private static ObjectNode withoutNull(ObjectNode s) {
        JsonNode type = s.get("type");
        if (type instanceof ArrayNode a) {
            ArrayNode kept = F.arrayNode();
            a.forEach(t -> {
                if (!t.asText().equals("null")) {
                    kept.add(t);
                }
            });
            s.set("type", kept.size() == 1 ? kept.get(0) : kept);
        }
        return s;
    }

    /**
     * An example value of a schema: its {@code example} (or first of {@code examples}) where it has
     * one, else made from its type: an object's properties, one entry of a map, one array item,
     * an enum's first value, {@code "text"}, {@code 0}, {@code true}; {@code {}} for any JSON.
     *
     * @param schema a schema made by {@link #of} (no {@code $ref})
     * @return a new value that the schema accepts
     */
    public static JsonNode example(JsonNode schema) {
        if (schema.has("example")) {
            return schema.get("example").deepCopy();
        }
        if (schema.path("examples").isArray() && !schema.path("examples").isEmpty()) {
            return schema.get("examples").get(0).deepCopy();
        }
        if (schema.path("enum").isArray() && !schema.path("enum").isEmpty()) {
            return schema.get("enum").get(0).deepCopy();
        }
        String type = firstType(schema.get("type"));
        if (type == null) {
            return F.objectNode();
        }
        return switch (type) {
            case "object" -> {
                ObjectNode o = F.objectNode();
                JsonNode props = schema.path("properties");
                for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    o.set(e.getKey(), example(e.getValue()));
                }
                if (props.isMissingNode() && schema.has("additionalProperties")) {
                    o.set("key", example(schema.get("additionalProperties")));
                }
                yield o;
            }
            case "array" -> {
                ArrayNode a = F.arrayNode();
                a.add(example(schema.path("items")));
                yield a;
            }
            case "string" -> switch (schema.path("format").asText()) {
                case "uuid" -> F.textNode("00000000-0000-0000-0000-000000000000");
                case "uri" -> F.textNode("http://127.0.0.1/");
                default -> F.textNode("text");
            };
            case "integer" -> F.numberNode(0);
            case "number" -> F.numberNode(0.5);
            case "boolean" -> F.booleanNode(true);
            default -> F.nullNode();
        };
    }

    private static String firstType(JsonNode type) {
        if (type == null) {
            return null;
        }
        if (type.isTextual()) {
            return type.asText();
        }
        for (JsonNode t : type) {
            if (!t.asText().equals("null")) {
                return t.asText();
            }
        }
        return "null";
    }
}
