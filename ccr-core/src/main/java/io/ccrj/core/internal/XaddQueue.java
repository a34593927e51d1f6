package io.ccrj.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.Objects;

/**
 * An unbounded, lock-free FIFO queue of linked array chunks on {@link VarHandle}s, with no
 * {@code sun.misc.Unsafe}: the dispatcher's task queues and its pool's ready list, which on
 * JCTools would be {@code MpmcUnboundedXaddArrayQueue}/{@code MpscUnboundedXaddArrayQueue}
 * (whose {@code Unsafe} use makes JDK 24+ print a warning at start; JCTools' Unsafe-free
 * {@code atomic} package has no unbounded multi-consumer queue).
 *
 * <h2>Design</h2>
 * Every element gets a ticket from one fetch-and-add on {@link #producerIndex} (so producers never
 * retry, unlike a compare-and-set queue); ticket {@code p} is slot {@code p & mask} of chunk
 * {@code p >>> shift}. Chunks are linked forward through {@link Chunk#next}; the producer that
 * first needs a chunk appends it (one compare-and-set on the predecessor's {@code next}; a loser
 * uses the winner's chunk). Chunks are never reused, so a slot is written by exactly one producer
 * (its ticket's) and cleared by exactly one consumer (the one that claimed that ticket): no ABA.
 * A consumed chunk becomes garbage once the indexes' chunk pointers moved past it.
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>{@link #producerChunk} holds chunk {@code j} only after a ticket in chunk {@code j} was
 *   taken, and only moves forward. A producer reads it <em>before</em> its fetch-and-add, so the
 *   chunk it read is never after its own ticket's chunk: it only ever walks forward.</li>
 *   <li>{@link #consumerChunk} holds chunk {@code j} only after a ticket in chunk {@code j} was
 *   claimed, so it is never ahead of {@link #consumerIndex}'s chunk; a consumer reads the index
 *   first, then the chunk, and one that finds the chunk ahead of its index read a stale index and
 *   retries.</li>
 *   <li>{@code consumerIndex <= producerIndex}: a consumer claims a ticket only after it saw the
 *   ticket's element, which a producer stored after it took the ticket. A consumer whose slot is
 *   still empty while {@code producerIndex} is past its ticket waits for that producer's store
 *   (a few instructions away unless the producer lost its core), as JCTools' queues do.</li>
 *   <li>An element is stored with a release write and read with an acquire read, so a consumer
 *   sees what its producer wrote before {@link #offer}.</li>
 * </ul>
 *
 * <p>The multi-consumer variant ({@link #mpmc}) claims a ticket with a compare-and-set on
 * {@link #consumerIndex}; the single-consumer one ({@link #mpsc}) owns the index and only
 * publishes it (a release write), for {@link #size()} and {@link #isEmpty()} on other threads.
 * Its caller must ensure that one thread at a time polls, with a happens-before edge between
 * one polling thread and the next.
 *
 * <p>{@link #iterator()} is not supported (nor, through it, {@code contains}, {@code remove(Object)}
 * or {@code toArray}): the dispatcher never needs them.
 *
 * @param <E> the element type
 */
