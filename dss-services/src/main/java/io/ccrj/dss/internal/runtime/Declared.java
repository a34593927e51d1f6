package io.ccrj.dss.internal.runtime;

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
public record Declared(Map<Verb, Binding> verbs, Map<String, Binding> actions, Set<Verb> standard,
                       String updateBody, Map<Verb, Types> verbTypes, Map<String, Types> actionTypes) {

    /**
     * The Java types an operation's body and answer were declared with (they only describe: the
     * OpenAPI document shows them; nothing is checked against them).
     *
     * @param body the request body's type, or {@code null} for any JSON
     * @param answer the answer's type, or {@code null} for any JSON
     */
    public record Types(Class<?> body, Class<?> answer) {
    }
}
