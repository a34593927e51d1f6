package io.ccrj.bench.dss.client;

import java.nio.charset.StandardCharsets;

/**
 * A complete HTTP response as {@link HttpRoundTripClient} hands it back: status, content type and
 * body bytes (copied out of Netty's buffers, so the reply outlives the connection).
 *
 * @param status status code
 * @param contentType {@code Content-Type}, or {@code null} when absent
 * @param body body bytes, empty for none
 */
public record HttpReply(int status, String contentType, byte[] body) {

    /** @return the body decoded as UTF-8 */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /**
     * @param server who answered, for the message
     * @return this reply, if its status is 200
     * @throws IllegalStateException naming the server, the status and the body otherwise
     */
    public HttpReply requireOk(Object server) {
        if (status != 200) {
            throw new IllegalStateException(server + " answered " + status + ": " + bodyText());
        }
        return this;
    }

    @Override
    public String toString() {
        return status + " " + contentType + " " + bodyText();
    }
}
