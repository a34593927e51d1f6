package io.ccrj.core;

import io.ccrj.core.internal.ArbiterNode;
import io.ccrj.core.internal.ChoiceArbiter;
import io.ccrj.core.internal.CompletionReceiver;
import io.ccrj.core.internal.InterleaveArbiter;
import io.ccrj.core.internal.JoinReceiver;
import io.ccrj.core.internal.PortCore;
import io.ccrj.core.internal.SequentialHandlerAdapter;
import io.ccrj.core.internal.SimpleReceiver;
import io.ccrj.core.internal.SingleTask;

import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Factories for CCR's arbiters, and {@link #activate}, which puts them to work on a queue.
 *
 * <pre>{@code
 * Arbiter.activate(queue,
 *     Arbiter.receive(true, requests, req -> reply.post(handle(req))),
 *     Arbiter.choice(
 *         Arbiter.receive(false, result, r -> use(r)),
 *         Arbiter.receive(false, Timers.timeout(Duration.ofSeconds(1)), t -> giveUp())));
 * }</pre>
 *
 * <h2>Semantics</h2>
 * <ul>
 *   <li>Receivers are offered items in registration order; the first that accepts consumes.</li>
 *   <li>A persistent receiver runs one task per message, and those tasks may run concurrently on a
 *   multi-threaded dispatcher; for one-at-a-time use an {@link #interleave} or a one-shot receiver
 *   re-registered by its handler.</li>
 *   <li>A predicate that rejects leaves the item for other receivers; a predicate that throws
 *   leaves it too, and the exception goes to the item's causality. Predicates run under the port's
 *   lock: keep them quick and free of side effects. A rejected item does not block later ones:
 *   receivers are offered every queued item, not just the head (no head-of-line blocking).</li>
 *   <li>Joins (joined, multiple-port, multiple-item, gather) are two-phase and non-greedy: they
 *   take nothing until every part is available, then take all parts atomically.</li>
 *   <li>A choice's first branch to commit wins; the others consume nothing and are removed.</li>
 * </ul>
 *
 * <h2>Thread safety</h2>
 * All methods may be called from any thread. Activation registers the arbiter on its ports before
 * returning; items already queued are offered to it during activation, so its handlers may start
 * running before {@code activate} returns.
 */
public final class Arbiter {
    private Arbiter() {
    }

    /**
     * Activates arbiters: binds each to the queue and registers it on its ports.
     *
     * @param queue where the handlers run
     * @param tasks arbiters made by this class's factories, each activated once only
     * @throws IllegalStateException if the queue's dispatcher is closed or an arbiter was activated before
     * @throws IllegalArgumentException if a task was not made by this class
     */
    public static void activate(DispatcherQueue queue, ArbiterTask... tasks) {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(tasks, "tasks");
        queue.core.checkOpen();
        for (ArbiterTask t : tasks) {
            node(t).activate(queue.core);
        }
    }

    // ---- handlers with no message ----

    /**
     * A handler that runs once, as soon as it is activated (CCR's {@code FromHandler}).
     *
     * @param handler the code
     * @return the arbiter
     */
    public static ArbiterTask fromHandler(Runnable handler) {
        Objects.requireNonNull(handler, "handler");
        return new SingleTask(handler);
    }

    // ---- single-item receives ----

    /**
     * Receives one item per firing.
     *
     * @param persistent stay registered after firing
     * @param port the port
     * @param handler the handler
     * @param <T> item type
     * @return the arbiter
     */
    public static <T> ArbiterTask receive(boolean persistent, Port<T> port, Handler<? super T> handler) {
        return new SimpleReceiver(persistent, core(port), requireHandler(handler), null);
    }

    /**
     * Receives one item per firing, only items the predicate accepts; the rest stay for others.
     *
     * @param persistent stay registered after firing
     * @param port the port
     * @param handler the handler
     * @param predicate the filter; quick and side-effect free (it runs under the port's lock)
     * @param <T> item type
     * @return the arbiter
     */
    public static <T> ArbiterTask receive(boolean persistent, Port<T> port, Handler<? super T> handler,
                                          Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return new SimpleReceiver(persistent, core(port), requireHandler(handler), predicate);
    }

    /**
     * Receives one item per firing and handles it with sequential code on a virtual thread, which
     * may wait for further messages without holding an OS thread. In an interleave's exclusive
     * group, exclusivity lasts until the sequential handler returns.
     *
     * @param persistent stay registered after firing
     * @param port the port
     * @param handler the sequential handler
     * @param <T> item type
     * @return the arbiter
     */
    public static <T> ArbiterTask receiveSequential(boolean persistent, Port<T> port, SequentialHandler<? super T> handler) {
        Objects.requireNonNull(handler, "handler");
        return new SimpleReceiver(persistent, core(port), new SequentialHandlerAdapter<>(handler), null);
    }

    // ---- joins ----

    /**
     * Exactly {@code n} items of one port, delivered together in FIFO order. Non-greedy: nothing is
     * taken until {@code n} are queued.
     *
     * @param persistent stay registered after firing
     * @param port the port
     * @param n how many; at least 1
     * @param handler receives the list
     * @param <T> item type
     * @return the arbiter
     */
    public static <T> ArbiterTask multipleItemReceive(boolean persistent, Port<T> port, int n, Handler<List<T>> handler) {
        requireCount(n);
        return JoinReceiver.items(persistent, core(port), n, requireHandler(handler));
    }

    /**
     * One-shot {@link #multipleItemReceive(boolean, Port, int, Handler)}.
     *
     * @param port the port
     * @param n how many; at least 1
     * @param handler receives the list
     * @param <T> item type
     * @return the arbiter
     */
    public static <T> ArbiterTask multipleItemReceive(Port<T> port, int n, Handler<List<T>> handler) {
        return multipleItemReceive(false, port, n, handler);
    }

    /**
     * Gather: {@code n} items in total across the two ports of a two-type port set, delivered as one
     * list per port (the "n requests, k successes and m failures" pattern over a
     * {@link SuccessFailurePort}). One-shot. When more than {@code n} are queued, the first port's
     * items are taken first.
     *
     * @param portSet the two ports
     * @param n the total; at least 1
     * @param handler receives (first port's items, second port's items)
     * @param <A> first type
     * @param <B> second type
     * @return the arbiter
     */
    public static <A, B> ArbiterTask multipleItemReceive(PortSet2<A, B> portSet, int n, BiHandler<List<A>, List<B>> handler) {
        Objects.requireNonNull(portSet, "portSet");
        requireCount(n);
        Objects.requireNonNull(handler, "handler");
        return JoinReceiver.gather(false, core(portSet.first()), core(portSet.second()), n, handler);
    }

    /**
     * One item from each of several ports of one type, delivered together in port order.
     *
     * @param persistent stay registered after firing
     * @param ports the ports; at least one
     * @param handler receives one item per port
     * @param <T> item type
     * @return the arbiter
     */
    @SafeVarargs
    public static <T> ArbiterTask multiplePortReceive(boolean persistent, Handler<List<T>> handler, Port<T>... ports) {
        Objects.requireNonNull(ports, "ports");
        if (ports.length == 0) {
            throw new IllegalArgumentException("multiplePortReceive needs at least one port, got an empty array");
        }
        PortCore[] cores = new PortCore[ports.length];
        for (int i = 0; i < ports.length; i++) {
            cores[i] = core(Objects.requireNonNull(ports[i], "port " + i));
        }
        return JoinReceiver.ports(persistent, cores, requireHandler(handler));
    }

    /**
     * One item from each of several ports of any types, delivered together in port order (the
     * ports of a {@link PortSet}, or any mix of ports). Two-phase and non-greedy like every join.
     *
     * @param persistent stay registered after firing
     * @param ports the ports; at least one
     * @param handler receives one item per port, in the order of {@code ports}
     * @return the arbiter
     * @throws IllegalArgumentException if {@code ports} is empty
     * @throws NullPointerException if an argument or a port is null
     */
    public static ArbiterTask multiplePortReceive(boolean persistent, List<? extends Port<?>> ports,
                                                  Handler<List<Object>> handler) {
        Objects.requireNonNull(ports, "ports");
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("multiplePortReceive needs at least one port, got an empty list");
        }
        PortCore[] cores = new PortCore[ports.size()];
        for (int i = 0; i < cores.length; i++) {
            cores[i] = core(Objects.requireNonNull(ports.get(i), "port " + i));
        }
        return JoinReceiver.ports(persistent, cores, requireHandler(handler));
    }

    /**
     * One item from every port of a port set, delivered together in declaration order.
     *
     * @param persistent stay registered after firing
     * @param portSet the ports
     * @param handler receives one item per port, in the order of {@link PortSet#types()}
     * @return the arbiter
     * @throws NullPointerException if an argument is null
     */
    public static ArbiterTask multiplePortReceive(boolean persistent, PortSet portSet, Handler<List<Object>> handler) {
        Objects.requireNonNull(portSet, "portSet");
        List<Port<?>> ports = new java.util.ArrayList<>(portSet.size());
        for (int i = 0; i < portSet.size(); i++) {
            ports.add(portSet.port(i));
        }
        return multiplePortReceive(persistent, ports, handler);
    }

    /**
     * One item from each of two ports of different types.
     *
     * @param persistent stay registered after firing
     * @param first the first port
     * @param second the second port
     * @param handler receives both items
     * @param <A> first type
     * @param <B> second type
     * @return the arbiter
     */
    public static <A, B> ArbiterTask joinedReceive(boolean persistent, Port<A> first, Port<B> second, BiHandler<? super A, ? super B> handler) {
        Objects.requireNonNull(handler, "handler");
        return JoinReceiver.joined(persistent, core(first), core(second), handler);
    }

    // ---- choice and interleave ----

    /**
     * The first branch to fire wins; the others are retracted without consuming anything.
     *
     * @param branches one-shot receives or joins
     * @return the arbiter
     * @throws IllegalArgumentException if there is no branch, or one is persistent, or one is itself
     *     a choice or an interleave
     */
    public static ArbiterTask choice(ArbiterTask... branches) {
        Objects.requireNonNull(branches, "branches");
        ArbiterNode[] nodes = new ArbiterNode[branches.length];
        for (int i = 0; i < branches.length; i++) {
            nodes[i] = node(branches[i]);
        }
        return new ChoiceArbiter(nodes);
    }

    /**
     * Two-way choice for a {@link SuccessFailurePort} or any two-type port set: one item from
     * either port, whichever comes first.
     *
     * @param portSet the ports
     * @param onFirst handler for the first port
     * @param onSecond handler for the second port
     * @param <A> first type
     * @param <B> second type
     * @return the arbiter
     */
    public static <A, B> ArbiterTask choice(PortSet2<A, B> portSet, Handler<? super A> onFirst, Handler<? super B> onSecond) {
        Objects.requireNonNull(portSet, "portSet");
        return choice(receive(false, portSet.first(), onFirst), receive(false, portSet.second(), onSecond));
    }

    /**
     * Three-way choice over a three-type port set: one item from whichever port has one first.
     *
     * @param portSet the ports
     * @param onFirst handler for the first port
     * @param onSecond handler for the second port
     * @param onThird handler for the third port
     * @param <A> first type
     * @param <B> second type
     * @param <C> third type
     * @return the arbiter
     * @throws NullPointerException if an argument is null
     */
    public static <A, B, C> ArbiterTask choice(PortSet3<A, B, C> portSet, Handler<? super A> onFirst,
                                               Handler<? super B> onSecond, Handler<? super C> onThird) {
        Objects.requireNonNull(portSet, "portSet");
        return choice(receive(false, portSet.first(), onFirst), receive(false, portSet.second(), onSecond),
                receive(false, portSet.third(), onThird));
    }

    /**
     * Four-way choice over a four-type port set: one item from whichever port has one first.
     *
     * @param portSet the ports
     * @param onFirst handler for the first port
     * @param onSecond handler for the second port
     * @param onThird handler for the third port
     * @param onFourth handler for the fourth port
     * @param <A> first type
     * @param <B> second type
     * @param <C> third type
     * @param <D> fourth type
     * @return the arbiter
     * @throws NullPointerException if an argument is null
     */
    public static <A, B, C, D> ArbiterTask choice(PortSet4<A, B, C, D> portSet, Handler<? super A> onFirst,
                                                  Handler<? super B> onSecond, Handler<? super C> onThird,
                                                  Handler<? super D> onFourth) {
        Objects.requireNonNull(portSet, "portSet");
        return choice(receive(false, portSet.first(), onFirst), receive(false, portSet.second(), onSecond),
                receive(false, portSet.third(), onThird), receive(false, portSet.fourth(), onFourth));
    }

    /**
     * Choice over a port set of any arity (CCR's {@code Choice(portSet)}): one item from whichever
     * port has one first, handed to one handler; the other ports keep their items. In a sequential
     * task, {@link SequentialContext#await} returns that item, so
     * {@code Object reply = ctx.await(Arbiter.choice(replies, r -> { }))} then an
     * {@code instanceof} switch reads like CCR's {@code yield return portSet.Choice()}.
     *
     * @param portSet the ports
     * @param handler receives the first item, whatever its port
     * @return the arbiter
     * @throws NullPointerException if an argument is null
     */
    public static ArbiterTask choice(PortSet portSet, Handler<Object> handler) {
        Objects.requireNonNull(portSet, "portSet");
        requireHandler(handler);
        ArbiterTask[] branches = new ArbiterTask[portSet.size()];
        for (int i = 0; i < branches.length; i++) {
            branches[i] = new SimpleReceiver(false, core(portSet.port(i)), handler, null);
        }
        return choice(branches);
    }

    /**
     * Fires once the port is {@linkplain Port#close() closed} and holds no item, and runs the
     * handler as a task on the queue it is activated on: how receivers learn that no item will
     * come. One-shot. Combine it with a join or a receive in a {@link #choice} ("the next pair, or
     * the end"), or put it in an {@link #interleave}'s teardown group so the interleave retires
     * after the last item's handler finished and the handler can close the next stage's port: a
     * pipeline then shuts down in order. On a multi-threaded dispatcher outside an interleave, it
     * may run while handlers of the last items still run.
     *
     * @param port the port to watch
     * @param handler runs once
     * @return the arbiter
     * @throws NullPointerException if an argument is null
     */
    public static ArbiterTask completion(Port<?> port, Runnable handler) {
        return new CompletionReceiver(core(port), requireHandler(handler));
    }

    /**
     * Reader/writer arbitration at message level; see {@link Interleave}.
     *
     * @param teardown one-shot receivers that retire the interleave
     * @param exclusive receivers whose handlers run alone
     * @param concurrent receivers whose handlers run in parallel with each other
     * @return the arbiter
     * @throws IllegalArgumentException if a group is passed in the wrong role, a teardown receiver
     *     is persistent, or a group holds a choice or an interleave
     */
    public static Interleave interleave(ReceiverGroup teardown, ReceiverGroup exclusive, ReceiverGroup concurrent) {
        requireGroup(teardown, ReceiverGroup.Kind.TEARDOWN);
        requireGroup(exclusive, ReceiverGroup.Kind.EXCLUSIVE);
        requireGroup(concurrent, ReceiverGroup.Kind.CONCURRENT);
        return new InterleaveArbiter(nodes(teardown), nodes(exclusive), nodes(concurrent));
    }

    /**
     * Groups the receivers whose firing retires an interleave.
     *
     * @param receivers one-shot receivers
     * @return a teardown group
     */
    public static ReceiverGroup teardown(ArbiterTask... receivers) {
        return new ReceiverGroup(ReceiverGroup.Kind.TEARDOWN, receivers);
    }

    /**
     * Groups the receivers of an interleave whose handlers run one at a time.
     *
     * @param receivers receivers whose handlers run alone
     * @return an exclusive group
     */
    public static ReceiverGroup exclusive(ArbiterTask... receivers) {
        return new ReceiverGroup(ReceiverGroup.Kind.EXCLUSIVE, receivers);
    }

    /**
     * Groups the receivers of an interleave whose handlers may run together.
     *
     * @param receivers receivers whose handlers may run together
     * @return a concurrent group
     */
    public static ReceiverGroup concurrent(ArbiterTask... receivers) {
        return new ReceiverGroup(ReceiverGroup.Kind.CONCURRENT, receivers);
    }

    // ---- helpers ----

    static PortCore core(Port<?> port) {
        return Objects.requireNonNull(port, "port").core;
    }

    private static void requireCount(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("item count must be at least 1, was " + n);
        }
    }

    private static <H> H requireHandler(H handler) {
        return Objects.requireNonNull(handler, "handler");
    }

    private static void requireGroup(ReceiverGroup g, ReceiverGroup.Kind kind) {
        Objects.requireNonNull(g, () -> kind.name().toLowerCase() + " group");
        if (g.kind() != kind) {
            throw new IllegalArgumentException("expected a " + kind.name().toLowerCase() + " group, got a "
                    + g.kind().name().toLowerCase() + " group");
        }
    }

    private static ArbiterNode[] nodes(ReceiverGroup g) {
        return g.receivers().stream().map(Arbiter::node).toArray(ArbiterNode[]::new);
    }

    static ArbiterNode node(ArbiterTask t) {
        Objects.requireNonNull(t, "arbiter");
        if (t instanceof ArbiterNode n) {
            return n;
        }
        throw new IllegalArgumentException("not an arbiter made by io.ccrj.core.Arbiter: " + t.getClass().getName());
    }
}
