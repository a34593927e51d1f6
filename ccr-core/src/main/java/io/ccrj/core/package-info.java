/**
 * The Concurrency and Coordination Runtime (CCR) on the JVM: ports, arbiters, dispatchers,
 * causalities, timers and sequential tasks.
 *
 * <h2>The pieces</h2>
 * <ul>
 *   <li>{@link io.ccrj.core.Port} is an unbounded multi-producer FIFO of items plus the receivers
 *   registered on it; {@link io.ccrj.core.PortSet} bundles ports of different item types, and
 *   {@link io.ccrj.core.SuccessFailurePort} is the standard reply channel. A port can be closed,
 *   and {@link io.ccrj.core.Arbiter#completion} tells receivers that no more items will come.</li>
 *   <li>{@link io.ccrj.core.Arbiter} makes the coordination primitives: receive, the two-phase
 *   non-greedy joins, choice, interleave (reader/writer at message level). Each is an
 *   {@link io.ccrj.core.ArbiterTask} that does nothing until activated on a queue.</li>
 *   <li>A {@link io.ccrj.core.DispatcherQueue} orders tasks under a
 *   {@link io.ccrj.core.SchedulingPolicy}; a {@link io.ccrj.core.Dispatcher}'s fixed pool of worker
 *   threads serves its queues round robin. Queues can also run on virtual threads, on an
 *   executor, or (for deterministic tests only) inline on the posting thread.</li>
 *   <li>{@link io.ccrj.core.DispatcherQueue#spawn} starts a sequential task: plain Java on a
 *   virtual thread whose waits ({@link io.ccrj.core.SequentialContext}) hold no OS thread.</li>
 *   <li>A {@link io.ccrj.core.Causality} follows messages from handler to handler and collects the
 *   exceptions they raise; {@link io.ccrj.core.Timers} post after a delay.</li>
 *   <li>{@link io.ccrj.core.PortSubscriber} and {@link io.ccrj.core.PortPublisher} connect ports to
 *   {@link java.util.concurrent.Flow} (Reactive Streams) publishers and subscribers, with
 *   back-pressure.</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * Every public method may be called from any thread. {@code post} never runs a handler and never
 * waits for a consumer (except under a throttling policy); it happens-before the handler that
 * consumes its item. Handlers never run under a port's lock. Predicates do, so keep them quick and
 * free of side effects. The user guide, docs/ccr-core.md in the repository, describes the
 * semantics, the threading model and the deliberate differences from Microsoft CCR.
 */
package io.ccrj.core;
