/**
 * ccr-mpi's machinery: the rank runtime, the matching engine and the collective algorithms. Not
 * exported; may change without notice.
 *
 * <h2>Threads</h2>
 * A world run ({@link io.ccrj.mpi.internal.WorldRun}) has one thread per rank plus the thread that
 * called {@code SpmdWorld.run}, which waits and acts as the deadlock watchdog; from its first
 * nonblocking collective on, also the workers of its collective dispatcher, which run those
 * collectives' rounds ({@code NonblockingCollective}: each schedule is touched by one thread at a
 * time along a chain of port joins, and the rank's thread reads only the request's volatile flag
 * and, after it, the result). Everything a rank
 * owns (its communicators, its mailbox's matching queues, its receive requests) is touched by its
 * own thread only; the only cross-thread entry points are {@code RankMailbox.deliver} (any rank
 * appends a message), {@code Message.release} (a receiver returns a lent buffer),
 * {@code RankMailbox.wakeIfWaiting} (a nonblocking collective completed), the watchdog's
 * racy reads of a mailbox's state, and {@code World.abort}.
 *
 * <h2>Memory ordering</h2>
 * <ul>
 *   <li>Message hand-off: the sender fills a {@code Message} (final fields, payload array) and
 *       publishes it with {@code getAndSet} on the receiver's queue head followed by a release
 *       store of the predecessor's {@code next}; the receiver reads {@code next} with acquire.
 *       Everything the sender wrote before {@code deliver} (including a lent buffer's contents)
 *       happens-before the receiver's match.</li>
 *   <li>Parking: Dekker handshake between the owner's volatile write of {@code waiting} followed by
 *       a volatile read of the queue head (or of {@code Message.Lent.consumed}), and the peer's
 *       {@code getAndSet} of the head (or volatile write of {@code consumed}) followed by a volatile
 *       read of {@code waiting}. At least one side sees the other, so no wake-up is lost.</li>
 *   <li>Lent buffers (zero-copy): the receiver's copy happens-before its volatile write of
 *       {@code Message.Lent.consumed}, which happens-before the sender's read of it, after which the
 *       sender may reuse the buffer.</li>
 *   <li>Watchdog: a rank publishes its wait epoch (opaque) and then its state (release); the
 *       watchdog reads state with acquire. The pending-operation description is read racily and
 *       only used once every rank has been blocked for the whole timeout (it is then stable).</li>
 *   <li>World end: {@code World.aborted} is volatile and written after the first failure is
 *       recorded under a lock; ranks poll it in every wait loop and are also unparked and
 *       interrupted.</li>
 * </ul>
 *
 * <h2>Ownership of reduction operands</h2>
 * Reductions hand an operation only buffers no other rank holds: operands are packed into a
 * private array at the start, and on {@code OBJECT} buffers with an in-place user function
 * ({@code Op.combinesInPlace}) {@code OperandCopies} copies the objects wherever an operand would
 * reach a second owner (a partial result sent and kept, a shared result taken by every rank). A
 * partial result sent up a tree is never touched again by its sender, which is what lets the
 * receiver combine into it without a copy.
 *
 * <h2>Arguments</h2>
 * {@code Args} holds the argument checks of every communicator implementation (this package's
 * and the MPJ Express adapter's), so that mistakes fail alike on both backends.
 *
 * <h2>False sharing</h2>
 * {@code RankMailbox} keeps the fields producers write (queue head, waiting flag), the fields the
 * watchdog reads, and the owner's matching state on separate cache lines, padded by 128 bytes
 * through the field-holder superclasses in {@code RankMailbox.java}. Messages are fresh objects
 * allocated by the sender and read once by the receiver.
 */
package io.ccrj.mpi.internal;
