package io.ccrj.dss.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.Operation;
import io.ccrj.dss.ResponsePort;
import io.ccrj.dss.Service;
import io.ccrj.dss.internal.runtime.Binding;
import io.ccrj.dss.internal.runtime.Envelope;
import io.ccrj.dss.internal.runtime.ServiceRuntime;

import java.util.Map;
import java.util.Set;

/**
 * The bridge from the internal packages to the package-private members of the API types (the
 * JDK's {@code SharedSecrets} pattern): the runtime needs to admit an operation, read a service's
 * binding table and call its protected hooks, and none of that may become public API.
 *
 * <p>{@link Operation}'s static initializer registers the one instance ({@link #register}); internal
 * code calls through {@link #get()}, which initializes {@code Operation} first if nothing has yet.
 *
 * <h2>Threading</h2>
 * The instance is set once, during {@code Operation}'s class initialization, which the JVM runs
 * once and publishes to every thread that then uses the class; the field is volatile for the
 * reader that finds it set without having triggered the initialization itself.
 */
public interface ApiAccess {
    /**
     * Admits an operation: a copy with the same arguments and response port that carries the
     * runtime's envelope.
     *
     * @param op the operation as posted
     * @param envelope the runtime and the handler that will run
     * @return the admitted operation
     */
    Operation admit(Operation op, Envelope envelope);

    /**
     * @param op an operation
     * @return its envelope, or {@code null} if no runtime admitted it
     */
    Envelope envelope(Operation op);

    /**
     * @param op an operation
     * @param body the copy's body
     * @param subscriber the copy's Subscribe listener
     * @param port the copy's response port
     * @return a copy of the operation (in-process isolation)
     */
    Operation copy(Operation op, JsonNode body, NotificationListener subscriber, ResponsePort port);

    /**
     * Sets what runs after a response port's answer was delivered (once, before posting).
     *
     * @param port the response port
     * @param action runs on the answering thread, after the sink
     */
    void onAnswered(ResponsePort port, Runnable action);

    /**
     * Claims a response port's answer before a modification is committed: no other answer (a
     * 504 timer) can be delivered until {@link #answerClaimed}.
     *
     * @param port the response port
     * @return {@code false} if it was answered already: nothing may be committed
     */
    boolean claim(ResponsePort port);

    /**
     * Delivers the answer of a port claimed with {@link #claim}.
     *
     * @param port the response port
     * @param response the success, or {@code null}
     * @param fault the failure, or {@code null}
     * @return {@code false} if the port was not claimed
     */
    boolean answerClaimed(ResponsePort port, io.ccrj.dss.Response response, Fault fault);

    /**
     * Has a service fill a new binding table.
     *
     * @param service the service
     * @return what it declared
     */
    Declared bind(Service<?> service);

    /**
     * @param service the service
     * @see Service
     */
    void onStart(Service<?> service);

    /**
     * @param service the service
     * @see Service
     */
    void onDrop(Service<?> service);

    /**
     * @param <S> the state type
     * @param service the service
     * @param value a state
     * @return the service's JSON of the state
     */
    <S> JsonNode toJson(Service<S> service, S value);

    /**
     * @param <S> the state type
     * @param service the service
     * @param node a tree
     * @return the state it holds
     * @throws Fault BAD_REQUEST if it is not a valid state
     */
    <S> S fromJson(Service<S> service, JsonNode node) throws Fault;

    /**
     * Attaches a runtime to a service instance, which runs in one host at a time.
     *
     * @param <S> the state type
     * @param service the service
     * @param runtime its runtime, or {@code null} to detach
     */
    <S> void attach(Service<S> service, ServiceRuntime<S> runtime);

    /**
     * @param service a service
     * @return its runtime, or {@code null} if it is not running
     */
    ServiceRuntime<?> runtimeOf(Service<?> service);

    /**
     * What a service declared in its {@link Handlers} table.
     *
     * @param verbs handlers bound with {@code on}
     * @param actions Submit actions, in declaration order
     * @param standard the verbs bound to the generic handlers
     * @param updateBody the declared Update body type, or {@code null} for the default
     * @param verbTypes the body and answer types declared per verb ({@code Handlers.types})
     * @param actionTypes the body and answer types declared per Submit action
     */
    record Declared(Map<io.ccrj.dss.Verb, Binding> verbs, Map<String, Binding> actions,
                    Set<io.ccrj.dss.Verb> standard, String updateBody, Map<io.ccrj.dss.Verb, Types> verbTypes,
                    Map<String, Types> actionTypes) {
    }

    /**
     * The Java types an operation's body and answer were declared with (they only describe).
     *
     * @param body the request body's type, or {@code null} for any JSON
     * @param answer the answer's type, or {@code null} for any JSON
     */
    record Types(Class<?> body, Class<?> answer) {
    }

    /**
     * Registers the instance; called once, by {@link Operation}'s static initializer.
     *
     * @param access the bridge
     * @throws IllegalStateException if one is registered already
     */
    static void register(ApiAccess access) {
        synchronized (Holder.class) {
            if (Holder.instance != null) {
                throw new IllegalStateException("the API bridge is registered already");
            }
            Holder.instance = access;
        }
    }

    /** {@return the bridge, initializing the API class that registers it if need be} */
    static ApiAccess get() {
        ApiAccess a = Holder.instance;
        if (a == null) {
            try {
                Class.forName(Operation.class.getName(), true, Operation.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = Holder.instance;
        }
        return a;
    }

    /** The registered instance. */
    final class Holder {
        private static volatile ApiAccess instance;

        private Holder() {
        }
    }
}
