package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.ccrj.dss.internal.runtime.Commit;

import java.util.Map;
import java.util.Objects;

/**
 * One DSSP message on a service's main port: a {@link Verb}, its arguments and the
 * {@link ResponsePort} that receives the answer.
 *
 * <p>Arguments by verb: {@code key} names the item of Upsert and Delete and the action of Submit;
 * {@code body} is the request body (the new state for Replace, the merge patch for Update,
 * {@code {"key","value"}} for Insert, the value for Upsert, the action's argument for Submit, an
 * optional query for Query); {@code query} holds URL query parameters (Query); {@code ifMatch}
 * the HTTP {@code If-Match} value of a modification.
 *
 * <p>A handler answers through {@link #respond(JsonNode)}, {@link #respondState()} or
 * {@link #fault}; the service runtime then bumps the version, saves and notifies for a successful
 * modification before the answer is delivered. An operation is answered once; later answers are
 * ignored.
 *
 * <h2>Isolation</h2>
 * The body belongs to the receiving handler once posted: the poster must not touch it again.
 * {@link ServiceRef}s enforce this for in-process partners by copying (see there).
 *
 * <h2>A plain value</h2>
 * An operation is immutable and carries only its arguments and its response port: the service
 * runtime that admits it keeps its own data (which handler runs) beside it, and the commit a
 * success needs is reached through the response port (which the runtime prepares on admission),
 * so a handler receives the very operation that was posted.
 */
public final class Operation {
    private final Verb verb;
    private final String key;
    private final JsonNode body;
    private final Map<String, String> query;
    private final String ifMatch;
    private final ResponsePort responsePort;
    private final NotificationListener subscriber;
    private final long lastSequence;
    private final String authorization;
    private Operation(Builder b, ResponsePort responsePort) {
        this.verb = b.verb;
        this.key = b.key;
        this.body = b.body;
        this.query = b.query == null ? Map.of() : Map.copyOf(b.query);
        this.ifMatch = b.ifMatch;
        this.responsePort = Objects.requireNonNull(responsePort, "responsePort");
        this.subscriber = b.subscriber;
        this.lastSequence = b.lastSequence;
        this.authorization = b.authorization;
    }

    /** What {@link #of} builds: the builder's defaults for everything but these. */
    private Operation(Verb verb, String key, JsonNode body, ResponsePort responsePort) {
        this.verb = Objects.requireNonNull(verb, "verb");
        this.key = key;
        this.body = body;
        this.query = Map.of();
        this.ifMatch = null;
        this.responsePort = Objects.requireNonNull(responsePort, "responsePort");
        this.subscriber = null;
        this.lastSequence = -1;
        this.authorization = null;
    }

    /**
     * Starts building an operation.
     *
     * @param verb the operation
     * @return a builder for its arguments
     */
    public static Builder builder(Verb verb) {
        return new Builder(verb);
    }

    /**
     * Creates an operation with a key and a body.
     *
     * @param verb the operation
     * @param key the item key or Submit action, or {@code null}
     * @param body the body, or {@code null}
     * @param responsePort where the answer goes
     * @return the operation
     */
    public static Operation of(Verb verb, String key, JsonNode body, ResponsePort responsePort) {
        return new Operation(verb, key, body, responsePort); // no builder: a partner's call makes one per request
    }

    /** {@return the verb} */
    public Verb verb() {
        return verb;
    }

    /** {@return the item key (Upsert, Delete), the action (Submit), or {@code null}} */
    public String key() {
        return key;
    }

    /** {@return the Submit action (the same as {@link #key()}), or {@code null}} */
    public String action() {
        return key;
    }

    /** {@return the body, or {@code null} when there was none} */
    public JsonNode body() {
        return body;
    }

    /** {@return the body, or a new empty JSON object when there was none} */
    public JsonNode bodyOrEmpty() {
        return body == null ? JsonNodeFactory.instance.objectNode() : body;
    }

    /** {@return query parameters (Query); empty if none} */
    public Map<String, String> query() {
        return query;
    }

    /** {@return the {@code If-Match} value, or {@code null}} */
    public String ifMatch() {
        return ifMatch;
    }

    /** {@return the response port} */
    public ResponsePort responsePort() {
        return responsePort;
    }

    /** {@return the Subscribe listener, or {@code null}} */
    public NotificationListener subscriber() {
        return subscriber;
    }

    /** {@return for Subscribe: replay notifications after this sequence (-1: none)} */
    public long lastSequence() {
        return lastSequence;
    }

    /** {@return the {@code Authorization} header a remote partner call forwards, or {@code null}} */
    public String authorization() {
        return authorization;
    }

    /**
     * Answers with a body.
     *
     * @param responseBody the answer (ownership passes to the receiver)
     */
    public void respond(JsonNode responseBody) {
        Commit commit = responsePort.commit();
        long version = commit == null ? 0 : commit.beforeSuccess(this);
        if (version < 0) {
            return; // nothing was committed: the runtime answered the fault, or the port was answered already
        }
        deliver(new Response(responseBody == null ? JsonNodeFactory.instance.objectNode() : responseBody, version));
    }

