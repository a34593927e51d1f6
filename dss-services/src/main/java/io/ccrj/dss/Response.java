package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A successful answer to an operation.
 *
 * <p>The body is a Jackson tree. A receiver in the same process owns the tree it is handed (see
 * {@link ServiceRef} for how isolation is kept); the host serializes it for HTTP.
 *
 * @param body the answer, never {@code null} (an empty object for "nothing to say")
 * @param version the service's state version after the operation; its HTTP {@code ETag} is
 *     {@code "<version>"} in double quotes
 */
public record Response(JsonNode body, long version) {
    /** Checks the body. */
    public Response {
        java.util.Objects.requireNonNull(body, "body (use an empty object for nothing to say)");
    }

    /** {@return the entity tag of {@link #version()}, quoted as HTTP writes it} */
    public String etag() {
        return etagOf(version);
    }

    /**
     * Formats a state version as an entity tag.
     *
     * @param version a state version
     * @return its quoted entity tag
     */
    public static String etagOf(long version) {
        return "\"" + version + "\"";
    }
}
