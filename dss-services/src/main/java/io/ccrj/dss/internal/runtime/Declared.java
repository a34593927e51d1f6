package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ccrj.dss.internal.json.JsonSchemas;

import io.ccrj.dss.Verb;

import java.util.Map;
import java.util.Set;

/**
 * What a service declared in its {@link io.ccrj.dss.Handlers} table, read once its {@code bind}
 * has returned. Immutable (the maps and the set are unmodifiable copies).
 *
 * @param verbs handlers bound with {@code on}
 * @param actions Submit actions, in declaration order
 * @param standard the verbs bound to the generic handlers
 * @param updateBody the declared Update body type, or {@code null} for the default
 * @param verbTypes the body and answer types declared per verb ({@code Handlers.types})
 * @param actionTypes the body and answer types declared per Submit action
 */
@Internal
public record Declared(Map<Verb, Binding> verbs, Map<String, Binding> actions, Set<Verb> standard,
                       String updateBody, Map<Verb, Types> verbTypes, Map<String, Types> actionTypes) {

    /**
     * The Java types an operation's body and answer were declared with: the OpenAPI document
     * shows their schemas, and a request body is checked against its type's schema before the
     * handler runs ({@link BodySchemas}).
     *
     * @param body the request body's type, or {@code null} for any JSON
     * @param answer the answer's type, or {@code null} for any JSON
     * @param refine what the built-in services add to the body type's schema (a constraint its
     *     Java type cannot say, such as a non-empty key), or {@code null}
     */
    public record Types(Class<?> body, Class<?> answer, java.util.function.UnaryOperator<ObjectNode> refine) {
        /**
         * @param body the request body's type, or {@code null} for any JSON
         * @param answer the answer's type, or {@code null} for any JSON
         */
        public Types(Class<?> body, Class<?> answer) {
            this(body, answer, null);
        }

        /** {@return a new schema of the body type (refined), or {@code null} for any JSON} */
        public ObjectNode bodySchema() {
            if (body == null) {
                return null;
            }
            ObjectNode s = JsonSchemas.of(body);
            return refine == null ? s : refine.apply(s);
        }
    }
}
