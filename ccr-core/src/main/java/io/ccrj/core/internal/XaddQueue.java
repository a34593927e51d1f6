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
@Internal
public abstract sealed class XaddQueue<E> extends XaddQueuePad2<E>
        permits XaddQueue.Mpmc, XaddQueue.Mpsc {

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

    XaddQueue(int chunkSize) {
        super(chunkSize);
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

/*
 * The field groups of XaddQueue, each on cache lines of its own: the constants every producer and
 * consumer reads, the producers' fields, the consumers' fields. The padding is byte fields: HotSpot
 * puts a subclass's field into any gap a superclass's layout left, and with padding of longs the
 * constant shift landed beside the consumers' index, so every offer read a line every poll wrote.
 * XaddQueueLayoutTest reads the offsets.
 */

/** Read by every offer and poll, written once: shares the object header's line, which no one writes. */
abstract class XaddQueueConstants<E> extends AbstractQueue<E> {
    /** {@code log2(chunk size)}: ticket {@code p} lives in chunk {@code p >>> shift}. */
    final int shift;
    /** {@code chunk size - 1}: ticket {@code p} lives in slot {@code p & mask} of its chunk. */
    final int mask;

    XaddQueueConstants(int chunkSize) {
        if (chunkSize < 2 || Integer.bitCount(chunkSize) != 1) {
            throw new IllegalArgumentException("chunk size must be a power of two of at least 2, was " + chunkSize);
        }
        this.shift = Integer.numberOfTrailingZeros(chunkSize);
        this.mask = chunkSize - 1;
    }
}

/** Padding ahead of the producer fields: keeps them off the constants' line. */
abstract class XaddQueuePad0<E> extends XaddQueueConstants<E> {
    @SuppressWarnings("unused")
    private byte b0000, b0001, b0002, b0003, b0004, b0005, b0006, b0007, b0008, b0009, b0010, b0011, b0012, b0013, b0014, b0015,
            b0016, b0017, b0018, b0019, b0020, b0021, b0022, b0023, b0024, b0025, b0026, b0027, b0028, b0029, b0030, b0031,
            b0032, b0033, b0034, b0035, b0036, b0037, b0038, b0039, b0040, b0041, b0042, b0043, b0044, b0045, b0046, b0047,
            b0048, b0049, b0050, b0051, b0052, b0053, b0054, b0055, b0056, b0057, b0058, b0059, b0060, b0061, b0062, b0063,
            b0064, b0065, b0066, b0067, b0068, b0069, b0070, b0071, b0072, b0073, b0074, b0075, b0076, b0077, b0078, b0079,
            b0080, b0081, b0082, b0083, b0084, b0085, b0086, b0087, b0088, b0089, b0090, b0091, b0092, b0093, b0094, b0095,
            b0096, b0097, b0098, b0099, b0100, b0101, b0102, b0103, b0104, b0105, b0106, b0107, b0108, b0109, b0110, b0111,
            b0112, b0113, b0114, b0115, b0116, b0117, b0118, b0119, b0120, b0121, b0122, b0123, b0124, b0125, b0126, b0127;

    XaddQueuePad0(int chunkSize) {
        super(chunkSize);
    }
}

/** The producers' fields, on cache lines of their own (written by every offer). */
abstract class XaddQueueProducerFields<E> extends XaddQueuePad0<E> {
    /** The next ticket; taken by fetch-and-add. */
    volatile long producerIndex;
    /** A chunk at or before the latest ticket's chunk (see the invariants of XaddQueue). */
    volatile XaddQueue.Chunk producerChunk;

    XaddQueueProducerFields(int chunkSize) {
        super(chunkSize);
    }
}

/** Padding between the producers' and the consumers' fields. */
abstract class XaddQueuePad1<E> extends XaddQueueProducerFields<E> {
    @SuppressWarnings("unused")
    private byte b1000, b1001, b1002, b1003, b1004, b1005, b1006, b1007, b1008, b1009, b1010, b1011, b1012, b1013, b1014, b1015,
            b1016, b1017, b1018, b1019, b1020, b1021, b1022, b1023, b1024, b1025, b1026, b1027, b1028, b1029, b1030, b1031,
            b1032, b1033, b1034, b1035, b1036, b1037, b1038, b1039, b1040, b1041, b1042, b1043, b1044, b1045, b1046, b1047,
            b1048, b1049, b1050, b1051, b1052, b1053, b1054, b1055, b1056, b1057, b1058, b1059, b1060, b1061, b1062, b1063,
            b1064, b1065, b1066, b1067, b1068, b1069, b1070, b1071, b1072, b1073, b1074, b1075, b1076, b1077, b1078, b1079,
            b1080, b1081, b1082, b1083, b1084, b1085, b1086, b1087, b1088, b1089, b1090, b1091, b1092, b1093, b1094, b1095,
            b1096, b1097, b1098, b1099, b1100, b1101, b1102, b1103, b1104, b1105, b1106, b1107, b1108, b1109, b1110, b1111,
            b1112, b1113, b1114, b1115, b1116, b1117, b1118, b1119, b1120, b1121, b1122, b1123, b1124, b1125, b1126, b1127;

    XaddQueuePad1(int chunkSize) {
        super(chunkSize);
    }
}

/** The consumers' fields, on cache lines of their own (written by every poll). */
abstract class XaddQueueConsumerFields<E> extends XaddQueuePad1<E> {
    /** The next ticket to consume. */
    volatile long consumerIndex;
    /** A chunk at or before {@link #consumerIndex}'s chunk (see the invariants of XaddQueue). */
    volatile XaddQueue.Chunk consumerChunk;

    XaddQueueConsumerFields(int chunkSize) {
        super(chunkSize);
    }
}

/** Padding after the consumers' fields: keeps whatever follows the queue in memory off their line. */
abstract class XaddQueuePad2<E> extends XaddQueueConsumerFields<E> {
    @SuppressWarnings("unused")
    private byte b2000, b2001, b2002, b2003, b2004, b2005, b2006, b2007, b2008, b2009, b2010, b2011, b2012, b2013, b2014, b2015,
            b2016, b2017, b2018, b2019, b2020, b2021, b2022, b2023, b2024, b2025, b2026, b2027, b2028, b2029, b2030, b2031,
            b2032, b2033, b2034, b2035, b2036, b2037, b2038, b2039, b2040, b2041, b2042, b2043, b2044, b2045, b2046, b2047,
            b2048, b2049, b2050, b2051, b2052, b2053, b2054, b2055, b2056, b2057, b2058, b2059, b2060, b2061, b2062, b2063,
            b2064, b2065, b2066, b2067, b2068, b2069, b2070, b2071, b2072, b2073, b2074, b2075, b2076, b2077, b2078, b2079,
            b2080, b2081, b2082, b2083, b2084, b2085, b2086, b2087, b2088, b2089, b2090, b2091, b2092, b2093, b2094, b2095,
            b2096, b2097, b2098, b2099, b2100, b2101, b2102, b2103, b2104, b2105, b2106, b2107, b2108, b2109, b2110, b2111,
            b2112, b2113, b2114, b2115, b2116, b2117, b2118, b2119, b2120, b2121, b2122, b2123, b2124, b2125, b2126, b2127;

    XaddQueuePad2(int chunkSize) {
        super(chunkSize);
    }
}
