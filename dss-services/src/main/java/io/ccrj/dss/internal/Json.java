package io.ccrj.dss.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The one Jackson configuration of the module: mapper, reader and writer are built once and
 * shared (they are thread-safe), so no request pays for Jackson's per-type introspection twice.
 */
public final class Json {
    /** The shared mapper. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
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
     * @param e a Jackson failure
     * @return its message's first line, without the source excerpt Jackson appends
     */
    public static String firstLine(Exception e) {
        String m = e instanceof JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
        if (m == null) {
            return e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
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
