package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.ResponsePort;
import io.ccrj.dss.Response;
import io.ccrj.dss.Service;

/**
 * The runtime's access to the members of the API types that must not be public API: a service's
 * protected hooks and binding table, its runtime link, and a response port's claim. Java has no
 * friend packages, so the API package implements this and hands the one instance to each host it
 * builds ({@code ServiceHost} to {@code HostCore}, which passes it to the runtimes it starts);
 * there is no static way to obtain it, so code the host did not hand it to cannot reach these
 * members.
 *
 * <h2>Threading</h2>
 * Stateless; every method may be called from any thread (each one's contract is that of the
 * member it reaches).
 */
@Internal
public interface ApiHooks {
    /**
     * Prepares an admitted operation's response port: the commit it asks before a success, and
     * what runs after its answer was delivered. Set once, before the operation is posted.
     *
     * @param port the response port
     * @param commit asked by {@code Operation.respond} before a success is delivered
     * @param onAnswered runs on the answering thread, after the sink
     */
    void admitted(ResponsePort port, Commit commit, Runnable onAnswered);

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
    boolean answerClaimed(ResponsePort port, Response response, Fault fault);

    /**
     * Has a service fill a new binding table.
     *
     * @param service the service
     * @return what it declared
     */
    Declared bind(Service<?> service);

    /**
     * Runs a service's {@code onStart}.
     *
     * @param service the service
     */
    void onStart(Service<?> service);

    /**
     * Runs a service's {@code onDrop}.
     *
     * @param service the service
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
}
