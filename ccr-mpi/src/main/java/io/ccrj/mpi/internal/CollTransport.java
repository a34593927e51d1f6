package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * What a collective {@link Schedule} talks to: one rank of one collective on one communicator,
 * knowing only this rank's number, the communicator's size and the collective's context. Two
 * implementations: the blocking driver's {@link BlockingTransport} (the rank mailbox's collective
 * context) and the nonblocking driver's {@link NonblockingCollective} (ccr-core ports of one
 * collective instance).
 *
 * <p>Contract: within one round, a schedule first posts its receives, then its sends; the
 * receives of a round complete before {@link Schedule#afterRound} runs, and no two receives of
 * one round have the same (source, tag). Between one sender and one receiver, messages with one
 * tag are received in the order they were sent. Sends are eager: the buffer may be reused as
 * soon as {@code send} returns. Arguments are already checked.
 */
interface CollTransport {
    /** This rank's number in the communicator. */
    int rank();

    /** The number of ranks of the communicator. */
    int size();

    /** The communicator's name, for error messages. */
    String label();

    /**
     * Posts a receive of at most {@code count} items of {@code type} into {@code buf[offset]}
     * from {@code source}; it is complete when the round's {@link Schedule#afterRound} runs.
     */
    void recv(Object buf, int offset, int count, Datatype type, int source, int tag);

    /** Sends a copy of {@code count} items of {@code type} from {@code buf[offset]} to {@code dest}. */
    void send(Object buf, int offset, int count, Datatype type, int dest, int tag);
}
