/**
 * Machinery behind {@code io.ccrj.core}; not exported by the module, not API.
 *
 * <h2>Locking and memory-ordering policy</h2>
 * <ul>
 *   <li><b>Port lock.</b> Every {@link io.ccrj.core.internal.PortCore} has one
 *   {@link java.util.concurrent.locks.ReentrantLock}. It guards the port's item deque, its receiver
 *   list and every receiver's one-shot "done" flag. Posting, registering a receiver and committing
 *   a join all hold it, so the race between {@code post} and receiver registration is decided by
 *   the lock: an item is either offered to the new receiver during registration, or offered to it
 *   by the post, never neither and never both. The unlock is the release that publishes the
 *   item to whichever thread consumes it.</li>
 *   <li><b>Lock order.</b> A thread holds at most one port lock, except a join commit, which takes
 *   the locks of all its ports in ascending {@link io.ccrj.core.internal.PortCore#id()} order (a
 *   global order, so competing joins cannot deadlock). No other lock is taken while a port lock is
 *   held except an interleave's state lock, which is a leaf (nothing is locked under it).</li>
 *   <li><b>No user code under a lock.</b> Handlers never run under a port lock. Receivers
 *   return a {@link io.ccrj.core.internal.Dispatchable} from under the lock and the poster
 *   dispatches it after unlocking, so a throttling queue cannot block a port. Predicates are the one
 *   exception: they run under the port lock and must be quick and side-effect free. One
 *   dispatch does happen under the lock: when a receiver registers and takes items already
 *   queued, their tasks are submitted before the lock is released if the queue is pool-backed and
 *   unconstrained (submitting then only offers to lock-free queues), so that a concurrent post
 *   cannot overtake them.</li>
 *   <li><b>Dispatch.</b> A {@link io.ccrj.core.internal.QueueCore} counts its pending tasks in one
 *   atomic; whoever moves the count from 0 to 1 places the queue on its pool's ready list (one
 *   "token" per non-empty queue). Workers take the token, take one task, and hand the token back
 *   before running the task when more remain: round robin across queues, and several workers may
 *   serve one queue at once. The task is published by the queue's MPMC offer (a release) and
 *   taken by its poll (an acquire).</li>
 *   <li><b>Flight Recorder.</b> A task's event ({@link io.ccrj.core.internal.Task}'s
 *   {@code jfrEvent}) is begun by the submitting thread and travels with the task: the same offer
 *   and poll publish it to the running thread, which finishes and clears it before the task can
 *   be reused. With no recording, the one check per task is
 *   {@link io.ccrj.core.internal.Jfr#AVAILABLE} (a constant) and the event type's enabled flag.</li>
 *   <li><b>Departures.</b> A port's departure watchers (a {@code PortSubscriber} topping up its
 *   demand) run after the port lock is released, on the thread that took the items, like the
 *   completion watchers.</li>
 * </ul>
 */
package io.ccrj.core.internal;