public abstract sealed class XaddQueue<E> extends XaddQueueConsumerFields<E>
        permits XaddQueue.Mpmc, XaddQueue.Mpsc {
    @SuppressWarnings("unused")
    private long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    static final VarHandle PRODUCER_INDEX;
    static final VarHandle PRODUCER_CHUNK;
    static final VarHandle CONSUMER_INDEX;
    static final VarHandle CONSUMER_CHUNK;
    static final VarHandle NEXT;
    static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_INDEX = lookup.findVarHandle(XaddQueueProducerFields.class, "producerIndex", long.class);
            PRODUCER_CHUNK = lookup.findVarHandle(XaddQueueProducerFields.class, "producerChunk", Chunk.class);
            CONSUMER_INDEX = lookup.findVarHandle(XaddQueueConsumerFields.class, "consumerIndex", long.class);
            CONSUMER_CHUNK = lookup.findVarHandle(XaddQueueConsumerFields.class, "consumerChunk", Chunk.class);
            NEXT = lookup.findVarHandle(Chunk.class, "next", Chunk.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code log2(chunk size)}: ticket {@code p} lives in chunk {@code p >>> shift}. */
    final int shift;
    /** {@code chunk size - 1}: ticket {@code p} lives in slot {@code p & mask} of its chunk. */
    final int mask;

    XaddQueue(int chunkSize) {
        if (chunkSize < 2 || Integer.bitCount(chunkSize) != 1) {
            throw new IllegalArgumentException("chunk size must be a power of two of at least 2, was " + chunkSize);
        }
        this.shift = Integer.numberOfTrailingZeros(chunkSize);
        this.mask = chunkSize - 1;
        Chunk first = new Chunk(0, chunkSize);
        producerChunk = first;
        consumerChunk = first;
    }

    /**
     * A queue any number of threads may offer to and poll from at once.
     *
     * @param chunkSize the slots per chunk: a power of two, at least 2
     * @param <E> the element type
     * @return an empty queue
     * @throws IllegalArgumentException if {@code chunkSize} is not a power of two of at least 2
     */
    public static <E> XaddQueue<E> mpmc(int chunkSize) {
        return new Mpmc<>(chunkSize);
    }

    /**
     * A queue any number of threads may offer to, but one thread at a time polls from (see the
     * class comment).
     *
     * @param chunkSize the slots per chunk: a power of two, at least 2
     * @param <E> the element type
     * @return an empty queue
     * @throws IllegalArgumentException if {@code chunkSize} is not a power of two of at least 2
     */
    public static <E> XaddQueue<E> mpsc(int chunkSize) {
        return new Mpsc<>(chunkSize);
    }

    /**
     * Appends {@code e}; never fails (unbounded).
     *
     * @throws NullPointerException if {@code e} is null (null marks a slot not yet written)
     */
    @Override
    public final boolean offer(E e) {
        Objects.requireNonNull(e, "XaddQueue does not take null elements");
        Chunk chunk = producerChunk; // before the ticket: never past the ticket's chunk (class comment)
        long ticket = (long) PRODUCER_INDEX.getAndAdd(this, 1L);
        long wanted = ticket >>> shift;
        if (chunk.index != wanted) {
            chunk = producerChunkFor(chunk, wanted);
        }
        Object[] slots = chunk.slots;
        // Masked by the array's own length (== mask + 1): the JIT then drops the bounds check.
        SLOTS.setRelease(slots, (int) ticket & (slots.length - 1), e);
        return true;
    }

    /** Walks (appending where missing) from {@code chunk} to chunk {@code wanted}, and moves the producers' pointer there. */
    private Chunk producerChunkFor(Chunk chunk, long wanted) {
        while (chunk.index < wanted) {
            Chunk next = chunk.next;
            if (next == null) {
                Chunk fresh = new Chunk(chunk.index + 1, mask + 1);
                next = NEXT.compareAndSet(chunk, null, fresh) ? fresh : chunk.next;
            }
            chunk = next;
        }
        Chunk current;
        while ((current = producerChunk).index < wanted && !PRODUCER_CHUNK.compareAndSet(this, current, chunk)) {
            // another producer moved it: re-read, and stop once it is at or past this chunk
        }
        return chunk;
    }

    /**
     * The chunk of {@code wanted}, found forward from {@code chunk}, or {@code null} if it is not
     * linked yet (its producer took a ticket in it and is about to append it).
     */
    static Chunk walk(Chunk chunk, long wanted) {
        while (chunk.index < wanted) {
            chunk = chunk.next;
            if (chunk == null) {
                return null;
            }
        }
        return chunk;
    }

    @Override
    public final boolean isEmpty() {
        long consumer = consumerIndex; // first: the producer index read after it is never lower
        return consumer == producerIndex;
    }

    /** The elements offered and not yet polled (counting offers in progress); a snapshot. */
    @Override
    public final int size() {
        long consumer = consumerIndex;
        long n = producerIndex - consumer;
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, n));
    }

    /** Not supported: the queue is only offered to and polled. */
    @Override
    public final Iterator<E> iterator() {
        throw new UnsupportedOperationException("XaddQueue cannot be iterated");
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[size=" + size() + "]";
    }

    /** The multi-consumer variant: a consumer claims a ticket with a compare-and-set. */
    static final class Mpmc<E> extends XaddQueue<E> {
        Mpmc(int chunkSize) {
            super(chunkSize);
        }

        @Override
        @SuppressWarnings("unchecked")
        public E poll() {
            while (true) {
                long ticket = consumerIndex;
                Chunk seen = consumerChunk; // after the index: never past a current index's chunk
                long wanted = ticket >>> shift;
                Chunk chunk = seen;
                if (chunk.index != wanted) {
                    if (chunk.index > wanted) {
                        continue; // the index was stale: other consumers moved on
                    }
                    chunk = walk(chunk, wanted);
                    if (chunk == null) { // its producer is appending it, or the queue is empty
                        if (ticket == producerIndex) {
                            return null;
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                }
                Object[] slots = chunk.slots;
                int slot = (int) ticket & (slots.length - 1);
                Object e = SLOTS.getAcquire(slots, slot);
                if (e == null) {
                    // producerIndex >= ticket always; equal means nothing was offered past it.
                    if (ticket == producerIndex) {
                        return null;
                    }
                    Thread.onSpinWait(); // taken and not yet stored, or consumed by another: re-read
                    continue;
                }
                if (CONSUMER_INDEX.compareAndSet(this, ticket, ticket + 1)) {
                    SLOTS.set(slots, slot, null); // for the collector only: the ticket is spent
                    if (chunk != seen) {
                        advanceConsumerChunk(chunk);
                    }
                    return (E) e;
                }
            }
        }

        private void advanceConsumerChunk(Chunk chunk) {
            Chunk current;
            while ((current = consumerChunk).index < chunk.index && !CONSUMER_CHUNK.compareAndSet(this, current, chunk)) {
                // another consumer moved it: re-read, and stop once it is at or past this chunk
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public E peek() {
            while (true) {
                long ticket = consumerIndex;
                Chunk chunk = consumerChunk;
                long wanted = ticket >>> shift;
                if (chunk.index > wanted) {
                    continue;
                }
                chunk = walk(chunk, wanted);
                Object e = chunk == null ? null : SLOTS.getAcquire(chunk.slots, (int) ticket & mask);
                if (e != null && ticket == consumerIndex) {
                    return (E) e; // still the head when read
                }
                if (e == null && ticket == producerIndex) {
                    return null;
                }
                Thread.onSpinWait();
            }
        }
    }

    /** The single-consumer variant: the polling thread owns the consumer index and chunk. */
    static final class Mpsc<E> extends XaddQueue<E> {
        Mpsc(int chunkSize) {
            super(chunkSize);
        }

        @Override
        @SuppressWarnings("unchecked")
        public E poll() {
            long ticket = (long) CONSUMER_INDEX.getOpaque(this); // written only by the consumer
            Chunk chunk = (Chunk) CONSUMER_CHUNK.getOpaque(this);
            if (chunk.index != ticket >>> shift) {
                Chunk next;
                while ((next = chunk.next) == null) {
                    if (ticket == producerIndex) {
                        return null;
                    }
                    Thread.onSpinWait(); // its producer is appending it
                }
                chunk = next;
                CONSUMER_CHUNK.setOpaque(this, chunk); // the old chunk is garbage from here
            }
            Object[] slots = chunk.slots;
            int slot = (int) ticket & (slots.length - 1);
            Object e = SLOTS.getAcquire(slots, slot);
            if (e == null) {
                if (ticket == producerIndex) {
                    return null;
                }
                while ((e = SLOTS.getAcquire(slots, slot)) == null) {
                    Thread.onSpinWait(); // a producer took the ticket and is about to store
                }
            }
            SLOTS.set(slots, slot, null);
            CONSUMER_INDEX.setRelease(this, ticket + 1);
            return (E) e;
        }

        @Override
        @SuppressWarnings("unchecked")
        public E peek() {
            long ticket = (long) CONSUMER_INDEX.getOpaque(this);
            Chunk chunk = walk((Chunk) CONSUMER_CHUNK.getOpaque(this), ticket >>> shift);
            while (true) {
                if (chunk == null) {
                    chunk = walk((Chunk) CONSUMER_CHUNK.getOpaque(this), ticket >>> shift);
                }
                Object e = chunk == null ? null : SLOTS.getAcquire(chunk.slots, (int) ticket & mask);
                if (e != null) {
                    return (E) e;
                }
                if (ticket == producerIndex) {
                    return null;
                }
                Thread.onSpinWait();
            }
        }
    }

    /** A chunk of slots; {@link #index} is its place in the chain (ticket {@code >>> shift}). */
    static final class Chunk {
        final long index;
        final Object[] slots;
        /** The next chunk, set once (compare-and-set from {@code null}) by the producer that first needs it. */
        volatile Chunk next;

        Chunk(long index, int size) {
            this.index = index;
            this.slots = new Object[size];
        }
    }
}

/** Padding ahead of the producer fields: keeps them off the object header's cache line and whatever precedes it. */
abstract class XaddQueuePad0<E> extends AbstractQueue<E> {
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** The producers' fields, on cache lines of their own (written by every offer). */
abstract class XaddQueueProducerFields<E> extends XaddQueuePad0<E> {
    /** The next ticket; taken by fetch-and-add. */
    volatile long producerIndex;
    /** A chunk at or before the latest ticket's chunk (see the invariants of XaddQueue). */
    volatile XaddQueue.Chunk producerChunk;
}

/** Padding between the producers' and the consumers' fields. */
abstract class XaddQueuePad1<E> extends XaddQueueProducerFields<E> {
    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

/** The consumers' fields, on cache lines of their own (written by every poll). */
abstract class XaddQueueConsumerFields<E> extends XaddQueuePad1<E> {
    /** The next ticket to consume. */
    volatile long consumerIndex;
    /** A chunk at or before {@link #consumerIndex}'s chunk (see the invariants of XaddQueue). */
    volatile XaddQueue.Chunk consumerChunk;
}
