package io.ccrj.mpi.internal;

/*
 * Field holders of RankMailbox, laid out on separate cache lines (JCTools' padding idiom:
 * HotSpot places a superclass's fields before its subclass's). Producers (other ranks) write
 * only MailboxProducerFields; the owner writes MailboxConsumerFields on every message; the
 * watchdog's fields change once per blocking wait. Without the padding every send would steal the
 * line the receiving rank polls (measured: about 2x the ping-pong latency).
 */

abstract class MailboxPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** Written by producers: the inbound queue's head and the owner's parked flag, read with it. */
abstract class MailboxProducerFields extends MailboxPad0 {
    volatile Message head;
    volatile boolean waiting;
}

abstract class MailboxPad1 extends MailboxProducerFields {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

/** Written by the owner at each blocking wait, read by the watchdog. */
abstract class MailboxWatchedFields extends MailboxPad1 {
    int state;
    long epoch;
    Pending pending;
}

abstract class MailboxPad2 extends MailboxWatchedFields {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
}

/** Owner-private: the inbound queue's tail (stub) and the matching queues. */
abstract class MailboxConsumerFields extends MailboxPad2 {
    Message tail;
    Message umqHead;
    Message umqTail;
    RecvRequest prqHead;
    RecvRequest prqTail;
}
