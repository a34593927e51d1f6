package io.ccrj.dss.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
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
     * @param e a Jackson failure
     * @return its message's first line, without the source excerpt Jackson appends
     */
    public static String firstLine(Exception e) {
        String m = e instanceof JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
        if (m == null) {
            return "unreadable JSON";
        }
        int nl = m.indexOf('\n');
        String line = nl < 0 ? m : m.substring(0, nl);
        // Jackson names its own Java API in constraint messages; a client needs only the limit
        return line.replaceAll(",? ?(from|use) `[A-Za-z.]+\\(\\)`", "")
                .replaceAll("`[A-Za-z.]*(StreamReadConstraints|StreamWriteConstraints|JsonFactory)[A-Za-z.()]*`", "the host's limit")
                // a client knows the JSON it sent, not the Java types it is read as
                .replaceAll("`[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+(<[^`]*>)?(\\[])*`", "the expected type")
                .replaceAll("\\s*\\(although at least one Creator exists\\)", "");
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
