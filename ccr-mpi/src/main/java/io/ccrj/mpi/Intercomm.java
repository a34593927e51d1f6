package io.ccrj.mpi;

/**
 * An intercommunicator ({@code mpi.Intercomm}): two disjoint groups, the local group of the
 * calling rank and the remote group, made by {@link Comm#createIntercomm}. Point-to-point calls
 * name ranks of the <em>remote</em> group as destinations and sources, and a received
 * {@link Status#source()} is the sender's rank in its own (the remote) group. {@link #rank()} and
 * {@link #size()} refer to the local group.
 *
 * <p>Collectives between the two groups, as MPI-2 defines them on intercommunicators (MPI-3.1
 * section 5.2.2), blocking and nonblocking: {@code barrier}, {@code bcast}, {@code reduce},
 * {@code allreduce}, {@code gather(v)}, {@code scatter(v)}, {@code allgather(v)} and
 * {@code alltoall(v)}. The data of one group goes to the other: an allreduce gives each group the
 * reduction of the other group's operands (in remote rank order), an allgather the remote group's
 * blocks; a rooted collective's root passes {@link Comm#ROOT}, the rest of its group
 * {@link Comm#PROC_NULL}, and the remote group the root's rank. {@code IN_PLACE} is not defined
 * there ({@link MpiException.ErrorClass#BUFFER}). The reduce-scatters and {@code alltoallw}
 * throw {@link MpiException.ErrorClass#UNSUPPORTED_OPERATION}; scans, neighbourhood
 * collectives, {@link #split}, {@link #dup}, {@link #create} and the topology constructors are
 * not defined on an intercommunicator and throw {@link MpiException} of class
 * {@link MpiException.ErrorClass#ARG}. {@link #merge} turns it into an intracommunicator that has
 * them all.
 */
public interface Intercomm extends Comm {

    /**
     * The number of ranks in the remote group ({@code Remote_size}).
     *
     * @return {@code >= 1}
     */
    int remoteSize();

    /**
     * The remote group ({@code Remote_group}); its {@link Group#rank()} is {@link Group#UNDEFINED}.
     *
     * @return the remote group
     */
    Group remoteGroup();

    /**
     * Makes an intracommunicator of both groups ({@code Merge}, collective over both groups): the
     * group that passes {@code high = false} is ranked first; if both pass the same value, the
     * group of the leader with the lower world rank comes first.
     *
     * @param high whether this rank's group goes after the other; the same on every rank of a group
     * @return the merged communicator
     */
    Comm merge(boolean high);
}
