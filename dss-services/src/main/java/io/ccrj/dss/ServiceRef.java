package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.http.client.HttpServiceRef;
import io.ccrj.dss.internal.json.Json;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A handle on a service — the partner API. The same calls reach a service in this process
 * ({@link ServiceHost#service}: a direct post on its main port, no serialization, no sockets) or
 * in another host ({@link #remote}: HTTP/1.1 over pooled keep-alive Netty connections, JSON).
 *
 * <h2>Isolation</h2>
 * An in-process call copies: the request body is deep-copied ({@link JsonNode#deepCopy()}) before
 * it is posted, and the response and notification bodies are deep-copied before the caller sees
 * them, so sender and receiver never share a mutable tree. Bodies are Jackson trees rather than
 * immutable records because DSSP bodies are schemaless JSON (a key-value store holds any JSON
 * value) and a tree is what the HTTP path reads and writes anyway; a small tree copies in tens of
 * nanoseconds. A remote call is isolated by serialization.
 *
 * <h2>Thread safety</h2>
 * All methods may be called from any thread. Futures complete on the answering thread (a
 * service's worker, or a Netty event loop): do not block in their callbacks.
 */
public interface ServiceRef {
    /** {@return the service's name} */
    String name();

    /** {@return where it lives: {@code local:/services/NAME} or {@code http://host:port/services/NAME}} */
    String uri();

    /**
     * Posts an operation; its response port receives the answer.
     *
     * @param operation the operation (its body is copied for a local service)
     */
    void post(Operation operation);

    /**
     * Subscribes to the service's notifications.
     *
     * @param listener receives them in order (for a remote service, on a Netty event loop)
     * @param lastSequence replay retained notifications after this sequence; -1 for none
     * @return the subscription, once the service has registered it
     */
    CompletableFuture<Subscription> subscribe(NotificationListener listener, long lastSequence);

    /**
     * Posts an operation built from a builder.
     *
     * @param operation the arguments
     * @return the answer; fails with a {@link Fault}
     */
    default CompletableFuture<Response> send(Operation.Builder operation) {
        CompletableFuture<Response> f = new CompletableFuture<>();
        post(operation.build(ResponsePort.future(f)));
        return f;
    }

    /** {@return Get: the whole state} */
    default CompletableFuture<Response> get() {
        return send(Operation.builder(Verb.GET));
    }

    /** {@return Lookup: contract, operations, actions, partners} */
    default CompletableFuture<Response> lookup() {
        return send(Operation.builder(Verb.LOOKUP));
    }

    /**
     * Sends a Query.
     *
     * @param parameters query parameters (the key-value store takes {@code prefix})
     * @return Query: part of the state
     */
    default CompletableFuture<Response> query(Map<String, String> parameters) {
        return send(Operation.builder(Verb.QUERY).query(parameters));
    }

    /**
     * Sends an Insert of a new item in the key-value store's form, {@code {"key", "value"}}
     * (for another body, {@link #insert(JsonNode)}).
     *
     * @param key the new item's key
     * @param value its value
     * @return Insert (a CONFLICT fault if the key exists)
     */
    default CompletableFuture<Response> insert(String key, JsonNode value) {
        var body = Json.object();
        body.put("key", key);
        body.set("value", value);
        return send(Operation.builder(Verb.INSERT).body(body));
    }

    /**
     * Sends an Insert with a body of the service's own: a service whose Insert is not the
     * key-value store's (one that assigns the key itself, say) takes whatever body it declares.
     *
     * @param body the Insert's body
     * @return Insert: the service's answer ({@code {"key", "value"}} when it says the key it gave)
     */
    default CompletableFuture<Response> insert(JsonNode body) {
        return send(Operation.builder(Verb.INSERT).body(body));
    }

    /**
     * Sends an Update: a JSON Merge Patch of the state.
     *
     * @param patch a JSON Merge Patch of the state
     * @return Update
     */
    default CompletableFuture<Response> update(JsonNode patch) {
        return send(Operation.builder(Verb.UPDATE).body(patch));
    }

    /**
     * Sends an Upsert: inserts the item or replaces its value.
     *
     * @param key the item's key
     * @param value its value
     * @return Upsert
     */
    default CompletableFuture<Response> upsert(String key, JsonNode value) {
        return send(Operation.builder(Verb.UPSERT).key(key).body(value));
    }

    /**
     * Sends a Replace of the whole state.
     *
     * @param newState the whole new state
     * @return Replace
     */
    default CompletableFuture<Response> replace(JsonNode newState) {
        return send(Operation.builder(Verb.REPLACE).body(newState));
    }

    /**
     * Sends a Delete of an item.
     *
     * @param key the item's key
     * @return Delete (a NOT_FOUND fault if absent)
     */
    default CompletableFuture<Response> delete(String key) {
        return send(Operation.builder(Verb.DELETE).key(key));
    }

    /**
     * Sends a Submit of a named action.
     *
     * @param action the action's name
     * @param body its argument, or {@code null}
     * @return Submit
     */
    default CompletableFuture<Response> submit(String action, JsonNode body) {
        return send(Operation.builder(Verb.SUBMIT).key(action).body(body));
    }

    /** {@return Drop: stops the service} */
    default CompletableFuture<Response> drop() {
        return send(Operation.builder(Verb.DROP));
    }

    /**
     * A service in another host, reached over HTTP through a shared pool of keep-alive
     * connections.
     *
     * @param serviceUrl {@code http://host:port/services/NAME}
     * @param bearerToken sent as {@code Authorization: Bearer ...}, or {@code null}
     * @return the handle
     */
    static ServiceRef remote(URI serviceUrl, String bearerToken) {
        return HttpServiceRef.create(serviceUrl, bearerToken);
    }
}
