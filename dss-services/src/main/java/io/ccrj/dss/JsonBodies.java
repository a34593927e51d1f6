package io.ccrj.dss;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.internal.json.Json;

/**
 * Helpers for the JSON bodies of operations, with the host's own Jackson configuration (its
 * read limits, unknown properties ignored, trailing tokens refused): what a service or a caller
 * needs to make and read bodies without Jackson setup of its own. Thread-safe; every method
 * returns a new value.
 */
public final class JsonBodies {
    private JsonBodies() {
    }

    /** {@return a new empty JSON object, to fill with {@code put}} */
    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** {@return a new empty JSON array, to fill with {@code add}} */
    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /**
     * Parses JSON text.
     *
     * @param text one JSON value
     * @return its tree
     * @throws IllegalArgumentException if the text is not one JSON value (the message gives the
     *     line and column)
     */
    public static JsonNode parse(String text) {
        try {
            return Json.TREE_READER.readValue(text);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new IllegalArgumentException("not JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + Json.firstLine(e), e);
        }
    }

    /**
     * Converts a value (a record, a map, a list, ...) to its JSON tree.
     *
     * @param value the value; its class must be readable by Jackson (in a named module, its
     *     package opened to {@code com.fasterxml.jackson.databind})
     * @return its tree
     * @throws IllegalArgumentException if Jackson cannot convert it
     */
    public static JsonNode toTree(Object value) {
        return Json.MAPPER.valueToTree(value);
    }

    /**
     * Reads a tree as a value of a type. A property the type does not have is ignored (the host's
     * one rule for unknown properties, in every body it reads); {@code null} where the type takes a
     * primitive, a value of the wrong JSON kind, a number out of range or a text that is not one
     * of an enum's constants does not fit.
     *
     * <p>In a handler, a tree that does not fit is the client's error: the exception, escaping the
     * handler, is answered {@link FaultCode#BAD_REQUEST} (HTTP 400) with its message, as
     * {@link Operation#bodyAs} does.
     *
     * @param <T> the type
     * @param tree the JSON tree
     * @param type the class to read it as
     * @return the value
     * @throws MismatchException if the tree does not fit the type: the message names the place
     *     in the tree and what was expected there (never a Java type)
     */
    public static <T> T fromTree(JsonNode tree, Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw new MismatchException(Json.firstLine(e), e);
        }
    }

    /**
     * A JSON tree that does not fit the type it was read as ({@link #fromTree}): a client's error
     * when the tree is a request body, which is how the host answers it when a handler lets it
     * escape (400, with this message).
     */
    public static final class MismatchException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        MismatchException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Writes a tree as compact JSON text.
     *
     * @param tree the tree
     * @return its text
     */
    public static String toText(JsonNode tree) {
        try {
            return Json.WRITER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write JSON: " + Json.firstLine(e), e);
        }
    }
}
