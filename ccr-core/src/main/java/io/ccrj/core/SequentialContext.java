package io.ccrj.core;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The blocking-looking waits of a sequential task. Each wait activates a one-shot arbiter and
 * parks the task's virtual thread until it fires; the arbiter's handler then runs on the task's
 * own thread, so code after the wait sees everything the handler did. While waiting, the task
 * holds no OS thread and appears in the port's {@link Port#describe()} dump.
 *
 * <p>Thread safety: use a context only from the thread of the task it was given to; any other
 * thread gets an {@link IllegalStateException}. Waiting on a dispatcher worker thread is refused
 * too, because it would stall the dispatcher.
 */
public interface SequentialContext {
    /**
     * Waits for one item.
     *
     * @param port the port
     * @param <T> item type
     * @return the item
     * @throws InterruptedException if the task's thread is interrupted while waiting (the receiver
     *     is withdrawn and nothing is consumed)
     */
    <T> T receive(Port<T> port) throws InterruptedException;

    /**
     * Waits for one item the predicate accepts; others stay in the port.
     *
     * @param port the port
     * @param predicate the filter
     * @param <T> item type
     * @return the item
     * @throws InterruptedException if interrupted while waiting
     */
    <T> T receive(Port<T> port, Predicate<? super T> predicate) throws InterruptedException;

    /**
     * Waits for one item, at most {@code timeout}.
     *
     * @param port the port
     * @param timeout how long; not negative
     * @param <T> item type
     * @return the item, or empty if none came in time (then nothing was consumed)
     * @throws InterruptedException if interrupted while waiting
     */
    <T> Optional<T> receive(Port<T> port, Duration timeout) throws InterruptedException;

    /**
     * Waits for exactly {@code n} items of one port (a multiple-item receive).
     *
     * @param port the port
     * @param n at least 1
     * @param <T> item type
     * @return the items in FIFO order
     * @throws InterruptedException if interrupted while waiting
     */
    <T> List<T> receive(Port<T> port, int n) throws InterruptedException;

    /**
     * Waits for one item from each of two ports (a joined receive).
     *
     * @param first first port
     * @param second second port
     * @param <A> first type
     * @param <B> second type
     * @return both items
     * @throws InterruptedException if interrupted while waiting
     */
    <A, B> Joined<A, B> join(Port<A> first, Port<B> second) throws InterruptedException;

    /**
     * Activates a one-shot arbiter (a receive, a join, a choice) for this task and waits until it
     * fires; its handler runs on this task's thread before this method returns, and an exception
     * from the handler propagates out of this method. From then on the task carries the
     * causalities of the item(s) that fired the arbiter, as the code after a wait does in CCR
     * (items posted with no causality leave the task's own in place).
     *
     * @param arbiter a one-shot arbiter not activated before
     * @return what the arbiter received: the item for a receive; a {@link Joined} for a joined
     *     receive; a {@code List} for a multiple-item or multiple-port receive; a {@link Joined} of
     *     two lists for a gather; for a choice, the value of the branch that fired; {@code null}
     *     for {@link Arbiter#fromHandler} and for {@link Arbiter#completion} (items are never
     *     {@code null}, so a {@code null} from a choice means the completion branch fired)
     * @throws InterruptedException if interrupted before the arbiter fired (it is cancelled and
     *     nothing is consumed; if it fired in the meantime, its handler runs here instead and the
     *     interrupt status stays set)
     * @throws Exception what the arbiter's handler threw
     */
    Object await(ArbiterTask arbiter) throws Exception;
}
