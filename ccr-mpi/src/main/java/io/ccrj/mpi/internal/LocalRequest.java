package io.ccrj.mpi.internal;

import io.ccrj.mpi.Request;

/**
 * A request of a ccr-mpi rank that another rank (or a drained message) completes: its owner can
 * block on its mailbox until it completes ({@link Requests#waitAny}). Owner-thread only.
 */
interface LocalRequest extends Request, Pending {
    /** The owning rank's mailbox. */
    RankMailbox mailbox();
}
