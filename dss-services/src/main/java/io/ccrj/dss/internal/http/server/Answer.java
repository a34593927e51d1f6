package io.ccrj.dss.internal.http.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.Internal;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;

import java.util.function.Consumer;

/**
 * What a request is answered with, as a value: the router decides it, {@link HttpExchange#respond(Answer)}
 * writes it (serializing, the headers, the connection's order and flush). An answer is made on
 * whatever thread decides it (the event loop, or the thread a service answered on) and written
 * from there; it holds nothing that needs releasing.
 */
@Internal
public sealed interface Answer {
    /** {@return the status} */
    int status();

    /**
     * A JSON body.
     *
     * @param status the status
     * @param body the tree
     * @param headers adds headers, or {@code null}
     */
    record Json(int status, JsonNode body, Consumer<HttpHeaders> headers) implements Answer {
    }

    /**
     * A JSON body with one extra header (no per-answer lambda: the state's answer with its ETag),
     * written from bytes already serialized when there are some.
     *
     * @param status the status
     * @param body the tree, written when {@code bytes} is {@code null}
     * @param bytes its JSON, serialized before and shared (not copied, not modified), or {@code null}
     * @param header the extra header's name
     * @param value its value
     */
    record Tagged(int status, JsonNode body, byte[] bytes, AsciiString header, CharSequence value) implements Answer {
    }

    /**
     * A text body.
     *
     * @param status the status
     * @param contentType its type
     * @param text the text
     */
    record Text(int status, CharSequence contentType, String text) implements Answer {
    }

    /**
     * A head without a body (what a HEAD of a stream answers).
     *
     * @param status the status
     * @param contentType the type the body would have
     */
    record Head(int status, CharSequence contentType) implements Answer {
    }

    /**
     * The JSON error body ({@code {"error", "message"}}).
     *
     * @param status the status
     * @param error the short code
     * @param message the sentence
     * @param headers adds headers, or {@code null}
     */
    record Error(int status, String error, String message, Consumer<HttpHeaders> headers) implements Answer {
    }
}
