package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.Operation;
import io.ccrj.dss.OperationHandler;
import io.ccrj.dss.Verb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One service's verb bindings: the handler and {@link HandlerKind} of each operation it
 * supports, from what its {@code bind} declared plus the runtime's own (the generic handlers,
 * Lookup, the Drop teardown), its Submit actions and its Update body type.
 *
 * <h2>Threading</h2>
 * Built once while the service starts, immutable afterwards: read from any thread.
 */
final class VerbTable {
    /** The media type of a JSON Merge Patch, the standard Update's body. */
    static final String MERGE_PATCH = "application/merge-patch+json";

    private final Binding[] verbs = new Binding[Verb.values().length];
    private final Map<String, Binding> actions;
    /** The Update body's media type ({@link #updateBody()}). */
    private final String updateBody;
    private final String supported;

    /**
     * @param declared what the service's {@code bind} declared
     * @param standard the runtime's generic handler of a verb of {@code declared.standard()}
     * @param lookup the runtime's Lookup
     * @param teardown wraps the service's own Drop handler ({@code null} if none) into the teardown
     */
    VerbTable(Declared declared, Function<Verb, OperationHandler> standard, OperationHandler lookup,
              Function<OperationHandler, OperationHandler> teardown) {
        for (Verb v : declared.standard()) {
            verbs[v.ordinal()] = new Binding(standard.apply(v), v.defaultKind(), true);
        }
        declared.verbs().forEach((v, b) -> verbs[v.ordinal()] = b);
        verbs[Verb.LOOKUP.ordinal()] = new Binding(lookup, HandlerKind.INDEPENDENT, true);
        Binding drop = verbs[Verb.DROP.ordinal()];
        verbs[Verb.DROP.ordinal()] = new Binding(teardown.apply(drop == null ? null : drop.handler()),
                HandlerKind.TEARDOWN, true);
        this.actions = Collections.unmodifiableMap(new LinkedHashMap<>(declared.actions()));
        this.updateBody = declared.updateBody() != null ? declared.updateBody()
                : declared.standard().contains(Verb.UPDATE) ? MERGE_PATCH : "application/json";
        this.supported = describeSupported();
    }

    /** @return the handler of the operation (a Submit's action, else its verb's), or {@code null} */
    Binding bindingFor(Operation op) {
        if (op.verb() == Verb.SUBMIT) {
            String action = op.action();
            Binding b = action == null ? null : actions.get(action);
            return b != null ? b : verbs[Verb.SUBMIT.ordinal()];
        }
        return verbs[op.verb().ordinal()];
    }

    /** @return the binding of a verb (not a Submit action's), or {@code null} */
    Binding binding(Verb verb) {
        return verbs[verb.ordinal()];
    }

    /** @return {@code true} if the operation has a handler */
    boolean supports(Verb verb) {
        return verbs[verb.ordinal()] != null || verb == Verb.SUBMIT && !actions.isEmpty();
    }

    /** @return {@code true} if a Submit of this action has a handler */
    boolean supportsAction(String action) {
        return actions.containsKey(action) || verbs[Verb.SUBMIT.ordinal()] != null;
    }

    String updateBody() {
        return updateBody;
    }

    List<String> actionNames() {
        return List.copyOf(actions.keySet());
    }

    /** @return the operation's UNSUPPORTED message, naming what the service supports */
    String unsupportedMessage(String name, String contract, Operation op) {
        return unsupportedMessage(name, contract, op.verb(), op.verb() == Verb.SUBMIT ? op.action() : null);
    }

    /** @return the UNSUPPORTED message of a verb (and a Submit's action), naming what the service supports */
    String unsupportedMessage(String name, String contract, Verb verb, String action) {
        if (verb == Verb.SUBMIT) {
            return "service '" + name + "' (" + contract + ") has no action '" + action
                    + "'; it supports " + supported;
        }
        return "service '" + name + "' (" + contract + ") does not support " + verb
                + "; it supports " + supported;
    }

    private String describeSupported() {
        List<String> names = new ArrayList<>();
        for (Verb v : Verb.values()) {
            if (verbs[v.ordinal()] != null) {
                names.add(v.name());
            }
        }
        if (!actions.isEmpty()) {
            names.add("SUBMIT actions " + actions.keySet());
        }
        return String.join(", ", names);
    }
}
