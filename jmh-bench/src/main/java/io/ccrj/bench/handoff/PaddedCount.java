package io.ccrj.bench.handoff;

/**
 * The fields {@link Stream.Counter} writes for every message, with 128 bytes on either side (two
 * cache lines, as the adjacent-line prefetcher pairs them). The consumer writes {@code count} once
 * per message; unpadded, a garbage collection could move the counter next to an object the
 * producer writes for every message (a port's lock, a queue's producer index), and the two
 * threads would then fight over one line for the rest of the run, in some JVM forks and not in
 * others. The JVM lays out a superclass's fields before a subclass's, so the three classes put the
 * counted fields between the two pads.
 */
abstract class PaddedCount extends PaddedCountFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The counted fields, after the leading pad. */
abstract class PaddedCountFields extends PaddedCountLeading {
    /** Messages handled in the batch; written by the consumer only. */
    long count;
    /** The batch's size; written by the producer before the batch's first post. */
    long target;
}

/** The leading pad. */
abstract class PaddedCountLeading {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