    /**
     * Answers an Insert with the key the service gave the new item: the answer is
     * {@code {"key": key, "value": value}}, over HTTP {@code 201 Created} with
     * {@code Location: /services/{name}/items/{key}}, and the Insert's notification carries the
     * same object (a plain {@link #respond} notifies the request body, and the {@code Location}
     * names an item only when the answer has a text {@code "key"}).
     *
     * @param key the new item's key
     * @param value what the item holds (ownership passes to the receiver), or {@code null} for JSON null
     * @throws IllegalStateException if this operation is not an Insert
     */
    public void respondInserted(String key, JsonNode value) {
        Objects.requireNonNull(key, "key");
        if (verb != Verb.INSERT) {
            throw new IllegalStateException("respondInserted answers an Insert, not " + verb);
        }
        com.fasterxml.jackson.databind.node.ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("key", key);
        answer.set("value", value == null ? JsonNodeFactory.instance.nullNode() : value);
        Commit commit = responsePort.commit();
        // the subscribers' copy: a receiver in this process owns the answer it is handed
        long version = commit == null ? 0 : commit.beforeSuccess(this, answer.deepCopy());
        if (version >= 0) {
            deliver(new Response(answer, version));
        }
    }

    /**
     * Reads the body as a value of a type, with the host's Jackson configuration (a property the
     * type does not have is ignored).
     *
     * @param <T> the type
     * @param type the class to read it as
     * @return the value
     * @throws Fault BAD_REQUEST if there is no body, or it does not fit the type: the message names
     *     the place in the body and what was expected there, never a Java type
     */
    public <T> T bodyAs(Class<T> type) throws Fault {
        Objects.requireNonNull(type, "type");
        if (body == null) {
            throw new Fault(FaultCode.BAD_REQUEST, this + " needs a JSON body");
        }
        try {
            return JsonBodies.fromTree(body, type);
        } catch (JsonBodies.MismatchException e) {
            throw new Fault(FaultCode.BAD_REQUEST, "the body of " + this + " does not fit: " + e.getMessage(), e);
        }
    }

    /** Answers with the service's whole state as it is after this operation. */
    public void respondState() {
        Commit commit = responsePort.commit();
        if (commit == null) {
            respond(null);
            return;
        }
        long version = commit.beforeSuccess(this);
        if (version >= 0) {
            deliver(new Response(commit.snapshot(), version));
        }
    }

    /** Delivers a success: through the claim the runtime took for its commit, if it took one. */
    private void deliver(Response r) {
        if (!responsePort.answerClaimed(r, null)) {
            responsePort.respond(r);
        }
    }

    /**
     * Answers with a fault.
     *
     * @param code why
     * @param message a sentence for a person
     */
    public void fault(FaultCode code, String message) {
        responsePort.fault(new Fault(code, message));
    }

    /**
     * Answers with a fault.
     *
     * @param fault the failure
     */
    public void fault(Fault fault) {
        responsePort.fault(fault);
    }

    /** {@return {@code "GET"}, {@code "SUBMIT ping"}, ...} */
    @Override
    public String toString() {
        return key == null ? verb.name() : verb.name() + " " + key;
    }

    /** Arguments of an {@link Operation}. Not thread-safe; build on one thread. */
    public static final class Builder {
        private final Verb verb;
        private String key;
        private JsonNode body;
        private Map<String, String> query;
        private String ifMatch;
        private NotificationListener subscriber;
        private long lastSequence = -1;
        private String authorization;

        private Builder(Verb verb) {
            this.verb = Objects.requireNonNull(verb, "verb");
        }

        /**
         * Sets the item key, or the action of a Submit.
         *
         * @param value the item key or Submit action
         * @return this
         */
        public Builder key(String value) {
            this.key = value;
            return this;
        }

        /**
         * Sets the body.
         *
         * @param value the body
         * @return this
         */
        public Builder body(JsonNode value) {
            this.body = value;
            return this;
        }

        /**
         * Sets the query parameters.
         *
         * @param value query parameters
         * @return this
         */
        public Builder query(Map<String, String> value) {
            this.query = value;
            return this;
        }

        /**
         * Sets the {@code If-Match} precondition.
         *
         * @param value an {@code If-Match} value ({@code "3"} quoted, a list, or {@code *})
         * @return this
         */
        public Builder ifMatch(String value) {
            this.ifMatch = value;
            return this;
        }

        /**
         * Sets the listener of a Subscribe.
         *
         * @param value the Subscribe listener
         * @return this
         */
        public Builder subscriber(NotificationListener value) {
            this.subscriber = value;
            return this;
        }

        /**
         * Sets the sequence after which a Subscribe replays retained notifications.
         *
         * @param value for Subscribe: replay retained notifications after this sequence
         * @return this
         */
        public Builder lastSequence(long value) {
            this.lastSequence = value;
            return this;
        }

        /**
         * Sets the {@code Authorization} header a remote call sends.
         *
         * @param value an {@code Authorization} header value that a remote call sends
         * @return this
         */
        public Builder authorization(String value) {
            this.authorization = value;
            return this;
        }

        /**
         * Builds the operation.
         *
         * @param responsePort where the answer goes
         * @return the operation
         */
        public Operation build(ResponsePort responsePort) {
            return new Operation(this, responsePort);
        }
    }
}
